/**
 * Trust, as an attacker tries it (issue 37, docs/owners.md "Which listings are vetted"): over real
 * HTTP with codes read from a real SMTP server, over a file and over sqld.
 *
 * - Listing a copy of a business with an address one controls and entering its code earns no
 *   "Verified business", no index, no sitemap entry and no place in suggestions or city counts.
 * - An address at a free-mail or platform domain never proves a listing by its website.
 * - A lookalike name (Cyrillic letters, full-width letters, invisible characters, digits for
 *   letters) is the same name, in the same city or a nearby one: held for an operator.
 * - An owner's new service name reaches nobody's suggestions until an operator approves it.
 * - Premium-rate numbers are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveListing, approveService, unvetListing } from '../../src/features/moderation/moderation.server';
import { openServiceRequests } from '../../src/features/suggestions/serviceRequests.server';
import { errorOf, validListing, type TestApi } from '../helpers/api';
import { editOf, ownerListingOf, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
});
afterAll(async () => {
  await stop?.();
});

const headers = () => ({ 'Content-Type': 'application/json', Origin: api.base });
const send = (path: string, body: unknown) => api.post(path, body, { headers: headers() });
const ops = { reason: 'Checked with the business by phone', actor: 'ops-test' };

/** Lists a business through the popup; approved (vetted) when `vet`. */
async function list(overrides: Record<string, unknown>, vet = false): Promise<{ id: string; slug: string }> {
  const res = await send('/api/providers', validListing({ slug: undefined, ...overrides }));
  expect(res.status, await res.clone().text()).toBe(201);
  const created = (await res.json()) as { id: string; slug: string };
  if (vet) await approveListing(api.database, { target: created.slug, ...ops });
  return created;
}

const verifiedSearch = async (query: string) =>
  ((await (await api.get(`/api/search?verified=true&query=${encodeURIComponent(query)}`)).json()) as { slug: string }[]).map((p) => p.slug);
const suggested = async (q: string) => {
  const body = (await (await api.get(`/api/suggest?q=${encodeURIComponent(q)}`)).json()) as { locations: { label: string }[]; services: { label: string }[] };
  return [...body.locations, ...body.services].map((s) => s.label.toLowerCase());
};
const terms = async (like: string) =>
  (await api.database.client.execute({ sql: 'SELECT kind, term, n FROM search_terms WHERE term LIKE ? ORDER BY kind', args: [like] })).rows.map((r) => ({
    kind: r.kind,
    term: r.term,
    n: Number(r.n),
  }));

