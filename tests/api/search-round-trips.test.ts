/**
 * Database round trips of a search (docs/SCALING.md "Round trips"), counted as Turso would see them:
 * the endpoint's code (searchNearPlace) over the web client, through a proxy in front of a real sqld
 * (tests/helpers/roundTrips.ts) that counts the requests and the longest chain of them in sequence.
 * The representative searches of docs/BENCHMARKS.md and the kinds the fuzz found slowest (deep
 * offsets, open now with a sort, short words, a place's rings) stay within the figures below: a
 * change that adds a round trip in sequence fails here.
 *
 * It brings its own sqld whichever project runs it (vitest.config.ts OWN_DATABASE).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDb, getDb, type Db } from '../../src/db/client';
import { LIMITS } from '../../src/config';
import { facetBits } from '../../src/features/facets';
import { insertProviderStatements, type NewProvider } from '../../src/features/listings/newListing.server';
import { setupDatabase } from '../../src/setup/setup';
import { RING_TUNING, searchNearPlace } from '../../src/features/search/nearPlace.server';
import { providerPageReads } from '../../src/pages/provider/_reads.server';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { PAGE_SIZE } from '../../src/features/search/searchRequest';
import { PLAN_TUNING } from '../../src/features/search/tuning.server';
import { startRoundTripProxy, type RoundTripProxy } from '../helpers/roundTrips';
import { sqldStats, sqldUnavailable, startSqld, type Sqld } from '../helpers/sqld';

const noSqld = sqldUnavailable();
let sqld: Sqld;
let proxy: RoundTripProxy;
let database: Db;
const dir = mkdtempSync(join(tmpdir(), 'glow-trips-'));

beforeAll(async () => {
  if (noSqld) return;
  sqld = await startSqld(join(dir, 'sqld'));
  await setupDatabase(sqld.url, { seed: true });
  await closeDb(sqld.url);
  proxy = await startRoundTripProxy(sqld.url);
  database = await getDb(proxy.url);
});
afterAll(async () => {
  if (noSqld) return;
  await closeDb(proxy.url);
  await proxy.close();
  await sqld.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A fixed moment (Wednesday noon in the East), so open now is the same at every run. */
const AT = new Date('2026-11-25T17:00:00Z');

/** The round trips of one search, after a first run that warms the process's own caches (the gazetteer, the vocabulary's shares). */
async function tripsOf(raw: Record<string, string>) {
  const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...raw });
  const first = await searchNearPlace(database, params, AT);
  proxy.reset();
  const again = await searchNearPlace(database, params, AT);
  expect(again.total).toBe(first.total);
  return proxy.counts();
}

/**
 * The most round trips in sequence each may take today. The goal (docs/SCALING.md) is three for
 * every search: the facts in one batch, the plan in one, its count beside it. A place's rings are one
 * statement (plans/spots.server.ts ringsBySpot), with open now too (the widest circle's open-now
 * count read in it), but with text, whose circles' plans decide from their counts and still read
 * circle after circle (docs/SCALING.md "Round trips"). These figures may only fall.
 */
