/**
 * How much of the directory each filter token of the full-text index holds (migrations/0035,
 * filters.server.ts `textTokens`), estimated from a sample. Intersecting text with a token costs a
 * read of the token's whole list: "rated 3 and up" is most of the directory, and listing "huntington"
 * with it took twice as long as checking its matches. Only tokens
 * held by at most `PLAN_TUNING.textTokenShare` of the directory are worth their list. The same
 * sample gives the orders' standings (a top of an order), a service's share with its city,
 * price and rating (the columns its category rows carry), and each facet's share.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import { INDEXES } from './indexes.server';
import {
  cellToken,
  facetToken,
  FILTERS,
  inSampledCategoryRows,
  listedMatch,
  priceToken,
  ratingToken,
  regionTokens,
  sampledMeets,
  stateToken,
  textTokensOf,
} from './filters.server';
import { boxCells, cellOfDegrees } from './near.server';
import { ratingTenth, type Standing } from './orderBuckets.server';
import type { Circle, Region, Resolved, SampledCategories } from './searchTypes.server';
import { boundingBox, haversineMiles } from '../places';
import { PLAN_TUNING } from './tuning.server';
import { searchWords } from '../../lib/words';

/** Providers sampled, spread evenly over seq (one primary-key read each). */
const SAMPLE = 2000;
/** A sample serves this long: shares of prices, ratings and states move slowly. */
const KEEP_MS = 10 * 60_000;

export interface TokenShares {
  /** Providers in the directory (the highest seq). */
  size: number;
  /** Each token's share of the directory, 0 to 1 (a facet's token too, migrations/0088). */
  shares: ReadonlyMap<string, number>;
  /** The sampled providers' places in the orders, for the tops of an order (orderBuckets.server.ts `orderTop`). */
  standings: readonly Standing[];
  /** The sampled providers' category rows' columns, for a service's share (plans/category.server.ts). */
  categoryRows: readonly SampledCategories[];
  /** The category rows placed (a latitude), by latitude: a circle's are among those of its box's latitudes (`circleRowsOf`). */
  byLatitude: readonly SampledCategories[];
  /** Each facet bit's share of the directory, 0 to 1 (a bit no sampled provider holds is absent): plans/facetListed.server.ts. */
  facetShares: ReadonlyMap<number, number>;
}

/** The share of the directory in any of `tokens` (their shares summed, at most the whole). */
const anyShare = (shares: TokenShares['shares'], tokens: readonly string[]) =>
  Math.min(
    1,
    tokens.reduce((sum, token) => sum + (shares.get(token) ?? 0), 0),
  );

/** The share of the directory in any of `states`. */
export const statesShare = (shares: TokenShares['shares'], states: readonly string[]) => anyShare(shares, states.map(stateToken));

/** The share of the directory in the region text is listed narrowed to (filters.server.ts `regionTokens`). */
export const regionShare = (shares: TokenShares['shares'], r: Region) => anyShare(shares, regionTokens(r));

/** The tokens of the cells the box of `circle` touches (near.server.ts `boxCells`); none for a box over a pole or the antimeridian. */
export function boxCellTokens({ point, miles }: Circle): string[] {
  const cells = boxCells(point, miles);
  if (!cells) return [];
  return cells.latCells.flatMap((lat) => Array.from({ length: cells.maxLngCell - cells.minLngCell + 1 }, (_, i) => cellToken(lat, cells.minLngCell + i)));
}

/**
 * The region text listed in the box of `circle` is narrowed to: its `states`, and the tokens of the
 * cells the box touches (migrations/0094) when they cost less. A state holds every listing of the
 * state, tens of thousands at a million, each match in it then a row read to be checked in the box;
 * the cells hold about the box's listings, but each is a term of its own: its lookup
 * (`PLAN_TUNING.cellTermEntries`), and a merge of one more list for every entry read
 * (`PLAN_TUNING.orTermEntryCost`). `words`: the words' matches, whose share of each entry is a row read.
 */
export function boxRegion({ size, shares }: Pick<TokenShares, 'size' | 'shares'>, states: readonly string[], circle: Circle, words: number): Region {
  const tokens = boxCellTokens(circle);
  const rowsPerEntry = Math.min(1, words / Math.max(1, size)) / PLAN_TUNING.tokenEntryCost;
  const cost = (share: number, terms: number) => share * size * (1 + terms * PLAN_TUNING.orTermEntryCost + rowsPerEntry);
  const cheaper =
    tokens.length > 0 &&
    cost(anyShare(shares, tokens), tokens.length) + tokens.length * PLAN_TUNING.cellTermEntries < cost(statesShare(shares, states), states.length);
  return cheaper ? { regionStates: states, regionCells: tokens } : { regionStates: states };
}

/** The share of the directory holding every one of `tokens` (their shares multiplied, as if apart; from `of`, the whole). */
export const tokensShare = (shares: TokenShares['shares'], tokens: readonly string[], of = 1) =>
  tokens.reduce((product, token) => product * (shares.get(token) ?? 0), of);

/**
 * The providers a circle holds (with `category`, those offering it: its rows in the circle), at the
 * sample's share of the directory, counting one sampled provider more than it holds: a circle holding
 * none of the sample holds no more than that share. The circle's bounding box prefilters the distance,
 * as in SQL (a place's rings ask it for every search around a place).
 */
export function circleRowsOf({ size, categoryRows, byLatitude }: TokenShares, { point, miles }: Circle, category?: string): number {
  const box = boundingBox(point, miles);
  // The first placed at the box's least latitude or above, by halving; the rows up to its greatest, each checked.
  let from = 0;
  for (let to = byLatitude.length; from < to; ) {
    const mid = (from + to) >> 1;
    if (byLatitude[mid]!.latitude! < box.minLat) from = mid + 1;
    else to = mid;
  }
  let held = 0;
  for (let i = from; i < byLatitude.length && byLatitude[i]!.latitude! <= box.maxLat; i++) {
    const row = byLatitude[i]!;
    if (
      row.longitude! >= box.minLng &&
      row.longitude! <= box.maxLng &&
      (!category || row.categories.includes(category)) &&
      haversineMiles(point, { latitude: row.latitude!, longitude: row.longitude! }) <= miles
    )
      held++;
  }
  return (size * (1 + held)) / Math.max(1, categoryRows.length);
}

/**
 * The rows of a search's service (with the filters its category rows carry: filters.server.ts
 * `inSampledCategoryRows`), at the sample's share of the directory.
 */
export function serviceRowsOf({ size, categoryRows }: TokenShares, r: Resolved): number {
  return (size * categoryRows.filter(inSampledCategoryRows(r)).length) / Math.max(1, categoryRows.length);
}

/**
 * The providers of a search's city and state (each when it has it), at the sample's share of the
 * directory, counting one sampled provider more than it holds, as `circleRowsOf`.
 */
export function placeRowsOf({ size, categoryRows }: TokenShares, r: Resolved): number {
  const names = (['city', 'state'] as const).filter((name) => FILTERS[name].on(r));
  return (size * (1 + categoryRows.filter(sampledMeets(r, names)).length)) / Math.max(1, categoryRows.length);
}

/** A sample asked for at `at`, and once it came, the sample itself. */
interface Kept {
  at: number;
  shares: Promise<TokenShares>;
  read?: TokenShares;
}

const kept = new Map<string, Kept>();

/**
 * Whether text of `words` matches (past the counted cap) is listed with a filter's token of `share` of a
 * directory of `size` (resolve.server.ts `resolveTextList`): a token of a small share, once the words are
 * many (past textLeads, no longer counted) or the entries it adds cost less than the matches it leaves out.
 */
export const textTokenPays = (share: number, words: number, size: number) =>
  share <= PLAN_TUNING.textTokenShare && (words > PLAN_TUNING.textLeads || words * (1 - share) >= share * size * PLAN_TUNING.tokenEntryCost);