describe('vetted is independent of the applicant', () => {
  it('a copy listed with an address the attacker controls, claimed with its code, earns no badge, index, sitemap entry, suggestion or city count', async () => {
    const attacker = 'bookings@pewter-lane.example.net';
    const copy = await list({
      name: 'Pewter Lane Nail Atelier',
      address: '40 Pewter Lane',
      city: 'Chicago Free Gift Cards at evil dot com',
      state: 'IL',
      zipCode: '60601',
      phone: '(312) 555-0148',
      email: attacker,
      website: 'https://pewter-lane.example.net',
    });
    // The applicant's code, mailed at once, and a second address at "its" website's domain: both typed by the attacker.
    const signIn = await send('/api/owners/sign-in', { email: attacker, code: await mail.code(attacker), providerId: copy.id });
    expect(signIn.status).toBe(200);
    const colleague = 'frontdesk@pewter-lane.example.net';
    expect((await send('/api/owners/code', { email: colleague, providerId: copy.id })).status).toBe(409);
    const owners = await api.database.db.selectFrom('listing_owners').selectAll().where('providerId', '=', copy.id).execute();
    expect(owners).toEqual([expect.objectContaining({ email: attacker, via: 'new-listing' })]);
    const row = await api.database.db.selectFrom('providers').select(['vetted_at', 'vetted_by']).where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ vetted_at: null, vetted_by: null });
    expect(await verifiedSearch('Pewter Lane Nail Atelier')).not.toContain(copy.slug);
    expect(await (await api.get('/sitemap-providers-0.xml')).text()).not.toContain(copy.slug);
    expect((await suggested('chicago free')).some((l) => l.includes('evil'))).toBe(false);
    const counted = await api.database.client.execute({
      sql: 'SELECT count(*) AS n FROM city_counts WHERE city = ? AND n > 0',
      args: ['Chicago Free Gift Cards at evil dot com'],
    });
    expect(Number(counted.rows[0]!.n)).toBe(0);
    // Search still finds it by name: it is live, just not vouched for.
    const found = (await (await api.get('/api/search?query=Pewter%20Lane%20Nail%20Atelier')).json()) as { slug: string }[];
    expect(found.map((p) => p.slug)).toContain(copy.slug);
  });

  it('an address at a free-mail or platform domain never proves a listing whose website is there', async () => {
    for (const [i, website] of [
      'https://booksy.com/en-us/12345_tin-roof-brows',
      'https://www.instagram.com/tinroofbrows',
      'https://gmail.com',
      'https://tinroof.vagaro.com',
    ].entries()) {
      const listing = await list(
        { name: `Tin Roof Brow Room ${i + 1}`, address: `${i + 1} Tin Roof Way`, phone: `(208) 555-017${i}`, email: `desk${i}@tinroof.example.org`, website },
        true,
      );
      const host = new URL(/^https?:/.test(website) ? website : `https://${website}`).hostname.replace(/^www\./, '');
      const before = mail.messages.length;
      const res = await send('/api/owners/code', { email: `anyone@${host}`, providerId: listing.id });
      expect(res.status, website).toBe(400);
      expect((await errorOf(res)).error).toBe(
        `Only the listing's email (desk${i}@tinroof.example.org) can claim Tin Roof Brow Room ${i + 1}. If you cannot use it, contact support at /contact and we will check it by hand.`,
      );
      expect(mail.messages.length).toBe(before);
    }
  });

  it('a claim of a vetted listing by the email someone else set before shows "Verified business" in search', async () => {
    const email = 'desk@ember-court.example.com';
    const vetted = await list({ name: 'Ember Court Hair House', address: '5 Ember Court', phone: '(208) 555-0181', email }, true);
    expect(await verifiedSearch('Ember Court Hair House')).not.toContain(vetted.slug);
    await signInOwner(api, mail, api.base, email, vetted.id);
    expect(await verifiedSearch('Ember Court Hair House')).toContain(vetted.slug);
    // An operator's hold takes the badge and the vocabulary away again; approval brings them back.
    expect((await unvetListing(api.database, { target: vetted.slug, ...ops })).changed).toBe(true);
    expect(await verifiedSearch('Ember Court Hair House')).not.toContain(vetted.slug);
    expect(await terms('ember')).toEqual([]);
    await approveListing(api.database, { target: vetted.slug, ...ops });
    expect(await verifiedSearch('Ember Court Hair House')).toContain(vetted.slug);
    expect(await terms('ember')).toEqual([{ kind: 'word', term: 'ember', n: 1 }]);
  });
});

