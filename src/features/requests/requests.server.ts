/**
 * The request loop (docs/requests.md): a shopper's request is created, then changed only through
 * the state table (states.ts). Each change is one transaction: the conditional UPDATE … WHERE state
 * IN (…) that makes two concurrent actions leave exactly one outcome, its audit row, its emails in
 * the outbox, the links those carry, and the listing's counts. No HTTP here.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { env } from '../../env.server';
import { ConflictError, InvalidInputError, TooManyError } from '../../lib/errors';
import { addressScope, hit, peek, type Limit } from '../../lib/rateLimit.server';
import { enqueueMail, type Attachment, type QueuedMail } from '../mail/index.server';
import { checkEmailCode, countCodeSent, limitCodeEntry, listingAddress, sendEmailCheckCode } from '../owners/index.server';
import { parseMenu } from '../providers';
import { calendarFile } from './calendar.server';
import { type LinkAction, REQUEST_LIMITS, SOMETHING_ELSE } from './copy';
import { requestListing, serviceChoices, takesRequests, type RequestListing } from './listing.server';
import * as messages from './messages.server';
import { refreshReplyTime } from './replyTime.server';
import type { RequestCode, RequestCreate, RequestView } from './schemas';
import { allowedFrom, TRANSITIONS, type TransitionName } from './states';
import { instantLabel, localDate, openDates, windowLabel, windowMinute, zonedInstant } from './time';
import { issueLink, linkOf, spendLink } from './tokens.server';
import { acceptedLabel, declineLabel, loadRequest, toView, type RequestRow, type WindowRow } from './view.server';
import { isBlockedSender } from './senders.server';
import { writeTransaction } from './transaction.server';

type Executor = Kysely<Database> | Transaction<Database>;

const DAY: Limit = { max: 0, windowSeconds: 24 * 60 * 60 };
const LIMITS_OF = {
  email: { ...DAY, max: REQUEST_LIMITS.perEmailPerDay },
  address: { ...DAY, max: REQUEST_LIMITS.perAddressPerDay },
  listing: { ...DAY, max: REQUEST_LIMITS.perListingPerDay },
};
export const LIMIT_MESSAGES = {
  email: 'You have sent 3 requests today from this email address. Please try again tomorrow, or call the business.',
  address: 'Too many requests from your network today. Please try again tomorrow, or call the business.',
  listing: 'This business has had many requests today. Please call them instead.',
} as const;

const clientKey = (address: string) => addressScope(address || 'unknown').replaceAll(':', '.');

/** Refuses a listing that does not take requests (409, saying to call). */
function requireTakes(listing: RequestListing): void {
  if (!takesRequests(listing)) {
    throw new ConflictError(
      listing.ownerEmail
        ? `${listing.name} does not take time requests on Glow. Call them at ${listing.phone}.`
        : `${listing.name} is not claimed by its business, so it cannot take requests. Call them at ${listing.phone}.`,
    );
  }
}

/** POST /api/requests/code: the sign-in code's rules and limits (owners' codeLimits), for a listing that takes requests. */
export async function requestEmailCode(database: Db, origin: string, input: RequestCode): Promise<{ sent: true; email: string }> {
  const listing = await requestListing(database.db, input.providerId);
  requireTakes(listing);
  // A blocked sender is told what anyone over the daily limit is told, and gets no code.
  if (await isBlockedSender(database.db, input.email)) throw new TooManyError(LIMIT_MESSAGES.email, 24 * 60 * 60);
  await countCodeSent(database, input.email);
  await sendEmailCheckCode(origin, input.email, { kind: 'request', listingUrl: listingAddress(env().SITE_URL, listing.slug) });
  return { sent: true, email: input.email };
}

/** The minutes an appointment lasts: the menu item's, else an hour. */
export const durationOf = (listing: Pick<RequestListing, 'menu'>, service: string): number =>
  parseMenu(listing.menu).find((item) => item.name === service)?.durationMinutes ?? 60;

