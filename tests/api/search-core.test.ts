/**
 * The search core's own contracts (docs/search.md): every index a plan names exists after the
 * migrations, the filters' table defines what the open-now list applies, GET /api/search says which plan answered in Server-Timing, and a search's statements
 * stop at its time budget.
 */
import type { InValue } from '@libsql/client';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxTables } from '../../src/features/search/near.server';
import { INDEXES } from '../../src/features/search/indexes.server';
import { TERMS_BAND_INDEX } from '../../src/features/suggestions/closest.server';
import { PLANS } from '../../src/features/search/plans/index.server';
import { withBudget } from '../../src/features/search/budget.server';
import { resolve } from '../../src/features/search/resolve.server';
import type { Resolved } from '../../src/features/search/searchTypes.server';
import { placeOfSearch } from '../../src/features/places/index.server';
import { requestOf } from '../../src/features/search/request.server';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { hoursPresent, openNowBySeq, openNowCondition, openNowList, openNowRanges } from '../../src/features/search/openNow.server';
import {
  FILTERS,
  facetToken,
  filterToken,
  LISTED,
  listedMatch,
  openListConditions,
  textTokensOf,
  rowConditions,
  type SearchFilter,
} from '../../src/features/search/filters.server';
import { RATING_STEPS } from '../../src/features/search/params';
import { orderTop, ratingTenth, reviewsMagnitude, standingsRatedAtLeast, type BucketedSort } from '../../src/features/search/orderBuckets.server';
import { tokenShares } from '../../src/features/search/tokenShares.server';
import { PRICE_RANGES } from '../../src/features/providers/providerFields';
import { and, searchRun, textListed, textSourceOf } from '../../src/features/search/plans/context.server';
import { PLAN_TUNING } from '../../src/features/search/tuning.server';
import { OverBudgetError } from '../../src/lib/errors';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('search indexes', () => {
  it('every index named in INDEXED BY exists after the migrations', async () => {
    const { rows } = await api.database.client.execute("SELECT name FROM sqlite_master WHERE type = 'index'");
    const existing = new Set(rows.map((r) => String(r.name)));
    const missing = [...Object.values(INDEXES), TERMS_BAND_INDEX].filter((name) => !existing.has(name));
    expect(missing).toEqual([]);
  });
});

/** The query plan of `query`, a line per step. */
const explain = async (query: RawBuilder<unknown>) => {
  const { sql: text, parameters } = sql`EXPLAIN QUERY PLAN ${query}`.compile(api.database.db);
  const { rows } = await api.database.client.execute({ sql: text, args: parameters as InValue[] });
  return rows.map((r) => String(r.detail)).join('\n');
};

describe('near boxes', () => {
  // migrations/0028: a box's count and sort with a price, a rating, a place or the order columns read
  // the coordinate index (or a service's category rows') alone, never each provider's row.
  const point = { latitude: 40.7143, longitude: -74.006 };
  const plan = explain;

  it('a box with a price, a rating and a city is counted and sorted from the coordinate index alone', async () => {
    const where = sql`WHERE p.priceRange = '$' AND p.rating >= 4 AND p.city = 'New York' AND p.zipCode >= '100' AND p.state = 'NY'`;
    const counted = await plan(sql`SELECT count(*) ${boxTables(point, 10)} ${where}`);
    expect(counted).toMatch(/USING COVERING INDEX providers_geo/);
    const sorted = await plan(
      sql`SELECT p.seq, p.latitude ${boxTables(point, 10)} ${where} ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq, p.timeZone`,
    );
    expect(sorted).toMatch(/USING COVERING INDEX providers_geo/);
  });

  it("a service's box with a price, a rating and a city is read from its category rows' index alone", async () => {
    const where = sql`WHERE c.priceRange = '$' AND c.rating >= 4 AND c.city = 'New York'`;
    const sorted = await plan(
      sql`SELECT c.providerSeq, c.latitude, c.longitude ${boxTables(point, 10, 'nails')} ${where} ORDER BY c.isPromoted DESC, c.rating DESC, c.reviewCount DESC, c.name`,
    );
    expect(sorted).toMatch(/USING COVERING INDEX provider_categories_geo/);
  });
});

