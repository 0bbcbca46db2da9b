/**
 * "Usually replies within N hours" (docs/requests.md "Reply time"): over the requests of the last
 * 90 days that were answered or expired, the median of the hours to the business's first answer,
 * not counting nights (20:00-08:00 on the listing's clock), and the share answered; nothing under 3
 * requests. Kept in request_settings, so a page reads one row.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { REQUEST_LIMITS } from './copy';
import { localHour } from './time';

type Executor = Kysely<Database> | Transaction<Database>;

const STEP_MS = 5 * 60_000;
const NIGHT = { from: 20, to: 8 };

/** Hours between two instants that fall in the listing's daytime (08:00-20:00 local), to 5 minutes. */
export function daytimeHours(from: Date, to: Date, timeZone: string): number {
  let ms = 0;
  for (let t = from.getTime(); t < to.getTime(); t += STEP_MS) {
    const hour = localHour(new Date(t), timeZone);
    if (hour >= NIGHT.to && hour < NIGHT.from) ms += Math.min(STEP_MS, to.getTime() - t);
  }
  return ms / 3_600_000;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The figures of a listing at `now`, from its requests of the last 90 days. */
export async function replyFigures(db: Executor, providerId: string, timeZone: string, now: Date) {
  const since = new Date(now.getTime() - REQUEST_LIMITS.replyWindowDays * 86_400_000).toISOString();
  const rows = await db
    .selectFrom('requests')
    .select(['createdAt', 'firstAnsweredAt', 'state'])
    .where('providerId', '=', providerId)
    .where('createdAt', '>=', since)
    .where((eb) => eb.or([eb('firstAnsweredAt', 'is not', null), eb('state', '=', 'expired')]))
    .execute();
  const answered = rows.filter((r) => r.firstAnsweredAt !== null);
  if (rows.length < REQUEST_LIMITS.replyMinRequests || answered.length === 0) return { replyMedianHours: null, replyRate: null, replyRequests: rows.length };
  const hours = answered.map((r) => daytimeHours(new Date(r.createdAt), new Date(r.firstAnsweredAt!), timeZone));
  return { replyMedianHours: Math.round(median(hours) * 10) / 10, replyRate: answered.length / rows.length, replyRequests: rows.length };
}

/** Recomputes and stores a listing's figures (after a first answer or an expiry, and hourly as the 90 days move on). */
export async function refreshReplyTime(db: Executor, providerId: string, timeZone: string, now: Date): Promise<void> {
  const figures = await replyFigures(db, providerId, timeZone, now);
  await db.updateTable('request_settings').set(figures).where('providerId', '=', providerId).execute();
}
