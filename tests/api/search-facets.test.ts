/**
 * Facet filters (docs/facets.md) in every plan the search picks: a search with facets answers
 * exactly the matches of the same search without them that hold every facet asked for, in the same
 * order, counted the same way. The search without facets is itself checked against every row by
 * tests/api/search-plans.test.ts; here, over a file and over sqld, each case runs both and compares,
 * with common facets (most say English) and rare ones (few are veteran-owned), open now at a moment
 * when many and when few are open, a place, a service, text, each sort and deep pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config';
import { facetBits, filterMask, type FacetParam } from '../../src/features/facets';
import { insertProviderStatements, type NewProvider } from '../../src/features/listings/newListing.server';
import { searchProviders, type SearchTrace } from '../../src/features/search/search.server';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
/** More than the counted cap, so counts are capped and walks are long. */
const ADDED = LIMITS.countedTotal + 300;
const SERVICES = [['Manicure', 'Pedicure'], ['Balayage', 'Blowout'], ['Gel Manicure', 'Facial'], ['Eyebrow Threading']];
const week = (day: string) => ({ monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day });

/** Facets by provider: English for most, Spanish for a third, Vietnamese for one in twenty, veteran-owned for one in ninety, … */
function facetsOf(i: number) {
  return facetBits({
    walkIns: [['welcome', 'appointments', 'both', 'appointments'][i % 4]!],
    access: i % 3 === 0 ? ['stepFree', ...(i % 6 === 0 ? ['restroom'] : [])] : [],
    languages: [...(i % 10 === 9 ? [] : ['en']), ...(i % 3 === 1 ? ['es'] : []), ...(i % 20 === 7 ? ['vi'] : [])],
    payments: i % 5 === 4 ? [] : ['cards', ...(i % 2 ? ['cash'] : [])],
    kids: i % 7 === 0 ? ['welcome'] : [],
    parking: i % 4 === 1 ? ['lot'] : [],
    identity: [...(i % 90 === 11 ? ['veteran'] : []), ...(i % 8 === 3 ? ['women'] : [])],
  });
}

