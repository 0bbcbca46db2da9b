/**
 * The hourly job (functions/requests-hourly.mts; `npm start` runs it on a timer): expiries,
 * reminders 24 hours ahead, deletion of shopper details 90 days after a request's last date, and
 * reply times as the 90 days move on (docs/requests.md). Each step is safe to run twice at once.
 */
import type { Db } from '../../db/client';
import { timeZoneOf } from '../places';
import { enqueueMail } from '../mail/index.server';
import { REQUEST_LIMITS } from './copy';
import { requestListing } from './listing.server';
import { reminderMail } from './messages.server';
import { refreshReplyTime } from './replyTime.server';
import { auditChange, changeRequest } from './requests.server';
import { addDays, localDate } from './time';
import { issueLink } from './tokens.server';
import { acceptedLabel, loadRequest } from './view.server';
import { writeTransaction } from './transaction.server';

const HOUR = 3_600_000;

/** Requests and proposals nobody answered in time become `expired` (the shopper is told, with the phone number). */
export async function expireRequests(database: Db, now = new Date()): Promise<number> {
  const due = await database.db
    .selectFrom('requests')
    .select('id')
    .where('state', 'in', ['requested', 'proposed'])
    .where('expiresAt', '<=', now.toISOString())
    .limit(200)
    .execute();
  let expired = 0;
  for (const { id } of due) if ((await changeRequest(database, id, { action: 'expire', actor: 'system' }, { now })).changed) expired++;
  return expired;
}

/**
 * Each confirmed appointment 24 hours ahead (± 1 hour) gets its reminder, to the shopper and the
 * owner, once: the row is marked in the transaction that queues them, and a second run finds it
 * marked; the outbox's dedupe key stops a copy even then.
 */
export async function sendReminders(database: Db, now = new Date()): Promise<number> {
  const from = new Date(now.getTime() + (REQUEST_LIMITS.reminderHours - 1) * HOUR).toISOString();
  const to = new Date(now.getTime() + (REQUEST_LIMITS.reminderHours + 1) * HOUR).toISOString();
  const due = await database.db
    .selectFrom('requests')
    .select('id')
    .where('state', '=', 'accepted')
    .where('reminderSentAt', 'is', null)
    .where('acceptedStart', '>=', from)
    .where('acceptedStart', '<=', to)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    const queued = await writeTransaction(database, async (trx) => {
      const marked = await trx
        .updateTable('requests')
        .set({ reminderSentAt: now.toISOString() })
        .where('id', '=', id)
        .where('state', '=', 'accepted')
        .where('reminderSentAt', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      const { row, windows } = await loadRequest(trx, id);
      const listing = await requestListing(trx, row.providerId);
      const label = acceptedLabel(row, windows, listing.timeZone)!;
      const mails = [];
      if (row.email) mails.push(reminderMail(listing, row.email, id, 'shopper', row.service, label, await issueLink(trx, id, 'shopper-cancel', now)));
      if (listing.ownerEmail) mails.push(reminderMail(listing, listing.ownerEmail, id, 'owner', row.service, label, await issueLink(trx, id, 'cancel', now)));
      await enqueueMail(trx, mails, now);
      await auditChange(trx, { requestId: id, providerId: row.providerId, action: 'remind', fromState: row.state, toState: row.state, actor: 'system' }, now);
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** Deletes the shopper's name, email, phone and note 90 days after the request's last date. */
export async function deletePersonalData(database: Db, now = new Date()): Promise<number> {
  // The last date is the listing's local date; a day's margin covers every US zone.
  const before = addDays(localDate(now, 'UTC'), -(REQUEST_LIMITS.retentionDays + 1));
  const result = await database.db
    .updateTable('requests')
    .set({ name: null, email: null, phone: null, note: null, personalDeletedAt: now.toISOString() })
    .where('personalDeletedAt', 'is', null)
    .where('lastDate', '<=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Reply times of listings with requests in the last 90 days, as old requests leave the window. */
export async function refreshReplyTimes(database: Db, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - (REQUEST_LIMITS.replyWindowDays + 1) * 86_400_000).toISOString();
  const listings = await database.db
    .selectFrom('requests')
    .innerJoin('providers', 'providers.id', 'requests.providerId')
    .select(['providers.id', 'providers.timeZone', 'providers.state'])
    .distinct()
    .where('requests.createdAt', '>=', since)
    .execute();
  for (const l of listings) await refreshReplyTime(database.db, l.id, l.timeZone ?? timeZoneOf(l.state), now);
  return listings.length;
}

export async function runHourly(database: Db, now = new Date()) {
  const expired = await expireRequests(database, now);
  const reminded = await sendReminders(database, now);
  const deleted = await deletePersonalData(database, now);
  const listings = await refreshReplyTimes(database, now);
  return { expired, reminded, deleted, listings };
}