describe('text in a small box', () => {
  it('is listed when its matches narrowed to the box’s states are few for the box, though all of them are not (narrowedEntryCost)', async () => {
    const saved = { ...PLAN_TUNING };
    const params = searchParamsSchema.parse({ query: 'salon', near: '41.8781,-87.6298', radius: '10' });
    const r = await resolve(requestOf(api.database, params, new Date('2026-11-25T17:00:00Z')), await placeOfSearch(api.database, params));
    // Whether the box's text is listed at `perRow` matches a row, when an entry the states leave out
    // costs nothing (0) or as much as a listed match (1: the states not counted, the rule before).
    const listedAt = async (perRow: number, narrowedEntryCost: number) => {
      Object.assign(PLAN_TUNING, { textLeads: 0, boxCheckSeeks: 1_000_000, listTextFrom: 0, listTextPerRow: perRow, narrowedEntryCost });
      return searchRun(requestOf(api.database, params), r).listTextIn(r.within!.point, r.within!.miles);
    };
    const between: number[] = [];
    try {
      for (const perRow of [0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30]) {
        const narrowed = await listedAt(perRow, 0);
        const whole = await listedAt(perRow, 1);
        // Counting the states only ever makes a list cheaper.
        if (whole) expect(narrowed, String(perRow)).toBe(true);
        if (narrowed && !whole) between.push(perRow);
      }
    } finally {
      Object.assign(PLAN_TUNING, saved);
    }
    expect(between.length).toBeGreaterThan(0);
  });
});

describe('place indexes', () => {
  // migrations/0040: a state's providers at a price, and a state's or a ZIP prefix's open now, are read
  // from the place's index alone; the zone open now is worked out in was each provider's row read.
  const open = openNowCondition(new Date('2026-11-25T17:00:00Z'));
  it("a state with a price and open now is counted and sorted from the state's index alone", async () => {
    const where = sql`WHERE p.state = 'NY' AND p.priceRange = '$' AND p.rating >= 4 AND ${open}`;
    const from = sql`FROM providers p INDEXED BY ${sql.raw(INDEXES.stateOrder)}`;
    expect(await explain(sql`SELECT count(*) ${from} ${where}`)).toMatch(/USING COVERING INDEX providers_state_order/);
    expect(await explain(sql`SELECT p.seq ${from} ${where} ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq`)).toMatch(
      /USING COVERING INDEX providers_state_order/,
    );
  });

  it('a ZIP prefix with a price, a rating, a place and open now is counted from the ZIP index alone', async () => {
    const where = sql`WHERE p.zipCode >= '100' AND p.zipCode < '101' AND p.priceRange = '$' AND p.rating >= 4 AND p.city = 'New York' AND p.state = 'NY' AND ${open}`;
    expect(await explain(sql`SELECT count(*) FROM providers p INDEXED BY ${sql.raw(INDEXES.zip)} ${where}`)).toMatch(/USING COVERING INDEX providers_zip/);
  });
});

