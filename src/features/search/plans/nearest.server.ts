/** sort=distance: nearest first from the point (`near`, or the place's), point by point within `near`'s radius, else in growing circles (SearchRun.nearest). */
import type { Plan } from './context.server';
import { pointSource } from './pointSource.server';
import { nearestBySpot } from './spots.server';

export const nearest: Plan = {
  name: 'nearest',
  async run(s) {
    if (s.r.within && !s.r.match) return nearestBySpot(s, s.r.within);
    const { conds, tables, seqSource } = await pointSource(s);
    // The point first (a page there reads less than sorting the matches), then the few the count listed, sorted.
    const { count, sorted } = await s.countOrList(tables, conds, seqSource);
    return { count, rows: count.total === 0 ? [] : await s.nearest(tables, conds, sorted) };
  },
};
