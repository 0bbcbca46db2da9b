/**
 * Provider search (docs/search.md): full text, service, place, price, minimum rating, open now and
 * distance, combined with AND, in result order, one page at a time. A search is resolved once
 * (resolve.server.ts), the plan is chosen from it and the facts read for it (plans/choice.server.ts),
 * and the plan named runs (plans/index.server.ts): the plan is chosen here rather than left to
 * SQLite, so that a page is read in order along the index of the most selective filter, or few
 * matches are listed and sorted.
 */
import type { Db } from '../../db/client';
import { toProvider, type Page } from '../providers/index.server';
import type { SearchResult } from './schemas/search';
import { roundMiles } from '../places';
import { placeOfSearch, type SearchPlace } from '../places/index.server';
import { requestOf, type SearchInput, type SearchRequest, type SearchTrace } from './request.server';
import { resolve } from './resolve.server';
import type { Circle } from './searchTypes.server';
import type { RequestReads } from './requestReads.server';
import { searchRun, type Row } from './plans/context.server';
import { afterOpenCount, planFor } from './plans/index.server';
import { withBudget } from './budget.server';

export { PLAN_TUNING } from './tuning.server';
export type { SearchTrace } from './request.server';

export interface SearchOptions {
  /** The place of `location`, when the caller resolved it already (placeOfSearch). */
  place?: SearchPlace;
  /** Filled with what the search did. */
  trace?: SearchTrace;
  /** What this request read already (requestReads.server.ts), for searches that share it. */
  reads?: RequestReads;
  /** The widest circle the request's searches read around their point (searchTypes.server.ts `Resolved.textCircle`). */
  textCircle?: Circle;
  /**
   * Whether its plan runs, when that is known only later (a place's own search, started before the place's reads
   * tell whether anyone is listed in it): its plan is chosen first, the facts the choice asks for read.
   */
  runs?: Promise<boolean>;
}

/** One page of matching providers in result order, and the total: a search that is a request of its own. */
export function searchProviders(
  database: Db,
  params: SearchInput,
  now = new Date(),
  { place, trace, reads, textCircle }: SearchOptions = {},
): Promise<Page<SearchResult>> {
  return searchOf(requestOf(database, params, now, { trace, reads }), { place, textCircle });
}

/**
 * The search of `q`'s parameters: resolved once, its plan chosen and run, its page shaped. `place`:
 * the place of its location when the request read it already (SearchRequest.located), else read here.
 */
export async function searchOf(
  q: SearchRequest<SearchInput>,
  { place, textCircle, runs }: Pick<SearchOptions, 'place' | 'textCircle' | 'runs'> = {},
): Promise<Page<SearchResult>> {
  const search = { ...q, database: withBudget(q.database) };
  const { trace } = q;
  const r = await resolve(search, place ?? (await placeOfSearch(search.database, q.params)), {
    afterOpen: afterOpenCount(search),
    wanted: q.params.offset + q.params.limit,
  });
  // What it resolved (its counts), told before its plan runs: a place's rings may be read beside its page (SearchRequest.tell).
  q.tell?.({ resolved: r });
  if (textCircle && r.within) r.textCircle = textCircle;
  if (r.match === false) {
    trace.plan = 'none';
    return { total: 0, capped: false, items: [] };
  }
  const s = searchRun(search, r);
  const plan = await planFor(s);
  if (runs && !(await runs)) return { total: 0, capped: false, items: [] };
  trace.plan = plan.name;
  const { rows, count, step } = await plan.run(s);
  trace.plan = step ? `${plan.name}:${step}` : plan.name;
  return { ...count, items: rows.map(toResult) };
}

/** A plan's row as the search answers it (its distance rounded). */
export const toResult = (row: Row): SearchResult =>
  row.distanceMiles === undefined ? toProvider(row) : { ...toProvider(row), distanceMiles: roundMiles(row.distanceMiles) };