beforeAll(async () => {
  api = await startApi();
  const {
    seq: _s,
    latitude: _la,
    longitude: _lo,
    timeZone: _t,
    rating: _r,
    reviewCount: _c,
    facets: _f,
    ...base
  } = (await api.database.db.selectFrom('providers').selectAll().limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const statements = Array.from({ length: ADDED }, (_, i) =>
    insertProviderStatements(api.database, {
      ...base,
      id: `facet-${i}`,
      name: `Facet Test ${String(i).padStart(4, '0')}`,
      slug: `facet-test-${i}`,
      description: 'A salon of the facet test',
      city: `Facet City ${i % 3}`,
      state: 'KS',
      zipCode: '67601',
      services: JSON.stringify(SERVICES[i % SERVICES.length]),
      priceRange: ['$', '$$', '$$$'][i % 3]!,
      isPromoted: i % 97 === 0 ? 1 : 0,
      rating: ((i * 37) % 41) / 10,
      reviewCount: i % 9,
      // Open all day for one in six, else daytime in Kansas: many open at noon, few at 3 AM.
      openingHours: JSON.stringify(week(i % 6 === 0 ? '12:00 AM - 12:00 AM' : '8:00 AM - 8:00 PM')),
      latitude: 38.88 + ((i * 7919) % 2001) / 20000,
      longitude: -99.33 + ((i * 104729) % 2003) / 20000,
      facets: facetsOf(i),
    } as unknown as NewProvider),
  );
  for (let i = 0; i < statements.length; i += 200) await api.database.client.batch(statements.slice(i, i + 200).flat(), 'write');
}, 120_000);
afterAll(() => api.close());

const MOMENTS = { manyOpen: new Date('2026-11-25T18:00:00Z'), fewOpen: new Date('2026-11-25T09:00:00Z') };

async function search(raw: Record<string, string>, when: Date) {
  const trace: SearchTrace = {};
  const page = await searchProviders(api.database, searchParamsSchema.parse(raw), when, { trace });
  return { ...page, plan: trace.plan };
}

/** Every match of a search without facets, in its order (paged through). */
async function everyMatch(raw: Record<string, string>, when: Date): Promise<{ id: string; facets: number }[]> {
  const all: { id: string; facets: number }[] = [];
  for (let offset = 0; ; offset += LIMITS.maxPageSize) {
    const page = await search({ ...raw, limit: String(LIMITS.maxPageSize), offset: String(offset) }, when);
    for (const p of page.items) all.push({ id: p.id, facets: facetBits(p.facets) });
    if (page.items.length < LIMITS.maxPageSize) return all;
  }
}

const BASES: Record<string, string>[] = [
  {},
  { location: 'Facet City 1' },
  { location: '67601' },
  { service: 'Nail Salon' },
  { query: 'facet' },
  { sort: 'rating' },
  { sort: 'reviews', priceRange: '$$' },
  { rating: '3' },
  { near: '38.93,-99.28', radius: '5', sort: 'distance' },
  { openNow: 'true' },
  { openNow: 'true', sort: 'rating' },
  { openNow: 'true', location: 'Facet City 2', service: 'Hair Salon' },
];
const FACETS: Partial<Record<FacetParam, string>>[] = [
  { lang: 'en' },
  { walkIns: 'true' },
  { lang: 'vi' },
  { owned: 'veteran' },
  { access: 'stepFree,restroom' },
  { lang: 'es', pay: 'cash', kids: 'true' },
  { parking: 'lot', owned: 'women' },
];

describe('facet filters in every plan', () => {
  for (const [moment, when] of Object.entries(MOMENTS)) {
    for (const base of BASES) {
      if (moment === 'fewOpen' && !base.openNow) continue;
      it(`${new URLSearchParams(base).toString() || 'everything'} (${moment}): each facet filter keeps exactly the matches that hold it`, async () => {
        const matches = await everyMatch(base, when);
        for (const facets of FACETS) {
          const mask = filterMask(Object.fromEntries(Object.entries(facets).map(([k, v]) => [k, v!.split(',')])));
          const expected = matches.filter((m) => (m.facets & mask) === mask).map((m) => m.id);
          const what = new URLSearchParams({ ...base, ...facets }).toString();
          for (const offset of [0, Math.max(0, expected.length - 7)]) {
            const page = await search({ ...base, ...facets, limit: '20', offset: String(offset) }, when);
            expect({ total: page.total, capped: page.capped }, `${what} (plan ${page.plan})`).toEqual({
              total: Math.min(expected.length, LIMITS.countedTotal),
              capped: expected.length > LIMITS.countedTotal,
            });
            expect(
              page.items.map((p) => p.id),
              `${what} offset ${offset} (plan ${page.plan})`,
            ).toEqual(expected.slice(offset, offset + 20));
          }
        }
      });
    }
  }
});

describe('facet parameters', () => {
  it('refuse unknown values with a clear 400, and accept several values of a group', async () => {
    for (const [query, message] of [
      ['lang=xx', 'lang must be one or more of en, es, vi'],
      ['walkIns=yes', 'walkIns must be true'],
      ['owned=billionaire', 'owned must be one or more of black, latino'],
      ['access=stepFree,,restroom', 'access must be one or more of'],
    ] as const) {
      const res = await api.get(`/api/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toContain(message);
    }
    const res = await api.get('/api/search?lang=en,es&walkIns=true&limit=5');
    expect(res.status).toBe(200);
    const items = (await res.json()) as { facets: { languages: string[]; walkIns: string[] } }[];
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) {
      expect(p.facets.languages).toEqual(expect.arrayContaining(['en', 'es']));
      expect(['welcome', 'both']).toContain(p.facets.walkIns[0]);
    }
  });
});