describe('open now on seq alone', () => {
  const seqs = async (where: Expression<SqlBool>) =>
    (await sql<{ seq: number }>`SELECT p.seq FROM providers p WHERE ${where} ORDER BY p.seq`.execute(api.database.db)).rows.map((r) => r.seq);

  it('the check by the hours rows’ zone finds the providers the check by the provider row’s zone finds, all week', async () => {
    // Every 97 minutes of a week, and the moments each zone's week ends (Sunday midnight, local).
    const moments = Array.from({ length: 104 }, (_, i) => new Date(Date.UTC(2026, 10, 23) + i * 97 * 60_000));
    for (const hour of [4, 5, 6, 7, 8, 10]) moments.push(new Date(Date.UTC(2026, 10, 30, hour, 0)), new Date(Date.UTC(2026, 10, 30, hour - 1, 59)));
    let open = 0;
    for (const at of moments) {
      const byRow = await seqs(openNowCondition(at));
      expect(await seqs(openNowBySeq(at)), at.toISOString()).toEqual(byRow);
      open += byRow.length;
    }
    expect(open).toBeGreaterThan(0);
  });

  it('text with open now (and no column filter) is counted from the full-text index’s rowids, the same matches', async () => {
    const now = new Date('2026-11-25T17:00:00Z');
    const resolved = async (query: Record<string, string>) => {
      const params = searchParamsSchema.parse(query);
      return resolve(requestOf(api.database, params, now), await placeOfSearch(api.database, params));
    };
    const r = await resolved({ query: 'nail', openNow: 'true' });
    const source = textSourceOf(r);
    expect(source.seqSource).toBeDefined();
    const text = (q: RawBuilder<unknown>) => q.compile(api.database.db).sql;
    const counted = sql`SELECT p.seq ${source.seqSource!.tables} ${and(source.seqSource!.conds)} ORDER BY p.seq`;
    // No provider row joined: open now's own seek of provider_search by seq reads the hour's bit (migrations/0091).
    expect(text(counted)).not.toMatch(/JOIN provider_search|providers p\b/);
    const joined = sql`SELECT p.seq ${source.tables} ${and(source.conds)} ORDER BY p.seq`;
    const found = (await counted.execute(api.database.db)).rows;
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual((await joined.execute(api.database.db)).rows);
    // A claim is read from the listing's owners, a city is no token: no such source.
    expect(textSourceOf(await resolved({ query: 'nail', openNow: 'true', verified: 'true' })).seqSource).toBeUndefined();
    expect(textSourceOf(await resolved({ query: 'nail', priceRange: '$', location: 'Chicago, IL' })).seqSource).toBeUndefined();
  });

  it('text with filters its tokens hold exactly (a state, a price, a rating, facets) is counted from the full-text index’s rowids, the same matches', async () => {
    const now = new Date('2026-11-25T17:00:00Z');
    const text = (q: RawBuilder<unknown>) => q.compile(api.database.db).sql;
    let found = 0;
    for (const query of [
      { query: 'nail', priceRange: '$' },
      // The stand-in price holds the unknown prices too: they are left out by seq.
      { query: 'nail', priceRange: '$$' },
      { query: 'salon', rating: '4.5' },
      { query: 'salon', rating: '4.8', priceRange: '$$$' },
      { query: 'salon', rating: '3', location: 'NY' },
      { query: 'nail', lang: 'es', openNow: 'true' },
      { service: 'Nail Salon', query: 'studio', rating: '4', priceRange: '$$' },
      { service: 'Nail Salon', query: 'studio', openNow: 'true', lang: 'es' },
    ]) {
      const params = searchParamsSchema.parse(query);
      const r = await resolve(requestOf(api.database, params, now), await placeOfSearch(api.database, params));
      const source = textSourceOf(r);
      const what = JSON.stringify(query);
      expect(source.seqSource, what).toBeDefined();
      const counted = sql`SELECT p.seq ${source.seqSource!.tables} ${and(source.seqSource!.conds)} ORDER BY p.seq`;
      expect(text(counted), what).not.toMatch(/JOIN provider_search|providers p\b|p\.(priceRange|rating|state|facets)\b/);
      const rows = (await counted.execute(api.database.db)).rows;
      expect(rows, what).toEqual((await sql`SELECT p.seq ${source.tables} ${and(source.conds)} ORDER BY p.seq`.execute(api.database.db)).rows);
      found += rows.length;
      // A service's category row is sought before open now's check by seq reads the provider_search row.
      if (query.service && query.openNow) expect(text(counted).indexOf('provider_categories'), what).toBeLessThan(text(counted).indexOf('provider_search'));
    }
    expect(found).toBeGreaterThan(0);
  });
});

describe('listed matches', () => {
  // migrations/0034: a match listed first (text, open now, a service's rows, a count's few) is checked
  // against every other filter and sorted from provider_search, never from its provider row.
  it('are checked and sorted from provider_search alone, with every filter the search has', async () => {
    const params = searchParamsSchema.parse({
      query: 'nail',
      service: 'Nail Salon',
      location: 'New York, NY 10001',
      priceRange: '$$',
      rating: '4',
      near: '40.7143,-74.006',
      openNow: 'true',
      verified: 'true',
      sort: 'distance',
    });
    const now = new Date('2026-11-25T17:00:00Z');
    const r = await resolve(requestOf(api.database, params, now), await placeOfSearch(api.database, params));
    expect(r.match).toBeTruthy();
    const run = searchRun(requestOf(api.database, params), r);
    // Open now as the list of those open (few) and as a check on each row (many).
    for (const openNow of [r.openNow!, openNowCondition(now)]) {
      const listed = textListed(r.match as string, rowConditions({ ...r, match: null, openNow }));
      const plan = await explain(
        sql`SELECT p.seq${run.distance}, p.isPromoted, p.rating, p.reviewCount, p.name ${listed.tables} ${and(listed.conds)} ORDER BY ${run.order}`,
      );
      expect(plan).toMatch(/SEARCH p USING PRIMARY KEY \(seq=\?\)/);
      expect(plan).not.toMatch(/SEARCH p USING INTEGER PRIMARY KEY/);
    }
  });
});