const SEARCHES: { label: string; raw: Record<string, string>; most: number }[] = [
  { label: '"Nail Salon" in Chicago', raw: { service: 'Nail Salon', location: 'Chicago' }, most: 3 },
  { label: 'Brooklyn', raw: { location: 'Brooklyn' }, most: 2 },
  { label: 'ZIP 60614', raw: { location: '60614' }, most: 2 },
  { label: '"balayage"', raw: { query: 'balayage' }, most: 3 },
  { label: 'Chicago nearest first, a deep page', raw: { location: 'Chicago', sort: 'distance', offset: '480' }, most: 3 },
  { label: 'open now with a sort, a deep page', raw: { service: 'Nail Salon', openNow: 'true', sort: 'reviews', offset: '990' }, most: 3 },
  { label: 'a short word and a service', raw: { query: 'logan', service: 'Nail Salon' }, most: 2 },
  { label: 'a misspelt city, corrected', raw: { location: 'Chicgo' }, most: 3 },
  // A misspelt word: its candidates come with its terms (none), and the corrected word's terms are checked beside the corrected search's count.
  { label: 'a misspelt word, corrected', raw: { query: 'balayge' }, most: 3 },
  { label: 'a misspelt word and a known one, corrected', raw: { query: 'balayge brooklyn' }, most: 3 },
  { label: 'open now, a service and a city', raw: { service: 'Nail Salon', location: 'Chicago', openNow: 'true' }, most: 3 },
  // Nearest first: the open-listed page sorted by distance with the open-now list's total (the fuzz's 'Hair Salon' in Berkeley failed on it).
  { label: 'open now, a service and a city, nearest first', raw: { service: 'Nail Salon', location: 'Chicago', openNow: 'true', sort: 'distance' }, most: 3 },
  // The words' list, read beside their terms, holds none: the plan's page is not read (search.server.ts `noWords`; 2 before).
  { label: 'a word, a service and a rating', raw: { query: 'henna', service: 'Acrylic Nails', rating: '3' }, most: 1 },
  // The most in sequence `npm run bench:fuzz -- --providers 10000 --searches 300 --round-trips --seed 1` found
  // (docs/BENCHMARKS.md "Round trips per search" has its figure): open now in a place whose rings find nothing.
  { label: 'open now in a town, rings empty (fuzz)', raw: { service: 'Hair Styling', location: 'Wichita Falls, TX', openNow: 'true' }, most: 3 },
  { label: 'open now at a price in a town (fuzz)', raw: { service: 'Hair Salon', location: 'McAllen', priceRange: '$$', openNow: 'true' }, most: 3 },
  // Nothing within 50 miles (Billings, MT): nobody listed in the ZIP code, so the search as typed is not read either.
  { label: 'a ZIP code with nothing within 50 miles', raw: { location: '59101' }, most: 2 },
  // A city's own few in another order (its count lists them): the rings' one statement is read beside its own page (rings.server.ts readsAhead).
  { label: 'a city in another order, its own short of the page', raw: { location: 'Chicago', sort: 'reviews' }, most: 3 },
  { label: 'open now in a ZIP code (fuzz)', raw: { location: '15270', openNow: 'true' }, most: 2 },
  // Open now in a place's rings, a deep page (the fuzz's worst at 100,000: each ring's pass lists as deep as the page, rings.ts ringsListed).
  {
    label: 'open now in a place\u2019s rings, a deep page (fuzz)',
    raw: { service: 'Nail Salon', location: 'Chicago', openNow: 'true', offset: '990' },
    most: 3,
  },
  // The listed Arlington's zones and rings, taken from every zone's hours read ahead and read once its place is known (5 at 100,000 before).
  { label: 'open now in a town, a deep page (fuzz)', raw: { service: 'Beauty Parlour', location: 'Arlington', openNow: 'true', offset: '990' }, most: 2 },
  // Text around a place: the rings in one statement (plans/textRings.server.ts), read beside the own page when the own's list cannot fill it.
  // The city's list of the words read in the first round trip (textFacts.server.ts `listedCity`; 3 before).
  { label: 'a word at a price around a city', raw: { query: 'gel', location: 'Miami', priceRange: '$$$' }, most: 2 },
  { label: 'a word at a price around a city, nearest first', raw: { query: 'gel', location: 'Miami', priceRange: '$$$', sort: 'distance' }, most: 2 },
  // Words around a place whose rings run (at 100,000 providers past the words' cap: the rings' one statement lists them
  // narrowed to the widest circle's states and the filters' tokens, plans/textRings.server.ts; the seed's are few).
  { label: 'service words around a ZIP code', raw: { service: 'Lash Lift', location: '60614' }, most: 2 },
  { label: 'a word around a city', raw: { query: 'lesson', location: 'Evanston' }, most: 3 },
  { label: 'service words around a city', raw: { service: 'Balayage', location: 'Brooklyn' }, most: 3 },
  // Open now with words in a city: the words' list read with the city's open count (textFacts.server.ts countBesideWords; 4 before).
  { label: 'open now with a word in a city', raw: { query: 'gel', location: 'Miami', openNow: 'true' }, most: 3 },
  { label: 'open now with service words in a city', raw: { service: 'Lash Lift', location: 'Los Angeles', openNow: 'true' }, most: 3 },
  // Nothing found at a place and its rings, then the spelling path (correctedSearch.server.ts): the words, the service and the
  // city were read with the place (readWordsEarly), so nothing is read to learn there is nothing to correct (5 before).
  {
    label: 'nothing found at a place, every word known',
    raw: { query: 'balayage', service: 'Manicure', location: 'Chicago', priceRange: '$$$$', lang: 'vi' },
    most: 2,
  },
  { label: 'nothing found at a place with a facet', raw: { query: 'nail', location: 'Nashville', rating: '5', owned: 'latino' }, most: 2 },
  // A misspelt word around a place that finds nothing even corrected: its candidates read with the place (5 before).
  { label: 'a misspelt word around a place, nothing found', raw: { query: 'balayge', location: 'Brooklyn' }, most: 2 },
  // Both misspelt: the city's candidates read with its states, in the first round trip (4 before).
  { label: 'a misspelt word and a misspelt city, corrected', raw: { query: 'balayge', location: 'Chicgo' }, most: 3 },
  // A short misspelt word whose correction has terms longer than its candidates (the guess was wrong and the corrected search ran
  // twice: 10 at 100,000 providers): the corrected words' terms and list read in one round trip, as typed (correctedSearch.server.ts).
  { label: 'a short misspelt word with a service, open now (fuzz)', raw: { query: 'aht', service: 'Beauty Parlour', openNow: 'true' }, most: 3 },
  { label: 'two misspelt words with a facet in another order (fuzz)', raw: { query: 'lls into', sort: 'reviews', pay: 'cash' }, most: 2 },
  // The words' list read in the first round trip, beside the words' terms, its expression built in the statement
  // (textFacts.server.ts `readWordsListEarly`): each was one more at 100,000 providers (the fuzz's, 5 → 4 or 4 → 3).
  { label: 'service words with a rating in another order (fuzz)', raw: { service: 'Brow Tinting', rating: '3', sort: 'reviews' }, most: 2 },
  { label: 'a word with a rating (fuzz)', raw: { query: 'regul', rating: '4' }, most: 2 },
  { label: 'service words with a language (fuzz)', raw: { service: 'Keratin Treatment', lang: 'fr' }, most: 2 },
  { label: 'a word at a price with two owners (fuzz)', raw: { query: 'beach', priceRange: '$$', owned: 'black,veteran' }, most: 2 },
  { label: 'service words open now in another order (fuzz)', raw: { service: 'Manicure', openNow: 'true', sort: 'rating' }, most: 2 },
  { label: 'service words at a price (fuzz)', raw: { service: 'Dip Powder Nails', priceRange: '$$$$' }, most: 2 },
  // Open now with no place: every zone's hours read beside the words (resolve.server.ts `resolve`), not after them
  // (one fewer at 100,000 providers, where the words are many; the seed's are few, checked row by row for open now).
  { label: 'open now with service words, a deep page (fuzz)', raw: { service: 'Balayage', openNow: 'true', offset: '96' }, most: 3 },
  { label: 'open now with service words and a rating (fuzz)', raw: { service: 'Acne Treatment', rating: '5', openNow: 'true' }, most: 2 },
  {
    label: 'open now with service words, a facet and a sort (fuzz)',
    raw: { service: 'Bridal Makeup', openNow: 'true', sort: 'rating', lang: 'ht', walkIns: 'true' },
    most: 2,
  },
  // A ZIP prefix alone: its listed providers counted beside the first reads (plans/filterListed.server.ts `countListedEarly`), and
  // its states with the words' list when they are many (textFacts.server.ts `readWordsListEarly`): at 100,000 providers 4 -> 2, 6 -> 4, 4 -> 2.
  { label: 'service words in a ZIP code and around it (fuzz)', raw: { service: 'Lash Lift', location: '76010' }, most: 2 },
  { label: 'a short word in a ZIP code in another order (fuzz)', raw: { query: 'blo', location: '60673', sort: 'reviews' }, most: 2 },
  { label: 'service words in a ZIP prefix (fuzz)', raw: { service: 'Eyebrow Waxing', location: '132' }, most: 2 },
  // A service around a ZIP code: the rings in one statement, the ZIP's own told on the service's rows by their provider's ZIP code
  // (plans/spots.server.ts inPlaceOf; circle after circle before: 7 at 100,000 providers, 3 now).
  { label: 'a service around a ZIP code (fuzz)', raw: { service: 'Hair Salon', location: '37051' }, most: 2 },
  { label: 'open now at a price with two languages (fuzz)', raw: { priceRange: '$$$$', openNow: 'true', lang: 'ht,ko' }, most: 2 },
  // A count that lists few matches reads their page in the same statement (plans/context.server.ts countOrList), and a
  // deep page its rows from the list that counted them (pageAndCount): the page was one more round trip after each
  // (at 100,000 providers the fuzz's open now around a point, a facet few hold and a deep page, 4 or 5 -> 3 or 4).
  { label: 'open now around a point, few (fuzz)', raw: { openNow: 'true', near: '41.8781,-87.6298', radius: '5' }, most: 3 },
  { label: 'open now in a ZIP prefix with a rating in another order (fuzz)', raw: { location: '606', rating: '4', openNow: 'true', sort: 'rating' }, most: 3 },
  { label: 'a service at a price, a deep page', raw: { service: 'Nail Salon', priceRange: '$$', offset: '12' }, most: 1 },
  // Open now in a city and its state, few open: the open-now list's count is no total (the state is checked on the row), so
  // its matches are counted with it when short of the page, and the rings read beside the own page (plans/index.server.ts `afterOpenCount`; 4 before).
  {
    label: 'open now at a price in a city and its state, few',
    raw: { service: 'Nail Salon', location: 'Chicago, IL', openNow: 'true', priceRange: '$$' },
    most: 3,
  },
  // Words around a city whose list holds a page but whose other filters leave few: the rings' one statement read beside
  // the own page when the token sample's share says its own likely fall short (rings.server.ts readBeside; the fuzz's Fargo, 4 before).
  // The city's list of the words read in the first round trip (textFacts.server.ts `listedCity`), not after the place's reads: one
  // round trip fewer before the own page and its rings (3 before; the fuzz's Brow Tinting in Concord at $$ nearest first, 4 before).
  { label: 'a word around a city with a rating its list does not carry', raw: { query: 'nail', location: 'Chicago', rating: '4.8', limit: '2' }, most: 2 },
  // A place's own search whose choice asks facet-listed's narrower source first (the city's rows at the price): that count read
  // beside the place's reads, the own search started with the place its location names (nearPlace.server.ts `searchAtPlace`;
  // the fuzz's Spokane and Murfreesboro, 4 before).
  {
    label: 'a city and its state at a price with a language few speak, in another order',
    raw: { location: 'Chicago, IL', priceRange: '$', sort: 'reviews', lang: 'ar' },
    most: 3,
  },
  // Its counts of the city's rows and then of the service's in the city, one statement (plans/facetListed.server.ts `narrowerCount`; 5 before).
  {
    label: 'a service in a city and its state with a facet few hold, in another order',
    raw: { service: 'Nail Salon', location: 'Chicago, IL', sort: 'reviews', owned: 'veteran' },
    most: 3,
  },
  // Open now in a ZIP code of one provider: its few rows listed (filter-listed), whatever the zones' open-now count up to the most
  // listed, their page read in that count's statement (plans/index.server.ts `planAfterOpenCount`): the rings a round trip sooner
  // (the fuzz's location=26502&openNow=true at 100,000, 4 before).
  { label: 'open now in a ZIP code of one provider, its rings (fuzz)', raw: { location: '10002', openNow: 'true' }, most: 3 },
  { label: 'a word around a city with a language (fuzz)', raw: { query: 'salon', location: 'Chicago', lang: 'vi', limit: '2' }, most: 2 },
];

