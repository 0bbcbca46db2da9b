/** Reads a listing's counts for the Insights view, its CSV and JSON (docs/insights.md "The view"): one query, one round trip. */
import type { Db } from '../../db/client';
import { utcDay } from './counting.server';
import { REPORTED_MEASURES } from './measures';
import { buildReport, type DayCount, type InsightsReport, reportDays } from './report';

export async function listingReport({ client }: Db, providerId: string, at = new Date()): Promise<InsightsReport> {
  const today = utcDay(at);
  const { days, previousDays } = reportDays(today);
  const [from, to] = [previousDays[0]!, days.at(-1)!];
  const { rows } = await client.execute({
    sql: 'SELECT day, measure, count FROM insight_counts WHERE providerId = :providerId AND day BETWEEN :from AND :to',
    args: { providerId, from, to },
  });
  const counts: DayCount[] = rows.map((r) => ({ day: String(r.day), measure: String(r.measure), count: Number(r.count) }));
  return buildReport(today, REPORTED_MEASURES, counts);
}

/** The listing's name, for the view's heading (null for an unknown id). */
export async function listingName({ db }: Db, providerId: string): Promise<string | null> {
  const row = await db.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirst();
  return row?.name ?? null;
}
