/**
 * The plans by name (docs/search.md "Plans"): the choice names one (choice.server.ts, pure), asking
 * for the facts it needs read (facts.server.ts); the plan named then runs.
 */
import { sql, type RawBuilder } from 'kysely';
import { choosePlan, type PlanFacts, type PlanName } from './choice.server';
import { searchRun, type Plan, type SearchRun } from './context.server';
import type { SearchInput, SearchRequest } from '../request.server';
import type { AfterOpenCount } from '../resolve.server';
import { statementKey } from '../requestReads.server';
import { tokenSharesKept } from '../tokenShares.server';
import { readFact } from './facts.server';
import { openListed } from './openListed.server';
import { textFew } from './textListed.server';
import { filterListed } from './filterListed.server';
import { nearest } from './nearest.server';
import { facetListed, rarestFacetCount } from './facetListed.server';
import { otherOrder } from './otherOrder.server';
import { category } from './category.server';
import { place } from './place.server';
import { order } from './order.server';

export const PLANS: Readonly<Record<PlanName, Plan>> = {
  'text-listed': textFew,
  'open-listed': openListed,
  'filter-listed': filterListed,
  'facet-listed': facetListed,
  nearest,
  'other-order': otherOrder,
  category,
  place,
  order,
};

/** The plan for `s`: the choice asked again after each fact it needs is read. */
export async function planFor(s: SearchRun): Promise<Plan> {
  const facts: PlanFacts = {};
  for (;;) {
    const choice = choosePlan(s, facts);
    if ('plan' in choice) return PLANS[choice.plan];
    await readFact(s, facts, choice.read);
  }
}

/**
 * What the plan choice reads first once the open-now count is read (resolve.server.ts
 * `AfterOpenCount`), read in that count's statement: facet-listed's narrower source
 * (facetListed.server.ts `rarestFacetCount`), for the counts that leave the open many (not known,
 * or past the most listed) when the choice asks for it first then. None when the token sample it
 * decides by is not kept: reading it would be a round trip before the count.
 */
export const afterOpenCount =
  (q: SearchRequest<SearchInput>): AfterOpenCount =>
  async (asIf, most) => {
    if (!tokenSharesKept(q.database)) return undefined;
    const askedAt = async (n: number) => {
      const s = searchRun(q, asIf(n));
      const choice = choosePlan(s, {});
      return 'read' in choice && choice.read === 'rareFacet' ? rarestFacetCount(s) : undefined;
    };
    const [unknown, many] = await Promise.all([askedAt(-1), askedAt(most + 1)]);
    const count = many ?? unknown;
    if (!count) return undefined;
    const same = (other: RawBuilder<unknown> | undefined) => !!other && statementKey(q.database, other) === statementKey(q.database, count);
    const [whenUnknown, whenMany] = [same(unknown), same(many)];
    return {
      count,
      when: (n) => (whenUnknown && whenMany ? sql`(${n} < 0 OR ${n} > ${most})` : whenMany ? sql`${n} > ${most}` : sql`${n} < 0`),
    };
  };
