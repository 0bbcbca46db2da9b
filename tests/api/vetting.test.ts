/**
 * New listings (issue "Hardening", docs/moderation.md "New listings"): a listing posted by anyone
 * stays out of suggestions, the typo vocabulary, the city counts, the featured list and the
 * sitemap until vetted, yet search finds it by name; a copy of an existing listing is held for a
 * moderator instead of taking a slug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vetListing } from '../../src/features/listings/listings.server';
import { approveListing, decideHeldListing } from '../../src/features/moderation/moderation.server';
import { startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const suggestions = async (q: string) =>
  (await (await api.get(`/api/suggest?q=${encodeURIComponent(q)}`)).json()) as { locations: { label: string }[]; services: { label: string }[] };
const labels = async (q: string) => {
  const s = await suggestions(q);
  return [...s.locations, ...s.services].map((x) => x.label.toLowerCase());
};
const count = async (sql: string, args: string[] = []) => Number((await api.database.client.execute({ sql, args })).rows[0]!.n);

describe('a new listing', () => {
  const poison = {
    name: 'Gift Card Nails Promo',
    address: '1 Spam Way',
    city: 'Chicago Free Gift Cards at evil dot com',
    state: 'IL',
    zipCode: '60601',
    phone: '(312) 555-0199',
    services: JSON.stringify(['Nail Salon - visit evil dot com']),
  };
  let created: { id: string; slug: string };

  it('is stored and found by name in search, but stays out of suggestions, the vocabulary, city counts and the sitemap', async () => {
    const res = await api.post('/api/providers', validListing(poison));
    expect(res.status).toBe(201);
    created = (await res.json()) as { id: string; slug: string };
    expect((await labels('chicago')).some((l) => l.includes('evil'))).toBe(false);
    expect((await labels('nail salon')).some((l) => l.includes('evil'))).toBe(false);
    const { rows: terms } = await api.database.client.execute(
      "SELECT kind, term FROM search_terms WHERE term IN ('evil', 'gift', 'promo') OR label LIKE '%evil dot%'",
    );
    expect(terms).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM city_counts WHERE city = ? AND n > 0', [poison.city])).toBe(0);
    const found = (await (await api.get(`/api/search?query=${encodeURIComponent('Gift Card Nails Promo')}`)).json()) as { slug: string }[];
    expect(found.map((p) => p.slug)).toContain(created.slug);
    expect(await (await api.get('/sitemap-providers-0.xml')).text()).not.toContain(created.slug);
  });

  it('joins them once vetted (an operator approved); vetting twice changes nothing', async () => {
    const before = await count("SELECT count(*) AS n FROM search_terms WHERE kind = 'service' AND term = 'nail salon - visit evil dot com'");
    expect(before).toBe(0);
    const result = await approveListing(api.database, { target: created.slug, reason: 'Checked with the business', actor: 'ops-jordan' });
    expect(result).toMatchObject({ action: 'approve-listing', providerId: created.id, changed: true });
    expect(await count("SELECT count(*) AS n FROM search_terms WHERE kind = 'service' AND term = 'nail salon - visit evil dot com'")).toBe(1);
    expect(await count('SELECT count(*) AS n FROM city_counts WHERE city = ? AND n > 0', [poison.city])).toBe(1);
    expect(await vetListing(api.database, created.id, 'owner')).toBe(false);
    expect(await count("SELECT count(*) AS n FROM search_terms WHERE kind = 'service' AND term = 'nail salon - visit evil dot com'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM moderation_actions WHERE action = 'approve-listing' AND targetId = ?", [created.id])).toBe(1);
  });

  it("vets inside a caller's transaction (support's assignment), and not when it rolls back", async () => {
    const res = await api.post('/api/providers', validListing({ name: 'Tansy Court Spa', slug: undefined, address: '3 Tansy Court', phone: '(208) 555-0122' }));
    const { id } = (await res.json()) as { id: string };
    await expect(
      api.database.db.transaction().execute(async (trx) => {
        expect(await vetListing(trx, id, 'ops-sam')).toBe(true);
        throw new Error('the claim failed after vetting');
      }),
    ).rejects.toThrow('the claim failed');
    expect(await count('SELECT count(*) AS n FROM providers WHERE id = ? AND vetted_at IS NULL', [id])).toBe(1);
    expect(await api.database.db.transaction().execute((trx) => vetListing(trx, id, 'ops-sam'))).toBe(true);
    expect(await count("SELECT count(*) AS n FROM providers WHERE id = ? AND vetted_by = 'ops-sam'", [id])).toBe(1);
    expect(await count("SELECT count(*) AS n FROM search_terms WHERE kind = 'word' AND term = 'tansy'")).toBe(1);
  });

  it('every listing there before is vetted', async () => {
    expect(await count('SELECT count(*) AS n FROM providers WHERE vetted_at IS NULL')).toBe(0);
  });
});

describe('a copy of an existing listing', () => {
  const copy = validListing({
    name: 'Bishop Arts Nail House',
    slug: 'bishop-arts-nail-house',
    address: '410 North Bishop Avenue',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75208',
    phone: '(214) 555-0188',
  });

  it('with the same name and city (another phone) is held for a moderator and takes no slug', async () => {
    const providers = await count('SELECT count(*) AS n FROM providers');
    const res = await api.post('/api/providers', copy);
    expect(res.status).toBe(202);
    const body = (await res.json()) as { id: string; status: string; message: string };
    expect(body.status).toBe('held');
    expect(body.message).toBe('Thanks! This business looks like one already listed on Glow, so a moderator will review it before it appears.');
    expect(await count('SELECT count(*) AS n FROM providers')).toBe(providers);
    expect((await api.get('/api/providers/by-slug/bishop-arts-nail-house')).status).toBe(404);
    expect(await count("SELECT count(*) AS n FROM held_listings WHERE matchedOn = 'name and city' AND resolvedAt IS NULL")).toBe(1);
  });

  it('with invisible characters or full-width letters in the name, or the same name and phone elsewhere, is held too', async () => {
    for (const fields of [
      { name: 'Bishop\u200B Arts Nail\u2060 House' },
      { name: 'ＢＩＳＨＯＰ ARTS NAIL HOUSE', city: 'dallas' },
      { city: 'Fort Worth', zipCode: '76102', phone: '214.555.0107' },
    ]) {
      const res = await api.post('/api/providers', { ...copy, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(202);
    }
    expect(await count("SELECT count(*) AS n FROM held_listings WHERE matchedOn = 'name and phone'")).toBe(1);
  });

  it('a moderator approves one (it gets a slug of its own, vetted) or rejects one (nothing is published)', async () => {
    const { rows } = await api.database.client.execute('SELECT id FROM held_listings WHERE resolvedAt IS NULL ORDER BY createdAt');
    const [first, second] = rows.map((r) => String(r.id));
    const approved = await decideHeldListing(api.database, 'approve-held', { target: first!, reason: 'A second shop on the street', actor: 'ops-jordan' });
    // The clean slug was free (the real listing has the city suffix): a moderator's approval may take it.
    expect(approved.summary).toBe('Held listing approved: listed as bishop-arts-nail-house.');
    expect(await count('SELECT count(*) AS n FROM providers WHERE slug = ? AND vetted_at IS NOT NULL', ['bishop-arts-nail-house'])).toBe(1);
    const rejected = await decideHeldListing(api.database, 'reject-held', { target: second!, reason: 'A copy', actor: 'ops-jordan' });
    expect(rejected.summary).toBe('Held listing rejected: nothing was published.');
    await expect(decideHeldListing(api.database, 'reject-held', { target: second!, reason: 'Again', actor: 'ops-jordan' })).rejects.toThrow(/No held listing/);
    expect(await count("SELECT count(*) AS n FROM held_listings WHERE resolution = 'rejected'")).toBe(1);
  });
});
