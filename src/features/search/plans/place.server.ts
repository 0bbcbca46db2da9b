/**
 * A city, state or price (without a service in a city): the ordered index of its most selective
 * part leads, read in order with each row checked. Text that is few was listed before
 * (textListed.server.ts); text that is many is listed once as a set of rowids here, since a
 * full-text lookup per row of a long walk costs far more than the list (docs/search.md "Bounded cost").
 */
import { sql } from 'kysely';
import { rowConditions } from '../filters.server';
import { indexedBy, PLACE_INDEXES } from '../indexes.server';
import { and, leadingIndex, ORDER, type Plan } from './context.server';

export const place: Plan = {
  name: 'place',
  async run(s) {
    const index = indexedBy(leadingIndex(s.r, PLACE_INDEXES)!.index);
    const conds = rowConditions(s.r, { listText: true });
    // The count follows the same index: SQLite alone may start from a far larger filter.
    return s.pageAndCount(sql`FROM providers p ${index} ${and(conds)}`, ORDER);
  },
};
