/**
 * The monthly insights email (docs/insights.md "Monthly email") over real HTTP and a real SMTP
 * server, over a libSQL file and over sqld: counts from real beacons, once per owner and month
 * even when run again or twice at once, plain text and HTML, one-click unsubscribe (RFC 8058), the
 * dashboard setting, nothing to an owner who unsubscribed, a failed send retried by the mail outbox;
 * and retention.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf, type TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import { sendRequest } from '../helpers/requests';
import type { TestMailbox } from '../helpers/smtp';
import type { RequestOptions } from '../../src/features/requests';
import { refreshReplyTimes } from '../../src/features/requests/index.server';
import monthly, { config as monthlyConfig } from '../../functions/insights-monthly.mts';
import retention, { config as retentionConfig } from '../../functions/insights-retention.mts';
import { deleteExpired, keptFrom, MONTHLY_MAIL_DAYS, previousMonth, queueMonthlySummaries, utcDay } from '../../src/features/insights/index.server';
import { deliverOutbox } from '../../src/features/mail/index.server';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let stranger: SignedInOwner;
let listing: { id: string; name: string; slug: string; email: string };

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const thisMonth = new Date().toISOString().slice(0, 7);

/** A run as the scheduled function makes it: queue the month's summaries, then the outbox's worker sends them. */
async function sendMonthlySummaries(month: string): Promise<{ queued: number; sent: number }> {
  const queued = await queueMonthlySummaries(api.database, month);
  const { sent } = await deliverOutbox(api.database);
  return { queued, sent };
}

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const rows = await api.database.db
    .selectFrom('providers')
    .select(['id', 'name', 'slug', 'email'])
    .where('email', 'is not', null)
    .orderBy('seq')
    .limit(2)
    .execute();
  listing = rows[0] as typeof listing;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  stranger = await signInOwner(api, mail, api.base, rows[1]!.email!, rows[1]!.id);
  const send = (event: string, ua: string) =>
    fetch(`${api.base}/api/insights/beacon`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.base, 'User-Agent': ua },
      body: new URLSearchParams({ event, listing: listing.id }),
    });
  for (const ua of [BROWSER, `${BROWSER} (second visitor)`, `${BROWSER} (third visitor)`]) await send('view', ua);
  await send('call', BROWSER);
  await send('directions', BROWSER);
  // Three time requests, each answered at once: the month's requests and replies, and a reply time.
  const options = (await (await api.get(`/api/providers/${listing.id}/request-options`)).json()) as RequestOptions;
  for (const who of ['ari', 'bo', 'cy']) {
    const sent = await sendRequest(api, mail, {
      providerId: listing.id,
      service: options.services[0]!,
      windows: [{ date: options.openDates[5]!, part: 'morning' }],
      name: `${who} Example`,
      email: `${who}@example.com`,
    });
    const { id } = (await sent.json()) as { id: string };
    await api.post(`/api/owners/requests/${id}`, { action: 'decline' }, { headers: owner.headers });
  }
  await refreshReplyTimes(api.database);
}, 120_000);
afterAll(async () => {
  await stop?.();
});

/** The monthly summaries that reached `email` (not its sign-in codes or time requests), oldest first. */
const mailTo = (email: string) =>
  mail.messages.filter(
    (m) =>
      /^Your (listing|\d+ listings) on Glow in /.test(m.subject ?? '') &&
      [m.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === email)),
  );
const header = (m: (typeof mail.messages)[number], key: string) => m.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');
/** A link of the email, moved onto the test server (the email names SITE_URL, which is the test server too). */
const local = (url: string) => `${api.base}${new URL(url).pathname}${new URL(url).search}`;

