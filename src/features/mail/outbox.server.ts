/**
 * The mail outbox (docs/mail.md "Outbox"): mail that matters is written as a row in the same
 * transaction as the change it reports, so a change never commits without its message and a message
 * never goes for a change that rolled back. A worker sends what is due, retrying with backoff while
 * the mail server is down; the row stays until it is sent or given up.
 *
 * Workers may run at once (the scheduled function, `npm start`'s timer, the nudge after a write):
 * each claims rows with one UPDATE … RETURNING, holding them until `lockedUntil`, so a message is
 * sent by one of them; a worker that dies mid-send frees its rows when the hold lapses (a message
 * may then go twice, never zero times).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import type { Message } from './message';
import { sendMail } from './transport.server';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Minutes to wait after the n-th failed attempt (rules as data): quick at first for a blip, then
 * spread over about a day for an outage; after the last the message is marked failed and logged.
 */
export const RETRY_MINUTES = [1, 2, 5, 10, 30, 60, 120, 240, 480, 720] as const;

/** How long a worker holds the rows it claimed before another may take them. */
const HOLD_MS = 2 * 60_000;
/** Rows a worker sends per run (a scheduled function has seconds, not minutes). */
const BATCH = 25;
/** Sent and failed messages carry personal data: kept this long for support, then deleted. */
export const KEEP_SENT_DAYS = 14;

export interface QueuedMail extends Message {
  /** What the message is, e.g. `request-new` (logs and tests read it; not shown to anyone). */
  kind: string;
  /** Sent at most once across the outbox's life while its row is kept (a reminder): a second enqueue is ignored. */
  dedupeKey?: string;
}

/**
 * Queues messages inside the caller's transaction (`trx`): they go only if it commits. Returns how
 * many rows were written (a duplicate `dedupeKey` writes none).
 */
export async function enqueueMail(trx: Executor, messages: QueuedMail | QueuedMail[], now = new Date()): Promise<number> {
  const list = ([] as QueuedMail[]).concat(messages);
  if (list.length === 0) return 0;
  const at = now.toISOString();
  const result = await trx
    .insertInto('mail_outbox')
    .values(
      list.map((m) => ({
        id: randomUUID(),
        kind: m.kind,
        recipient: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments?.length ? JSON.stringify(m.attachments) : null,
        headers: m.headers ? JSON.stringify(m.headers) : null,
        dedupeKey: m.dedupeKey ?? null,
        nextAttemptAt: at,
        createdAt: at,
      })),
    )
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends what is due at `now`: claims up to a batch, sends each, and records the outcome; a failure
 * waits RETRY_MINUTES[attempts] before the next try. Also deletes messages past KEEP_SENT_DAYS.
 */
export async function deliverOutbox(database: Db, now = new Date()): Promise<DeliveryReport> {
  const { db } = database;
  const at = now.toISOString();
  const holdUntil = new Date(now.getTime() + HOLD_MS).toISOString();
  // One statement claims the batch: two workers never hold the same row.
  const due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '<=', at)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', at)]))
    .orderBy('nextAttemptAt')
    .limit(BATCH);
  const rows = await db
    .updateTable('mail_outbox')
    .set({ lockedUntil: holdUntil })
    .where('id', 'in', due)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', at)]))
    .returningAll()
    .execute();
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    try {
      await sendMail({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.attachments ? { attachments: JSON.parse(row.attachments) } : {}),
        ...(row.headers ? { headers: JSON.parse(row.headers) } : {}),
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sentAt: new Date().toISOString(), lockedUntil: null, lastError: null, attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute();
      report.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const wait = RETRY_MINUTES[attempts - 1];
      const message = (error as Error).message.slice(0, 500);
      if (wait === undefined) {
        console.error(`[mail] gave up on ${row.kind} ${row.id} after ${attempts} attempts: ${message}`);
        report.failed++;
      } else {
        console.warn(`[mail] ${row.kind} ${row.id} not sent (attempt ${attempts}), retrying in ${wait} min: ${message}`);
        report.retrying++;
      }
      await db
        .updateTable('mail_outbox')
        .set({
          status: wait === undefined ? 'failed' : 'pending',
          attempts,
          lastError: message,
          lockedUntil: null,
          nextAttemptAt: new Date(now.getTime() + (wait ?? 0) * 60_000).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('createdAt', '<', new Date(now.getTime() - KEEP_SENT_DAYS * 86_400_000).toISOString())
    .execute();
  return report;
}

/**
 * Starts a delivery now without making the caller wait (after a write that queued mail): on Netlify
 * `waitUntil` keeps the instance alive for it; elsewhere the promise runs on. A failure here is only
 * logged: the row stays due and the scheduled worker sends it.
 */
export function deliverSoon(database: Db, context?: { waitUntil?: (promise: Promise<unknown>) => void }): void {
  const run = deliverOutbox(database).catch((error: Error) => console.warn(`[mail] delivery deferred to the worker: ${error.message}`));
  context?.waitUntil?.(run);
}

/** Messages not yet sent (a status line, and tests). */
export async function pendingMail({ db }: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