describe.skipIf(noSqld)('database round trips of a search, through a proxy in front of sqld', () => {
  for (const { label, raw, most } of SEARCHES)
    it(`${label}: at most ${most} in sequence`, async () => {
      const { total, sequential } = await tripsOf(raw);
      console.log(`[trips] ${label}: ${sequential} in sequence, ${total} in all`);
      expect(sequential).toBeGreaterThan(0);
      expect(sequential).toBeLessThanOrEqual(most);
      expect(total).toBeGreaterThanOrEqual(sequential);
    });
});

/**
 * The round trips of a search that finds nothing at a place nor around it, once the nearest city with providers' list
 * (kept a minute, nearestCity.server.ts) is past its minute: the answer reads it again.
 */
async function tripsWithCitiesStale(over: Db, counter: RoundTripProxy, raw: Record<string, string>) {
  const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...raw });
  const first = await searchNearPlace(over, params, AT);
  expect(first.total).toBe(0);
  expect(first.place?.nearestCity).toBeDefined();
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + 2 * 60_000);
    counter.reset();
    expect(await searchNearPlace(over, params, AT)).toEqual(first);
  } finally {
    vi.useRealTimers();
  }
  return counter.counts();
}

describe.skipIf(noSqld)('nothing found at a place nor around it: the nearest city with providers (nearPlace.server.ts)', () => {
  it('its list, kept a minute, is read again beside the rings, not after them', async () => {
    const { total, sequential } = await tripsWithCitiesStale(database, proxy, { location: 'Chicago, IL', priceRange: '$', sort: 'reviews', lang: 'ar' });
    console.log(`[trips] nothing found at a city nor around it, the cities read again: ${sequential} in sequence, ${total} in all`);
    expect(sequential).toBeLessThanOrEqual(3);
  });
});

