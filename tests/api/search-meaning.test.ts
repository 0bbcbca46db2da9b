/**
 * GET /api/search's sort, openNow, near/radius and typo correction, and GET /api/suggest (README
 * "Search"), alone and combined, over real HTTP against the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeed, type SeedProvider } from '../../src/setup/seed';
import { haversineMiles } from '../../src/features/places/distance';
import { openStateAt } from '../../src/features/providers/openNow';
import { errorOf, startApi, type TestApi } from '../helpers/api';

type Row = {
  slug: string;
  city: string;
  state: string;
  rating: string;
  reviewCount: number;
  isPromoted: boolean;
  name: string;
  openingHours: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  distanceMiles?: number;
};

let api: TestApi;
let seed: SeedProvider[];
beforeAll(async () => {
  api = await startApi();
  seed = await readSeed();
});
afterAll(() => api.close());

async function search(query: string) {
  const res = await api.get(`/api/search?${query}&limit=500`);
  return {
    status: res.status,
    rows: (await res.json()) as Row[],
    total: Number(res.headers.get('x-total-count')),
    corrected: res.headers.get('x-corrected-query'),
  };
}
const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug).sort();
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };

describe('sort', () => {
  it('rating: highest rated first, then most reviewed; reviews: most reviewed first', async () => {
    const byRating = (await search('sort=rating')).rows;
    expect(byRating).toHaveLength(seed.length);
    for (let i = 1; i < byRating.length; i++) {
      const [a, b] = [byRating[i - 1]!, byRating[i]!];
      expect(Number(a.rating) > Number(b.rating) || (a.rating === b.rating && a.reviewCount >= b.reviewCount), `${a.slug} before ${b.slug}`).toBe(true);
    }
    const byReviews = (await search('sort=reviews&location=Los%20Angeles')).rows;
    expect(byReviews).toHaveLength(30);
    for (let i = 1; i < byReviews.length; i++) expect(byReviews[i - 1]!.reviewCount).toBeGreaterThanOrEqual(byReviews[i]!.reviewCount);
  });

  it('recommended is the default order; anything else is a 400', async () => {
    expect((await search('sort=recommended')).rows.map((r) => r.slug)).toEqual((await search('')).rows.map((r) => r.slug));
    const res = await api.get('/api/search?sort=cheapest');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).issues[0]).toMatchObject({ path: 'sort' });
  });

  it('distance: from the ZIP or city in location, nearest first, each with distanceMiles', async () => {
    const { rows } = await search('location=Chicago&sort=distance');
    expect(rows).toHaveLength(10);
    const miles = rows.map((r) => r.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles.every((m) => Number.isFinite(m) && m < 30 && Math.round(m * 10) / 10 === m)).toBe(true);
    const res = await api.get('/api/search?sort=distance');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toMatch(/near/);
  });
});

describe('near and radius', () => {
  it('keeps providers within the radius, with their distance to one decimal', async () => {
    const { rows, total } = await search(`near=${CHICAGO.latitude},${CHICAGO.longitude}&radius=10`);
    const expected = seed.filter((p) => p.city === 'Chicago');
    expect(total).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.distanceMiles!).toBeLessThanOrEqual(10);
      expect(r.distanceMiles).toBeCloseTo(haversineMiles(CHICAGO, r), 0);
    }
    expect(slugs(rows).every((s) => expected.some((p) => p.slug === s))).toBe(true);
  });

  it('defaults to 25 miles, allows 100 at most, and needs near for a radius', async () => {
    const near = `near=${CHICAGO.latitude},${CHICAGO.longitude}`;
    expect((await search(near)).rows.every((r) => r.distanceMiles! <= 25)).toBe(true);
    expect((await search(`${near}&radius=100`)).total).toBeGreaterThanOrEqual((await search(near)).total);
    for (const bad of [`${near}&radius=101`, `${near}&radius=0`, 'radius=10', 'near=abc', 'near=95,10', 'near=10,200']) {
      expect((await api.get(`/api/search?${bad}`)).status, bad).toBe(400);
    }
  });

  it('combines with other filters and sorts', async () => {
    const { rows } = await search(`near=${CHICAGO.latitude},${CHICAGO.longitude}&radius=50&service=Nail%20Salon&sort=rating`);
    for (let i = 1; i < rows.length; i++) expect(Number(rows[i - 1]!.rating)).toBeGreaterThanOrEqual(Number(rows[i]!.rating));
    expect(rows.every((r) => r.distanceMiles! <= 50)).toBe(true);
  });
});

describe('openNow', () => {
  it('true: exactly the providers open now on their own clock; false or absent: all', async () => {
    const before = new Date();
    const { rows, total } = await search('openNow=true');
    const all = (await search('')).rows;
    const openAt = (when: Date) => slugs(all.filter((r) => openStateAt(JSON.parse(r.openingHours), r.timeZone, when).open));
    // The minute may turn during the request: either side of it is right.
    expect([openAt(before), openAt(new Date())]).toContainEqual(slugs(rows));
    expect(total).toBe(rows.length);
    expect((await search('openNow=false')).total).toBe(seed.length);
    expect((await api.get('/api/search?openNow=yes')).status).toBe(400);
  });

  it('combines with a location and a sort', async () => {
    const { rows } = await search('openNow=true&location=Los%20Angeles&sort=reviews');
    const open = (await search('openNow=true')).rows.filter((r) => r.city === 'Los Angeles');
    expect(slugs(rows)).toEqual(slugs(open));
  });
});

describe('typos', () => {
  it('a location, service or word that matches nothing is searched as the closest that does, and X-Corrected-Query says so', async () => {
    const chicago = await search('location=Chicgo');
    expect(chicago.corrected).toBe('location=Chicago');
    expect(chicago.total).toBe(10);
    const salon = await search('service=Nail%20Salom&location=Miami');
    expect(new URLSearchParams(salon.corrected!).get('service')).toBe('Nail Salon');
    expect(salon.total).toBe((await search('service=Nail%20Salon&location=Miami')).total);
    const word = await search('query=balayge');
    expect(word.corrected).toBe('query=balayage');
    expect(word.total).toBe((await search('query=balayage')).total);
  });

  it('a corrected word is searched with every word of the data it starts, longer ones than its candidates too (correctedSearch.server.ts searchGuessing)', async () => {
    // The candidates of "balayge" are 5 to 9 letters long: a longer word that starts with "balayage" is none of them.
    const other = seed.find((p) => !`${p.name} ${p.description ?? ''} ${p.services}`.toLowerCase().includes('balayage'))!;
    const longer = 'balayagesalonista';
    await api.database.client.batch(
      [
        { sql: "UPDATE providers SET description = coalesce(description, '') || ? WHERE slug = ?", args: [` ${longer}`, other.slug] },
        { sql: "INSERT INTO search_terms (kind, term, label, n) VALUES ('word', ?, ?, 1)", args: [longer, longer] },
      ],
      'write',
    );
    try {
      const word = await search('query=balayge');
      expect(word.corrected).toBe('query=balayage');
      const typed = await search('query=balayage');
      expect(slugs(typed.rows)).toContain(other.slug);
      expect(slugs(word.rows)).toEqual(slugs(typed.rows));
    } finally {
      await api.database.client.batch(
        [
          { sql: 'UPDATE providers SET description = ? WHERE slug = ?', args: [other.description ?? null, other.slug] },
          { sql: "DELETE FROM search_terms WHERE kind = 'word' AND term = ?", args: [longer] },
        ],
        'write',
      );
    }
  });

  it('no correction when the search finds something, or nothing is close', async () => {
    expect((await search('location=Chicago')).corrected).toBeNull();
    const nowhere = await search('location=Qqqqqq');
    expect(nowhere.corrected).toBeNull();
    expect(nowhere.total).toBe(0);
  });
});

describe('GET /api/suggest', () => {
  const suggest = async (q: string) =>
    (await (await api.get(`/api/suggest?q=${encodeURIComponent(q)}`)).json()) as {
      locations: { label: string; value: string }[];
      services: { label: string }[];
    };

  it('suggests cities and services by prefix and despite a typo, at most 8 each, cacheable at the CDN', async () => {
    const res = await api.get('/api/suggest?q=chi');
    expect(res.status).toBe(200);
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage=300/);
    expect((await res.json()).locations[0]).toEqual({ label: 'Chicago, IL', value: 'Chicago, IL' });
    expect((await suggest('Chicgo')).locations.map((l) => l.label)).toContain('Chicago, IL');
    expect((await suggest('nail')).services.map((s) => s.label)).toContain('Nail Salon');
    expect((await suggest('nial')).services.map((s) => s.label)).toContain('Nail Salon');
    const wide = await suggest('s');
    expect(wide.locations.length).toBeLessThanOrEqual(8);
    expect(wide.services.length).toBeLessThanOrEqual(8);
  });

  it('offers ZIP codes, towns and boroughs of the ZIP dataset after the cities with providers', async () => {
    expect((await suggest('60614')).locations).toEqual([{ label: '60614 · Chicago, IL', value: '60614' }]);
    const zips = (await suggest('606')).locations;
    expect(zips).toHaveLength(8);
    for (const z of zips) expect(z.value).toMatch(/^606\d\d$/);
    expect((await suggest('evanst')).locations.map((l) => l.label)).toContain('Evanston, IL');
    expect((await suggest('brookl')).locations[0]).toEqual({ label: 'Brooklyn, NY', value: 'Brooklyn, NY' });
    // A city with providers still leads, and is offered once although the dataset knows it too.
    const chi = (await suggest('chicago')).locations.map((l) => l.label);
    expect(chi[0]).toBe('Chicago, IL');
    expect(chi.filter((l) => l === 'Chicago, IL')).toHaveLength(1);
    expect(chi).toContain('Chicago Heights, IL');
  });

  it('400 without q', async () => {
    for (const q of ['', '?q=', '?q=%20']) expect((await api.get(`/api/suggest${q}`)).status).toBe(400);
  });
});
