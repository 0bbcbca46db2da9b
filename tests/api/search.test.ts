/**
 * GET /api/search (docs/search.md): every parameter alone and combined, ordering,
 * paging and hostile input, checked against the seed read straight from the repo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeed, type SeedProvider } from '../../src/setup/seed';
import { errorOf, startApi, type TestApi } from '../helpers/api';

type Row = {
  id: string;
  name: string;
  slug: string;
  city: string;
  state: string;
  zipCode: string;
  services: string;
  priceRange: string;
  rating: string;
  isPromoted: boolean;
  reviewCount: number;
  description: string;
};

let api: TestApi;
let seed: SeedProvider[];
beforeAll(async () => {
  api = await startApi();
  seed = await readSeed();
});
afterAll(() => api.close());

async function search(query: string): Promise<{ rows: Row[]; total: number; status: number; inPlace: Row[] }> {
  const res = await api.get(`/api/search?${query}${query.includes('limit=') ? '' : '&limit=500'}`);
  const total = Number(res.headers.get('x-total-count'));
  const rows = (await res.json()) as Row[];
  // A place that does not fill the page is followed by providers near it (docs/search.md "Places"): those in it come first.
  const inPlace = res.headers.has('x-place-count') ? rows.slice(0, Number(res.headers.get('x-place-count'))) : rows;
  return { rows, total, status: res.status, inPlace };
}
const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug).sort();
const mean = (p: SeedProvider) => (p.reviews.length ? Math.round((p.reviews.reduce((s, r) => s + r.rating, 0) / p.reviews.length) * 10) / 10 : 0);
const offers = (p: SeedProvider, pattern: RegExp) => p.services.some((s) => pattern.test(s));

describe('GET /api/search', () => {
  it('with no parameters returns every provider, total in X-Total-Count', async () => {
    const { rows, total, status } = await search('');
    expect(status).toBe(200);
    expect(total).toBe(seed.length);
    expect(rows).toHaveLength(seed.length);
  });

  it('location: a city name matches that city, case-insensitively', async () => {
    for (const [city, count] of [
      ['Chicago', 10],
      ['new york', 20],
      ['LOS ANGELES', 30],
      ['Miami', 10],
      ['Houston', 7],
    ] as const) {
      const { rows, total } = await search(`location=${encodeURIComponent(city)}`);
      expect(total, city).toBe(count);
      expect(rows.every((r) => r.city.toLowerCase() === city.toLowerCase())).toBe(true);
    }
    expect((await search('location=Dallas')).total).toBeGreaterThanOrEqual(6);
  });

  it('location: "City, ST", a state code, a state name and a ZIP prefix', async () => {
    expect(slugs((await search('location=Dallas%2C%20TX')).inPlace)).toEqual(slugs(seed.filter((p) => p.city === 'Dallas' && p.state === 'TX')));
    expect((await search('location=Dallas%2C%20CA')).total).toBe(0);
    const texas = seed.filter((p) => p.state === 'TX');
    expect(slugs((await search('location=tx')).rows)).toEqual(slugs(texas));
    expect(slugs((await search('location=Texas')).rows)).toEqual(slugs(texas));
    const zip = seed.find((p) => p.city === 'Chicago')!.zipCode;
    expect(slugs((await search(`location=${zip.slice(0, 3)}`)).rows)).toEqual(slugs(seed.filter((p) => p.zipCode.startsWith(zip.slice(0, 3)))));
    expect(slugs((await search(`location=${zip}`)).inPlace)).toEqual(slugs(seed.filter((p) => p.zipCode === zip)));
  });

  it('location: "New York" is the city, not the whole state', async () => {
    const { rows } = await search('location=New%20York');
    expect(slugs(rows)).toEqual(slugs(seed.filter((p) => p.city === 'New York')));
  });

  it('service: a dropdown value matches every provider offering a service of its category', async () => {
    const groups: [string, RegExp][] = [
      ['Nail Salon', /nail|manicure|pedicure/i],
      ['Cute Nails', /nail|manicure|pedicure/i],
      ['Hair Salon', /hair|balayage|highlights|blowout|keratin|braiding/i],
      ['Eyebrow Threading', /brow|lash|threading/i],
      ['Makeup Services', /makeup/i],
      ['Facial Treatments', /facial|peel|microderm|dermaplan|acne|skin/i],
      ['Massage Therapy', /massage/i],
    ];
    for (const [value, pattern] of groups) {
      const { rows } = await search(`service=${encodeURIComponent(value)}`);
      expect(rows.length, value).toBeGreaterThan(0);
      expect(slugs(rows), value).toEqual(slugs(seed.filter((p) => offers(p, pattern))));
    }
  });

  it('service: a value that is no category matches service names containing it', async () => {
    const { rows } = await search('service=balay');
    expect(slugs(rows)).toEqual(slugs(seed.filter((p) => offers(p, /balay/i))));
    expect((await search('service=underwater%20basket%20weaving')).total).toBe(0);
  });

  it('query: full text over name, description, services and city, by word prefix', async () => {
    const target = seed.find((p) => p.city === 'Miami')!;
    const word = target.name.split(/\W+/).find((w) => w.length > 4)!;
    const { rows } = await search(`query=${encodeURIComponent(word.slice(0, 4).toUpperCase())}`);
    expect(rows.map((r) => r.slug)).toContain(target.slug);
    const byService = await search('query=balayage');
    expect(slugs(byService.rows)).toEqual(slugs(seed.filter((p) => offers(p, /balayage/i) || /balayage/i.test(p.name + p.description))));
    const byCity = await search('query=chicago');
    for (const p of seed.filter((s) => s.city === 'Chicago')) expect(byCity.rows.map((r) => r.slug)).toContain(p.slug);
    expect((await search('q=chicago')).total).toBe(byCity.total);
  });

  it('query: a word longer than four letters is still a prefix, with or without accents ("quincea", "QUINCEAÑERA", "quinceanera")', async () => {
    // Reference: the seed's words, accents taken off, that start with "quincea" (src/features/search/textMatch.server.ts
    // matches such words through the vocabulary instead of the full-text prefix).
    const fold = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const has = (p: SeedProvider, start: string) =>
      fold([p.name, p.description, p.services.join(' '), p.city].join(' '))
        .split(/[^\p{L}\p{N}]+/u)
        .some((w) => w.startsWith(start));
    const expected = slugs(seed.filter((p) => has(p, 'quincea')));
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ['quincea', 'QUINCEAÑERA', 'quinceanera', 'Quinceañeras']) {
      const want = q === 'Quinceañeras' ? slugs(seed.filter((p) => has(p, 'quinceaneras'))) : expected;
      expect(slugs((await search(`query=${encodeURIComponent(q)}`)).rows), q).toEqual(want);
    }
    expect(slugs((await search('query=quincea%20miami')).rows)).toEqual(slugs(seed.filter((p) => has(p, 'quincea') && has(p, 'miami'))));
  });

  it('priceRange is exact and rating is a minimum', async () => {
    const { rows } = await search('priceRange=%24%24%24');
    expect(slugs(rows)).toEqual(slugs(seed.filter((p) => p.priceRange === '$$$')));
    const high = await search('rating=4.8');
    expect(slugs(high.rows)).toEqual(slugs(seed.filter((p) => mean(p) >= 4.8)));
    expect(high.rows.length).toBeGreaterThan(0);
  });

  it('combines every parameter with AND', async () => {
    const { rows } = await search('service=Nail%20Salon&location=Los%20Angeles&rating=4.5&priceRange=%24%24');
    const expected = seed.filter((p) => p.city === 'Los Angeles' && offers(p, /nail|manicure|pedicure/i) && mean(p) >= 4.5 && p.priceRange === '$$');
    expect(slugs(rows)).toEqual(slugs(expected));
    const withQuery = await search('query=nail&location=New%20York');
    expect(withQuery.rows.every((r) => r.city === 'New York')).toBe(true);
    expect(withQuery.rows.length).toBeGreaterThan(0);
  });

  it('orders promoted first, then rating, then review count, then name', async () => {
    const { rows } = await search('location=Los%20Angeles');
    const sorted = [...rows].sort(
      (a, b) =>
        Number(b.isPromoted) - Number(a.isPromoted) ||
        Number(b.rating) - Number(a.rating) ||
        b.reviewCount - a.reviewCount ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    expect(rows.map((r) => r.slug)).toEqual(sorted.map((r) => r.slug));
    expect(rows[0]!.isPromoted).toBe(true);
  });

  it('pages with limit and offset and keeps the total', async () => {
    const all = await search('location=Los%20Angeles');
    const pages = [];
    for (let offset = 0; offset < 30; offset += 7) pages.push(...(await search(`location=Los%20Angeles&limit=7&offset=${offset}`)).rows);
    expect(pages.map((r) => r.slug)).toEqual(all.rows.map((r) => r.slug));
    const page = await search('location=Los%20Angeles&limit=7&offset=7');
    expect(page.total).toBe(30);
    expect(page.rows).toHaveLength(7);
  });

  it('rejects invalid values with 400 and a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['priceRange=cheap', /priceRange must be one of/],
      ['rating=6', /rating must be a number from 0 to 5/],
      ['rating=-1', /rating must be a number from 0 to 5/],
      ['rating=abc', /rating must be a number from 0 to 5/],
      ['limit=1000', /limit must be a whole number from 1 to 500/],
      [`query=${'a'.repeat(201)}`, /query must be at most 200 characters/],
    ];
    for (const [query, message] of cases) {
      const res = await api.get(`/api/search?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).error).toMatch(message);
    }
  });

  it('treats injection-looking strings as plain text', async () => {
    const hostile = [
      `' OR 1=1 --`,
      `"; DROP TABLE providers; --`,
      'nail" OR "1"="1',
      'NEAR(nail hair)',
      'name:nail',
      '*',
      '%',
      '_',
      '\\',
      '🙂💅',
      'nail AND hair OR NOT',
    ];
    for (const text of hostile) {
      for (const param of ['query', 'service', 'location']) {
        const res = await api.get(`/api/search?${param}=${encodeURIComponent(text)}`);
        expect(res.status, `${param}=${text}`).toBe(200);
        const rows = (await res.json()) as Row[];
        if (param !== 'query') expect(rows.length, `${param}=${text}`).toBe(0);
      }
    }
    expect((await search('')).total).toBe(seed.length);
  });

  it('rejects control characters in text parameters', async () => {
    for (const param of ['query', 'service', 'location']) {
      const res = await api.get(`/api/search?${param}=nail%00`);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).error).toBe(`${param} must not contain control characters`);
    }
  });
});