describe('filters as data', () => {
  // docs/search.md "Filters": what the open-now list applies is each filter's `hoursRow`, so
  // "carried by the open list" and its condition are one definition.
  it('every filter the open-now list carries has its condition on the hours row; open now and its closures are the list itself', () => {
    const entries = Object.entries(FILTERS) as [string, SearchFilter][];
    const carried = entries.filter(([, f]) => f.carriedBy.includes('openList')).map(([name]) => name);
    const withHoursRow = entries.filter(([, f]) => f.hoursRow).map(([name]) => name);
    expect(carried.filter((name) => !withHoursRow.includes(name)).sort()).toEqual(['notClosed', 'openNow']);
    expect(withHoursRow.filter((name) => !carried.includes(name))).toEqual([]);
  });

  it("a row's listed check comes last: it fails for a few rows only, so entries the columns or a lookup rule out skip its probe", async () => {
    const params = searchParamsSchema.parse({ query: 'nail', service: 'Nail Salon', priceRange: '$$', rating: '4', openNow: 'true' });
    const r = await resolve(requestOf(api.database, params), await placeOfSearch(api.database, params));
    for (const how of [{}, { listText: true }, { seqOnly: true }]) {
      const conds = rowConditions(r, how);
      expect(conds.length, JSON.stringify(how)).toBeGreaterThan(4);
      expect(conds.indexOf(LISTED), JSON.stringify(how)).toBe(conds.length - 1);
    }
  });

  it('the open-now list with a city, a service, a price and a rating is read from the city index alone', async () => {
    const params = searchParamsSchema.parse({ service: 'Nail Salon', location: 'New York, NY', priceRange: '$$', rating: '4', openNow: 'true' });
    const now = new Date('2026-11-25T17:00:00Z');
    const r = await resolve(requestOf(api.database, params, now), await placeOfSearch(api.database, params));
    const conds = openListConditions(r);
    expect([conds.byCity, conds.keyed.length, conds.scanned.length]).toEqual([true, 2, 2]);
    const classes = new Map([['America/New_York', [8]]]);
    for (const list of [openNowList(now, classes, ['America/New_York'], conds), openNowRanges(now, classes, ['America/New_York'], conds)]) {
      const plan = await explain(sql`SELECT * FROM (${list})`);
      expect(plan).toMatch(/USING COVERING INDEX provider_hours_city_open/);
    }
    // With the sets of categories that hold the service (migrations/0038): the city's ranges by set,
    // on the index alone; when no set holds the service, nobody is open.
    const { sets } = await hoursPresent(api.database, ['America/New_York'], conds.inSet);
    expect(sets!.length).toBeGreaterThan(0);
    expect(sets!.every((set) => set.includes(' nails '))).toBe(true);
    for (const list of [
      openNowList(now, classes, ['America/New_York'], { ...conds, sets }),
      openNowRanges(now, classes, ['America/New_York'], { ...conds, sets }),
    ]) {
      const plan = await explain(sql`SELECT * FROM (${list})`);
      expect(plan).toMatch(/USING COVERING INDEX provider_hours_city_category_open .*categories=\?/);
    }
    for (const list of [
      openNowList(now, classes, ['America/New_York'], { ...conds, sets: [] }),
      openNowRanges(now, classes, ['America/New_York'], { ...conds, sets: [] }),
    ])
      expect((await sql`SELECT * FROM (${list})`.execute(api.database.db)).rows).toEqual([]);
  });
});

/** The providers (by seq) the full-text index finds for `expression`. */
const found = async (expression: string) =>
  new Set(
    (await api.database.client.execute({ sql: 'SELECT rowid AS seq FROM providers_fts WHERE providers_fts MATCH ?', args: [expression] })).rows.map((r) =>
      Number(r.seq),
    ),
  );

