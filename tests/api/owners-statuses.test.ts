/**
 * Owners' statuses in search, suggestions and lists (docs/owners.md "Statuses"), set through the
 * owner API over real HTTP with a code read from a real SMTP server, over a file and over sqld:
 * temporarily closed leaves open-now searches at the next request and comes back on its day with no
 * write by anyone (the day driven through closedUntil, not by waiting); permanently closed leaves
 * search, suggestions and the featured list, while its provider stays readable.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api';
import { editOf, ownerListingOf, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import ownerRebuilds from '../../functions/owner-rebuilds.mts';
import { featuredProviders } from '../../src/features/content/siteData.server';
import { todayIn } from '../../src/features/providers/listingStatus';
import { approveService, moderateListing } from '../../src/features/moderation/moderation.server';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
/** A real HTTP build hook: counts the rebuilds asked for. */
let hook: Server;
let rebuilds = 0;
let owner: SignedInOwner;
let listing: { id: string; slug: string; name: string; email: string; city: string; state: string; timeZone: string };
/** A service only this listing offers, so its suggestion is this listing's alone. */
const SERVICE = 'Zephyrine Glow Facial';
const ALL_DAY = '12:00 AM - 12:00 AM';

beforeAll(async () => {
  hook = createServer((req, res) => {
    if (req.method === 'POST') rebuilds++;
    res.end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  ({ api, mail, stop } = await startOwnerApi({ buildHookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build` }));
  // A featured listing (promoted or rated 4.8 and up) with an email to claim it by.
  const featured = await featuredProviders(api.database);
  const pick = featured.find((p) => p.email);
  if (!pick) throw new Error('the seed has no featured listing with an email');
  listing = pick as unknown as typeof listing;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  // Open at every hour of the week (so openNow=true finds it whenever this runs) and offering a service of its own.
  const edit = { ...editOf(await current()), openingHours: Object.fromEntries(DAYS.map((d) => [d, ALL_DAY])) };
  edit.services = [...(edit.services as string[]), SERVICE];
  expect((await put(edit)).status).toBe(200);
  // A new service name joins suggestions only once an operator approves it (docs/owners.md "Which listings are vetted").
  await approveService(api.database, { target: SERVICE, reason: 'The business offers this facial', actor: 'ops-test' });
});
afterAll(async () => {
  await stop?.();
  await new Promise((resolve) => hook?.close(resolve));
});

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const current = () => ownerListingOf(api, owner, listing.id);
const put = (body: unknown) =>
  fetch(`${api.base}/api/owners/listings/${listing.id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...owner.headers },
    body: JSON.stringify(body),
  });
const setStatus = async (status: string, closedUntil: string | null = null) => {
  const res = await put({ ...editOf(await current()), status, closedUntil });
  expect(res.status, await res.clone().text()).toBe(200);
};
/** The ids a search answers, and its total. */
const searchIds = async (query: string) => {
  const res = await api.get(`/api/search?${query}&limit=100`);
  expect(res.status).toBe(200);
  return { ids: ((await res.json()) as { id: string }[]).map((p) => p.id), total: Number(res.headers.get('x-total-count')) };
};
const byName = () => `query=${encodeURIComponent(`"${listing.name}"`)}`;
const suggested = async () => {
  const res = await api.get(`/api/suggest?q=${encodeURIComponent('zephyrine')}`);
  return ((await res.json()) as { services: { label: string }[] }).services.map((s) => s.label);
};
/** A day `days` after today on the listing's own clock (YYYY-MM-DD). */
const dayFromToday = (days: number) => {
  const [y, m, d] = todayIn(listing.timeZone).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

describe('temporarily closed', () => {
  it('leaves open-now searches at the next request, stays in other searches, and is back on its day by itself', async () => {
    const openNow = `openNow=true&${byName()}`;
    expect((await searchIds(openNow)).ids).toContain(listing.id);
    const cityOpen = `openNow=true&location=${encodeURIComponent(`${listing.city}, ${listing.state}`)}`;
    const before = await searchIds(cityOpen);
    expect(before.ids).toContain(listing.id);

    const asked = rebuilds;
    await setStatus('temporarily_closed', dayFromToday(1));
    // The pre-built grids (home, cities, landings) are asked to follow: their cards must not say "Open now".
    // The owners' rebuild runs every few minutes from their own budget (docs/owners.md "Budgets").
    expect(rebuilds).toBe(asked);
    await ownerRebuilds();
    expect(rebuilds).toBe(asked + 1);
    expect((await searchIds(openNow)).ids).not.toContain(listing.id);
    const during = await searchIds(cityOpen);
    expect(during.ids).not.toContain(listing.id);
    expect(during.total).toBe(before.total - 1);
    // Not open now, but still a listing: found by name, with its status.
    const found = await api.get(`/api/search?${byName()}`);
    const item = ((await found.json()) as { id: string; status: string; closedUntil: string }[]).find((p) => p.id === listing.id);
    // Never shown open: not even the open-for-business flag a page falls back on.
    expect(item).toMatchObject({ status: 'temporarily_closed', closedUntil: dayFromToday(1), isOpen: false });

    // The day comes (today on the listing's clock is its closedUntil): open again, with no write by anyone but the calendar.
    await api.database.db
      .updateTable('providers')
      .set({ closedUntil: todayIn(listing.timeZone) })
      .where('id', '=', listing.id)
      .execute();
    expect((await searchIds(openNow)).ids).toContain(listing.id);
    expect(await searchIds(cityOpen)).toEqual(before);
    expect(await (await api.get(`/api/providers/by-slug/${listing.slug}`)).json()).toMatchObject({ status: 'open', closedUntil: null, isOpen: true });
    // A day already past likewise.
    await api.database.db
      .updateTable('providers')
      .set({ closedUntil: dayFromToday(-3) })
      .where('id', '=', listing.id)
      .execute();
    expect((await searchIds(openNow)).ids).toContain(listing.id);
    await setStatus('open');
    await ownerRebuilds();
    // An edit that changes no status asks for no rebuild.
    const edit = editOf(await current());
    expect((await put({ ...edit, description: `${edit.description} Walk-ins welcome.` })).status).toBe(200);
    await ownerRebuilds();
    expect(rebuilds).toBe(asked + 2);
  });
});

describe('permanently closed', () => {
  it('leaves search, suggestions and the featured list; its provider stays readable; reopening brings it all back', async () => {
    const cityQuery = `location=${encodeURIComponent(`${listing.city}, ${listing.state}`)}`;
    const city = await searchIds(cityQuery);
    expect(city.ids).toContain(listing.id);
    expect((await searchIds(byName())).ids).toContain(listing.id);
    expect(await suggested()).toContain(SERVICE);
    expect((await featuredProviders(api.database)).map((p) => p.id)).toContain(listing.id);
    const cityCount = async () =>
      Number(
        (await api.database.db.selectFrom('city_counts').select('n').where('city', '=', listing.city).where('state', '=', listing.state).executeTakeFirst())?.n,
      );
    const counted = await cityCount();

    await setStatus('permanently_closed');
    expect((await searchIds(byName())).ids).not.toContain(listing.id);
    const after = await searchIds(cityQuery);
    expect(after.ids).not.toContain(listing.id);
    expect(after.total).toBe(city.total - 1);
    expect((await searchIds(`verified=true&${cityQuery}`)).ids).not.toContain(listing.id);
    expect(await suggested()).not.toContain(SERVICE);
    expect((await featuredProviders(api.database)).map((p) => p.id)).not.toContain(listing.id);
    expect(await cityCount()).toBe(counted - 1);
    // Its provider is still there for people who look it up by name (the page: tests/site/owners-listing.test.ts).
    const read = await api.get(`/api/providers/by-slug/${listing.slug}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { status: string }).status).toBe('permanently_closed');
    // A moderator hiding and restoring it meanwhile brings none of it back: it is still closed.
    const input = { target: listing.slug, reason: 'Checking a report', actor: 'ops-jordan' };
    await moderateListing(api.database, 'hide-listing', input);
    await moderateListing(api.database, 'restore-listing', input);
    expect(await suggested()).not.toContain(SERVICE);
    expect((await searchIds(cityQuery)).total).toBe(city.total - 1);
    expect(await cityCount()).toBe(counted - 1);

    await setStatus('open');
    expect(await searchIds(cityQuery)).toEqual(city);
    expect(await suggested()).toContain(SERVICE);
    expect((await featuredProviders(api.database)).map((p) => p.id)).toContain(listing.id);
    expect(await cityCount()).toBe(counted);
  });
});
