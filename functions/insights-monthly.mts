/**
 * Scheduled hourly on the 1st and 2nd of each month: last month's insights summary for every owner
 * who has it on (docs/insights.md "Monthly email"), queued in the mail outbox, which sends it with
 * retries (docs/mail.md). A run that failed is taken up by the next; an owner already queued for
 * the month is skipped (insight_mail_sent), so retries send nothing twice.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { previousMonth, queueMonthlySummaries } from '../src/features/insights/index.server';
import { deliverOutbox } from '../src/features/mail/index.server';

export default async (): Promise<Response> => {
  const month = previousMonth(new Date());
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

export const config: Config = { schedule: '0 * 1-2 * *' };