describe.skipIf(noSqld)(
  'open now around a place: the rings\u2019 one statement read beside the place\u2019s own page only when its own fall short (rings.server.ts readsAhead)',
  () => {
    /** The statements of one search, after a first run. */
    async function statementsOf(raw: Record<string, string>) {
      const params = searchParamsSchema.parse(raw);
      await searchNearPlace(database, params, AT);
      proxy.reset();
      const answer = await searchNearPlace(database, params, AT);
      return { answer, trips: proxy.trips().map((t) => t.statements) };
    }
    /** The rings' one statement with open now: the widest circle's open-now count first (plans/spots.server.ts ringsBySpot). */
    const isRings = (text: string) => /^WITH g AS MATERIALIZED/.test(text);
    /** Open-now lists counted with no city: a circle's on its own (the place's own count names its city). */
    const isCircleCount = (text: string) => /^SELECT count\(\*\)/.test(text) && !/h\.city = \?/.test(text);

    it('a page the place\u2019s own fill reads no ring', async () => {
      const { answer, trips } = await statementsOf({ service: 'Nail Salon', location: 'Chicago', openNow: 'true', limit: '1' });
      expect(answer.place?.radiusMiles).toBeUndefined();
      expect(trips.flat().filter((text) => isRings(text) || isCircleCount(text))).toEqual([]);
    });
    it('a page they do not fill reads the rings once, in the round trip of the place\u2019s own page', async () => {
      const { answer, trips } = await statementsOf({ service: 'Nail Salon', location: 'Chicago', openNow: 'true', limit: String(PAGE_SIZE) });
      expect(answer.place?.radiusMiles).toBeDefined();
      expect(trips.flat().filter(isCircleCount)).toEqual([]);
      const withRings = trips.filter((statements) => statements.some(isRings));
      expect(withRings).toHaveLength(1);
      expect(withRings[0]!.filter(isRings)).toHaveLength(1);
      // Beside the place's own page (open-listed, its total the count read before it).
      expect(withRings[0]!.some((text) => /FROM provider_search p/.test(text) && !isRings(text))).toBe(true);
    });
  },
);

