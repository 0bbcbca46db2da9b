/**
 * A filter whose matches an index lists (`listedBy` in filters.server.ts: a ZIP prefix), when they
 * are few (at most the counted cap, counted in that index alone): listed, each checked, sorted,
 * rather than searched for along the order index, which reads every provider when they are few
 * (docs/search.md "Bounded cost").
 */
import { sql } from 'kysely';
import { filtersOf, listableFilters, listedIn, rowConditions } from '../filters.server';
import { indexedBy } from '../indexes.server';
import { and, type Plan, type SearchRun } from './context.server';

/** The first listable filter with few matches, counted once per search (the choice's fact, then the run). */
export const fewOf = (s: SearchRun) => {
  s.once.fewFilter ??= (async () => {
    for (const f of listableFilters(s.r)) {
      const count = await s.count(listedIn(f));
      if (!count.capped) return { ...f, count: count.total };
    }
    return undefined;
  })();
  return s.once.fewFilter;
};

export const filterListed: Plan = {
  name: 'filter-listed',
  async run(s) {
    const f = (await fewOf(s))!;
    const only = filtersOf(s.r);
    // Its count is the search's when it is the only filter (a ZIP code alone); else its matches are at most its rows (its words checked on them).
    s.q.tell?.(only.length === 1 && only[0] === f.name ? { counted: f.count } : { most: f.count, ...(s.r.match ? { checked: true as const } : {}) });
    const listText = await s.listTextFor(f.count);
    const [rows, count] = await s.fewSorted(sql`FROM providers p ${indexedBy(f.index)} ${and(rowConditions(s.r, { listText }))}`);
    return { rows, count, step: f.name };
  },
};