describe('the monthly email', () => {
  it('runs hourly, at work on the 1st and 2nd of the month, and reports the month before', () => {
    expect(monthlyConfig.schedule).toBe('@hourly');
    expect(MONTHLY_MAIL_DAYS).toBe(2);
    expect(previousMonth(new Date('2026-03-01T05:00:00Z'))).toBe('2026-02');
    expect(previousMonth(new Date('2026-01-01T00:00:00Z'))).toBe('2025-12');
  });

  it('sums the month up in plain text and HTML, with a one-click unsubscribe', async () => {
    const run = await sendMonthlySummaries(thisMonth);
    expect(run).toEqual({ queued: 2, sent: 2 });
    const [message] = mailTo(owner.email);
    // A listing is named by its Glow address, never by its name (docs/owners.md "Email").
    expect(message!.subject).toMatch(/^Your listing on Glow in \w+ \d{4}: 3 views, 1 call$/);
    expect(message!.text).toContain(
      `/provider/${listing.slug}: 3 views, 0 search appearances, 1 call, 1 direction request, 0 website clicks, 0 booking-link clicks, 3 requests, 3 replies, replied in about 1 hour.`,
    );
    expect(message!.text).not.toContain(listing.name);
    expect(message!.text).toContain(`/business/insights/${listing.id}`);
    expect(message!.html).toContain('<strong>');
    expect(message!.html).toContain('Stop these emails</a>');
    expect(header(message!, 'list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/api\/insights\/unsubscribe\?u=[^&]+&t=[\w-]+>$/);
    expect(header(message!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('goes once per owner and month, even when run again or twice at once', async () => {
    const before = mail.messages.length;
    expect(await sendMonthlySummaries(thisMonth)).toEqual({ queued: 0, sent: 0 });
    // Two runs at once (a retry overlapping a slow run): over a file, one may find the database
    // locked and fail as a whole; the next run then finishes the month, and nobody gets two.
    const twice = await Promise.allSettled([sendMonthlySummaries('2026-01'), sendMonthlySummaries('2026-01')]);
    expect(twice.some((r) => r.status === 'fulfilled')).toBe(true);
    await sendMonthlySummaries('2026-01');
    expect(await sendMonthlySummaries('2026-01')).toEqual({ queued: 0, sent: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.length).toBe(before + 2);
    expect(mailTo(owner.email).map((m) => m.subject)).toEqual([expect.stringContaining(' in '), expect.stringContaining(' in January 2026: ')]);
  });

  it('a send that fails stays in the outbox and goes on its retry, still once', async () => {
    const smtp = mail.url;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    const failed = await sendMonthlySummaries('2026-02');
    process.env.SMTP_URL = smtp;
    expect(failed).toEqual({ queued: 2, sent: 0 });
    expect(await sendMonthlySummaries('2026-02')).toEqual({ queued: 0, sent: 0 });
    expect(await deliverOutbox(api.database, new Date(Date.now() + 5 * 60_000))).toMatchObject({ sent: 2 });
  });

  it('the scheduled function sends last month’s summary once, on the first days of the month only', async () => {
    const before = mailTo(owner.email).length;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${thisMonth}-15T10:00:00Z`) });
    expect((await monthly()).status).toBe(204);
    vi.setSystemTime(new Date(`${thisMonth}-01T10:00:00Z`));
    expect((await monthly()).status).toBe(204);
    expect((await monthly()).status).toBe(204);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailTo(owner.email)).toHaveLength(before + 1);
    expect(mailTo(owner.email).at(-1)!.text).toContain(`/provider/${listing.slug}: 0 views`);
  });
});

describe('unsubscribing', () => {
  it('refuses a wrong or incomplete link and changes nothing', async () => {
    const link = header(mailTo(owner.email)[0]!, 'list-unsubscribe')!.slice(1, -1);
    const forged = new URL(local(link));
    forged.searchParams.set('t', 'A'.repeat(43));
    const res = await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error).toBe('This unsubscribe link is not valid. Turn the monthly email off in your dashboard instead.');
    const incomplete = await fetch(`${api.base}/api/insights/unsubscribe?u=${encodeURIComponent(forged.searchParams.get('u')!)}`, { method: 'POST' });
    expect(incomplete.status).toBe(400);
    const setting = await api.get('/api/owners/insights-mail', { headers: { Cookie: owner.cookie } });
    expect(await setting.json()).toEqual({ monthly: true });
  });

  it('one click (a mail provider’s POST, from anywhere) turns it off, and no summary follows', async () => {
    const link = header(mailTo(owner.email)[0]!, 'list-unsubscribe')!.slice(1, -1);
    const res = await fetch(local(link), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.net' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ monthly: false });
    expect(await (await api.get('/api/owners/insights-mail', { headers: { Cookie: owner.cookie } })).json()).toEqual({ monthly: false });
    const ownerMail = mailTo(owner.email).length;
    const strangerMail = mailTo(stranger.email).length;
    expect(await sendMonthlySummaries('2026-03')).toEqual({ queued: 1, sent: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailTo(owner.email)).toHaveLength(ownerMail);
    expect(mailTo(stranger.email)).toHaveLength(strangerMail + 1);
  });
});

describe('the setting in /business', () => {
  const path = '/api/owners/insights-mail';
  const put = (headers: Record<string, string>, body: unknown) =>
    fetch(api.base + path, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('refuses no session (401), another Origin (403) and bad input (400), changing nothing', async () => {
    expect((await api.get(path)).status).toBe(401);
    expect((await put({ Origin: api.base }, { monthly: true })).status).toBe(401);
    expect((await put({ ...owner.headers, Origin: 'https://elsewhere.example.net' }, { monthly: true })).status).toBe(403);
    const bad = await put(owner.headers, { monthly: 'yes' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).error).toBe('monthly must be true or false');
    expect(await (await api.get(path, { headers: { Cookie: owner.cookie } })).json()).toEqual({ monthly: false });
  });

  it('turns it back on for this account only', async () => {
    const res = await put(owner.headers, { monthly: true });
    expect(await res.json()).toEqual({ monthly: true });
    expect(await (await api.get(path, { headers: { Cookie: stranger.cookie } })).json()).toEqual({ monthly: true });
    expect(await sendMonthlySummaries('2026-04')).toEqual({ queued: 2, sent: 2 });
  });
});

describe('retention', () => {
  it('runs hourly', () => {
    expect(retentionConfig.schedule).toBe('@hourly');
    expect(keptFrom(new Date('2026-11-28T12:00:00Z'))).toBe('2025-05-28');
  });

  it('deletes counts older than 18 months and visit hashes of past days, keeping the rest', async () => {
    const { db } = api.database;
    const now = new Date();
    const old = keptFrom(now);
    const dayBefore = new Date(Date.parse(`${old}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto('insight_counts')
      .values([
        { providerId: listing.id, day: dayBefore, measure: 'view', count: 5 },
        { providerId: listing.id, day: old, measure: 'view', count: 7 },
      ])
      .execute();
    await db.insertInto('insight_visits').values({ key: '2020-01-01|yesterdays-visitor-hash' }).execute();
    const todays = (await db.selectFrom('insight_visits').select('key').where('key', '>=', utcDay(now)).execute()).length;
    expect(todays).toBeGreaterThan(0);
    const deleted = await deleteExpired(api.database, now);
    expect(deleted).toMatchObject({ counts: 1, visits: 1, unfinished: false });
    const days = (await db.selectFrom('insight_counts').select('day').where('providerId', '=', listing.id).execute()).map((r) => r.day);
    expect(days).toContain(old);
    expect(days).not.toContain(dayBefore);
    expect(await db.selectFrom('insight_visits').select('key').execute()).toHaveLength(todays);
    expect((await retention()).status).toBe(204);
  });
});
