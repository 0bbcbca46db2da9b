/**
 * Where the plans of another order or a point read their matches: the coordinate index (a `near`
 * box), else the index of the place's most selective part, else, with no filter at all, the sort's
 * own index. The matches are counted there.
 */
import { sql } from 'kysely';
import { boxTables } from '../near.server';
import { filtersOf, rowConditions } from '../filters.server';
import { indexedBy, PLACE_INDEXES } from '../indexes.server';
import { leadingIndex, SORT_ORDERS, type SearchRun } from './context.server';

export function pointSource(s: SearchRun) {
  const { r } = s;
  const conds = rowConditions(r);
  const byOrder = s.sort === 'rating' || s.sort === 'reviews' ? SORT_ORDERS[s.sort] : null;
  const unfiltered = filtersOf(r).length === 0;
  const place = leadingIndex(r, PLACE_INDEXES);
  const index = place ? indexedBy(place.index) : byOrder && unfiltered ? indexedBy(byOrder.index) : sql``;
  const tables = r.within ? boxTables(r.within.point, r.within.miles) : sql`FROM providers p ${index}`;
  return { conds, byOrder, unfiltered, tables };
}
