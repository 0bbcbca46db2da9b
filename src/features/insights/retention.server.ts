/**
 * Retention (docs/insights.md "Keeping"): daily counts go after RETENTION_MONTHS; the "already
 * counted" hashes go once their day is over (the salt that made them is gone with the day); the
 * beacon's per-address counters once their window is. Deleted in small chunks, so no one statement
 * holds the write lock long while beacons keep arriving, within a time budget per run.
 */
import type { Db } from '../../db/client';
import { utcDay } from './counting.server';
import { ADDRESS_LIMIT, RETENTION_MONTHS } from './measures';

/** Rows per DELETE statement. */
const CHUNK = 5000;

/** The first day still kept on `at`: the same date RETENTION_MONTHS months earlier. */
export function keptFrom(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - RETENTION_MONTHS, at.getUTCDate()));
  return utcDay(d);
}

export interface Deleted {
  counts: number;
  visits: number;
  limits: number;
  /** Stopped at the time budget with rows left (the next run goes on). */
  unfinished: boolean;
}

export async function deleteExpired({ client }: Db, at = new Date(), budgetMs = 20_000): Promise<Deleted> {
  const until = Date.now() + budgetMs;
  const seconds = Math.floor(at.getTime() / 1000);
  const jobs = [
    {
      name: 'counts' as const,
      sql: `DELETE FROM insight_counts WHERE (providerId, day, measure) IN (SELECT providerId, day, measure FROM insight_counts WHERE day < ? LIMIT ${CHUNK})`,
      args: [keptFrom(at)],
    },
    // Keys start with their day: everything before today's first key.
    {
      name: 'visits' as const,
      sql: `DELETE FROM insight_visits WHERE key IN (SELECT key FROM insight_visits WHERE key < ? LIMIT ${CHUNK})`,
      args: [utcDay(at)],
    },
    {
      name: 'limits' as const,
      sql: `DELETE FROM rate_limits WHERE (bucket, windowStart) IN (SELECT bucket, windowStart FROM rate_limits WHERE bucket >= 'insights:' AND bucket < 'insights;' AND windowStart < ? LIMIT ${CHUNK})`,
      args: [seconds - ADDRESS_LIMIT.windowSeconds],
    },
  ];
  const deleted: Deleted = { counts: 0, visits: 0, limits: 0, unfinished: false };
  for (const job of jobs) {
    for (;;) {
      if (Date.now() > until) return { ...deleted, unfinished: true };
      const { rowsAffected } = await client.execute({ sql: job.sql, args: job.args });
      deleted[job.name] += rowsAffected;
      if (rowsAffected < CHUNK) break;
    }
  }
  return deleted;
}
