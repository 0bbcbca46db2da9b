/**
 * Scheduled hourly, at work on the first days of each month (MONTHLY_MAIL_DAYS): last month's
 * insights summary for every owner who has it on (docs/insights.md "Monthly email"), queued in the
 * mail outbox, which sends it with retries (docs/mail.md). A run that failed is taken up by the
 * next; an owner already queued for the month is skipped (insight_mail_sent), so retries send
 * nothing twice. Hourly rather than a monthly cron so `npm start`'s timer runs it too.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { MONTHLY_MAIL_DAYS, previousMonth, queueMonthlySummaries } from '../src/features/insights/index.server';
import { deliverOutbox } from '../src/features/mail/index.server';

export default async (): Promise<Response> => {
  const now = new Date();
  if (now.getUTCDate() > MONTHLY_MAIL_DAYS) return new Response(null, { status: 204 });
  const month = previousMonth(now);
  try {
    const database = await getDb();
    const queued = await queueMonthlySummaries(database, month);
    console.log(`[insights] monthly email for ${month}: ${queued} queued`);
    // A first batch goes now; the outbox's worker sends the rest (functions/mail-outbox.mts).
    if (queued) await deliverOutbox(database);
  } catch (error) {
    console.error(`[insights] monthly email for ${month} failed; the next run tries again: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };
