/**
 * The mail outbox (docs/mail.md): messages queued in a transaction go only if it commits, are sent
 * over a real SMTP server by the worker, wait with backoff while the server is down and go when it
 * is back, go once under concurrent workers and once per dedupe key, and are pruned after two weeks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverOutbox, enqueueMail, messageOf, pendingMail, RETRY_MINUTES } from '../../src/features/mail/index.server';
import { startApi, type TestApi } from '../helpers/api';
import { startSmtp, type TestMailbox } from '../helpers/smtp';

let api: TestApi;
let smtp: TestMailbox;
const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);
const mail = (to: string, subject: string, extra: { dedupeKey?: string } = {}) => ({
  kind: 'test',
  ...messageOf(to, subject, ['A line with a link: https://glow.example.com/business', '', 'Glow']),
  ...extra,
});

beforeAll(async () => {
  api = await startApi({ seed: false });
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
  await api.close();
});
beforeEach(async () => {
  await api.database.db.deleteFrom('mail_outbox').execute();
  smtp.messages.length = 0;
});

describe('the mail outbox', () => {
  it('queues with the transaction: a rolled-back change sends nothing, a committed one sends its message', async () => {
    await expect(
      api.database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail('gone@example.com', 'Never sent'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await api.database.db.transaction().execute((trx) => enqueueMail(trx, mail('kept@example.com', 'Sent after commit')));
    expect(await pendingMail(api.database)).toBe(1);
    expect(await deliverOutbox(api.database)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const arrived = await smtp.latest('kept@example.com');
    expect(arrived.subject).toBe('Sent after commit');
    expect(arrived.html).toContain('<a href="https://glow.example.com/business">');
    expect(smtp.messages.map((m) => m.subject)).not.toContain('Never sent');
    expect(await pendingMail(api.database)).toBe(0);
  });

  it('carries attachments as files', async () => {
    await enqueueMail(api.database.db, {
      ...mail('file@example.com', 'With a file'),
      attachments: [
        { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
      ],
    });
    await deliverOutbox(api.database);
    const arrived = await smtp.latest('file@example.com');
    expect(arrived.attachments.map((a) => [a.filename, a.contentType])).toEqual([['appointment.ics', 'text/calendar']]);
    expect(arrived.attachments[0]!.content.toString()).toContain('BEGIN:VCALENDAR');
  });

  it('keeps a message while the SMTP server is down, backs off, and sends it once the server is back', async () => {
    const port = smtp.port;
    await smtp.close();
    const t0 = new Date();
    await enqueueMail(api.database.db, mail('later@example.com', 'Sent when the server is back'), t0);
    expect(await deliverOutbox(api.database, t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const row = await api.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: minutes(RETRY_MINUTES[0], t0).toISOString() });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Not due yet: a run before the backoff ends leaves it alone.
    expect(await deliverOutbox(api.database, minutes(0.5, t0))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    smtp = await startSmtp(port);
    expect(await deliverOutbox(api.database, minutes(1, t0))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await smtp.latest('later@example.com')).subject).toBe('Sent when the server is back');
  });

  it('gives up after the last retry and says so in the row', async () => {
    const port = smtp.port;
    await smtp.close();
    let at = new Date();
    await enqueueMail(api.database.db, mail('never@example.com', 'Undeliverable'), at);
    for (const wait of RETRY_MINUTES) {
      await deliverOutbox(api.database, at);
      at = minutes(wait, at);
    }
    expect(await deliverOutbox(api.database, at)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const row = await api.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_MINUTES.length + 1 });
    smtp = await startSmtp(port);
  });

  it('sends each message once when workers run at the same time, and once per dedupe key', async () => {
    await enqueueMail(
      api.database.db,
      Array.from({ length: 6 }, (_, i) => mail(`many${i}@example.com`, `Message ${i}`)),
    );
    expect(await enqueueMail(api.database.db, mail('once@example.com', 'Reminder', { dedupeKey: 'reminder:1' }))).toBe(1);
    expect(await enqueueMail(api.database.db, mail('once@example.com', 'Reminder', { dedupeKey: 'reminder:1' }))).toBe(0);
    const runs = await Promise.all([deliverOutbox(api.database), deliverOutbox(api.database), deliverOutbox(api.database)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(7);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Reminder']);
  });

  it('deletes sent messages (personal data) after two weeks, not before', async () => {
    const t0 = new Date();
    await enqueueMail(api.database.db, mail('old@example.com', 'Old news'), t0);
    await deliverOutbox(api.database, t0);
    await deliverOutbox(api.database, minutes(13 * 24 * 60, t0));
    expect(await api.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(1);
    await deliverOutbox(api.database, minutes(14 * 24 * 60 + 1, t0));
    expect(await api.database.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(0);
  });
});
