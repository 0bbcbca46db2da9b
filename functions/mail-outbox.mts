/** Scheduled every minute: sends the mail outbox's due messages, retrying failures with backoff (docs/mail.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deliverOutbox } from '../src/features/mail/index.server';

export default async (): Promise<Response> => {
  try {
    const report = await deliverOutbox(await getDb());
    if (report.sent || report.retrying || report.failed) console.log(`[mail] outbox: ${JSON.stringify(report)}`);
  } catch (error) {
    console.error(`[mail] outbox run failed: ${(error as Error).message}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
