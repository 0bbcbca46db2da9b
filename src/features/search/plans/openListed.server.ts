/**
 * Open now, when few are open (at night, most of the week): the open-now list leads; NOT INDEXED
 * keeps SQLite on the list rather than a filter's index; each is checked and they are sorted.
 */
import { sql } from 'kysely';
import { rowConditions } from '../filters.server';
import { and, type Plan } from './context.server';

export const openListed: Plan = {
  name: 'open-listed',
  applies: ({ r }) => !!r.fewOpen,
  async run(s) {
    const listText = await s.listTextFor(s.r.openCount ?? 0);
    const [rows, count] = await s.fewSorted(sql`FROM providers p NOT INDEXED ${and(rowConditions(s.r, { listText }))}`);
    return { rows, count };
  },
};
