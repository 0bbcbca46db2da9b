/** sort=distance: nearest first from the point (`near`, or the place's), in growing circles (SearchRun.nearest). */
import { sql } from 'kysely';
import { and, type Plan } from './context.server';
import { pointSource } from './pointSource.server';

export const nearest: Plan = {
  name: 'nearest',
  applies: ({ sort }) => sort === 'distance',
  async run(s) {
    const { conds, tables } = pointSource(s);
    const count = await s.counted(sql`${tables} ${and(conds)}`);
    return { count, rows: count.total === 0 ? [] : await s.nearest(tables, conds) };
  },
};
