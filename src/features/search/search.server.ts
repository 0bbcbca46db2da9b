/**
 * Provider search (README "Search"): full text, service category, location, price and
 * minimum rating, combined with AND, in result order, one page at a time.
 */
import { sql, type Expression, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import type { ProvidersTable } from '../../db/schema';
import { cappedCount, cappedTotal, toProvider, type Page } from '../providers/providers.server';
import type { SearchParams } from './schemas/search';
import { searchWords } from './searchText';
import { categoryForSearch } from '../content/services';
import { InvalidInputError } from '../../lib/errors';
import { LIMITS } from '../../config';
import { roundMiles, type Point } from '../places/distance';
import { RADIUS_MILES } from './params';
import { boxTables, distanceSql, withinCondition } from './near.server';
import { openNowCondition, openNowList } from './openNow.server';
import { resolvePlace, type SearchPlace } from '../places/searchPlace.server';
import { textMatch } from './textMatch.server';
import type { SearchResult } from './schemas/search';

type Filters = Partial<Omit<SearchParams, 'limit' | 'offset'>>;

/** The filters of a search, resolved: words for the full-text index, a category, a place. */
interface Resolved {
  /** FTS5 expression, or null (no text), or false (text that cannot match anything). */
  match: string | null | false;
  /** Whether one row is cheaply checked against `match` (src/features/search/textMatch.server.ts). */
  checkable: boolean;
  category?: string;
  city?: string;
  state?: string;
  zipPrefix?: string;
  priceRange?: string;
  rating?: number;
  /** openNow=true: the condition, for the request's moment. */
  openNow?: Expression<SqlBool>;
  /** openNow=true and fewer providers open than the counted cap: they lead the plan. */
  fewOpen?: boolean;
  /** openNow=true: the listed providers open now, counted from the hours index (capped). */
  openCount?: { total: number; capped: boolean };
  /**
   * openCount is the search's total: no filter but the place's city and a service, which the hours
   * rows carry (migrations/0014), so the open list already applied them all.
   */
  openCovers?: boolean;
  /** near: only providers within this many miles of the point. */
  within?: { point: Point; miles: number };
  /** Where distances are measured from (near, or the location for sort=distance). */
  point?: Point;
}

/** The place of a search's location, resolved once for the request; undefined without a location. */
export function placeOfSearch(database: Db, params: Pick<Filters, 'location' | 'near' | 'sort'>): Promise<SearchPlace | undefined> {
  if (!params.location) return Promise.resolve(undefined);
  // The point only for a distance measured from the location (near gives its own).
  return resolvePlace(database, params.location, { withPoint: params.sort === 'distance' && !params.near });
}

async function resolve(database: Db, params: Filters, now: Date, place: SearchPlace | undefined): Promise<Resolved> {
  const category = params.service ? categoryForSearch(params.service) : null;
  // A service value that is no category matches services whose words start with its words. Text
  // with no words (only punctuation) matches nothing.
  const texts = await Promise.all([
    params.query ? textMatch(database, params.query) : undefined,
    params.service && !category ? textMatch(database, params.service, 'services') : undefined,
  ]);
  const parts = texts.filter((t) => t !== undefined);
  const impossible = parts.some((t) => !t);
  const matches = parts.filter((t) => !!t);
  const r: Resolved = {
    match: impossible ? false : matches.length ? matches.map((t) => `(${t.expression})`).join(' AND ') : null,
    checkable: matches.every((t) => t.checkable),
    category: category?.slug,
    city: place?.city,
    state: place?.state,
    zipPrefix: place?.zipPrefix,
    priceRange: params.priceRange,
    rating: params.rating,
  };
  if (params.openNow) {
    // Few open (at night, most of the week): listed from the hours index, the other filters checked
    // on each. Many: dense in any order, so each row the usual plan reads is checked instead.
    // Only the zones the location can be in: Chicago's few open at 7 AM are few even while the
    // East has thousands open. A city and a service are applied by the index itself.
    // Distinct: a day's range running past midnight may overlap the next day's.
    const openList = openNowList(now, place?.zones, { city: r.city, category: r.category });
    const open = await cappedCount(database, sql`FROM (SELECT DISTINCT seq FROM (${openList})) o WHERE ${isListed(sql`o.seq`)}`);
    if (open.total === 0) r.match = false;
    r.openCount = open;
    r.fewOpen = !open.capped;
    r.openNow = r.fewOpen ? sql<SqlBool>`p.seq IN (${openList})` : openNowCondition(now);
    r.openCovers = r.match === null && !r.state && !r.zipPrefix && !r.priceRange && r.rating === undefined && !params.near;
  }
  if (params.near) r.within = { point: params.near, miles: params.radius ?? RADIUS_MILES.default };
  if (params.near || params.sort === 'distance') {
    const point = params.near ?? place?.point;
    if (!point && !params.location) throw new InvalidInputError('sort=distance needs near=LAT,LNG, or a ZIP code or city in location', 'sort');
    // A location that is no known place matches nothing (a corrected spelling may: correctedSearch.server.ts).
    if (!point) r.match = false;
    else r.point = point;
  }
  return r;
}

const ORDER = sql`p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq`;
const CATEGORY_ORDER = sql`c.isPromoted DESC, c.rating DESC, c.reviewCount DESC, c.name, c.providerSeq`;
/**
 * Rows of the order index sampled to estimate how dense the matches of a broad search are: few
 * when each check is a full-text lookup (~0.1 ms under load), more when the checks read only the
 * row (a `near` box: Chicago's 10 miles hold ~4 % of providers, which 50 rows often miss).
 */
const SAMPLE_ROWS = { text: 50, row: 400 } as const;
/**
 * Circles around the point searched in turn for the nearest providers (sort=distance): the first
 * that holds a page is the answer, since everyone nearer than its last lies inside it. A dense city
 * fills the first; a 25-mile radius around Chicago holds ~4 % of all providers, too many to sort.
 */
const NEAREST_RINGS_MILES = [1, 4, 16] as const;
/**
 * Where the plan choice tips, tuned at a million providers (docs/BENCHMARKS.md). Not frozen: the
 * plan tests lower it so that a database of a few thousand providers takes every plan.
 */
export const PLAN_TUNING = {
  /** Longest walk of the order index worth making for one page; sparser matches are listed and sorted. */
  maxWalk: 1500,
};

/**
 * Whether the provider of `seq` is listed (README "Moderation": hidden listings never match): a
 * lookup in the partial index of the few hidden ones (migrations/0007), so a count along an ordered
 * or full-text index reads that index alone, not each provider row (~6 ms a count at a million
 * providers). A lookup that finds nothing reads no row in sqld's statistics (Turso bills rows
 * read); a `NOT IN` list of the hidden ones counted each probe as one, doubling every count.
 */
const isListed = (seq: RawBuilder<unknown>) =>
  sql<SqlBool>`NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_hidden WHERE h.seq = ${seq} AND h.isHidden = 1)`;
/** Hidden listings never match: the first of every row's conditions. */
const LISTED = isListed(sql`p.seq`);

/**
 * The full-text matches of `match` joined to their provider rows by rowid, with `conds` (on `p`):
 * for listing every match. Each is then one row read on sqld (Turso bills rows read); as
 * `p.seq IN (matches)` each was read three times (the list written, read back, then the row).
 */
const textListed = (match: string, conds: Expression<SqlBool>[]) => ({
  tables: sql`FROM providers_fts f CROSS JOIN providers p NOT INDEXED ON p.seq = f.rowid`,
  conds: [sql<SqlBool>`f.providers_fts MATCH ${match}`, ...conds],
});

/**
 * Conditions on the provider row `p`; `skip` leaves out those the category index already applies.
 * Text is checked row by row (one full-text lookup by rowid per row an index walk visits), unless
 * `textList`: then every match is listed first, which reads every match (sqld counts each as a row
 * read) and only pays when there are few.
 */
function rowConditions(
  r: Resolved,
  skip: { category?: boolean; rating?: boolean; city?: boolean; priceRange?: boolean } = {},
  textList = false,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [LISTED];
  if (r.match) {
    where.push(
      textList || !r.checkable
        ? sql<SqlBool>`p.seq IN (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${r.match})`
        : sql<SqlBool>`EXISTS (SELECT 1 FROM providers_fts WHERE providers_fts MATCH ${r.match} AND rowid = p.seq)`,
    );
  }
  if (r.category && !skip.category)
    where.push(sql<SqlBool>`EXISTS (SELECT 1 FROM provider_categories k WHERE k.category = ${r.category} AND k.providerSeq = p.seq)`);
  if (r.city && !skip.city) where.push(sql<SqlBool>`p.city = ${r.city}`);
  if (r.state) where.push(sql<SqlBool>`p.state = ${r.state}`);
  // A range on the indexed column: "787" matches 78700-78799.
  if (r.zipPrefix) where.push(sql<SqlBool>`p.zipCode >= ${r.zipPrefix} AND p.zipCode < ${`${r.zipPrefix}\u{10FFFF}`}`);
  if (r.priceRange && !skip.priceRange) where.push(sql<SqlBool>`p.priceRange = ${r.priceRange}`);
  if (r.rating !== undefined && !skip.rating) where.push(sql<SqlBool>`p.rating >= ${r.rating}`);
  if (r.openNow) where.push(r.openNow);
  if (r.within) where.push(withinCondition(r.within.point, r.within.miles));
  return where;
}

const and = (conds: Expression<SqlBool>[]) => (conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``);

/** The orders other than `recommended`, each with the index that yields it (migrations/0009). */
const SORT_ORDERS = {
  rating: { order: sql`p.rating DESC, p.reviewCount DESC, p.name, p.seq`, index: sql.raw('providers_rating_order') },
  reviews: { order: sql`p.reviewCount DESC, p.rating DESC, p.name, p.seq`, index: sql.raw('providers_reviews_order') },
} as const;

/** The ordered index of the most selective of city, state and price (migrations/0004-0005, 0013). */
const placeIndex = (r: Resolved) =>
  r.city && r.priceRange
    ? 'providers_city_price_order'
    : r.city && r.state
      ? 'providers_city_state_order'
      : r.city
        ? 'providers_city_order'
        : r.state
          ? 'providers_state_order'
          : 'providers_price_order';

type Row = Selectable<ProvidersTable> & { distanceMiles?: number; matchCount?: number };

/** The columns the orders sort on, as `p.` columns (the matches of a few-match plan keep these). */
const ORDER_COLUMNS = sql`p.seq, p.isPromoted, p.rating, p.reviewCount, p.name`;

/**
 * GET /api/search: one page of matching providers in result order, and the total. The query plan
 * is chosen here rather than left to SQLite: the most selective filter that has an ordered index
 * leads (city, state, price, category), so a page is read in order without sorting every match;
 * otherwise the total decides between sorting a few matches and walking the order index.
 */
export async function searchProviders(
  database: Db,
  params: Filters & Pick<SearchParams, 'limit' | 'offset'>,
  now = new Date(),
  place?: SearchPlace,
): Promise<Page<SearchResult>> {
  const { db } = database;
  const r = await resolve(database, params, now, place ?? (await placeOfSearch(database, params)));
  if (r.match === false) return { total: 0, capped: false, items: [] };
  const page = sql`LIMIT ${params.limit} OFFSET ${params.offset}`;
  const run = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows as Row[];
  const toResult = (row: Row): SearchResult =>
    row.distanceMiles === undefined ? toProvider(row) : { ...toProvider(row), distanceMiles: roundMiles(row.distanceMiles) };

  let rows: Row[];
  let count: { total: number; capped: boolean };
  const sort = params.sort ?? 'recommended';
  // A service in a city has an index of its own (migration 0006), with a price too (0014).
  const categoryInCity = Boolean(r.category && r.city);
  /** The total when the open-now list already applied every filter (resolve), else counted here. */
  const counted = (from: RawBuilder<unknown>) => (r.openCovers ? Promise.resolve(r.openCount!) : cappedCount(database, from));
  const distance = r.point ? sql`, ${distanceSql(r.point)} AS distanceMiles` : sql``;
  const order = sort === 'distance' ? sql`distanceMiles, p.seq` : sort === 'recommended' ? ORDER : SORT_ORDERS[sort].order;
  /**
   * A page of matches that are sorted: the page's seq is picked first (with `near` from the
   * coordinate index alone for the distance order) and only those rows are read in full; sorting
   * every candidate's whole row cost more than finding them. In the recommended order promoted
   * providers come first, so they are sorted on their own first: when they fill the page the
   * others are never sorted (sqld counts each row a sort takes as one read: "balayage brooklyn"
   * read 1,713 more).
   */
  const sortedPage = async (tables: RawBuilder<unknown>, conds: Expression<SqlBool>[]) => {
    const pick = (only: Expression<SqlBool>[], limit: number, offset: number) =>
      run(
        sql`SELECT p.*${distance} FROM (SELECT p.seq${distance} ${tables} ${and([...conds, ...only])} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) s
          CROSS JOIN providers p ON p.seq = s.seq ORDER BY ${order}`,
      );
    if (order !== ORDER) return pick([], params.limit, params.offset);
    const wanted = params.offset + params.limit;
    const promoted = await pick([sql<SqlBool>`p.isPromoted = 1`], wanted, 0);
    if (promoted.length === wanted) return promoted.slice(params.offset);
    // Fewer than asked: `promoted` holds every promoted match, the rest of the page follows them.
    const from = Math.max(params.offset, promoted.length);
    return [...promoted.slice(params.offset), ...(await pick([sql<SqlBool>`p.isPromoted = 0`], wanted - from, from - promoted.length))];
  };
  /**
   * A page and the total of matches known to be few (at most the counted cap): listed once, then
   * counted and sorted, in one statement. Two statements read the matches twice (the open list, the
   * full-text list) and the page's rows came back with the total anyway.
   */
  const fewSorted = async (from: RawBuilder<unknown>): Promise<[Row[], { total: number; capped: boolean }]> => {
    const found = await run(
      sql`WITH m AS MATERIALIZED (SELECT ${ORDER_COLUMNS}${distance} ${from})
        SELECT p.*${distance}, (SELECT count(*) FROM m) AS matchCount FROM (SELECT seq FROM m p ORDER BY ${order} ${page}) s CROSS JOIN providers p ON p.seq = s.seq ORDER BY ${order}`,
    );
    // A page past the last match has no row to carry the total.
    if (!found.length) return [found, params.offset ? await cappedCount(database, from) : { total: 0, capped: false }];
    return [found, cappedTotal(Number(found[0]!.matchCount))];
  };
  /**
   * Nearest first: first the providers at the point itself, then growing circles around it on the
   * coordinate index (NEAREST_RINGS_MILES, within the radius of `near`), the first that fills the
   * page; else every match sorted. Providers sit at their ZIP area's centre, so a city's
   * or ZIP's point may hold thousands ("Austin, TX": 3,918 at a million): at distance 0 their order
   * is seq, which the coordinate index yields for one point, where sorting them all took ~17 ms.
   */
  const nearest = async (tables: RawBuilder<unknown>, conds: Expression<SqlBool>[]) => {
    const { latitude, longitude } = r.point!;
    const atPoint = await run(
      sql`SELECT p.*${distance} FROM (SELECT p.seq FROM providers p INDEXED BY providers_geo
        ${and([sql<SqlBool>`p.latitude = ${latitude} AND p.longitude = ${longitude}`, ...rowConditions({ ...r, within: undefined })])}
        ORDER BY p.seq ${page}) s CROSS JOIN providers p ON p.seq = s.seq ORDER BY p.seq`,
    );
    if (atPoint.length === params.limit) return atPoint;
    for (const miles of NEAREST_RINGS_MILES) {
      if (r.within && miles >= r.within.miles) break;
      const ring = await sortedPage(boxTables(r.point!, miles), rowConditions({ ...r, within: { point: r.point!, miles } }));
      if (ring.length === params.limit) return ring;
    }
    return sortedPage(tables, conds);
  };
  /**
   * Whether matches are dense enough in an order index to walk it for a page, checking each row:
   * `sample` rows of its start are checked (CROSS JOIN keeps the sample first: SQLite would
   * otherwise start from a filter's index), stopping at a page's worth, which already says "walk".
   */
  const denseIn = async (index: RawBuilder<unknown>, indexOrder: RawBuilder<unknown>, sample: number) => {
    const wanted = params.offset + params.limit;
    const { rows: sampledRows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM (SELECT 1 FROM (SELECT p.seq FROM providers p INDEXED BY ${index} ORDER BY ${indexOrder} LIMIT ${sample}) s
      CROSS JOIN providers p ON p.seq = s.seq ${and(rowConditions(r))} LIMIT ${wanted})`.execute(db);
    const sampled = Number(sampledRows[0]!.n);
    return sampled >= wanted || (sampled > 0 && (wanted * sample) / sampled <= PLAN_TUNING.maxWalk);
  };
  // Within a radius in the recommended order with no filter that leads: the order index is walked
  // when the box holds many (the last branch), as with text.
  const nearInOrder = Boolean(r.within && sort === 'recommended' && !r.fewOpen && !r.category && !r.city && !r.state && !r.priceRange);
  if (r.fewOpen) {
    // At most LIMITS.countedTotal providers open: found by seq (NOT INDEXED keeps SQLite on the
    // list rather than a filter's index), checked and sorted.
    const conds = rowConditions(r);
    [rows, count] = await fewSorted(sql`FROM providers p NOT INDEXED ${and(conds)}`);
  } else if ((sort !== 'recommended' || r.point) && !nearInOrder) {
    // Another order, or a point. The matches are counted in the coordinate index (a `near` box,
    // boxTables) or along the index of the place's most selective part, as in the recommended order, or,
    // with no filter at all, the sort's own index. Nearest first: growing circles (`nearest`).
    // Rating or reviews with a filter: the sort's index is walked when the matches are many and
    // dense in it (Chicago: ~4 % of all), else they are sorted.
    const conds = rowConditions(r);
    const byOrder = sort === 'rating' || sort === 'reviews' ? SORT_ORDERS[sort] : null;
    const index =
      r.city || r.state || r.priceRange
        ? sql`INDEXED BY ${sql.raw(placeIndex(r))}`
        : byOrder && conds.length === 1 // only LISTED
          ? sql`INDEXED BY ${byOrder.index}`
          : sql``;
    const tables = r.within ? boxTables(r.within.point, r.within.miles) : sql`FROM providers p ${index}`;
    count = await counted(sql`${tables} ${and(conds)}`);
    rows =
      count.total === 0
        ? []
        : sort === 'distance'
          ? await nearest(tables, conds)
          : byOrder && conds.length > 1 && count.capped && (await denseIn(byOrder.index, byOrder.order, SAMPLE_ROWS.row))
            ? await run(sql`SELECT p.*${distance} FROM providers p INDEXED BY ${byOrder.index} ${and(conds)} ORDER BY ${order} ${page}`)
            : await sortedPage(tables, conds);
  } else if (!categoryInCity && (r.city || r.state || r.priceRange)) {
    const index = sql.raw(placeIndex(r));
    // Text in a city: the full-text index intersects the text's matches with the city's words (in
    // C, list against list). When that leaves few, they are listed and sorted instead of checking
    // every row of the place ("gel" + Miami + $$$: each Miami $$$ row against the text).
    const cityWords = r.city ? searchWords(r.city) : [];
    const inCity = r.match && cityWords.length ? `(${r.match}) AND city : (${cityWords.map((w) => `"${w}"`).join(' ')})` : null;
    const few = inCity !== null && !(await cappedCount(database, sql`FROM providers_fts WHERE providers_fts MATCH ${inCity}`)).capped;
    if (few) {
      const listed = textListed(inCity, rowConditions({ ...r, match: null }));
      [rows, count] = await fewSorted(sql`${listed.tables} ${and(listed.conds)}`);
    } else {
      const conds = rowConditions(r);
      [rows, count] = await Promise.all([
        run(sql`SELECT p.*${distance} FROM providers p INDEXED BY ${index} ${and(conds)} ORDER BY ${ORDER} ${page}`),
        // The count follows the same index: SQLite alone may start from a far larger filter.
        counted(sql`FROM providers p INDEXED BY ${index} ${and(conds)}`),
      ]);
    }
  } else if (r.category) {
    const cat = [
      sql<SqlBool>`c.category = ${r.category}`,
      ...(categoryInCity ? [sql<SqlBool>`c.city = ${r.city}`] : []),
      ...(categoryInCity && r.priceRange ? [sql<SqlBool>`c.priceRange = ${r.priceRange}`] : []),
      ...(r.rating !== undefined ? [sql<SqlBool>`c.rating >= ${r.rating}`] : []),
    ];
    const conds = [...cat, ...rowConditions(r, { category: true, rating: true, city: categoryInCity, priceRange: categoryInCity })];
    // Only the category (and LISTED): counted from the category index, less hidden listings.
    const onlyCategory = conds.length === cat.length + 1;
    const index = sql.raw(
      categoryInCity ? (r.priceRange ? 'provider_categories_city_price_order' : 'provider_categories_city_order') : 'provider_categories_order',
    );
    [rows, count] = await Promise.all([
      run(
        sql`SELECT p.* FROM provider_categories c INDEXED BY ${index} JOIN providers p ON p.seq = c.providerSeq ${and(conds)} ORDER BY ${CATEGORY_ORDER} ${page}`,
      ),
      counted(
        onlyCategory
          ? sql`FROM provider_categories c ${and([...cat, isListed(sql`c.providerSeq`)])}`
          : sql`FROM provider_categories c INDEXED BY ${index} JOIN providers p ON p.seq = c.providerSeq ${and(conds)}`,
      ),
    ]);
  } else {
    const listed = rowConditions(r, {}, true);
    // Only text (and LISTED): counted from the full-text index, less hidden listings. Only openNow:
    // counted already, from the hours index.
    const onlyText = r.match && listed.length === 2;
    // Many matches (more than the counted cap): when they are dense in the order index, reading it
    // in order and checking each row finds a page fast. Few or sparse: list them and sort. A prefix
    // too common to expand (textMatch) is listed either way, and with many matches the order index
    // is walked against that list. How dense: for text alone, from how far into the table (by seq,
    // the full-text index's own order) its first counted matches reach, which the count reads
    // anyway; otherwise from a sample of the order index's first rows (a check each: ~0.1 ms for
    // full text at a million providers, so the sample is not free).
    const wanted = params.offset + params.limit;
    // Listed text leads from the full-text index (textListed); within a radius, the box does. The
    // count reads the same source as the sorted page.
    const source = r.within
      ? { tables: boxTables(r.within.point, r.within.miles), conds: listed }
      : r.match
        ? textListed(r.match, rowConditions({ ...r, match: null }))
        : { tables: sql`FROM providers p`, conds: listed };
    let walk = listed.length === 1;
    if (r.openCovers) {
      count = r.openCount!;
    } else if (onlyText) {
      const { rows: counted } = await sql<{ n: number; reach: number | null }>`SELECT count(*) AS n, max(rowid) AS reach FROM (SELECT rowid FROM providers_fts
        WHERE providers_fts MATCH ${r.match} AND ${isListed(sql`providers_fts.rowid`)} LIMIT ${LIMITS.countedTotal + 1})`.execute(db);
      const n = Number(counted[0]!.n);
      count = cappedTotal(n);
      walk = count.capped && (!r.checkable || (wanted * Number(counted[0]!.reach)) / n <= PLAN_TUNING.maxWalk);
    } else {
      count = await cappedCount(database, sql`${source.tables} ${and(source.conds)}`);
    }
    if (!walk && !onlyText && count.capped) {
      walk = (!!r.match && !r.checkable) || (await denseIn(sql.raw('providers_order'), ORDER, r.match ? SAMPLE_ROWS.text : SAMPLE_ROWS.row));
    }
    rows =
      count.total === 0
        ? []
        : walk
          ? await run(sql`SELECT p.*${distance} FROM providers p INDEXED BY providers_order ${and(rowConditions(r))} ORDER BY ${ORDER} ${page}`)
          : await sortedPage(source.tables, source.conds);
  }
  return { ...count, items: rows.map(toResult) };
}