/** Checks the windows against the listing's clock: open days in the next 60, not passed, not twice. */
function checkedWindows(listing: RequestListing, windows: RequestCreate['windows'], now: Date) {
  const allowed = new Set(openDates(listing.openingHours, listing.timeZone, now, listing.status === 'temporarily_closed' ? listing.closedUntil : null));
  const seen = new Set<string>();
  return windows.map((w, idx) => {
    if (!allowed.has(w.date)) {
      throw new InvalidInputError(`Choose a day in the next ${REQUEST_LIMITS.daysAhead} days when ${listing.name} is open`, `windows.${idx}.date`);
    }
    const startsAt = zonedInstant(w.date, windowMinute(w.part, w.time), listing.timeZone);
    const endsAt = w.part === 'exact' ? startsAt : zonedInstant(w.date, ({ morning: 12, afternoon: 17, evening: 21 } as const)[w.part] * 60, listing.timeZone);
    if (endsAt.getTime() <= now.getTime())
      throw new InvalidInputError('Choose a time that has not passed', `windows.${idx}.${w.part === 'exact' ? 'time' : 'part'}`);
    const key = `${w.date} ${w.part} ${w.time ?? ''}`;
    if (seen.has(key)) throw new InvalidInputError('Choose each time once', `windows.${idx}.date`);
    seen.add(key);
    return { idx, date: w.date, part: w.part, time: w.part === 'exact' ? (w.time ?? null) : null, startsAt: startsAt.toISOString() };
  });
}

/**
 * POST /api/requests: checks the listing, the windows, the limits and the code; then in one
 * transaction writes the request, its windows, its links, its audit row, its two emails and the
 * listing's count. A filled honeypot is refused before anything else.
 */
