/**
 * The monthly insights email (docs/insights.md "Monthly email"): once a month each owner who has
 * not turned it off gets last month's totals for their listings, in plain text and HTML, with a
 * one-click unsubscribe (RFC 8058: `List-Unsubscribe` and `List-Unsubscribe-Post`). Each owner is
 * marked for the month (insight_mail_sent) in the transaction that puts the message in the mail
 * outbox (docs/mail.md), so a retried or concurrent run queues nothing twice and the outbox's
 * retries see it delivered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { env } from '../../env.server';
import { enqueueMail, type Message } from '../mail/index.server';
import { authSecret, listingAddress } from '../owners/index.server';
import { countPhrase, measureOf, REPORTED_MEASURES } from './measures';
import { REPLY_TIME, REPLY_TIME_SQL } from './replyTimeRows.server';

/** "2026-11" → the month's first and last day, and its name ("October 2026"). */
export function monthDays(month: string): { first: string; last: string; name: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, m - 1, 1));
  const last = new Date(Date.UTC(year, m, 0));
  return {
    first: first.toISOString().slice(0, 10),
    last: last.toISOString().slice(0, 10),
    name: first.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
}

/** The month before the one `at` falls in, "YYYY-MM": the month a run on the 1st reports. */
export const previousMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

// -- The owner's choice -------------------------------------------------------------------------

/** Whether the owner gets the monthly email (on unless they turned it off). */
export async function monthlyEmailOn({ db }: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('insight_mail_settings').select('monthly').where('userId', '=', userId).executeTakeFirst();
  return row ? row.monthly === 1 : true;
}

export async function setMonthlyEmail({ db }: Db, userId: string, monthly: boolean): Promise<void> {
  const row = { userId, monthly: monthly ? 1 : 0, updatedAt: new Date().toISOString() };
  await db
    .insertInto('insight_mail_settings')
    .values(row)
    .onConflict((oc) => oc.column('userId').doUpdateSet({ monthly: row.monthly, updatedAt: row.updatedAt }))
    .execute();
}

/** The unsubscribe link's proof: an HMAC of the account id under the server secret, so the link works without a session. */
const unsubscribeToken = (userId: string) => createHmac('sha256', authSecret()).update(`glow-insights-unsubscribe|${userId}`).digest('base64url');

