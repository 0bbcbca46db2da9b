/**
 * Owner insights over real HTTP (docs/insights.md), over a libSQL file and over sqld: beacons
 * counted without cookies, once per visitor and window; opted-out visitors and crawlers count
 * nothing; a beacon naming another listing counts once per visitor; time requests and replies
 * come from the requests feature; the report and its CSV for the owner only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import { sendRequest } from '../helpers/requests';
import type { TestMailbox } from '../helpers/smtp';
import type { RequestOptions } from '../../src/features/requests';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let stranger: SignedInOwner;
let listing: { id: string; email: string };
let other: { id: string; email: string };
let third: string;

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANOTHER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const rows = await api.database.db.selectFrom('providers').select(['id', 'email']).where('email', 'is not', null).orderBy('seq').limit(3).execute();
  [listing, other] = rows as (typeof listing)[];
  third = rows[2]!.id;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  stranger = await signInOwner(api, mail, api.base, other.email, other.id);
});
afterAll(async () => {
  await stop?.();
});

/** A beacon as a browser's sendBeacon posts it: a form body, our Origin, the visitor's user agent. */
function beacon(event: string, listings: string[], headers: Record<string, string> = {}) {
  const body = new URLSearchParams({ event });
  for (const id of listings) body.append('listing', id);
  return fetch(`${api.base}/api/insights/beacon`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.base, 'User-Agent': BROWSER, ...headers },
    body,
  });
}

async function counts(providerId: string): Promise<Record<string, number>> {
  const rows = await api.database.db.selectFrom('insight_counts').select(['measure', 'count']).where('providerId', '=', providerId).execute();
  return Object.fromEntries(rows.map((r) => [r.measure, r.count]));
}

