/** GET and POST /api/providers, GET /api/providers/by-slug/{slug} (docs/openapi.json). */
import { decideHeldListing } from '../../src/features/moderation/moderation.server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeed } from '../../src/setup/seed';
import { providerSchema } from '../../src/features/providers/schemas/provider';
import { errorOf, startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let seedCount: number;
beforeAll(async () => {
  api = await startApi();
  seedCount = (await readSeed()).length;
});
afterAll(() => api.close());

describe('GET /api/providers', () => {
  it('returns providers in the wire format, with X-Total-Count', async () => {
    const res = await api.get('/api/providers');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(Number(res.headers.get('x-total-count'))).toBe(seedCount);
    const list = (await res.json()) as unknown[];
    expect(list.length).toBe(Math.min(seedCount, 100));
    for (const p of list) {
      const provider = providerSchema.parse(p);
      expect(Array.isArray(JSON.parse(provider.services))).toBe(true);
      expect(Object.keys(JSON.parse(provider.openingHours))).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
      expect(provider.rating).toMatch(/^(0|[1-5]\.\d)$/);
    }
  });

  it('orders promoted first, then rating, then review count, then name', async () => {
    const list = (await (await api.get('/api/providers?limit=500')).json()) as { isPromoted: boolean; rating: string; reviewCount: number; name: string }[];
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      const key = (p: typeof a) => [p.isPromoted ? 0 : 1, -Number(p.rating), -p.reviewCount];
      const [ka, kb] = [key(a), key(b)];
      const cmp = ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]! || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
      expect(cmp, `${a.name} before ${b.name}`).toBeLessThanOrEqual(0);
    }
  });

  it('pages with limit and offset, defaulting to 100 and capping at 500', async () => {
    const all = (await (await api.get('/api/providers?limit=500')).json()) as { id: string }[];
    const second = (await (await api.get('/api/providers?limit=10&offset=10')).json()) as { id: string }[];
    expect(second.map((p) => p.id)).toEqual(all.slice(10, 20).map((p) => p.id));
    const beyond = await api.get(`/api/providers?offset=${seedCount + 5}`);
    expect(await beyond.json()).toEqual([]);
    expect(beyond.headers.get('x-total-count')).toBe(String(seedCount));
    for (const bad of ['limit=0', 'limit=501', 'limit=abc', 'offset=-1', 'limit=1.5']) {
      const res = await api.get(`/api/providers?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).error).toMatch(/(limit|offset) must be a whole number/);
    }
  });
});

describe('GET /api/providers/by-slug/{slug}', () => {
  it('returns the provider with that slug', async () => {
    const [first] = (await (await api.get('/api/providers?limit=1')).json()) as { slug: string; id: string }[];
    const res = await api.get(`/api/providers/by-slug/${first!.slug}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(first!.id);
  });

  it('answers 404 with a JSON error for an unknown slug', async () => {
    const res = await api.get('/api/providers/by-slug/no-such-salon-anywhere');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error).toBe('Provider not found');
  });
});

