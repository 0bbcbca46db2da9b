/**
 * A claimed listing on its page, and the owner's edits (docs/owners.md): the claim button, the
 * "Verified business" badge and "Managed by the business"; an edit of hours shown at the next
 * request with "Updated by the business on {date}", audited and purged; every edit call refused
 * without a session, for another owner and from another Origin; statuses on the page and in the API.
 * Runs `npm start`'s server on a fresh database (a file, or sqld) with a real SMTP server; needs a build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, validListing, type TestApi } from '../helpers/api';
import { editOf, ownerListingOf, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import { recordPurges } from '../helpers/purges';
import { addDays, formatDay, todayIn } from '../../src/features/providers/listingStatus';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let stranger: SignedInOwner;
const purges = recordPurges();
const SLUG = 'lacquer-lace-nail-studio-new-york';
let listing: { id: string; name: string; email: string };

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi({ site: true }));
  listing = (await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as typeof listing;
});
afterAll(async () => {
  await stop?.();
});

const page = async () => (await api.get(`/provider/${SLUG}`)).text();
const put = (body: unknown, headers: Record<string, string>) =>
  fetch(`${api.base}/api/owners/listings/${listing.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

const current = () => ownerListingOf(api, owner, listing.id);

describe('claiming', () => {
  it('an unclaimed page offers "Claim this business" (its dialog loads on click) and no badge', async () => {
    const html = await page();
    expect(html).toMatch(new RegExp(`<button[^>]*data-claim="${listing.id}"[^>]*>Claim this business</button>`));
    expect(html).toContain('Is this your business?');
    expect(html).not.toContain('Verified business');
  });

  it('a claimed page shows "Verified business" and "Managed by the business" at the next request', async () => {
    owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
    expect(purges.calls.flat()).toContain(`provider-${listing.id}`);
    const html = await page();
    expect(html).toContain('Verified business');
    expect(html).toContain('Managed by the business');
    expect(html).not.toContain('data-claim=');
  });
});

describe("the owner's edits", () => {
  it('an edit of hours is on the page at the next request, with "Updated by the business on {date}", audited and purged', async () => {
    const before = await current();
    const hours = { ...(before.openingHours as Record<string, string>), monday: '7:00 AM - 11:00 AM' };
    const res = await put({ ...editOf(before), openingHours: hours }, owner.headers);
    expect(res.status).toBe(200);
    const saved = (await res.json()) as { openingHours: Record<string, string>; ownerUpdatedAt: string };
    expect(saved.openingHours.monday).toBe('7:00 AM - 11:00 AM');
    expect(purges.calls.flat()).toEqual(expect.arrayContaining([`provider-${listing.id}`, 'search', 'sitemap-providers']));

    const html = await page();
    expect(html).toContain('7:00 AM - 11:00 AM');
    const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(saved.ownerUpdatedAt));
    expect(html).toContain(`Updated by the business on ${day}`);
    expect(html).toContain('Verified business');

    const audit = await api.database.db.selectFrom('owner_audit').selectAll().where('providerId', '=', listing.id).where('action', '=', 'edit').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(listing.email.toLowerCase());
    expect(JSON.parse(audit[0]!.before!)).toEqual({ openingHours: JSON.stringify(before.openingHours) });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ openingHours: JSON.stringify(hours) });

    // The open-now copy follows: a search for what is open reads the new hours rows.
    const rows = await api.database.db
      .selectFrom('provider_hours')
      .innerJoin('providers', 'providers.seq', 'provider_hours.providerSeq')
      .select(['openMinute', 'closeMinute'])
      .where('providers.id', '=', listing.id)
      .orderBy('openMinute')
      .execute();
    expect(rows[0]).toEqual({ openMinute: 7 * 60, closeMinute: 11 * 60 });
  });

  it('refuses bad input with the forms’ own messages and changes nothing', async () => {
    const before = await current();
    const res = await put({ ...editOf(before), phone: '555', openingHours: { ...(before.openingHours as object), friday: 'all day' } }, owner.headers);
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'phone', message: 'Please enter a valid phone number' },
        { path: 'openingHours.friday', message: 'Hours must read like "9:00 AM - 6:00 PM" or "Closed"' },
      ]),
    );
    const closed = await put({ ...editOf(before), status: 'temporarily_closed', closedUntil: null }, owner.headers);
    expect((await errorOf(closed)).issues).toEqual([{ path: 'closedUntil', message: 'Choose the date you reopen' }]);
    expect(await current()).toEqual(before);
  });

  it('answers 401 without a session, 403 for another owner and from another Origin, and changes nothing', async () => {
    const other = await api.database.db
      .selectFrom('providers')
      .select(['id', 'email'])
      .where('slug', '=', 'hudson-polish-bar-new-york')
      .executeTakeFirstOrThrow();
    stranger = await signInOwner(api, mail, api.base, other.email!, other.id);
    const before = await current();
    const edit = { ...editOf(before), description: 'Taken over.' };
    expect((await put(edit, { Origin: api.base })).status).toBe(401);
    expect((await put(edit, stranger.headers)).status).toBe(403);
    expect((await api.get(`/api/owners/listings/${listing.id}`, { headers: { Cookie: stranger.cookie } })).status).toBe(403);
    expect((await api.get(`/api/owners/listings/${listing.id}`)).status).toBe(401);
    const foreign = await put(edit, { ...owner.headers, Origin: 'https://evil.example.net' });
    expect(foreign.status).toBe(403);
    expect((await put(edit, { 'Content-Type': 'application/json', Cookie: owner.cookie })).status).toBe(403);
    expect(await current()).toEqual(before);
  });
});

describe('statuses', () => {
  it('temporarily closed: a banner with the date, never "Open now", valid JSON-LD, the API says so; it reopens by itself on the day', async () => {
    const before = await current();
    // A reopening day within the year a closure may last (docs/security.md "Input edges").
    const reopens = addDays(todayIn('UTC'), 200);
    const res = await put({ ...editOf(before), status: 'temporarily_closed', closedUntil: reopens }, owner.headers);
    expect(res.status).toBe(200);
    const res1 = await api.get(`/provider/${SLUG}`);
    const html = await res1.text();
    expect(html).toContain(`Temporarily closed until ${formatDay(reopens)}`);
    expect(html).not.toContain('Open now');
    expect(jsonLd(html).length).toBeGreaterThan(0);
    // The CDN keeps a closed page until the next midnight on the listing's clock at most: its day may come then.
    const sMaxAge = Number(/s-maxage=(\d+), stale-while-revalidate=0$/.exec(res1.headers.get('netlify-cdn-cache-control') ?? '')?.[1]);
    expect(sMaxAge).toBeGreaterThan(0);
    expect(sMaxAge).toBeLessThanOrEqual(86_400);
    const api1 = (await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as { status: string; closedUntil: string };
    expect(api1).toMatchObject({ status: 'temporarily_closed', closedUntil: reopens });

    // The day has come: the listing is open again without anyone touching it.
    await api.database.db.updateTable('providers').set({ closedUntil: '2000-01-01' }).where('id', '=', listing.id).execute();
    expect(await page()).not.toContain('Temporarily closed until');
    expect(((await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as { status: string }).status).toBe('open');
  });

  it('a reopening date that is not after today is refused', async () => {
    const res = await put({ ...editOf(await current()), status: 'temporarily_closed', closedUntil: '2001-01-01' }, owner.headers);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toBe('The reopening date must be after today');
  });

  it('permanently closed: the page stays, with a banner and no call button', async () => {
    const res = await put({ ...editOf(await current()), status: 'permanently_closed', closedUntil: null }, owner.headers);
    expect(res.status).toBe(200);
    const html = await page();
    expect(html).toContain('Permanently closed');
    expect(html).not.toMatch(/class="btn-primary"[^>]*>Call /);
    expect(html).not.toMatch(/href="tel:[^"]*" class="btn-primary"/);
    expect(html).not.toContain('Open now');
    // The page stays (200) for people who look the name up; search lists it no more.
    expect((await api.get(`/provider/${SLUG}`)).status).toBe(200);
    const found = await api.get(`/api/search?query=${encodeURIComponent(`"${listing.name}"`)}&limit=100`);
    expect(((await found.json()) as { id: string }[]).map((p) => p.id)).not.toContain(listing.id);
    await put({ ...editOf(await current()), status: 'open', closedUntil: null }, owner.headers);
  });
});

describe('responses to reviews', () => {
  it('a response is in the page HTML under its review, as "Response from {business name}" with its date', async () => {
    const [review] = (await (await api.get(`/api/providers/${listing.id}/reviews`)).json()) as { id: string; customerName: string }[];
    const res = await api.post(
      '/api/owners/replies',
      { reviewId: review!.id, body: 'Thank you for coming in, see you next month!' },
      { headers: owner.headers },
    );
    expect(res.status).toBe(201);
    const html = await page();
    const at = html.indexOf(`Response from ${listing.name.replace(/&/g, '&amp;')}`);
    expect(at).toBeGreaterThan(html.indexOf(review!.customerName));
    expect(html.slice(at, at + 600)).toContain('Thank you for coming in, see you next month!');
    expect(html.slice(at, at + 400)).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}T/);
  });
});

describe('a listing its applicant made and claimed (issue 37: vetted is independent)', () => {
  it('says "New listing, not yet verified", is not indexed and shows no "Verified business", though managed', async () => {
    const email = 'hello@copycat-nails.example.net';
    const res = await api.post('/api/providers', validListing({ slug: undefined, name: 'Copycat Nail Parlor', address: '3 Copy Lane', email }), {
      headers: { 'Content-Type': 'application/json', Origin: api.base },
    });
    const created = (await res.json()) as { id: string; slug: string };
    await signInOwner(api, mail, api.base, email, created.id);
    const html = await (await api.get(`/provider/${created.slug}`)).text();
    expect(html).toContain('New listing, not yet verified');
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toContain('Managed by the business');
    expect(html).not.toContain('Verified business');
  });
});
