/**
 * Provider search (docs/search.md): full text, service, place, price, minimum rating, open now and
 * distance, combined with AND, in result order, one page at a time. A search is resolved once
 * (resolve.server.ts), then the first plan of the list that applies runs (plans/index.server.ts):
 * the plan is chosen here rather than left to SQLite, so that a page is read in order along the
 * index of the most selective filter, or few matches are listed and sorted.
 */
import type { Db } from '../../db/client';
import { toProvider, type Page } from '../providers/index.server';
import type { SearchParams, SearchResult } from './schemas/search';
import { roundMiles } from '../places';
import { resolvePlace, type SearchPlace } from '../places/index.server';
import { resolve } from './resolve.server';
import type { Circle, Filters } from './searchTypes.server';
import { requestReads, type RequestReads } from './requestReads.server';
import { searchRun, type Row } from './plans/context.server';
import { choosePlan } from './plans/index.server';
import { withBudget } from './budget.server';

export { PLAN_TUNING } from './tuning.server';

/** What a search did, for the response's Server-Timing header and the plan tests. */
export interface SearchTrace {
  /** The plan that ran ("place", "order:walk"…), or "none" when nothing could match. */
  plan?: string;
}

export interface SearchOptions {
  /** The place of `location`, when the caller resolved it already (placeOfSearch). */
  place?: SearchPlace;
  /** Filled with what the search did. */
  trace?: SearchTrace;
  /** What this request read already (requestReads.server.ts), for searches that share it. */
  reads?: RequestReads;
  /** The widest circle the request's searches read around their point (searchTypes.server.ts `Resolved.textCircle`). */
  textCircle?: Circle;
}

/**
 * The place of a search's location, resolved once for the request; undefined without a location.
 * `withListed`: also whether anyone is listed in it (SearchPlace.listed); `states`: the states of its
 * city when read already (a spelling's correction, correctedSearch.server.ts).
 */
export function placeOfSearch(
  database: Db,
  params: Pick<Filters, 'location' | 'near' | 'sort'>,
  { withListed = false, states }: { withListed?: boolean; states?: string[] } = {},
): Promise<SearchPlace | undefined> {
  if (!params.location) return Promise.resolve(undefined);
  // The point only for a distance measured from the location (near gives its own).
  return resolvePlace(database, params.location, { withPoint: params.sort === 'distance' && !params.near, withListed, states });
}

/** GET /api/search: one page of matching providers in result order, and the total. */
export async function searchProviders(
  database: Db,
  params: Filters & Pick<SearchParams, 'limit' | 'offset'>,
  now = new Date(),
  { place, trace = {}, reads = requestReads(), textCircle }: SearchOptions = {},
): Promise<Page<SearchResult>> {
  database = withBudget(database);
  const r = await resolve(database, params, now, place ?? (await placeOfSearch(database, params)), reads);
  if (textCircle && r.within) r.textCircle = textCircle;
  if (r.match === false) {
    trace.plan = 'none';
    return { total: 0, capped: false, items: [] };
  }
  const s = searchRun(database, params, r, reads);
  const plan = await choosePlan(s);
  trace.plan = plan.name;
  const { rows, count, step } = await plan.run(s);
  trace.plan = step ? `${plan.name}:${step}` : plan.name;
  return { ...count, items: rows.map(toResult) };
}

/** A plan's row as the search answers it (its distance rounded). */
export const toResult = (row: Row): SearchResult =>
  row.distanceMiles === undefined ? toProvider(row) : { ...toProvider(row), distanceMiles: roundMiles(row.distanceMiles) };