export function validUnsubscribe(userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The one-click address (List-Unsubscribe) and the page a person opens from the email. */
export function unsubscribeLinks(userId: string): { oneClick: string; page: string } {
  const query = `u=${encodeURIComponent(userId)}&t=${unsubscribeToken(userId)}`;
  const site = env().SITE_URL;
  return { oneClick: `${site}/api/insights/unsubscribe?${query}`, page: `${site}/business/unsubscribe?${query}` };
}

// -- The message ---------------------------------------------------------------------------------

export interface ListingMonth {
  providerId: string;
  /** The listing's slug: mail names a listing by its Glow address, never by its name (docs/owners.md "Email"). */
  slug: string;
  totals: Partial<Record<string, number>>;
  /** The listing's reply time in hours, when it has one (docs/requests.md). */
  replyMedianHours?: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * "312 views, 41 calls, 9 direction requests, 3 requests, …, replied in about 2 hours": every
 * reported measure in their order, then the reply time when the listing has one (docs/requests.md).
 */
export function totalsLine({ totals, replyMedianHours: median }: Pick<ListingMonth, 'totals' | 'replyMedianHours'>): string {
  const counts = REPORTED_MEASURES.map((m) => countPhrase(m, totals[m.key] ?? 0));
  if (median === undefined) return counts.join(', ');
  const hours = Math.max(1, Math.round(median));
  return [...counts, `replied in about ${hours} ${hours === 1 ? 'hour' : 'hours'}`].join(', ');
}

export function monthlyMessage(to: string, userId: string, month: string, listings: ListingMonth[]): Message {
  const { name } = monthDays(month);
  const site = env().SITE_URL;
  const links = unsubscribeLinks(userId);
  const main = listings[0]!;
  const headline = ['view', 'call'].map((k) => countPhrase(measureOf(k)!, main.totals[k] ?? 0)).join(', ');
  const subject = listings.length === 1 ? `Your listing on Glow in ${name}: ${headline}` : `Your ${listings.length} listings on Glow in ${name}`;
  const blocks = listings.map((l) => ({
    title: `${listingAddress(site, l.slug)}: ${totalsLine(l)}.`,
    link: `${site}/business/insights/${encodeURIComponent(l.providerId)}`,
  }));
  const intro = `Here is what your listing${listings.length === 1 ? '' : 's'} brought in on Glow in ${name}, counted without cookies:`;
  const outro = [
    'Keep your hours, services and prices true in your dashboard: a listing that is up to date brings more calls.',
    `You get this summary once a month because you manage ${listings.length === 1 ? 'this listing' : 'these listings'} on Glow.`,
  ];
  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...blocks.flatMap((b) => [b.title, `Day by day: ${b.link}`, '']),
    ...outro,
    `Stop these emails: ${links.page} (or turn them off in your dashboard, ${site}/business).`,
    '',
    'Glow',
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...blocks.map((b) => `<li><strong>${escapeHtml(b.title)}</strong> <a href="${escapeHtml(b.link)}">See it day by day</a></li>`),
    '</ul>',
    ...outro.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(links.page)}">Stop these emails</a> (or turn them off in <a href="${escapeHtml(`${site}/business`)}">your dashboard</a>).</p>`,
    '<p>Glow</p>',
  ].join('\n');
  return { to, subject, text, html, headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

// -- The run -------------------------------------------------------------------------------------

/** The outbox's name for this message (logs, tests). */
export const MAIL_KIND = 'insights-monthly';

/** Ids per IN list, owners per transaction: one statement stays small. */
const CHUNK = 400;

/**
 * Queues `month`'s summary for every owner who has it on and has not had it for that month; returns
 * how many were queued. A few round trips: the owners, the totals by chunks of listings, then one
 * transaction per chunk of owners.
 */
export async function queueMonthlySummaries(database: Db, month: string): Promise<number> {
  const { db } = database;
  const owners = await db
    .selectFrom('listing_owners as lo')
    .innerJoin('auth_users as u', 'u.id', 'lo.userId')
    .innerJoin('providers as p', 'p.id', 'lo.providerId')
    .leftJoin('insight_mail_settings as s', 's.userId', 'lo.userId')
    .leftJoin('insight_mail_sent as m', (join) => join.onRef('m.userId', '=', 'lo.userId').on('m.month', '=', month))
    .select(['lo.userId', 'u.email', 'lo.providerId', 'p.slug'])
    .where((eb) => eb.or([eb('s.monthly', 'is', null), eb('s.monthly', '=', 1)]))
    .where('m.userId', 'is', null)
    .orderBy('lo.userId')
    .orderBy('p.slug')
    .execute();
  if (!owners.length) return 0;
  const { first, last } = monthDays(month);
  const totals = new Map<string, Record<string, number>>();
  const replyHours = new Map<string, number>();
  const ids = owners.map((o) => o.providerId);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const { rows } = await database.client.execute({
      sql: `SELECT providerId, measure, sum(count) AS total FROM insight_counts
            WHERE providerId IN (SELECT value FROM json_each(:ids)) AND day BETWEEN :from AND :to GROUP BY providerId, measure
            UNION ALL ${REPLY_TIME_SQL}`,
      args: { ids: JSON.stringify(ids.slice(i, i + CHUNK)), from: first, to: last },
    });
    for (const r of rows) {
      const providerId = String(r.providerId);
      if (r.measure === REPLY_TIME) {
        replyHours.set(providerId, Number(r.total));
        continue;
      }
      const entry = totals.get(providerId) ?? {};
      entry[String(r.measure)] = Number(r.total);
      totals.set(providerId, entry);
    }
  }
  const byOwner = new Map<string, { email: string; listings: ListingMonth[] }>();
  for (const o of owners) {
    const entry = byOwner.get(o.userId) ?? { email: o.email, listings: [] };
    const replyMedianHours = replyHours.get(o.providerId);
    entry.listings.push({
      providerId: o.providerId,
      slug: o.slug,
      totals: totals.get(o.providerId) ?? {},
      ...(replyMedianHours === undefined ? {} : { replyMedianHours }),
    });
    byOwner.set(o.userId, entry);
  }
  // Claimed and queued in one transaction per chunk: an owner is marked sent for the month exactly
  // when their message is in the outbox, which sends it with retries (docs/mail.md).
  const entries = [...byOwner];
  const at = new Date().toISOString();
  let queued = 0;
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    queued += await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('insight_mail_sent')
        .values(chunk.map(([userId]) => ({ userId, month, sentAt: at })))
        .onConflict((oc) => oc.doNothing())
        .returning('userId')
        .execute();
      const ids = new Set(claimed.map((c) => c.userId));
      const messages = chunk
        .filter(([userId]) => ids.has(userId))
        .map(([userId, { email, listings }]) => ({
          kind: MAIL_KIND,
          dedupeKey: `${MAIL_KIND}:${userId}:${month}`,
          ...monthlyMessage(email, userId, month, listings),
        }));
      return enqueueMail(trx, messages);
    });
  }
  return queued;
}