describe('lookalike names are the same name', () => {
  /** The seed's own Bishop Arts Nail House, Dallas, as the issue found it copied. */
  let original: { id: string; slug: string };
  const held = async (overrides: Record<string, unknown>) => {
    const res = await send('/api/providers', validListing({ slug: undefined, email: 'copy@lookalike.example.net', ...overrides }));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const dallas = { address: '400 W Davis St', city: 'Dallas', state: 'TX', zipCode: '75208' };

  beforeAll(async () => {
    original = (await (await api.get('/api/providers/by-slug/bishop-arts-nail-house-dallas')).json()) as typeof original;
  });

  it.each([
    ['a Cyrillic о and а', 'Bishop Arts N\u0430il H\u043Euse'],
    ['full-width letters and a zero-width space', '\uFF22ishop Arts Nail Hou\u200Bse'],
    ['digits for letters', 'Bish0p Arts Nai1 House'],
    ['another case', 'BISHOP ARTS NAIL HOUSE'],
  ])('a copy with %s in the same city is held for an operator (202), with no slug', async (_, name) => {
    const { status, body } = await held({ name, ...dallas, address: '1 Other St', phone: '(214) 555-0191' });
    expect(status).toBe(202);
    expect(body).not.toHaveProperty('slug');
    const rows = await api.database.db.selectFrom('held_listings').select(['matchedProviderId', 'matchedOn']).where('name', '=', name).execute();
    expect(rows).toEqual([{ matchedProviderId: original.id, matchedOn: 'name and city' }]);
  });

  it('a copy in a nearby city (Irving, TX) is held; the same name across the country is listed', async () => {
    const near = await held({
      name: 'Bishop Arts Nail H\u043Euse',
      address: '9 Main St',
      city: 'Irving',
      state: 'TX',
      zipCode: '75061',
      phone: '(972) 555-0192',
    });
    expect(near.status).toBe(202);
    const rows = await api.database.db.selectFrom('held_listings').select(['matchedOn']).where('city', '=', 'Irving').execute();
    expect(rows).toEqual([{ matchedOn: 'name nearby' }]);
    const far = await held({ name: 'Bishop Arts Nail House', address: '9 Pike St', city: 'Seattle', state: 'WA', zipCode: '98101', phone: '(206) 555-0193' });
    expect(far.status, JSON.stringify(await api.database.client.execute("SELECT name, city, matchedOn FROM held_listings WHERE city = 'Seattle'"))).toBe(201);
  });
});

describe('shared vocabulary only from approved text', () => {
  it("an owner's new service name waits for an operator; a catalogue name joins at once; counting out stays exact", async () => {
    const email = 'hello@saltmarsh-spa.example.com';
    const listing = await list(
      { name: 'Saltmarsh Day Spa', address: '8 Marsh Rd', phone: '(208) 555-0184', email, services: JSON.stringify(['Facial']) },
      true,
    );
    const owner = await signInOwner(api, mail, api.base, email, listing.id);
    const put = (body: unknown) =>
      fetch(`${api.base}/api/owners/listings/${listing.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...owner.headers },
        body: JSON.stringify(body),
      });
    const spam = 'Free Gift Cards at evil dot com';
    const edit = editOf(await ownerListingOf(api, owner, listing.id));
    expect((await put({ ...edit, services: ['Facial', spam, 'Nail Salon'] })).status).toBe(200);
    // On the listing and found by search at once, but in nobody's suggestions or spelling correction.
    expect((await ownerListingOf(api, owner, listing.id)).services).toEqual(['Facial', spam, 'Nail Salon']);
    expect(await suggested('free gift')).not.toContain(spam.toLowerCase());
    expect(await terms('evil')).toEqual([]);
    expect(await terms('gift')).toEqual([]);
    // The catalogue's own name joined at once.
    expect((await terms('nail salon')).filter((t) => t.kind === 'service').length).toBe(1);
    expect(await openServiceRequests(api.database)).toEqual([expect.objectContaining({ service: spam.toLowerCase(), label: spam, listings: 1 })]);

    // An operator approves it (audited): it joins; the owner removes it: it leaves, to the count.
    const approved = await approveService(api.database, { target: spam, ...ops });
    expect(approved.listings).toBe(1);
    expect(await terms('%evil dot com')).toEqual([{ kind: 'service', term: spam.toLowerCase(), n: 1 }]);
    expect(await openServiceRequests(api.database)).toEqual([]);
    const audit = await api.database.client.execute({
      sql: "SELECT actor FROM moderation_actions WHERE action = 'approve-service' AND targetId = ?",
      args: [spam.toLowerCase()],
    });
    expect(audit.rows.map((r) => r.actor)).toEqual(['ops-test']);
    expect((await put({ ...edit, services: ['Facial'] })).status).toBe(200);
    expect(await terms('evil')).toEqual([]);
    expect(await terms('gift')).toEqual([]);
    // Approved once, it needs no approval the next time.
    expect((await put({ ...edit, services: ['Facial', spam] })).status).toBe(200);
    expect(await terms('%evil dot com')).toEqual([{ kind: 'service', term: spam.toLowerCase(), n: 1 }]);
  });

  it('refuses premium-rate numbers (900, 976) on a new listing and on an owner edit, and changes nothing', async () => {
    for (const phone of ['(900) 555-0100', '1-900-555-0100', '(212) 976-0100']) {
      const res = await send('/api/providers', validListing({ slug: undefined, name: 'Gilded Hour Spa', address: '2 Gilded Way', phone }));
      expect(res.status, phone).toBe(400);
      expect((await errorOf(res)).issues).toEqual([
        { path: 'phone', message: 'Premium-rate numbers (900, 976) cannot be listed: please give the business’s ordinary phone number' },
      ]);
    }
    const email = 'desk@gilded-hour.example.com';
    const listing = await list({ name: 'Gilded Hour Spa', address: '2 Gilded Way', phone: '(208) 555-0185', email }, true);
    const owner = await signInOwner(api, mail, api.base, email, listing.id);
    const res = await fetch(`${api.base}/api/owners/listings/${listing.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', ...owner.headers },
      body: JSON.stringify({ ...editOf(await ownerListingOf(api, owner, listing.id)), phone: '(900) 555-0101' }),
    });
    expect(res.status).toBe(400);
    expect((await ownerListingOf(api, owner, listing.id)).phone).toBe('(208) 555-0185');
  });
});