describe('counting', () => {
  it('counts a view once per visitor and day, and another visitor apart', async () => {
    for (let i = 0; i < 3; i++) expect((await beacon('view', [listing.id])).status).toBe(204);
    expect(await counts(listing.id)).toEqual({ view: 1 });
    await beacon('view', [listing.id], { 'User-Agent': ANOTHER_BROWSER });
    expect(await counts(listing.id)).toEqual({ view: 2 });
  });

  it('counts a click once per visitor, listing and kind in an hour', async () => {
    await beacon('call', [listing.id]);
    await beacon('call', [listing.id]);
    await beacon('directions', [listing.id]);
    await beacon('website', [listing.id]);
    await beacon('website', [listing.id]);
    expect(await counts(listing.id)).toEqual({ view: 2, call: 1, directions: 1, website: 1 });
  });

  it('counts nothing for Sec-GPC, DNT or a crawler, and still answers 204', async () => {
    const before = await counts(other.id);
    expect((await beacon('view', [other.id], { 'Sec-GPC': '1', 'User-Agent': 'GPC browser/1.0' })).status).toBe(204);
    expect((await beacon('view', [other.id], { DNT: '1', 'User-Agent': 'DNT browser/1.0' })).status).toBe(204);
    expect((await beacon('view', [other.id], { 'User-Agent': GOOGLEBOT })).status).toBe(204);
    expect((await beacon('view', [other.id], { 'User-Agent': '' })).status).toBe(204);
    expect(await counts(other.id)).toEqual(before);
    const stored = await api.database.db.selectFrom('insight_counts').select('providerId').where('providerId', '=', other.id).execute();
    expect(stored).toEqual([]);
  });

  it('a beacon sent from another listing’s page cannot inflate this one beyond one per visitor', async () => {
    // Fifty beacons naming `third`, as a script on some other page might send them.
    await Promise.all(Array.from({ length: 50 }, () => beacon('view', [third], { 'User-Agent': ANOTHER_BROWSER })));
    expect(await counts(third)).toEqual({ view: 1 });
  });

  it('counts search appearances in one batch, once per visitor and listing a day', async () => {
    const ids = (await api.database.db.selectFrom('providers').select('id').orderBy('seq').limit(20).offset(10).execute()).map((r) => r.id);
    expect((await beacon('search', ids)).status).toBe(204);
    expect((await beacon('search', ids.slice(0, 5))).status).toBe(204);
    const rows = await api.database.db.selectFrom('insight_counts').select(['providerId', 'count']).where('measure', '=', 'search').execute();
    expect(rows.map((r) => r.count)).toEqual(ids.map(() => 1));
  });

  it('refuses another Origin (403) and bad input (400), counting nothing', async () => {
    const forged = await beacon('view', [other.id], { Origin: 'https://elsewhere.example.net' });
    expect(forged.status).toBe(403);
    const bad = await beacon('like', [other.id]);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).error).toBe('event must be one of view, search, call, directions, website, booking');
    const two = await beacon('view', [other.id, third]);
    expect((await errorOf(two)).error).toBe('Only a search names more than one listing');
    const none = await beacon('view', []);
    expect((await errorOf(none)).error).toBe('Name the listing');
    expect((await beacon('view', ['no-such-listing'])).status).toBe(204);
    expect(await api.database.db.selectFrom('insight_counts').select('providerId').where('providerId', 'in', [other.id, 'no-such-listing']).execute()).toEqual(
      [],
    );
    expect((await fetch(`${api.base}/api/insights/beacon`, { method: 'GET' })).status).toBe(405);
  });

  it('stores no address, user agent or cookie: only hashes of the day', async () => {
    const keys = (await api.database.db.selectFrom('insight_visits').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^\d{4}-\d{2}-\d{2}\|[\w-]{22}$/);
    const res = await beacon('view', [listing.id]);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('the report', () => {
  const path = () => `/api/owners/listings/${listing.id}/insights`;

  it('counts time requests on the day they are sent and replies on the day of the first answer (docs/insights.md "Requests and replies")', async () => {
    const options = (await (await api.get(`/api/providers/${listing.id}/request-options`)).json()) as RequestOptions;
    expect(options.takesRequests).toBe(true);
    const ask = (email: string) =>
      sendRequest(api, mail, {
        providerId: listing.id,
        service: options.services[0]!,
        windows: [{ date: options.openDates[2]!, part: 'afternoon' }],
        name: 'Robin Example',
        email,
      });
    const first = (await (await ask('robin@example.com')).json()) as { id: string };
    const second = await ask('kai@example.com');
    expect(second.status).toBe(201);
    // The owner answers the first; a second answer to it is not a second reply.
    expect((await api.post(`/api/owners/requests/${first.id}`, { action: 'accept', windowIndex: 0 }, { headers: owner.headers })).status).toBe(200);
    expect((await api.post(`/api/owners/requests/${first.id}`, { action: 'cancel' }, { headers: owner.headers })).status).toBe(200);
    const report = (await (await api.get(path(), { headers: { Cookie: owner.cookie } })).json()) as { measures: { key: string; daily: number[] }[] };
    const today = (key: string) => report.measures.find((m) => m.key === key)!.daily.at(-1);
    expect([today('request'), today('reply')]).toEqual([2, 1]);
  });

  it('is for the listing’s owner only: 401 without a session, 403 for another owner', async () => {
    expect((await api.get(path())).status).toBe(401);
    expect((await api.get(path(), { headers: { Cookie: stranger.cookie } })).status).toBe(403);
  });

  it('shows the last 30 days against the 30 before', async () => {
    const res = await api.get(path(), { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      days: string[];
      previousDays: string[];
      measures: { key: string; total: number; previousTotal: number; daily: number[] }[];
    };
    expect(report.days).toHaveLength(30);
    expect(report.previousDays).toHaveLength(30);
    expect(report.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const totals = Object.fromEntries(report.measures.map((m) => [m.key, m.total]));
    expect(totals).toEqual({ view: 2, search: 0, call: 1, directions: 1, website: 1, booking: 0, request: 2, reply: 1 });
    expect(report.measures.find((m) => m.key === 'view')!.daily.at(-1)).toBe(2);
  });

  it('downloads as CSV with a header row', async () => {
    const res = await api.get(`${path()}?format=csv`, { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="glow-insights-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,period,view,search,call,directions,website,booking,request,reply');
    expect(lines).toHaveLength(61);
    expect(lines.at(-1)).toBe(`${new Date().toISOString().slice(0, 10)},current,2,0,1,1,1,0,2,1`);
    expect((await api.get(`${path()}?format=xml`, { headers: { Cookie: owner.cookie } })).status).toBe(400);
  });
});
