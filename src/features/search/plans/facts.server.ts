/**
 * The facts the plan choice asks for (choice.server.ts `PlanFacts`), each read when it is asked for
 * and kept in the search (SearchRun.once), so the plan that runs reads none of them again.
 */
import { sql } from 'kysely';
import { boxTables } from '../near.server';
import { countOnce } from '../requestReads.server';
import { wordsFewer } from './category.server';
import type { SearchRun } from './context.server';
import type { Fact, PlanFacts } from './choice.server';
import { rarestFacet } from './facetListed.server';
import { fewOf } from './filterListed.server';
import { placeWalks } from './place.server';
import { textAndLead } from './textListed.server';

const READS: { [F in Fact]: (s: SearchRun) => Promise<PlanFacts[F]> } = {
  text: async (s) => {
    const { text, lead } = await textAndLead(s);
    return { text, lead };
  },
  fewFilter: async (s) => (await fewOf(s))?.count ?? null,
  // Counted on the coordinate index that far, the circle's box with a service's rows when it has one.
  circleRows: async (s) => {
    const few = (await fewOf(s))!;
    const { point, miles } = s.r.within!;
    const box = sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 ${boxTables(point, miles, s.r.category)} LIMIT ${few.count + 1})`;
    return countOnce(s.q.database, s.q.reads.counts, box);
  },
  rareFacet: async (s) => !!(await rarestFacet(s)),
  wordsFewer,
  placeWalks,
};

/** `fact` read for `s`, into `facts`. */
export async function readFact(s: SearchRun, facts: PlanFacts, fact: Fact): Promise<void> {
  (facts as Record<Fact, unknown>)[fact] = await READS[fact](s);
}
