/** Reads a listing's counts for the Insights view, its CSV and JSON (docs/insights.md "The view"): one query, one round trip. */
import type { Db } from '../../db/client';
import { utcDay } from './counting.server';
import { REPORTED_MEASURES } from './measures';
import { buildReport, type DayCount, type InsightsReport, reportDays } from './report';

export async function listingReport({ db }: Db, providerId: string, at = new Date()): Promise<InsightsReport> {
  const today = utcDay(at);
  const { days, previousDays } = reportDays(today);
  const rows: DayCount[] = await db
    .selectFrom('insight_counts')
    .select(['day', 'measure', 'count'])
    .where('providerId', '=', providerId)
    .where('day', '>=', previousDays[0]!)
    .where('day', '<=', days.at(-1)!)
    .execute();
  return buildReport(today, REPORTED_MEASURES, rows);
}

/** The listing's name, for the view's heading (null for an unknown id). */
export async function listingName({ db }: Db, providerId: string): Promise<string | null> {
  const row = await db.selectFrom('providers').select('name').where('id', '=', providerId).executeTakeFirst();
  return row?.name ?? null;
}