describe.skipIf(noSqld)('words around a place: the rings\u2019 one statement read beside the own page (rings.server.ts readsAhead)', () => {
  it('the same answer as the rings read circle after circle, at a first page and past the place\u2019s own', async () => {
    for (const page of [{}, { offset: '1', limit: '5' }, { offset: '3', limit: '40' }]) {
      const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), query: 'gel', location: 'Miami', priceRange: '$$$', ...page });
      const trace: { plan?: string } = {};
      const ahead = await searchNearPlace(database, params, AT, trace);
      expect(trace.plan).toMatch(/, then text-listed:rings within \d+ mi$/);
      RING_TUNING.textAtOnce = false;
      try {
        expect(ahead, JSON.stringify(page)).toEqual(await searchNearPlace(database, params, AT));
      } finally {
        RING_TUNING.textAtOnce = true;
      }
    }
  });
});

describe.skipIf(noSqld)('a place\u2019s rings as one statement (plans/spots.server.ts ringsBySpot), rows read on sqld', () => {
  /** Rows sqld counts as read by one search, after a first run. */
  async function rowsOf(raw: Record<string, string>) {
    const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...raw });
    await searchNearPlace(database, params, AT);
    const before = await sqldStats(sqld);
    await searchNearPlace(database, params, AT);
    return (await sqldStats(sqld)).rowsRead - before.rowsRead;
  }

  it('a wider circle is read only when the nearer falls short: a page the nearest fills reads what that circle alone does', async () => {
    // 60614 has no provider of its own; the seed's Chicago providers within its nearest ring (10 miles) fill three rows at offset 2.
    const [point, page] = ['41.9229,-87.6483', { limit: '3', offset: '2' }];
    const rings = await rowsOf({ location: '60614', ...page });
    const alone = await rowsOf({ near: point, radius: '10', sort: 'distance', ...page });
    const widest = await rowsOf({ near: point, radius: '50', sort: 'distance', ...page });
    console.log(`[rows] 60614 rings ${rings}, the nearest circle alone ${alone}, the widest alone ${widest}`);
    // The circle alone finds its page in its count's pass (plans/spots.server.ts countAndPageAtSpots); the rings also list
    // the positions before it (rings.ts ringsListed).
    expect(rings).toBeLessThanOrEqual(alone + 2 * (Number(page.offset) + Number(page.limit)));
    expect(rings).toBeLessThan(widest);
  });
});