/** textTokenPays in SQL, `words` a column (a share past textTokenShare is never listed: false). */
export const textTokenPaysIn = (share: number, words: RawBuilder<unknown>, size: number): RawBuilder<unknown> =>
  share <= PLAN_TUNING.textTokenShare
    ? sql`(${words} > ${PLAN_TUNING.textLeads} OR ${words} * ${1 - share} >= ${share * size * PLAN_TUNING.tokenEntryCost})`
    : sql`0`;

/** Each token's share of the directory (0 to 1), from a sample read at most once per KEEP_MS. */
export function tokenShares(database: Db, now = Date.now()): Promise<TokenShares> {
  const known = kept.get(database.url);
  if (known && now - known.at < KEEP_MS) return known.shares;
  const shares = sampleShares(database);
  const entry: Kept = { at: now, shares };
  kept.set(database.url, entry);
  shares.then(
    (read) => {
      entry.read = read;
    },
    () => kept.delete(database.url),
  );
  return shares;
}

/**
 * The sample when this process has it read and it still serves, else undefined (nothing asked): for
 * a request's first round trip, whose statements cannot wait for it (request.server.ts `sample`).
 */
export function tokenSharesRead(database: Db, now = Date.now()): TokenShares | undefined {
  const known = kept.get(database.url);
  return known && now - known.at < KEEP_MS ? known.read : undefined;
}

/** tokenShares when its sample is kept (read, or being read), undefined when asking for it would read it: a read ahead waits for none. */
export function tokenSharesKept(database: Db, now = Date.now()): Promise<TokenShares> | undefined {
  const known = kept.get(database.url);
  return known && now - known.at < KEEP_MS ? known.shares : undefined;
}

async function sampleShares({ client }: Db): Promise<TokenShares> {
  // One statement, one round trip: the directory's size and SAMPLE providers spread evenly over seq
  // up to it (the i-th at 1 + i x step, whole, the step the size over SAMPLE, at least 1). The
  // step is a REAL (a bound number is one): each seq is made whole, never compared as a fraction.
  const sample = await client.execute({
    sql: `WITH RECURSIVE m (n, step) AS (SELECT max(seq), max(1, max(seq) / ?) FROM provider_search),
            s (i) AS (SELECT 0 FROM m WHERE n > 0 UNION ALL SELECT s.i + 1 FROM s, m WHERE s.i + 1 < min(?, m.n))
          SELECT m.n AS last, p.state, p.zipCode, p.priceRange, p.rating, p.isPromoted, p.reviewCount, p.city, p.facets, p.latitude, p.longitude,
            p.timeZone, p.openWeek0, p.openWeek1, p.openWeek2, p.openWeek3,
            (SELECT group_concat(c.category, ' ') FROM provider_categories c INDEXED BY ${INDEXES.categoryProvider} WHERE c.providerSeq = p.seq) AS categories
          FROM s CROSS JOIN m CROSS JOIN provider_search p ON p.seq = 1 + CAST(s.i * m.step AS INTEGER)`,
    args: [SAMPLE, SAMPLE],
  });
  // No sampled seq listed (a directory of gaps): the size alone, read apart.
  const last = Number(sample.rows[0]?.last ?? (await client.execute('SELECT max(seq) AS n FROM provider_search')).rows[0]?.n ?? 0);
  if (!last) return { size: 0, shares: new Map(), standings: [], categoryRows: [], byLatitude: [], facetShares: new Map() };
  const counts = new Map<string, number>();
  const add = (token: string | null) => token && counts.set(token, (counts.get(token) ?? 0) + 1);
  const facetCounts = new Map<number, number>();
  const tenths = Array.from({ length: ratingTenth(5) + 1 }, () => 0);
  for (const row of sample.rows) {
    if (row.state) add(stateToken(String(row.state)));
    if (row.latitude !== null && row.longitude !== null) add(cellToken(cellOfDegrees(Number(row.latitude), 90), cellOfDegrees(Number(row.longitude), 180)));
    if (row.priceRange) add(priceToken(String(row.priceRange)));
    tenths[ratingTenth(Number(row.rating))]! += 1;
    for (let bit = 0; bit < 32; bit++)
      if (Number(row.facets) & (1 << bit)) {
        facetCounts.set(bit, (facetCounts.get(bit) ?? 0) + 1);
        add(facetToken(bit));
      }
  }
  // A minimum rating's token is held by every provider whose rating's tenth is the minimum's or above.
  for (let tenth = tenths.length - 1, above = 0; tenth >= 0; tenth--) {
    above += tenths[tenth]!;
    const token = ratingToken(tenth / 10);
    if (token && above) counts.set(token, above);
  }
  const n = sample.rows.length || 1;
  const standings = sample.rows.map((row) => ({ isPromoted: Number(row.isPromoted), rating: Number(row.rating), reviewCount: Number(row.reviewCount) }));
  const categoryRows = sample.rows.map((row) => ({
    categories: row.categories ? String(row.categories).split(' ') : [],
    city: String(row.city),
    cityWords: searchWords(String(row.city)),
    priceRange: String(row.priceRange),
    rating: Number(row.rating),
    state: String(row.state),
    facets: Number(row.facets),
    zipCode: String(row.zipCode),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    timeZone: row.timeZone === null ? null : String(row.timeZone),
    openWeek: [row.openWeek0, row.openWeek1, row.openWeek2, row.openWeek3].map(Number),
  }));
  return {
    size: last,
    shares: new Map([...counts].map(([token, count]) => [token, count / n])),
    standings,
    categoryRows,
    byLatitude: categoryRows.filter((row) => row.latitude !== null).sort((a, b) => a.latitude! - b.latitude!),
    facetShares: new Map([...facetCounts].map(([bit, count]) => [bit, count / n])),
  };
}

/**
 * A list the words may be narrowed to (plans/textRings.server.ts `TextRingsList`): its full-text
 * expression, its share of the directory, and what reading its filters' tokens' lists costs, as
 * rows read (`PLAN_TUNING.tokenEntryCost` an entry).
 */
export interface NarrowedChoice {
  match: string;
  share: number;
  entries: number;
}

/**
 * The lists the words of `r` may be narrowed to in `states` (the rings' one text statement past the
 * words' cap), with none, then one more and one more of its filters' tokens, most selective first:
 * each token's list is read whole, and a price or a rating step held by half the directory costs
 * more than the rows it leaves out of a list of thousands. The statement picks the cheapest once it
 * has the words' count. With `r.within` (the widest circle), the providers it holds (`circleRowsOf`):
 * the statement weighs its box against the list it reads.
 */
export async function narrowedLists(
  database: Db,
  r: Resolved,
  states: readonly string[],
  words: number,
): Promise<{ size: number; choices: NarrowedChoice[]; circleRows?: number }> {
  const sample = await tokenShares(database);
  const { size, shares } = sample;
  const region = r.within ? boxRegion(sample, states, r.within, words) : { regionStates: states };
  return { size, choices: narrowedChoices(r, region, { size, shares }), ...(r.within ? { circleRows: circleRowsOf(sample, r.within) } : {}) };
}

/** narrowedLists's choices in `region` (`boxRegion`) for the sample's `shares` of a directory of `size`. */
export function narrowedChoices(r: Resolved, region: Region, { size, shares }: Pick<TokenShares, 'size' | 'shares'>): NarrowedChoice[] {
  const share = (token: string) => shares.get(token) ?? 0;
  const tokens = [...textTokensOf(r)].sort((a, b) => share(a) - share(b));
  const inRegion = regionShare(shares, region);
  return Array.from({ length: tokens.length + 1 }, (_, k) => {
    const kept = tokens.slice(0, k);
    return {
      match: listedMatch({ ...r, ...region }, { tokens: kept, inText: true, regions: true }),
      share: tokensShare(shares, kept, inRegion),
      entries: kept.reduce((sum, token) => sum + share(token), 0) * size * PLAN_TUNING.tokenEntryCost,
    };
  });
}
