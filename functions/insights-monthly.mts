/**
 * Scheduled on the 1st of each month: last month's insights summary to every owner who has it on
 * (docs/insights.md "Monthly email"). Hourly on the 1st and 2nd: a run that stopped or failed is
 * taken up by the next, and an owner already sent this month is skipped (insight_mail_sent).
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { previousMonth, sendMonthlySummaries } from '../src/features/insights/index.server';

export default async (): Promise<Response> => {
  const month = previousMonth(new Date());
  try {
    const { sent, failed } = await sendMonthlySummaries(await getDb(), month);
    console.log(`[insights] monthly email for ${month}: ${sent} sent${failed ? `, ${failed} failed (retried next run)` : ''}`);
  } catch (error) {
    console.error(`[insights] monthly email for ${month} failed; the next run tries again: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '0 * 1-2 * *' };