describe.skipIf(noSqld)('database round trips of a provider page, through the same proxy', () => {
  it('one round trip: every read of the page in one batch, for a listed provider and for a slug nobody has', async () => {
    const { rows } = await database.client.execute('SELECT slug FROM providers WHERE isHidden = 0 AND reviewCount > 0 LIMIT 1');
    for (const slug of [String(rows[0]!.slug), 'no-such-provider']) {
      await providerPageReads(database, slug);
      proxy.reset();
      const read = await providerPageReads(database, slug);
      expect(read.provider?.slug ?? null).toBe(slug === 'no-such-provider' ? null : slug);
      const { total, sequential } = proxy.counts();
      console.log(`[trips] provider page ${slug}: ${sequential} in sequence, ${total} in all`);
      expect({ total, sequential }).toEqual({ total: 1, sequential: 1 });
    }
  });
});

/**
 * Searches whose next read depends on a count past the counted cap, over their own sqld: the
 * providers added here would move the other searches' figures. Words past the cap and within
 * `textLeads` ask for the rows of the filter that would lead (plans/textListed.server.ts
 * `textAndLead`), counted in the statement of the words' list (textFacts.server.ts `listWithLead`);
 * many open with a facet few hold ask for the rows of the source another plan would lead with
 * (plans/facetListed.server.ts `rarestFacetCount`), counted in the open-now count's statement
 * (plans/index.server.ts `afterOpenCount`). Each was one round trip more, after the count.
 */
