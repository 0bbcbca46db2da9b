/**
 * The plans by name (docs/search.md "Plans"): the choice names one (choice.server.ts, pure), asking
 * for the facts it needs read (facts.server.ts); the plan named then runs.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Client, InStatement } from '@libsql/client';
import type { Db } from '../../../db/client';
import { kyselyOver } from '../../../db/kysely';
import { choosePlan, type PlanFacts, type PlanName } from './choice.server';
import { searchRun, type Plan, type SearchRun } from './context.server';
import type { SearchInput, SearchRequest } from '../request.server';
import type { AfterOpenCount } from '../resolve.server';
import type { Resolved } from '../searchTypes.server';
import type { NextCount, NextRead, NextRows, RequestReads } from '../requestReads.server';
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
 * place's own matches when few and short of the page (`fewShort`); with either, the plan's first statement
 * when the open are many (`planAfterOpenCount`; after the narrower source, as it leaves facet-listed not chosen).
 */
export const afterOpenCount =
  (q: SearchRequest<SearchInput>): AfterOpenCount =>
  async (asIf, most, resolvedAs) => {
    const facet = await rareFacetAfter(q, asIf, most);
    // Where the facet's count says a narrower source leads (1: facet-listed is not chosen), the plan's first statement as it then sends it.
    if (facet) return withCount(facet, await planAfterOpenCount(q, asIf, resolvedAs, most, { count: facet.count, n: 1 }));
    return withCount(fewShort(q, asIf, most), await planAfterOpenCount(q, asIf, resolvedAs, most));
  };

/**
 * A count asked after the open-now count (facet-listed's narrower source, or fewShort's at counts that
 * leave the open few: never those the plan's rows are read at) and the plan's first statement in one
 * statement: a place's own count past its bound (not known) reads its plan's rows with it, not a round
 * trip after it.
 */
const withCount = (count: NextCount | undefined, rows: NextRows | undefined): NextRead | undefined => (count && rows ? { ...rows, count } : (count ?? rows));

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
  const same = (other: RawBuilder<unknown> | undefined) => !!other && (other === count || statementKey(q.database, other) === statementKey(q.database, count));
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
  const { reads } = s.q;
  if (!s.r.params.openNow || !reads.wordsEarly) return undefined;
  const list = await textListMade(wordsMatch(s.r), reads)?.catch(() => undefined);
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

/**
 * The plans whose first statement is read ahead with the open-now count when the open are not listed: the order
 * plans' and facet-listed's count (SearchRun.countOrList), filter-listed's page of its few rows (SearchRun.fewSorted).
 */
const AHEAD_PLANS: ReadonlySet<PlanName> = new Set(['order', 'other-order', 'facet-listed', 'filter-listed']);

/**
 * The first statement of the plan the choice names, with no fact left to read, for the counts that leave
 * the open not listed (not known, past the most listed, or, from the least count `few` leaves them not
 * few, up to the most), as the plan would send it (`firstStatement`): read in the open-now count's
 * statement, its rows taken by the plan's run (requestReads.server.ts `countWithRows`), where the plan
 * sent it a round trip after the count. The counts up to the most only when that count and the most send
 * the same statement. None when no two counts that ask for it send the same, or the token sample is not kept.
 */
async function planAfterOpenCount(
  q: SearchRequest<SearchInput>,
  asIf: (n: number) => Resolved,
  resolvedAs: Parameters<AfterOpenCount>[2],
  most: number,
  given?: { count: RawBuilder<{ n: number }>; n: number },
): Promise<NextRows | undefined> {
  if (!tokenSharesKept(q.database)) return undefined;
  const least = leastNotFew(asIf, most);
  const at = (n: number | undefined) => (n === undefined ? Promise.resolve(undefined) : firstStatement(q, resolvedAs, n, given));
  const [unknown, many, from, to] = await Promise.all([at(-1), at(most + 1), at(least), at(least === undefined ? undefined : most)]);
  const read = many ?? unknown;
  if (!read) return undefined;
  const same = (other: NextRows['read'] | undefined) => !!other && other.sql === read.sql && JSON.stringify(other.args) === JSON.stringify(read.args);
  const when = (n: string) =>
    [same(unknown) && `${n} < 0`, same(many) && `${n} > ${most}`, same(from) && same(to) && `${n} BETWEEN ${least} AND ${most}`].filter(Boolean);
  return { read, when: (n) => `(${when(n).join(' OR ')})`, ...(given ? { countIs: given.n } : {}) };
}

/** The least open-now count up to `most` that leaves the open not few (not listed), or undefined when every such count does (fewOpen falls off once). */
function leastNotFew(asIf: (n: number) => Resolved, most: number): number | undefined {
  if (most < 1 || asIf(most).fewOpen) return undefined;
  let [few, past] = [0, most];
  while (past - few > 1) {
    const mid = Math.floor((few + past) / 2);
    if (asIf(mid).fewOpen) few = mid;
    else past = mid;
  }
  return past;
}

/**
 * The first statement the plan sends for the search as the open-now count `n` leaves it (an order plan's: AHEAD_PLANS) when the facts the choice
 * asks for are known to the request (none is read), found by running the plan over a client that keeps the statement and sends nothing (the
 * plan stops there), on a copy of the request's reads (what it keeps there is not the request's).
 */
async function firstStatement(
  q: SearchRequest<SearchInput>,
  resolvedAs: Parameters<AfterOpenCount>[2],
  n: number,
  given?: { count: RawBuilder<{ n: number }>; n: number },
): Promise<NextRows['read'] | undefined> {
  const sent: NextRows['read'][] = [];
  const client = new Proxy(q.database.client, {
    get(target, key) {
      if (key === 'execute')
        return async (stmt: InStatement) => {
          sent.push(typeof stmt === 'string' ? { sql: stmt, args: [] } : { sql: stmt.sql, args: [...((stmt.args as unknown[] | undefined) ?? [])] });
          throw new Error('not sent: the first statement is kept');
        };
      if (key === 'batch') return async () => Promise.reject(new Error('not sent'));
      return Reflect.get(target, key, target) as unknown;
    },
  }) as Client;
  const database: Db = { url: q.database.url, client, db: kyselyOver(client) };
  const reads = Object.fromEntries(
    Object.entries(q.reads).map(([k, v]) => [k, v instanceof Map ? new Map(v) : Array.isArray(v) ? [...v] : v]),
  ) as unknown as RequestReads;
  // A count read with the open-now count, as `given` (the statement is read only when it comes out so).
  if (given) reads.counts.set(statementKey(q.database, given.count), Promise.resolve(given.n));
  // Resolved as the count leaves it, its text list too (none read: else nothing is sent ahead).
  const r = await resolvedAs(n, { database, reads }).catch(() => undefined);
  if (!r || sent.length) return undefined;
  const s = searchRun({ ...q, database, reads, tell: undefined, trace: {} }, r);
  // Only a statement the plan sends through its run is taken from the rows read ahead (SearchRun.run).
  let throughRun = false;
  const run = s.run;
  s.run = (query) => {
    throughRun ||= sent.length === 0;
    return run(query);
  };
  // The facts the choice asks for, when the request holds them already (a fact read would send a statement: none then).
  const facts: PlanFacts = {};
  for (let choice = choosePlan(s, facts); ; choice = choosePlan(s, facts)) {
    if ('plan' in choice) {
      if (!AHEAD_PLANS.has(choice.plan)) return undefined;
      await PLANS[choice.plan].run(s).catch(() => undefined);
      return throughRun ? sent[0] : undefined;
    }
    await readFact(s, facts, choice.read).catch(() => undefined);
    if (sent.length) return undefined;
  }
}
