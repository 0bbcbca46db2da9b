/**
 * A city, state or price (without a service in a city): the ordered index of its most selective
 * part leads, read in order with each row checked. Text that is few was listed before
 * (textListed.server.ts); text that is many is listed once as a set of rowids here, since a
 * full-text lookup per row of a long walk costs far more than the list (docs/search.md "Bounded
 * cost"), unless the place holds few rows for a check each.
 */
import { sql } from 'kysely';
import { listsText, rowConditions } from '../filters.server';
import { indexedBy, PLACE_INDEXES } from '../indexes.server';
import { PLAN_TUNING } from '../tuning.server';
import { and, leadingIndex, listTextOver, ORDER, type Plan, type SearchRun } from './context.server';

export const place: Plan = {
  name: 'place',
  async run(s) {
    const leading = leadingIndex(s.r, PLACE_INDEXES)!;
    const index = indexedBy(leading.index);
    // A place of few rows for a check each (a city's) checks the text row by row (listTextOver).
    const how = { listText: await listTextOver(s, leading.filters) };
    const conds = rowConditions(s.r, how);
    // The count follows the same index: SQLite alone may start from a far larger filter.
    return s.pageAndCount(sql`FROM providers p ${index} ${and(conds)}`, ORDER, undefined, listsText(s.r, how));
  },
};

/**
 * Whether the place plan leads (choice.server.ts): a city, state or price whose index is in result
 * order (a ZIP prefix's, unordered, is the order plan's source instead); text not in a city leads a
 * first page over a place (order).
 */
export function placeLeads({ r, wanted }: Pick<SearchRun, 'r' | 'wanted'>): boolean {
  const leading = leadingIndex(r, PLACE_INDEXES);
  return !!leading && !leading.unordered && !(r.match && !leading.filters.includes('city') && wanted <= PLAN_TUNING.textOverPlaceUpTo);
}