describe.skipIf(noSqld)('a read that depends on a count past the cap, in that count\u2019s statement', () => {
  const ownDir = mkdtempSync(join(tmpdir(), 'glow-trips-many-'));
  let own: Sqld;
  let ownProxy: RoundTripProxy;
  let db: Db;
  /** Past the counted cap: the words' matches, all in one town, which holds as many more without them; all open all day. */
  const WORDS = LIMITS.countedTotal + 200;
  const allDay = '12:00 AM - 12:00 AM';
  /** Points nearest first past what a statement of the page read point by point (plans/spots.server.ts, 128 a statement before). */
  const [SPREAD, SPREAD_AT] = [400, { latitude: 39, longitude: -117 }];

  beforeAll(async () => {
    own = await startSqld(join(ownDir, 'sqld'));
    const seeded = await setupDatabase(own.url, { seed: true });
    const { seq: _s, ...base } = (await seeded.db.selectFrom('providers').selectAll().limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const hours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, allDay]));
    const statements = Array.from({ length: 2 * WORDS }, (_, i) =>
      insertProviderStatements(seeded, {
        ...base,
        id: `many-${i}`,
        name: `${i % 2 ? 'Other' : 'Leadtest'} Studio ${i}`,
        slug: `many-test-${i}`,
        city: 'Lead Town',
        state: 'KS',
        services: JSON.stringify(['Manicure']),
        priceRange: '$$$',
        openingHours: JSON.stringify(hours),
        // Veteran-owned: one in twenty, a facet few hold; LGBTQ+-owned: one in two, past the cap about the town's point.
        facets: facetBits({ identity: [...(i % 20 ? [] : ['veteran']), ...(i % 2 ? [] : ['lgbtq'])] }),
      } as unknown as NewProvider),
    );
    // Nearest first around a point of many points: one provider a point, the few at the price the farthest.
    const spread = Array.from({ length: SPREAD }, (_, i) =>
      insertProviderStatements(seeded, {
        ...base,
        id: `spread-${i}`,
        name: `Spread Studio ${i}`,
        slug: `spread-test-${i}`,
        city: 'Spread Town',
        state: 'NV',
        zipCode: '89301',
        latitude: SPREAD_AT.latitude + i / 1000,
        longitude: SPREAD_AT.longitude,
        priceRange: i < SPREAD - 3 ? '$$$$' : '$',
      } as unknown as NewProvider),
    );
    const all = [...statements, ...spread];
    for (let i = 0; i < all.length; i += 200) await seeded.client.batch(all.slice(i, i + 200).flat(), 'write');
    await closeDb(own.url);
    ownProxy = await startRoundTripProxy(own.url);
    db = await getDb(ownProxy.url);
  }, 120_000);
  afterAll(async () => {
    if (!own) return;
    await closeDb(ownProxy.url);
    await ownProxy.close();
    await own.stop();
    rmSync(ownDir, { recursive: true, force: true });
  });

  const CASES: { label: string; raw: Record<string, string>; plan: RegExp; textLeads?: number; tuning?: Partial<typeof PLAN_TUNING>; most?: number }[] = [
    { label: 'a word past the cap in a town', raw: { query: 'leadtest', location: 'Lead Town' }, plan: /^text-listed/ },
    { label: 'many open at a price with a facet few hold', raw: { openNow: 'true', owned: 'veteran', priceRange: '$$$' }, plan: /^facet-listed/ },
    // The words' list read beside their terms, many (past `textLeads`, lowered here to the cap): the choice's text fact
    // known, the price's rows counted in the open-now count's statement (plans/index.server.ts `textKnown`; the fuzz's Blowout, 4 before).
    {
      label: 'many open with words past textLeads at a price with a facet few hold',
      raw: { query: 'leadtest', openNow: 'true', owned: 'veteran', priceRange: '$$$' },
      plan: /^facet-listed/,
      textLeads: LIMITS.countedTotal,
    },
    // Words many around a ZIP code of one provider: its rows listed, the words checked on them (filter-listed), their share of
    // the directory says the own likely short, and the rings' text statement is read beside the own page (rings.server.ts
    // `keptShare`; the fuzz's query=orlando&location=10017 at a million, 4 before).
    {
      label: 'words many around a ZIP code of one provider, its words checked on its rows',
      raw: { query: 'leadtest', location: '10002', limit: '1' },
      plan: /^filter-listed:zipPrefix, then text-listed:rings/,
    },
    // Many open (none listed: openListedScale 0): the order plan's count, read in the open-now count's statement
    // (plans/index.server.ts `planAfterOpenCount`; the fuzz's open now in a ZIP prefix or a state, 4 before).
    // A walk that comes short (its reach lowered here) leaves the page to a sort, read with the walk (SearchRun.runOrElse; the
    // fuzz's service=Eyebrow Waxing&location=809 and priceRange=$&openNow=true&near=…&sort=reviews&access=restroom at a million, 4 before).
    {
      label: 'words past the cap at a price, their walk short',
      raw: { query: 'leadtest', priceRange: '$$$' },
      plan: /^text-listed$/,
      tuning: { deepWalkMargin: 0.01 },
    },
    {
      label: 'a price in another order, its walk short',
      raw: { priceRange: '$$$', sort: 'reviews' },
      plan: /^other-order:sorted$/,
      tuning: { walkCap: 0 },
      most: 2,
    },
    // Words past the cap at a price in another order: the order's sample read beside the count when the words' count at the token
    // sample's price share says it will be capped and dense (plans/otherOrder.server.ts `sampleAhead`; the fuzz's Makeup Application
    // $$$ r4 by reviews at a million, 4 before).
    {
      label: 'words past the cap at a price in another order',
      raw: { query: 'leadtest', priceRange: '$$$', sort: 'reviews' },
      plan: /^other-order:walk$/,
      textLeads: LIMITS.countedTotal,
      most: 2,
    },
    // Words past the cap with a filter whose token lists them: the list with that token read with the words' own, in the
    // first round trip (textFacts.server.ts `earlyTokens`; the fuzz's query=lounge&rating=4.8 at 100,000, 4 before).
    { label: 'words past the cap with a facet few hold', raw: { query: 'leadtest', owned: 'veteran' }, plan: /^text-listed$/, most: 2 },
  ];
  for (const { label, raw, plan, textLeads, tuning = {}, most = 3 } of CASES)
    it(`${label}: at most ${most} in sequence`, async () => {
      const saved = { ...PLAN_TUNING };
      Object.assign(PLAN_TUNING, { textLeads: textLeads ?? saved.textLeads, ...tuning });
      try {
        const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...raw });
        const trace: { plan?: string } = {};
        const first = await searchNearPlace(db, params, AT, trace);
        expect(trace.plan).toMatch(plan);
        ownProxy.reset();
        expect(await searchNearPlace(db, params, AT)).toEqual(first);
        const { total, sequential } = ownProxy.counts();
        console.log(`[trips] ${label} (${trace.plan}): ${sequential} in sequence, ${total} in all`);
        expect(sequential).toBeLessThanOrEqual(most);
      } finally {
        Object.assign(PLAN_TUNING, saved);
      }
    });
  // None of the words in the ZIP code nor around it: the nearest city with providers' list (kept a minute, read again past it) is
  // read beside the rings read beside the own page, not after them (rings.server.ts `readBeside`; the fuzz's orlando 10017, 4 before).
  it('words many around a ZIP code, found nowhere: the cities read beside the rings, at most 3 in sequence', async () => {
    const { total, sequential } = await tripsWithCitiesStale(db, ownProxy, { query: 'leadtest', location: '15201', limit: '1' });
    console.log(`[trips] words many around a ZIP code, found nowhere, the cities read again: ${sequential} in sequence, ${total} in all`);
    expect(sequential).toBeLessThanOrEqual(3);
  });
  // A facet's rows past the cap around a point, not all in the facet's stored rows (a price's unknown is a lookup): counted, then the page's
  // positions along the facet's order and its rows in one statement (SearchRun.pageOf; the fuzz's
  // priceRange=$$&near=…&radius=100&owned=lgbtq at a million, 4 before).
  it('a facet past the cap around a point at a price: the page in one statement, at most 3 in sequence', async () => {
    const { rows } = await db.client.execute("SELECT latitude, longitude FROM providers WHERE city = 'Lead Town' LIMIT 1");
    const near = `${rows[0]!.latitude},${rows[0]!.longitude}`;
    const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), near, radius: '5', priceRange: '$$$', owned: 'lgbtq' });
    const trace: { plan?: string } = {};
    // The facet's rows listed however few rows the point's order walks to its page (a row of them priced at next to nothing).
    const saved = { ...PLAN_TUNING };
    Object.assign(PLAN_TUNING, { facetRowCost: 0.001 });
    try {
      const first = await searchNearPlace(db, params, AT, trace);
      ownProxy.reset();
      expect(await searchNearPlace(db, params, AT)).toEqual(first);
      const { total, sequential } = ownProxy.counts();
      console.log(`[trips] a facet past the cap around a point (${trace.plan}): ${sequential} in sequence, ${total} in all`);
      expect(trace.plan).toBe('facet-listed');
      expect(first.total).toBeGreaterThan(LIMITS.countedTotal - 1);
      expect(sequential).toBeLessThanOrEqual(3);
    } finally {
      Object.assign(PLAN_TUNING, saved);
    }
  });
  // Nearest first within a radius of many points, the matches at the farthest: the page one statement, its points a VALUES list
  // nearest first (plans/spots.server.ts pageAtSpots; a statement each 128 points before, 5 in sequence here).
  it('nearest first among many points, the few matches the farthest: the page in one statement, at most 3 in sequence', async () => {
    const raw = { near: `${SPREAD_AT.latitude},${SPREAD_AT.longitude}`, radius: '50', sort: 'distance', priceRange: '$' };
    const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...raw });
    const trace: { plan?: string } = {};
    const first = await searchNearPlace(db, params, AT, trace);
    ownProxy.reset();
    expect(await searchNearPlace(db, params, AT)).toEqual(first);
    const { total, sequential } = ownProxy.counts();
    console.log(`[trips] nearest first among many points (${trace.plan}): ${sequential} in sequence, ${total} in all`);
    expect(trace.plan).toBe('nearest:spots');
    expect(first.items.map((p) => p.slug)).toEqual([397, 398, 399].map((i) => `spread-test-${i}`));
    expect(sequential).toBeLessThanOrEqual(3);
  });
  // Many open in a ZIP prefix (the open-now list does not apply it: its count is no total), none listed (openListedScale 0): the
  // order plan's count read in the open-now count's statement (plans/index.server.ts `planAfterOpenCount`): 3 before here,
  // where the count lists the page; the fuzz's location=191&openNow=true at 100,000 providers, count then walk, 4 before.
  for (const raw of [{ openNow: 'true' }, { openNow: 'true', sort: 'rating', offset: '24' }] as Record<string, string>[])
    it(`many open in a ZIP prefix ${new URLSearchParams(raw)}: the order plan's count in the open-now count's statement, at most 2 in sequence`, async () => {
      const { rows } = await db.client.execute("SELECT substr(zipCode, 1, 3) AS prefix FROM providers WHERE city = 'Lead Town' LIMIT 1");
      const saved = { ...PLAN_TUNING };
      PLAN_TUNING.openListedScale = 0;
      try {
        const params = searchParamsSchema.parse({ limit: String(PAGE_SIZE), location: String(rows[0]!.prefix), ...raw });
        const trace: { plan?: string } = {};
        const first = await searchNearPlace(db, params, AT, trace);
        ownProxy.reset();
        expect(await searchNearPlace(db, params, AT)).toEqual(first);
        const { total, sequential } = ownProxy.counts();
        console.log(`[trips] many open in a ZIP prefix (${trace.plan}): ${sequential} in sequence, ${total} in all`);
        expect(trace.plan).toMatch(/^(other-)?order/);
        expect(sequential).toBeLessThanOrEqual(2);
      } finally {
        Object.assign(PLAN_TUNING, saved);
      }
    });
});