describe('filters in the full-text index', () => {
  // migrations/0035: a state, a price and the page's rating steps are tokens of the index, so text
  // listed with them is read as the intersection (filters.server.ts `textTokens`, `listedMatch`).
  // migrations/0088: so is each facet bit.
  const providers = async () =>
    (await api.database.client.execute('SELECT seq, state, priceRange, rating FROM providers')).rows.map((r) => ({
      seq: Number(r.seq),
      state: String(r.state),
      priceRange: String(r.priceRange),
      rating: Number(r.rating),
    }));
  const seqs = (rows: { seq: number }[]) => new Set(rows.map((r) => r.seq));
  const token = (name: 'state' | 'priceRange' | 'rating', r: object) => FILTERS[name].textTokens(r as Resolved)[0] ?? null;
  const inText = (name: 'state' | 'priceRange' | 'rating', r: object) => {
    const t = token(name, r);
    return t && filterToken(t);
  };

  it('each token finds exactly the providers of its state, its price, or rated at least its minimum (a step, or between steps the tenths up to the next)', async () => {
    const all = await providers();
    for (const priceRange of PRICE_RANGES) {
      const expected = seqs(all.filter((p) => p.priceRange === priceRange));
      expect(expected.size).toBeGreaterThan(0);
      expect(await found(inText('priceRange', { params: { priceRange } })!)).toEqual(expected);
    }
    for (const state of new Set(all.map((p) => p.state)))
      expect(await found(inText('state', { place: { state } })!)).toEqual(seqs(all.filter((p) => p.state === state)));
    // Ratings are kept to a tenth (reviews.server.ts refreshRatingStatement): a minimum between steps
    // finds exactly those rated at least it, not every provider of the step below (rated 4.5 and up, for 4.8).
    for (const minimum of [3, 3.7, 4, 4.4, 4.5, 4.8, 5]) {
      const expected = seqs(all.filter((p) => p.rating >= minimum));
      expect(expected.size, String(minimum)).toBeGreaterThan(0);
      expect(await found(inText('rating', { params: { rating: minimum } })!), String(minimum)).toEqual(expected);
    }
    // Below the lowest step there is no token: the row condition alone decides.
    expect(inText('rating', { params: { rating: 2.5 } })).toBeNull();
    expect(RATING_STEPS.map(Number).sort()).toEqual([3, 4, 4.5]);
  });

  it('each facet bit is a token that finds exactly the providers holding it, and a search with facets has one per bit (migrations/0088)', async () => {
    const { rows } = await api.database.client.execute('SELECT seq, facets FROM providers');
    const held = new Set(rows.flatMap((row) => Array.from({ length: 32 }, (_, bit) => bit).filter((bit) => Number(row.facets) & (1 << bit))));
    expect(held.size).toBeGreaterThan(10);
    for (const bit of held)
      expect(await found(filterToken(facetToken(bit)))).toEqual(new Set(rows.filter((row) => Number(row.facets) & (1 << bit)).map((row) => Number(row.seq))));
    const r = await resolve(requestOf(api.database, searchParamsSchema.parse({ query: 'nail', lang: 'vi', owned: 'women' })), undefined);
    expect(FILTERS.facets.textTokens(r)).toEqual([facetToken(7), facetToken(27)]);
    expect(await found('f27')).toEqual(new Set());
  });

  it("no word typed reaches a token: the token's letters, as a word or a prefix, find only text", async () => {
    const all = await providers();
    const state = all[0]!.state.toLowerCase();
    // Each finds what the text columns hold of it and nothing more ("p*" finds "pedicure").
    for (const word of [`s${state}`, `s${state}*`, 'p2', 'p2*', 'p*', 'r45', 'r4*', 's*', 'x', 'x*', 'v50', 'v*', 'c18', 'c1*', 'b5018', 'b*'])
      expect(await found(word)).toEqual(await found(`{name description services city} : ${word}`));
    for (const word of [`s${state}`, 'p2', 'r45', 'v50', 'c18', 'b5018']) expect(await found(word)).toEqual(new Set());
    // Through the search's own expression of the words: a query of a token's letters finds nothing.
    const r = await resolve(requestOf(api.database, searchParamsSchema.parse({ query: 'p2' })), undefined);
    expect(await found(r.match as string)).toEqual(new Set());
  });

  it('text listed with a city, a state, a price and a rating is read as their intersection in the index', async () => {
    const params = searchParamsSchema.parse({ query: 'nail', location: 'New York, NY', priceRange: '$$', rating: '4.2' });
    const r = await resolve(requestOf(api.database, params, new Date()), await placeOfSearch(api.database, params));
    // Few words: listed as they are, the tokens would only add a merge (resolve.server.ts `textTokens`).
    expect(r.textTokens).toBeUndefined();
    expect(listedMatch(r, { inText: true })).toBe(`(${r.match}) AND city : ("new" "york")`);
    expect(listedMatch(r)).toBe(r.match);
    expect(textTokensOf(r)).toEqual(['sny', 'p2', 'v42|v43|v44|v45|r45']);
    const expression = listedMatch(r, { tokens: textTokensOf(r), inText: true });
    expect(expression).toBe(
      `(${r.match}) AND city : ("new" "york") AND filters : "\u{E000}sny" AND filters : "\u{E000}p2" AND filters : ("\u{E000}v42" OR "\u{E000}v43" OR "\u{E000}v44" OR "\u{E000}v45" OR "\u{E000}r45")`,
    );
    const all = await providers();
    const text = await found(r.match as string);
    const { rows } = await api.database.client.execute("SELECT seq FROM providers WHERE city = 'New York'");
    const inCity = new Set(rows.map((row) => Number(row.seq)));
    const expected = seqs(all.filter((p) => text.has(p.seq) && inCity.has(p.seq) && p.state === 'NY' && p.priceRange === '$$' && p.rating >= 4.2));
    expect(expected.size).toBeGreaterThan(0);
    expect(await found(expression)).toEqual(expected);
  });
});