describe('POST /api/providers', () => {
  it('lists a business: 201 with the provider, never promoted, always open, rating 0', async () => {
    const res = await api.post('/api/providers', validListing({ isPromoted: true, isOpen: false, ownerName: 'Not Sent' }));
    expect(res.status).toBe(201);
    const created = providerSchema.parse(await res.json());
    expect(created).toMatchObject({
      name: 'Velvet Fern Beauty Bar',
      slug: 'velvet-fern-beauty-bar',
      isPromoted: false,
      isOpen: true,
      rating: '0',
      reviewCount: 0,
      website: null,
      state: 'ID',
    });
    const fetched = await (await api.get('/api/providers/by-slug/velvet-fern-beauty-bar')).json();
    // The page's reads add where it stands on time requests (docs/requests.md): an unclaimed listing takes none.
    expect(fetched).toEqual({ ...created, takesRequests: false, bookingUrl: null, replyTime: null });
    const { rows } = await api.database.client.execute({ sql: 'SELECT isPromoted, isOpen FROM providers WHERE id = ?', args: [created.id] });
    expect(rows[0]).toMatchObject({ isPromoted: 0, isOpen: 1 });
  });

  it('makes the slug unique: the same name in another city gets a suffix', async () => {
    const res = await api.post(
      '/api/providers',
      validListing({ address: '400 River St', city: 'Spokane', state: 'WA', zipCode: '99201', phone: '(509) 555-0101' }),
    );
    expect(res.status).toBe(201);
    expect(((await res.json()) as { slug: string }).slug).toBe('velvet-fern-beauty-bar-spokane');
    // The same name in the same city is held for a moderator (docs/moderation.md); approved, it takes the next suffix.
    const third = await api.post(
      '/api/providers',
      validListing({ address: '9 Elm St', city: 'Spokane', state: 'WA', zipCode: '99201', phone: '(509) 555-0102' }),
    );
    expect(third.status).toBe(202);
    const held = (await third.json()) as { id: string };
    const approved = await decideHeldListing(api.database, 'approve-held', { target: held.id, reason: 'A second shop', actor: 'test' });
    expect(approved.summary).toBe('Held listing approved: listed as velvet-fern-beauty-bar-spokane-2.');
  });

  it('keeps a listing sent without price range or hours unknown: no price, no hours, never open now', async () => {
    const payload = validListing({ name: 'Plain Payload Salon', slug: undefined, address: '8 Pine St' });
    const res = await api.post('/api/providers', payload);
    expect(res.status).toBe(201);
    const created = providerSchema.parse(await res.json());
    expect(created.slug).toBe('plain-payload-salon');
    expect(created.priceRange).toBe('');
    expect(created.openingHours).toBe('{}');
    // Open now matches only hours somebody gave; the same search without the filter finds it.
    const search = async (extra: string) =>
      ((await (await api.get(`/api/search?query=${encodeURIComponent('Plain Payload')}${extra}`)).json()) as { id: string }[]).map((p) => p.id);
    expect(await search('')).toContain(created.id);
    expect(await search('&openNow=true')).not.toContain(created.id);
    // Hours half given are refused with the shared error body, and nothing is created.
    const half = await api.post('/api/providers', { ...payload, name: 'Half Hours Salon', openingHours: JSON.stringify({ monday: 'Closed' }) });
    expect(half.status).toBe(400);
    expect((await errorOf(half)).issues).toContainEqual({ path: 'openingHours', message: 'Opening hours must list every day from monday to sunday' });
  });

  it('re-applies the slug rule to whatever slug the client sends', async () => {
    const res = await api.post('/api/providers', validListing({ name: 'Brow—Bar Ünique', slug: '  ??Brow—Bar Ünique!! ', address: '3 Oak Ave' }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as { slug: string }).slug).toBe('brow-bar-unique');
  });

  it('answers 409 when the same business is already listed at the same address', async () => {
    const res = await api.post('/api/providers', validListing());
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error).toMatch(/already listed/);
  });

  it('stores services and opening hours as sent, and turns an empty website into null', async () => {
    const res = await api.post(
      '/api/providers',
      validListing({ name: 'Juniper Lash Loft', slug: 'juniper-lash-loft', website: '', services: JSON.stringify(['Lash Lift', 'Brow Tinting']) }),
    );
    const created = providerSchema.parse(await res.json());
    expect(created.website).toBeNull();
    expect(JSON.parse(created.services)).toEqual(['Lash Lift', 'Brow Tinting']);
    const found = (await (await api.get('/api/search?service=Eyebrow%20Threading&location=Boise')).json()) as { id: string }[];
    expect(found.map((p) => p.id)).toContain(created.id);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name', { name: '' }, 'name', 'Business name is required'],
    ['name', { name: 'x'.repeat(101) }, 'name', 'Business name must be less than 100 characters'],
    ['email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['phone', { phone: '555-0100' }, 'phone', 'Please enter a valid phone number'],
    ['address', { address: '   ' }, 'address', 'Business address is required'],
    ['city', { city: '' }, 'city', 'City is required'],
    ['state', { state: '' }, 'state', 'State is required'],
    ['state', { state: 'Texass' }, 'state', 'State must be a US state or DC code, like TX'],
    ['zipCode', { zipCode: '1234' }, 'zipCode', 'Enter a 5-digit ZIP code'],
    ['services', { services: JSON.stringify([]) }, 'services', 'Please describe your services'],
    ['services', { services: 'Manicure, Pedicure' }, 'services', 'Please describe your services'],
    ['website', { website: 'not a url' }, 'website', 'Please enter a valid website URL'],
    ['website', { website: 'javascript:alert(1)' }, 'website', 'Please enter a valid website URL'],
    ['priceRange', { priceRange: '$$$$$' }, 'priceRange', 'Price range must be one of $, $$, $$$, $$$$'],
    ['openingHours', { openingHours: JSON.stringify({ monday: 'all day' }) }, 'openingHours', 'Hours must read like "9:00 AM - 6:00 PM" or "Closed"'],
  ];
  it.each(cases)('rejects a bad %s with the form message and writes nothing', async (_field, patch, path, message) => {
    const before = await api.database.client.execute('SELECT count(*) AS n FROM providers');
    const res = await api.post('/api/providers', validListing({ name: 'Rejected Studio', slug: 'rejected-studio', address: '1 Nowhere', ...patch }));
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(
      body.issues.some((i) => i.path.startsWith(path) && i.message === message),
      JSON.stringify(body),
    ).toBe(true);
    expect(body.error).toContain(message);
    const after = await api.database.client.execute('SELECT count(*) AS n FROM providers');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('rejects missing fields, malformed JSON, non-objects and non-JSON bodies', async () => {
    const missing = await api.post('/api/providers', {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).issues.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        'Business name is required',
        'Business address is required',
        'City is required',
        'State is required',
        'ZIP code is required',
        'Please describe your services',
        'Please enter a valid email address',
        'Please enter a valid phone number',
      ]),
    );
    const malformed = await api.post('/api/providers', '{"name": ');
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).error).toBe('Request body is not valid JSON');
    const array = await api.post('/api/providers', '[1,2]');
    expect((await errorOf(array)).error).toBe('Request body must be a JSON object');
    const form = await api.post('/api/providers', 'name=x', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    expect((await errorOf(form)).error).toMatch(/must be JSON/);
  });

  it('answers 413 to a body over 64 KB without parsing it', async () => {
    const res = await api.post('/api/providers', validListing({ description: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).error).toBe('Request body must be at most 64 KB');
  });

  it('answers 405 with Allow to other methods', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await api.get('/api/providers', { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
      expect((await errorOf(res)).error).toMatch(/not allowed/);
    }
    const bySlug = await api.post('/api/providers/by-slug/anything', {});
    expect(bySlug.status).toBe(405);
    expect(bySlug.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await api.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error).toMatch(/No API endpoint/);
  });
});