export async function createRequest(
  database: Db,
  origin: string,
  input: RequestCreate,
  clientAddress: string,
  now = new Date(),
): Promise<{ id: string; view: RequestView; listing: RequestListing }> {
  if (input.website) throw new InvalidInputError('This submission was not accepted.', 'website');
  const listing = await requestListing(database.db, input.providerId);
  requireTakes(listing);
  if (input.service !== SOMETHING_ELSE && !serviceChoices(listing).includes(input.service)) {
    throw new InvalidInputError(`Choose a service from the menu, or ${SOMETHING_ELSE}`, 'service');
  }
  const windows = checkedWindows(listing, input.windows, now);
  if (await isBlockedSender(database.db, input.email)) throw new TooManyError(LIMIT_MESSAGES.email, 24 * 60 * 60);
  const keys = { email: `email ${input.email}`, address: clientKey(clientAddress), listing: `listing ${listing.id}` };
  for (const side of ['email', 'address', 'listing'] as const) {
    const decision = await peek(database, `requests-${side}`, keys[side], LIMITS_OF[side], now.getTime());
    if (!decision.allowed) throw new TooManyError(LIMIT_MESSAGES[side], decision.retryAfter);
  }
  // The sign-in code's entry limits: a stranger guessing from one address is stopped before the code is used up.
  await limitCodeEntry(database, input.email, clientAddress, () => checkEmailCode(origin, input.email, input.code));

  const id = randomUUID();
  const at = now.toISOString();
  const earliest = windows.map((w) => w.startsAt).sort()[0]!;
  const expiresAt = new Date(Math.min(now.getTime() + REQUEST_LIMITS.answerHours * 3_600_000, new Date(earliest).getTime())).toISOString();
  const lastDate = windows
    .map((w) => w.date)
    .sort()
    .at(-1)!;
  await writeTransaction(database, async (trx) => {
    await trx
      .insertInto('requests')
      .values({
        id,
        providerId: listing.id,
        service: input.service,
        state: 'requested',
        name: input.name,
        email: input.email,
        phone: input.phone,
        note: input.note,
        acceptedStart: null,
        proposedStart: null,
        declineReason: null,
        cancelledBy: null,
        cancelledAt: null,
        firstAnsweredAt: null,
        expiresAt,
        lastDate,
        reminderSentAt: null,
        spamReportedAt: null,
        spamResolvedAt: null,
        personalDeletedAt: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    await trx
      .insertInto('request_windows')
      .values(windows.map((w) => ({ requestId: id, ...w })))
      .execute();
    const accepts = [];
    for (const w of windows) accepts.push({ label: windowLabel(w), acceptLink: await issueLink(trx, id, 'accept', now, w.idx) });
    const links = {
      propose: await issueLink(trx, id, 'propose', now),
      decline: await issueLink(trx, id, 'decline', now),
      dashboard: `${env().SITE_URL.replace(/\/$/, '')}/business`,
    };
    const cancel = await issueLink(trx, id, 'shopper-cancel', now);
    await enqueueMail(
      trx,
      [
        messages.newRequestMail(listing, input, input.service, accepts, links),
        messages.receiptMail(
          listing,
          input.email,
          input.service,
          windows.map((w) => windowLabel(w)),
          cancel,
        ),
      ],
      now,
    );
    await auditChange(
      trx,
      { requestId: id, providerId: listing.id, action: 'create', fromState: null, toState: 'requested', actor: 'shopper', detail: { windows: windows.length } },
      now,
    );
    await countInsight(trx, listing.id, 'request', now);
  });
  for (const side of ['email', 'address', 'listing'] as const) await hit(database, `requests-${side}`, keys[side], LIMITS_OF[side], now.getTime());
  const { row, windows: rows } = await loadRequest(database.db, id);
  return { id, view: toView(row, rows, listing), listing };
}

/** One audit row: who changed which request from which state to which (no personal data). */
export async function auditChange(
  trx: Executor,
  entry: { requestId: string; providerId: string; action: string; fromState: string | null; toState: string | null; actor: string; detail?: unknown },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('request_audit')
    .values({ id: randomUUID(), ...entry, detail: entry.detail === undefined ? null : JSON.stringify(entry.detail), createdAt: now.toISOString() })
    .execute();
}

/** Adds one to the listing's count of the day (the insights' `request` and `reply` measures, docs/insights.md). */
async function countInsight(trx: Executor, providerId: string, measure: 'request' | 'reply', now: Date): Promise<void> {
  await trx
    .insertInto('insight_counts')
    .values({ providerId, day: now.toISOString().slice(0, 10), measure, count: 1 })
    .onConflict((oc) => oc.columns(['providerId', 'day', 'measure']).doUpdateSet((eb) => ({ count: eb('insight_counts.count', '+', 1) })))
    .execute();
}

export interface ChangeInput {
  action: TransitionName;
  /** Who, for the audit: the owner's email, 'owner-link', 'shopper', 'system'. */
  actor: string;
  windowIndex?: number;
  /** Listing-local "YYYY-MM-DDTHH:MM". */
  proposedStart?: string;
  reason?: string;
}

/** The calendar file of a request's confirmed time (or its cancellation). */
async function calendarOf(row: RequestRow, listing: RequestListing, sequence: number, cancelled: boolean, now: Date): Promise<Attachment> {
  return calendarFile(
    {
      requestId: row.id,
      start: row.acceptedStart!,
      minutes: durationOf(listing, row.service),
      timeZone: listing.timeZone,
      summary: `${row.service} at ${listing.name}`,
      description: `Booked through a request on Glow. ${listing.name}: ${listing.phone}.`,
      location: `${listing.address}, ${listing.city}, ${listing.state} ${listing.zipCode}`,
      sequence,
      cancelled,
    },
    now,
  );
}

/**
 * Changes a request by the state table, in one transaction with its audit row, emails and links.
 * `token` (an email link) is spent in the same transaction; a used, expired or foreign link, or a
 * request that moved on, changes nothing and answers `changed: false` with the current state.
 */
export async function changeRequest(
  database: Db,
  requestId: string,
  input: ChangeInput,
  { token, now = new Date() }: { token?: string; now?: Date } = {},
): Promise<{ changed: boolean; row: RequestRow; windows: WindowRow[]; listing: RequestListing }> {
  const transition = TRANSITIONS[input.action];
  const result = await writeTransaction(database, async (trx) => {
    if (token && !(await spendLink(trx, token, now))) return null;
    const { row: before, windows } = await loadRequest(trx, requestId);
    if (!allowedFrom(input.action, before.state)) return null;
    const listing = await requestListing(trx, before.providerId);
    const at = now.toISOString();
    const set: Partial<RequestRow> = { state: transition.to, updatedAt: at };
    if ('answers' in transition && transition.answers && !before.firstAnsweredAt) set.firstAnsweredAt = at;
    if (input.action === 'accept') {
      const window = windows.find((w) => w.idx === input.windowIndex);
      if (!window) throw new InvalidInputError('Choose one of the times the shopper asked for', 'windowIndex');
      if (window.startsAt <= at && window.part === 'exact') throw new InvalidInputError('That time has passed', 'windowIndex');
      set.acceptedStart = window.startsAt;
    }
    if (input.action === 'propose') {
      const [date, time] = (input.proposedStart ?? '').split('T') as [string, string];
      const [h, m] = time.split(':').map(Number) as [number, number];
      const start = zonedInstant(date, h * 60 + m, listing.timeZone);
      if (start.getTime() <= now.getTime()) throw new InvalidInputError('Choose a time that has not passed', 'proposedStart');
      if (date > localDate(new Date(now.getTime() + REQUEST_LIMITS.daysAhead * 86_400_000), listing.timeZone)) {
        throw new InvalidInputError(`Choose a time in the next ${REQUEST_LIMITS.daysAhead} days`, 'proposedStart');
      }
      set.proposedStart = start.toISOString();
      set.expiresAt = new Date(Math.min(now.getTime() + REQUEST_LIMITS.answerHours * 3_600_000, start.getTime())).toISOString();
      if (date > before.lastDate) set.lastDate = date;
    }
    if (input.action === 'accept-proposal') set.acceptedStart = before.proposedStart;
    if (input.action === 'decline') set.declineReason = input.reason ?? null;
    const wasConfirmed = before.state === 'accepted';
    if (input.action === 'cancel' || input.action === 'shopper-cancel') {
      set.cancelledBy = transition.by === 'owner' ? 'owner' : 'shopper';
      set.cancelledAt = at;
      if (wasConfirmed) set.sequence = before.sequence + 1;
    }
    // The one statement that decides: a concurrent change that got there first leaves no row to update.
    const row = await trx
      .updateTable('requests')
      .set(set)
      .where('id', '=', requestId)
      .where('state', 'in', [...transition.from])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await auditChange(
      trx,
      {
        requestId,
        providerId: row.providerId,
        action: input.action,
        fromState: before.state,
        toState: row.state,
        actor: input.actor,
        detail: { windowIndex: input.windowIndex, proposedStart: row.proposedStart, reason: input.reason, link: Boolean(token) },
      },
      now,
    );
    await enqueueMail(trx, await mailsOf(trx, input, before, row, windows, listing, now), now);
    if (set.firstAnsweredAt) await countInsight(trx, row.providerId, 'reply', now);
    if (set.firstAnsweredAt || input.action === 'expire') await refreshReplyTime(trx, row.providerId, listing.timeZone, now);
    return { row, windows, listing };
  });
  if (result) return { changed: true, ...result };
  const { row, windows } = await loadRequest(database.db, requestId);
  return { changed: false, row, windows, listing: await requestListing(database.db, row.providerId) };
}

/** The emails of a change, to the other side (and both sides' calendars when a time is confirmed or cancelled). */
async function mailsOf(
  trx: Executor,
  input: ChangeInput,
  before: RequestRow,
  row: RequestRow,
  windows: WindowRow[],
  listing: RequestListing,
  now: Date,
): Promise<QueuedMail[]> {
  const shopper = row.email;
  const owner = listing.ownerEmail;
  const link = (action: LinkAction) => issueLink(trx, row.id, action, now);
  const mails: QueuedMail[] = [];
  switch (input.action) {
    case 'accept':
    case 'accept-proposal': {
      const label = acceptedLabel(row, windows, listing.timeZone)!;
      const calendar = await calendarOf(row, listing, row.sequence, false, now);
      if (shopper) mails.push(messages.confirmedMail(listing, shopper, row.service, label, calendar, await link('shopper-cancel'), false));
      if (owner) mails.push(messages.confirmedMail(listing, owner, row.service, label, calendar, await link('cancel'), true));
      break;
    }
    case 'propose':
      if (shopper) {
        const label = instantLabel(row.proposedStart!, listing.timeZone);
        mails.push(messages.proposedMail(listing, shopper, row.service, label, await link('accept-proposal'), await link('decline-proposal')));
      }
      break;
    case 'decline':
      if (shopper) mails.push(messages.declinedMail(listing, shopper, row.service, declineLabel(row.declineReason)));
      break;
    case 'decline-proposal':
      if (owner) mails.push(messages.proposalDeclinedMail(listing, owner, row.service, instantLabel(row.proposedStart!, listing.timeZone)));
      break;
    case 'cancel':
    case 'shopper-cancel': {
      const by = row.cancelledBy!;
      const calendar = before.state === 'accepted' ? await calendarOf(row, listing, row.sequence, true, now) : undefined;
      if (by === 'owner' && shopper) mails.push(messages.cancelledMail(listing, shopper, row.service, by, false, calendar));
      if (by === 'shopper' && owner) mails.push(messages.cancelledMail(listing, owner, row.service, by, true, calendar));
      break;
    }
    case 'expire':
      mails.push(...messages.expiredMails(listing, shopper, row.service));
      break;
  }
  return mails;
}

/** What an email link would do, without doing it (GET: mail scanners prefetch links). */
export async function previewLink(database: Db, token: string, now = new Date()) {
  const link = await linkOf(database.db, token);
  if (!link) throw new InvalidInputError('This link is not valid. Open the latest email about this request, or sign in to /business.', 'token');
  const { row, windows } = await loadRequest(database.db, link.requestId);
  const listing = await requestListing(database.db, row.providerId);
  const action = link.action as LinkAction;
  const usable = link.usedAt === null && link.expiresAt > now.toISOString() && allowedFrom(action as TransitionName, row.state);
  return {
    action,
    ...(link.windowIndex === null ? {} : { windowIndex: link.windowIndex }),
    usable,
    // A link carries no sign-in: it shows the request without the shopper's details.
    request: toView(row, windows, listing),
  };
}

/** POST /api/requests/action: does what the link says, once. */
export async function followLink(database: Db, token: string, extra: { reason?: string; proposedStart?: string }, now = new Date()) {
  const link = await linkOf(database.db, token);
  if (!link) throw new InvalidInputError('This link is not valid. Open the latest email about this request, or sign in to /business.', 'token');
  const action = link.action as TransitionName;
  if (action === 'propose' && !extra.proposedStart) throw new InvalidInputError('Choose a date and time', 'proposedStart');
  const actor = TRANSITIONS[action].by === 'owner' ? 'owner-link' : 'shopper';
  const result = await changeRequest(
    database,
    link.requestId,
    { action, actor, ...(link.windowIndex === null ? {} : { windowIndex: link.windowIndex }), ...extra },
    { token, now },
  );
  return { changed: result.changed, request: toView(result.row, result.windows, result.listing) };
}
