/** Scheduled hourly: request expiries, reminders 24 hours ahead, deletion after 90 days, reply times (docs/requests.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deliverOutbox } from '../src/features/mail/index.server';
import { runHourly } from '../src/features/requests/index.server';

export default async (): Promise<Response> => {
  try {
    const database = await getDb();
    const report = await runHourly(database);
    if (report.expired || report.reminded || report.deleted) console.log(`[requests] hourly: ${JSON.stringify(report)}`);
    await deliverOutbox(database);
  } catch (error) {
    console.error(`[requests] hourly run failed: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@hourly' };