describe('Server-Timing', () => {
  const planOf = (res: Response) => /^plan;desc="([^"]*)"$/.exec(res.headers.get('Server-Timing') ?? '')?.[1];

  it('names the plan that answered', async () => {
    const names = Object.keys(PLANS);
    for (const [query, plan] of [
      ['service=Nail+Salon', 'category'],
      ['priceRange=%24%24&rating=4', 'place'],
      ['sort=distance&near=40.7255,-73.9983', 'nearest:spots'],
      ['q=zzzzzzzzz', 'none'],
    ] as const) {
      const res = await api.get(`/api/search?${query}`);
      expect(res.status, query).toBe(200);
      expect(planOf(res), query).toBe(plan);
      expect([...names, 'none']).toContain(plan.split(':')[0]);
    }
  });
});

describe('time budget', () => {
  /** Seconds of work for SQLite, whatever the data: far past the budget below. */
  const SLOW = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000000) SELECT count(*) AS c FROM n';

  it('a statement past the budget ends the search with OverBudgetError, and no statement starts after it', async () => {
    const budgeted = withBudget(api.database, 250);
    expect((await budgeted.client.execute('SELECT 1 AS one')).rows[0]!.one).toBe(1);
    await expect(budgeted.client.execute(SLOW)).rejects.toBeInstanceOf(OverBudgetError);
    await expect(budgeted.client.execute('SELECT 1 AS one')).rejects.toBeInstanceOf(OverBudgetError);
    // The database itself is untouched: another search has a budget of its own.
    expect((await withBudget(api.database, 1000).client.execute('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  }, 60_000);
});

describe("the orders' tops in the full-text index", () => {
  // migrations/0036: where each provider stands in the orders, as tokens, so text that is many is
  // listed for a page with the top of the order it lies in (orderBuckets.server.ts, SearchRun.topPage).
  const providers = async () =>
    (await api.database.client.execute('SELECT seq, name, isPromoted, rating, reviewCount FROM providers')).rows.map((r) => ({
      seq: Number(r.seq),
      name: String(r.name),
      isPromoted: Number(r.isPromoted),
      rating: Number(r.rating),
      reviewCount: Number(r.reviewCount),
    }));
  type P = Awaited<ReturnType<typeof providers>>[number];
  const byName = (a: P, b: P) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.seq - b.seq);
  const ORDERS: Record<BucketedSort, (a: P, b: P) => number> = {
    recommended: (a, b) => b.isPromoted - a.isPromoted || b.rating - a.rating || b.reviewCount - a.reviewCount || byName(a, b),
    rating: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount || byName(a, b),
    reviews: (a, b) => b.reviewCount - a.reviewCount || b.rating - a.rating || byName(a, b),
  };

  it('each token finds exactly the providers promoted, of its rating tenth, of its review magnitude, of both', async () => {
    const all = await providers();
    const seqs = (keep: (p: P) => boolean) => new Set(all.filter(keep).map((p) => p.seq));
    expect(await found(filterToken('x'))).toEqual(seqs((p) => p.isPromoted === 1));
    const tenths = new Set(all.map((p) => ratingTenth(p.rating)));
    const magnitudes = new Set(all.map((p) => reviewsMagnitude(p.reviewCount)));
    expect(tenths.size).toBeGreaterThan(5);
    expect(magnitudes.size).toBeGreaterThan(1);
    for (const t of tenths) expect(await found(filterToken(`v${t}`)), `v${t}`).toEqual(seqs((p) => ratingTenth(p.rating) === t));
    for (const m of magnitudes) expect(await found(filterToken(`c${m}`)), `c${m}`).toEqual(seqs((p) => reviewsMagnitude(p.reviewCount) === m));
    const pair = all[0]!;
    expect(await found(filterToken(`b${ratingTenth(pair.rating) * 100 + reviewsMagnitude(pair.reviewCount)}`))).toEqual(
      seqs((p) => ratingTenth(p.rating) === ratingTenth(pair.rating) && reviewsMagnitude(p.reviewCount) === reviewsMagnitude(pair.reviewCount)),
    );
  });

  it("a rating's tenth and a count's magnitude never rank a provider below one it comes before", () => {
    expect([0, 0.1, 3.3, 4.7, 4.79, 4.8, 5].map(ratingTenth)).toEqual([0, 1, 33, 47, 47, 48, 50]);
    expect([0, 1, 9, 10, 19, 20, 99, 100, 1999, 9_999_999, 12_000_000].map(reviewsMagnitude)).toEqual([10, 11, 19, 21, 21, 22, 29, 31, 41, 79, 79]);
    for (let n = 1; n < 5000; n++) expect(reviewsMagnitude(n)).toBeGreaterThanOrEqual(reviewsMagnitude(n - 1));
    // No sample (an empty directory): no top, every match is read.
    expect(orderTop('rating', [], 0.1, filterToken)).toBeNull();
  });

  it('a top of each order holds its share of the sample and is exactly the first providers of that order', async () => {
    const all = await providers();
    const { standings } = await tokenShares(api.database);
    for (const sort of ['recommended', 'rating', 'reviews'] as const) {
      const ordered = [...all].sort(ORDERS[sort]).map((p) => p.seq);
      let last = 0;
      for (const share of [0.001, 0.05, 0.2, 0.5, 0.9, 0.999]) {
        const top = orderTop(sort, standings, share, filterToken);
        const what = `${sort} at ${share}`;
        if (top === null) {
          expect(share, what).toBeGreaterThan(0.5);
          continue;
        }
        const held = await found(top);
        // The first providers of the order, every one of them: a page of the top is a page of all.
        expect(held, what).toEqual(new Set(ordered.slice(0, held.size)));
        expect(held.size / all.length, what).toBeGreaterThanOrEqual(share - 0.05);
        expect(held.size, what).toBeGreaterThanOrEqual(last);
        last = held.size;
      }
      expect(last, sort).toBeGreaterThan(0);
      expect(orderTop(sort, standings, 1, filterToken)).toBeNull();
    }
  });

  it('a reviews top names each number of digits whose magnitudes are all in it as one prefix term, which finds exactly them', async () => {
    const all = await providers();
    const { standings } = await tokenShares(api.database);
    // A deep page's top: its cut-off among the fewest reviews, every count of two digits and more above it.
    const top = orderTop('reviews', standings, 0.999, filterToken);
    expect(top).toContain(filterToken('c2*'));
    expect(top).not.toContain(filterToken('c21'));
    // A prefix term finds the providers of every magnitude of its number of digits, and no other.
    const ofDigits = (digits: number) => new Set(all.filter((p) => Math.trunc(reviewsMagnitude(p.reviewCount) / 10) === digits).map((p) => p.seq));
    expect(ofDigits(1).size).toBeGreaterThan(0);
    for (const digits of [1, 2, 3]) expect(await found(filterToken(`c${digits}*`)), `c${digits}*`).toEqual(ofDigits(digits));
    // Not a rating's tenths: `v4*` would take the tenth 4 with the forties.
    expect(orderTop('rating', standings, 0.999, filterToken)).not.toMatch(/"\u{E000}v\d*"\*/u);
  });

  it("a rating top names its cut-off tenth's pairs of each whole number of digits as one prefix term, which finds exactly them", async () => {
    const all = await providers();
    const { standings } = await tokenShares(api.database);
    // A prefix term of a tenth of two digits finds its providers of every magnitude of that number of
    // digits, and no other (the tenth 1's `b19*` would take the tenth 19's: only two-digit tenths).
    const tenths = [...new Set(all.map((p) => ratingTenth(p.rating)))].filter((t) => t >= 10);
    expect(tenths.length).toBeGreaterThan(0);
    for (const t of tenths)
      for (const digits of [1, 2, 3]) {
        const expected = all.filter((p) => ratingTenth(p.rating) === t && Math.trunc(reviewsMagnitude(p.reviewCount) / 10) === digits);
        expect(await found(filterToken(`b${t}${digits}*`)), `b${t}${digits}*`).toEqual(new Set(expected.map((p) => p.seq)));
      }
    // A cut-off within a tenth of two digits, past its first magnitude of two digits: the two digits' pairs as one term.
    const tops = [0.05, 0.2, 0.5, 0.9].map((share) => orderTop('rating', standings, share, filterToken) ?? '');
    expect(tops.some((top) => /"\u{E000}b\d\d2"\*/u.test(top) && !/"\u{E000}b\d\d21"/u.test(top))).toBe(true);
  });

  it('a top for a minimum rating holds its share of the providers rated that high, the first of them in the order, not that share of every provider', async () => {
    // SearchRun.topPage: every match of a minimum rating lies among the providers it keeps, which
    // lead the order; a share of every provider held several times the matches it was sized for.
    const all = await providers();
    const { standings } = await tokenShares(api.database);
    expect(standingsRatedAtLeast(standings, undefined)).toBe(standings);
    let smaller = false;
    // Minimums that keep about two thirds and a third of the sample.
    const ratings = standings.map((s) => s.rating).sort((a, b) => a - b);
    for (const minimum of [ratings[Math.floor(ratings.length / 3)]!, ratings[Math.floor((2 * ratings.length) / 3)]!]) {
      const kept = standingsRatedAtLeast(standings, minimum);
      expect(kept.length, `${minimum}`).toBeGreaterThan(0);
      expect(kept.length, `${minimum}`).toBeLessThan(standings.length);
      expect(kept.every((s) => s.rating >= minimum)).toBe(true);
      const rated = [...all].filter((p) => p.rating >= minimum).sort(ORDERS.recommended);
      for (const share of [0.05, 0.2, 0.4]) {
        const what = `${minimum} at ${share}`;
        const held = await found(orderTop('recommended', kept, share, filterToken)!);
        const heldRated = rated.filter((p) => held.has(p.seq));
        // The first of those rated that high, and about their share: fewer than a share of everyone.
        const first = rated.slice(0, heldRated.length);
        expect(
          heldRated.map((p) => p.seq),
          what,
        ).toEqual(first.map((p) => p.seq));
        expect(heldRated.length / rated.length, what).toBeGreaterThanOrEqual(share - 0.05);
        const ofEveryone = (await found(orderTop('recommended', standings, share, filterToken)!)).size;
        expect(held.size, what).toBeLessThanOrEqual(ofEveryone);
        smaller ||= held.size < ofEveryone;
      }
    }
    expect(smaller).toBe(true);
    // SearchRun.topPage asks for the top sized among those the search's minimum keeps (a list that
    // holds nothing: each top grown until none is left).
    const minimum = ratings[Math.floor((2 * ratings.length) / 3)]!;
    const kept = standingsRatedAtLeast(standings, minimum);
    const share = [0.2, 0.4, 0.1].find((at) => orderTop('recommended', kept, at, filterToken) !== orderTop('recommended', standings, at, filterToken))!;
    expect(share).toBeDefined();
    const params = searchParamsSchema.parse({ query: 'plan', rating: String(minimum) });
    const run = searchRun(requestOf(api.database, params), await resolve(requestOf(api.database, params), await placeOfSearch(api.database, params)));
    const asked: (string | null)[] = [];
    const nothing = (top: string | null) => {
      asked.push(top);
      return { tables: sql`FROM providers p`, conds: [sql<SqlBool>`0`] };
    };
    await run.topPage(nothing, { least: (PLAN_TUNING.topMargin * run.wanted) / share });
    expect(asked[0]).toBe(orderTop('recommended', kept, share, filterToken));
    // None of the sample rated that high: every standing.
    expect(standingsRatedAtLeast(standings, 5.1)).toBe(standings);
  });
});
