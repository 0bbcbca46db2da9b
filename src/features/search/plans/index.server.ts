/**
 * The plans by name (docs/search.md "Plans"): the choice names one (choice.server.ts, pure), asking
 * for the facts it needs read (facts.server.ts); the plan named then runs.
 */
import { sql, type RawBuilder } from 'kysely';
import { choosePlan, type PlanFacts, type PlanName } from './choice.server';
import { searchRun, type Plan, type SearchRun } from './context.server';
import type { SearchInput, SearchRequest } from '../request.server';
import type { AfterOpenCount } from '../resolve.server';
import type { Resolved } from '../searchTypes.server';
import type { NextCount } from '../requestReads.server';
import { statementKey } from '../requestReads.server';
import { tokenSharesKept } from '../tokenShares.server';
import { leadAsked, textListMade } from '../textFacts.server';
import { wordsMatch } from '../filters.server';
import { readFact } from './facts.server';
import { openListed, openListedCount } from './openListed.server';
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
 * What the search reads first once the open-now count is read (resolve.server.ts `AfterOpenCount`),
 * read in that count's statement: facet-listed's narrower source (`rareFacetAfter`), else a
 * place's own matches when few and short of the page (`fewShort`).
 */
export const afterOpenCount =
  (q: SearchRequest<SearchInput>): AfterOpenCount =>
  async (asIf, most) =>
    (await rareFacetAfter(q, asIf, most)) ?? fewShort(q, asIf, most);

/**
 * The plan choice's first read once the open-now count is read, when it is facet-listed's narrower
 * source (facetListed.server.ts `rarestFacetCount`), for the counts that leave the open many (not
 * known, or past the most listed). None when the token sample it decides by is not kept: reading it
 * would be a round trip before the count.
 */
async function rareFacetAfter(q: SearchRequest<SearchInput>, asIf: (n: number) => Resolved, most: number): Promise<NextCount | undefined> {
  if (!tokenSharesKept(q.database)) return undefined;
  const askedAt = async (n: number) => {
    const s = searchRun(q, asIf(n));
    const facts: PlanFacts = {};
    let choice = choosePlan(s, facts);
    if ('read' in choice && choice.read === 'text') {
      const text = await textKnown(s);
      if (!text) return undefined;
      facts.text = text;
      choice = choosePlan(s, facts);
    }
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
}

/**
 * The choice's text fact for an open-now search (its words' own list: textListed.server.ts
 * `textAndLead` takes no filter's token with open now) when the request read that list already,
 * beside the words' terms (textFacts.server.ts `readWordsListEarly`), and the fact needs no count of
 * the filter that would lead (`leadAsked`); else undefined: the simulation reads nothing.
 */
async function textKnown(s: SearchRun): Promise<PlanFacts['text'] | undefined> {
  const { database, reads } = s.q;
  if (!s.r.params.openNow || !reads.wordsEarly) return undefined;
  const list = await textListMade(database, wordsMatch(s.r), reads)?.catch(() => undefined);
  return list && !leadAsked(list.n) ? { text: list.n, lead: null } : undefined;
}

/**
 * A place's own search (told to its rings: SearchRequest.tell) with no text whose open-now count,
 * not its total (the list does not apply every filter), leaves few open and fewer than its page:
 * its matches as open-listed counts them (openListed.server.ts `openListedCount`), read with the
 * count, so that its rings are read beside its page (rings.server.ts `readsAhead`), not after it.
 * The counts that ask for it: from 1 up to the most that still leaves the open few (fewer read past
 * it), below the page's need (it reads at most those).
 */
function fewShort(q: SearchRequest<SearchInput>, asIf: (n: number) => Resolved, most: number): NextCount | undefined {
  const below = Math.min(most, q.params.offset + q.params.limit - 1);
  const one = asIf(1);
  if (!q.tell || one.match !== null || one.openTotal || !one.fewOpen || below < 1) return undefined;
  // The open are few from 1 up to a bound (a place's rows read grow with them): the highest below the page's need.
  let [few, past] = [1, below + 1];
  while (past - few > 1) {
    const mid = Math.floor((few + past) / 2);
    if (asIf(mid).fewOpen) few = mid;
    else past = mid;
  }
  return { count: openListedCount(one), when: (n) => sql`${n} BETWEEN 1 AND ${few}` };
}
