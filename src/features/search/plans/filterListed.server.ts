/**
 * A filter whose matches an index lists (`listedBy` in filters.server.ts: a ZIP prefix), when they
 * are few (at most the counted cap, counted in that index alone): listed, each checked, sorted,
 * rather than searched for along the order index, which reads every provider when they are few
 * (docs/search.md "Bounded cost").
 */
import { sql } from 'kysely';
import { LISTED, listableFilters, rowConditions } from '../filters.server';
import { indexedBy } from '../indexes.server';
import { and, type Plan, type SearchRun } from './context.server';

/** The first listable filter with few matches, counted once per search (applies, then run). */
const found = new WeakMap<SearchRun, Promise<(ReturnType<typeof listableFilters>[number] & { count: number }) | undefined>>();
const fewOf = (s: SearchRun) => {
  let f = found.get(s);
  if (!f) {
    f = (async () => {
      for (const f of listableFilters(s.r)) {
        // Listed ones only, as the order plan counts them: a ZIP prefix alone is then counted once.
        const count = await s.count(sql`FROM providers p ${indexedBy(f.index)} ${and([LISTED, f.row])}`);
        if (!count.capped) return { ...f, count: count.total };
      }
      return undefined;
    })();
    found.set(s, f);
  }
  return f;
};

export const filterListed: Plan = {
  name: 'filter-listed',
  applies: async (s) => !!(await fewOf(s)),
  async run(s) {
    const f = (await fewOf(s))!;
    const listText = await s.listTextFor(f.count);
    const [rows, count] = await s.fewSorted(sql`FROM providers p ${indexedBy(f.index)} ${and(rowConditions(s.r, { listText }))}`);
    return { rows, count, step: f.name };
  },
};

/** The same, ahead of the plans that read a `near` circle: its few are fewer than the circle's rows. */
export const filterListedInCircle: Plan = { ...filterListed, applies: async (s) => !!s.r.within && (await filterListed.applies(s)) };
