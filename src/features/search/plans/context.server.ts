/**
 * What every plan works with (docs/search.md "Plans"): the resolved search, its page and order, and
 * the ways of reading a page that several plans share.
 */
import { sql, type Expression, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { ProvidersTable } from '../../../db/schema';
import { overNetwork } from '../../../db/batchedReads';
import { LIMITS } from '../../../config';
import { cappedCount, cappedTotal } from '../../providers/index.server';
import type { Sort } from '../params';
import { boxRowsCount, distanceSql } from '../near.server';
import {
  FILTERS,
  filtersOf,
  filterToken,
  hasAll,
  inCategory,
  isLookup,
  listedMatch,
  lookupOf,
  rowConditions,
  sampledMeets,
  heldChecks,
  textIndexCarries,
  textNarrowing,
  type SearchFilter,
} from '../filters.server';
import { orderTop, PROMOTED_TOKEN, standingsRatedAtLeast } from '../orderBuckets.server';
import { statesShare, tokenShares, type TokenShares } from '../tokenShares.server';
import { INDEXES, indexedBy, type IndexName, type LeadingIndex } from '../indexes.server';
import type { Count, FilterName, Resolved } from '../searchTypes.server';
import type { Point } from '../../places';
import { boxCheckedMost, PLAN_TUNING } from '../tuning.server';
import { manyText, statesNear, wordsEstimate } from '../textFacts.server';
import {
  afterGuard,
  countOnce,
  keepRowsRead,
  numbered,
  readOnce,
  remembered,
  rowsAhead,
  rowsAsRead,
  rowsOf,
  statementKey,
  statementOf,
  type Listing,
  type Readable,
  type Statement,
  type StatementMemo,
} from '../requestReads.server';
import type { SearchInput, SearchRequest } from '../request.server';

export type Row = Selectable<ProvidersTable> & { distanceMiles?: number; matchCount?: number };

export interface PlanResult {
  rows: Row[];
  count: Count;
  /** How a plan that decides as it goes went ("walk", "listed"…): shown after its name. */
  step?: string;
}

/** One way of answering a search, run by its name when the choice names it (plans/choice.server.ts). */
export interface Plan {
  name: string;
  run(s: SearchRun): Promise<PlanResult>;
}

/** The result orders (docs/search.md), each written once, ending in the row's key: seq. */
const ORDER_TERMS = {
  recommended: ['isPromoted DESC', 'rating DESC', 'reviewCount DESC', 'name'],
  rating: ['rating DESC', 'reviewCount DESC', 'name'],
  reviews: ['reviewCount DESC', 'rating DESC', 'name'],
} as const;
/** The orders on the rows of `alias`, whose seq is the column `seq`: the providers' (`p`) and the category rows' copies (`c`). */
const ordersOn = (alias: string, seq: string) =>
  Object.fromEntries(
    Object.entries(ORDER_TERMS).map(([sort, terms]) => [sort, sql.raw([...terms, seq].map((term) => `${alias}.${term}`).join(', '))]),
  ) as Record<keyof typeof ORDER_TERMS, RawBuilder<unknown>>;
const ON_PROVIDERS = ordersOn('p', 'seq');
const ON_CATEGORY_ROWS = ordersOn('c', 'providerSeq');
const ON_FACET_ROWS = ordersOn('f', 'providerSeq');

export const ORDER = ON_PROVIDERS.recommended;
export const CATEGORY_ORDER = ON_CATEGORY_ROWS.recommended;
/** The orders other than `recommended`, each with the index that yields it. */
export const SORT_ORDERS = {
  rating: { order: ON_PROVIDERS.rating, index: INDEXES.ratingOrder },
  reviews: { order: ON_PROVIDERS.reviews, index: INDEXES.reviewsOrder },
} as const;
/** The category rows' other orders, each with its index (migrations/0082). */
export const CATEGORY_SORT_ORDERS = {
  rating: { order: ON_CATEGORY_ROWS.rating, index: INDEXES.categoryRatingOrder },
  reviews: { order: ON_CATEGORY_ROWS.reviews, index: INDEXES.categoryReviewsOrder },
} as const;
/** A facet's rows in each order, with the index that yields it (migrations/0087). */
export const FACET_ORDERS = {
  recommended: { order: ON_FACET_ROWS.recommended, index: INDEXES.facetOrder },
  rating: { order: ON_FACET_ROWS.rating, index: INDEXES.facetRatingOrder },
  reviews: { order: ON_FACET_ROWS.reviews, index: INDEXES.facetReviewsOrder },
} as const;
/** The columns the orders sort on, as `p.` columns (the matches of a few-match plan keep these). */
const ORDER_COLUMNS = sql`p.seq, p.isPromoted, p.rating, p.reviewCount, p.name`;

/**
 * Rows of an order index sampled to estimate how dense the matches of a broad search are: few when
 * each check is a full-text lookup, more when the checks read only the row (a `near` box holds a few
 * per cent of providers, which 50 rows often miss).
 */
export const SAMPLE_ROWS = { text: 50, row: 400 } as const;
/** A sample of an order index's start to read (SearchRun.denseIn): the index, its order and how many of its rows. */
export interface SampleAsk {
  index: IndexName;
  order: RawBuilder<unknown>;
  rows: number;
}
/** What a sample says (SearchRun.denseIn): whether to walk, the page when it held one, and where a walk goes on from. */
export interface Dense {
  dense: boolean;
  page: Row[] | null;
  sampled?: Sampled;
}
/** The start of an order index a sample read (`rows` of it) and the matches it found there, in order. */
export interface Sampled {
  rows: number;
  found: Row[];
}

export const and = (conds: Expression<SqlBool>[]) => (conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``);
/** `conds` on `p.seq` (each `seqOnly`: filters.server.ts), checked on a copied row's `seq` (a category's or a facet's row: no provider row read). */
export const onSeq = (seq: RawBuilder<unknown>, conds: Expression<SqlBool>[]) => sql<SqlBool>`EXISTS (SELECT 1 FROM (SELECT ${seq} AS seq) p ${and(conds)})`;

/** Reads one search makes for the plan choice and the plan that runs (plans/facts.server.ts), kept in its SearchRun. */
export interface SearchOnce {
  /** filter-listed's first listable filter with few matches (plans/filterListed.server.ts `fewOf`). */
  fewFilter?: Promise<{ name: string; index: IndexName; row: Expression<SqlBool>; count: number } | undefined>;
  /** text-listed's counts (plans/textListed.server.ts `textAndLead`). */
  textAndLead?: Promise<{ text: number; lead: number | null; rowids: string | null; tokens: readonly string[] }>;
}

export interface SearchRun {
  /** The request this is a search of (request.server.ts): its database, parameters, moment and reads travel in it. */
  q: SearchRequest<SearchInput>;
  r: Resolved;
  sort: Sort;
  /** The order of the page, as SQL on `p`. */
  order: RawBuilder<unknown>;
  /** `, <distance> AS distanceMiles` when the search has a point, else nothing. */
  distance: RawBuilder<unknown>;
  /** LIMIT and OFFSET of the page. */
  page: RawBuilder<unknown>;
  /** offset + limit: the matches a page needs found. */
  wanted: number;
  /** What this search worked out once for the plan that asked and the plan that runs (filter-listed's few, text-listed's counts). */
  once: SearchOnce;
  /** The counts this search made (`count`, `countOrList`), by statement. */
  counts: StatementMemo<Count>;
  run(query: Readable): Promise<Row[]>;
  /**
   * The matches of `from` counted up to the cap, at most once per search: a plan that asks again for
   * a count it has (filter-listed's, then the order plan's for a ZIP prefix alone) reads nothing.
   */
  count(from: RawBuilder<unknown>): Promise<Count>;
  /** The total: the open-now list's when it applied every filter (resolve), else counted from `from`. */
  counted(from: RawBuilder<unknown>): Promise<Count>;
  /**
   * The total of `tables` and `conds` (the open-now list's when it applied every filter) and, when
   * the matches are at most the counted cap, `sorted`: their page, sorted from the matches this read
   * listed, without reading `tables` again. Null past the cap (or when counted before): the caller
   * walks or sorts as after a count. `seqSource`: the same matches as a source of `p.seq` alone,
   * read instead when given (`textSourceOf`). `sample`: past the cap, the sample the caller would
   * read next (`denseIn`), read in the count's statement (`dense`; not when counted before, or in
   * another order than the page's).
   */
  countOrList(
    tables: RawBuilder<unknown>,
    conds: Expression<SqlBool>[],
    seqSource?: ListedSource,
    sample?: SampleAsk,
  ): Promise<{ count: Count; sorted: (() => Promise<Row[]>) | null; reach?: Reach; dense?: Dense }>;
  /** A page of matches that are sorted (every match of `tables` and `conds`). */
  sortedPage(tables: RawBuilder<unknown>, conds: Expression<SqlBool>[], text?: TextSource): Promise<Row[]>;
  /**
   * A page of text that is many (past the counted cap), in the recommended, rating or reviews order:
   * the source `list` gives with the text's words narrowed to the top of the order that should hold
   * the page (orderBuckets.server.ts `orderTop`; null: no top, every match), sized by how many
   * matches there are (`estimate`), each top larger than the last until one fills the page. Null
   * when even the first top would be most of the order (`PLAN_TUNING.topMostShare`, or
   * `topMostShareChecked` for matches checked for open now or a category): the caller
   * sorts every match.
   */
  topPage(list: (top: string | null) => ListedSource | Promise<ListedSource>, estimate: TopEstimate): Promise<Row[] | null>;
  /**
   * A page of open now when many are open but too sparse in the order index to walk for it (at
   * night the open may be a few thousand of a million, none among the order's first): those open
   * listed from the open-now list (`r.openList`), each looked up in provider_search, checked and
   * sorted, rather than every provider of the source checked for open now.
   */
  openSorted(): Promise<Row[]>;
  /** A page and the total of matches known to be few, listed once from `from`. */
  fewSorted(from: RawBuilder<unknown>): Promise<[Row[], Count]>;
  /** fewSorted's statement when the open-now list's count is no total: the page's rows, each with the count (`matchCount`). */
  fewSortedRead(from: RawBuilder<unknown>): RawBuilder<unknown>;
  /** The rows of `seqs` (a page's, picked by seq first), in that order. */
  rowsBySeq(seqs: readonly number[]): Promise<Row[]>;
  /**
   * `run`'s rows of `query` (a try that may come short), over the network read with `orElse` (the page
   * read next when `short`, SQL on the try's rows, holds) in one statement, `orElse`'s rows then kept
   * for its run (`rowsOrElse` below): one round trip, where they were two.
   */
  runOrElse(query: RawBuilder<unknown>, orElse: RawBuilder<unknown>, short: (rows: string) => string): Promise<Row[]>;
  /** sortedPage's one statement, null when it reads a chunk at a time (`checkedPage`: some conditions are lookups). */
  sortedPageRead(tables: RawBuilder<unknown>, conds: Expression<SqlBool>[], text?: TextSource): RawBuilder<unknown> | null;
  /** The page's rows of `list` (a statement of `seq` in the page's order, to the page's end), picked and read in one statement (`pageOfList`). */
  pageOf(list: RawBuilder<unknown>): Promise<Row[]>;
  /**
   * A page and the total from one read of `from` in `inOrder` (its index's order), the matches' seq
   * (`seq`) listed up to the cap or the page's end; only the page when the total is known without
   * reading (the open-now list applied every filter: `from` then reads the provider row as `p`).
   * `listsWords`: `from` lists the text's matches (filters.server.ts `listsText`), read once for both.
   */
  pageAndCount(from: RawBuilder<unknown>, inOrder: RawBuilder<unknown>, seq?: RawBuilder<unknown>, listsWords?: boolean): Promise<PlanResult>;
  /**
   * A page read along `index` in its order (`indexOrder`), each row checked against `conds`, visiting
   * at most `wanted + PLAN_TUNING.walkCap` rows of the index; null when the page is not full by then
   * (the caller lists and sorts the matches: a short page is never taken for the last one), or
   * `reach` rows when the caller bounds it further out. `orElse`: the page the caller reads when it
   * comes short, read with it over the network (`runOrElse`).
   */
  walk(
    index: IndexName,
    indexOrder: RawBuilder<unknown>,
    conds: Expression<SqlBool>[],
    after?: Sampled,
    reach?: number,
    orElse?: RawBuilder<unknown>,
  ): Promise<Row[] | null>;
  /** Whether text is checked against one list of its matches for `rows` listed rows (PLAN_TUNING.listTextFrom). */
  listTextFor(rows: number): Promise<boolean>;
  /** Whether text is listed once in the box of `miles` around `point` rather than checked row by row (PLAN_TUNING.boxCheckSeeks). */
  listTextIn(point: Point, miles: number): Promise<boolean>;
  /**
   * The states the box of `miles` around `point` can hold providers in, read from the cells it
   * touches (state_cells, a superset: migrations/0037), once per request; null when one of them has
   * no token of its own (not two letters).
   */
  boxStates(point: Point, miles: number): Promise<readonly string[] | null>;
  /**
   * Whether the matches are dense enough in an order index to walk it for a page; `page` when the
   * sample itself held the page, else `sampled`, where the walk goes on from (no row is read twice).
   */
  denseIn(index: IndexName, indexOrder: RawBuilder<unknown>, sample: number): Promise<Dense>;
  /** Whether `found` matches among the first `read` rows of an order index say a walk fills the page (denseIn's rule). */
  walkFills(found: number, read: number): boolean;
}

/** The distance of each row a sort reads, only when it is the order: the page's rows carry their own. */
const orderDistanceOf = (s: SearchRun) => (s.sort === 'distance' ? s.distance : sql``);

/**
 * The rows of `first` (a plan's try: a walk that may come short), read with `orElse` (the page the
 * plan reads when it does) in one statement, `orElse` made only when `short` (SQL on `first`'s rows,
 * the table `a__`) holds (requestReads.server.ts `afterGuard`, as `countWithRows`); `orElse`'s rows kept
 * for the request (`keepRowsRead`): the plan's run of it takes them (SearchRun.run), a round trip after
 * the try's. Both statements name the same columns (a compound's arms): `p.*` and the search's distance.
 */
async function rowsOrElse(s: SearchRun, first: Statement, orElse: RawBuilder<unknown>, short: (rows: string) => string): Promise<Row[]> {
  const { database, reads } = s.q;
  const otherwise = statementOf(database, orElse);
  const [tried, next, elseKey] = [first.compiled, otherwise.compiled, otherwise.key];
  if (reads.planAhead.has(elseKey)) return (await rowsOf(database, first)) as Row[];
  const { columns, rows } = await database.client.execute({
    sql: `WITH a__ AS MATERIALIZED (${numbered(tried.sql)}), g__ AS MATERIALIZED (SELECT 1 WHERE ${short('a__')})
      SELECT 0 AS else__, a__.* FROM a__ UNION ALL SELECT 1, y__.* FROM ${afterGuard(next.sql)}`,
    args: [...tried.parameters, ...next.parameters] as never,
  });
  const of = (arm: number) => rows.filter((row) => Number(row.else__) === arm);
  if (of(1).length) keepRowsRead(reads, elseKey, columns, of(1));
  return rowsAsRead(columns, of(0)) as Row[];
}

/** The rows of `seqs`, in that order (a page's, picked by seq first). */
async function rowsBySeq(s: SearchRun, seqs: readonly number[]) {
  const { run, distance } = s;
  if (!seqs.length) return [];
  const found = await run(sql`SELECT p.*${distance} FROM (VALUES ${sql.join(seqs.map((n) => sql`(${n})`))}) m CROSS JOIN providers p ON p.seq = m.column1`);
  const at = new Map(seqs.map((n, i) => [n, i]));
  return found.sort((a, b) => at.get(a.seq)! - at.get(b.seq)!);
}

/** The page's seq picked from every match sorted in one read, then only the page's rows read whole. */
function sortedWhole(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[]) {
  const { page, distance, order } = s;
  const orderDistance = orderDistanceOf(s);
  return sql`SELECT p.*${distance} FROM (SELECT p.seq${orderDistance} ${tables} ${and(conds)} ORDER BY ${order} ${page}) s
      CROSS JOIN providers p ON p.seq = s.seq ORDER BY ${order}`;
}

/**
 * The page's seq is picked first (with `near` from the coordinate index alone for the distance
 * order) and only those rows are read in full; sorting every candidate's whole row cost more than
 * finding them. In the recommended order promoted providers come first, so they are sorted on
 * their own first: when they fill the page the others are never sorted (sqld counts each row a
 * sort takes as one read); a page ending past `PLAN_TUNING.promotedApartMost` is sorted whole, as
 * the promoted seldom fill it and each part read the source. The promoted are picked as seq up to the page's end, since a deep page
 * of them needs all before it, and only the page's rows are then read (a thousand whole rows
 * read at random for the last twelve cost most of a deep page).
 */
async function sortedPage(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[], text?: TextSource) {
  const read = sortedPageRead(s, tables, conds, text);
  return read ? s.run(read) : checkedPage(s, tables, conds);
}

/** sortedPage's one statement; null for a chunk at a time (`checkedPage`). */
function sortedPageRead(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[], text?: TextSource) {
  const { wanted, distance, order } = s;
  const { params } = s.q;
  if (conds.some(isLookup)) return null;
  // A deep page seldom lies within the promoted: sorted apart, they cost a second read of the source.
  if (order !== ORDER || wanted > PLAN_TUNING.promotedApartMost) return sortedWhole(s, tables, conds);
  // Text listed from the full-text index: its promoted are listed with the index's promoted token,
  // not every match read to find them (a page past them read the matches twice).
  const promotedOnes = text ? textTops(text)(filterToken(PROMOTED_TOKEN)) : { tables, conds };
  // The part's own flag first: a row of the other part is passed over before a distance or a list is checked.
  const pick = (source: ListedSource, only: Expression<SqlBool>) =>
    sql`SELECT seq FROM (SELECT p.seq ${source.tables} ${and([only, ...source.conds])} ORDER BY ${order} LIMIT ${wanted})`;
  // The promoted up to the page's end, then the others, and the page's rows, in one statement: one
  // round trip (docs/SCALING.md "Round trips"). The compound stops at the page's end, so when the
  // promoted fill it the others are never sorted.
  return sql`SELECT p.*${distance} FROM (${pick(promotedOnes, sql<SqlBool>`p.isPromoted = 1`)} UNION ALL ${pick({ tables, conds }, sql<SqlBool>`p.isPromoted = 0`)}
      LIMIT ${params.limit} OFFSET ${params.offset}) s CROSS JOIN providers p ON p.seq = s.seq`;
}

/**
 * A page of matches some of whose conditions are lookups (filters.server.ts `lookup`: open now's
 * hours, a category row, a full-text rowid), a few microseconds each: the source is sorted on its
 * other conditions alone (an index's columns, for a ZIP prefix or a box), a chunk at a time up to
 * the page's end, and only those rows are checked, each by its seq alone (a lookup reads nothing else
 * of `p`; open now seeks its own provider_search row; a row read beside each was a seek more).
 * Checking every row of the source before sorting cost a lookup per row of it when the page lay among its first (`location=770&priceRange=$$$&openNow=true&offset=480`). Each chunk is sized by the density of the rows checked so far
 * (PLAN_TUNING.checkedFirst), and its rows are looked up in order only until the page's end.
 */
async function checkedPage(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[]) {
  const { wanted, run, order } = s;
  const { params } = s.q;
  const orderDistance = orderDistanceOf(s);
  const lookups = sql.join(conds.filter(isLookup), sql` AND `);
  const columns = conds.filter((cond) => !isLookup(cond));
  const share = await lookupsShare(s, conds);
  // In the recommended order the promoted come first, read on their own as sortedPage's are: a
  // sort of every row of a large source for a page the promoted fill cost more than its lookups.
  // A page ending past PLAN_TUNING.promotedApartMost is one part, as in sortedPageRead.
  const parts = order === ORDER && wanted <= PLAN_TUNING.promotedApartMost ? [sql<SqlBool>`p.isPromoted = 1`, sql<SqlBool>`p.isPromoted = 0`] : [null];
  const found: number[] = [];
  for (const part of parts) {
    const where = and(part ? [part, ...columns] : columns);
    let read = 0;
    let hits = 0;
    // At least as many rows as hold the page's end at the lookups' share, where the token sample says it (a service's):
    // a chunk's rows past the page's end are sorted, never looked up, where another chunk sorts the source again.
    const needed = wanted - found.length;
    const least = Math.max(PLAN_TUNING.checkedLeast, PLAN_TUNING.checkedFirst * needed, share ? (PLAN_TUNING.checkedMargin * needed) / share : 0);
    let chunk = Math.min(PLAN_TUNING.checkedMost, Math.ceil(least));
    for (;;) {
      // The chunk's rows sorted once, then looked up in that order only until the page's end is
      // found (its last row with the chunk's length): each chunk sorts the source again, and the
      // rows past the page's end were looked up for nothing.
      const rows = (await run(
        sql`WITH s AS MATERIALIZED (SELECT p.seq${orderDistance} ${tables} ${where} ORDER BY ${order} LIMIT ${chunk} OFFSET ${read})
          SELECT seq, hit FROM (SELECT p.seq, 1 AS hit FROM s p WHERE ${lookups} LIMIT ${wanted - found.length})
          UNION ALL SELECT count(*), 0 FROM s`,
      )) as (Row & { hit: number })[];
      const matched = rows.filter((row) => row.hit).map((row) => row.seq);
      const sorted = rows.find((row) => !row.hit)!.seq;
      found.push(...matched);
      hits += matched.length;
      read += sorted;
      if (found.length >= wanted || sorted < chunk) break;
      // As many rows as the page still needs at the density found so far (one in `read` when none),
      // and at least as many as were read: each chunk reads the source's rows before it again.
      const density = Math.max(hits, 1) / read;
      chunk = Math.min(PLAN_TUNING.checkedMost, Math.max(read, Math.ceil((PLAN_TUNING.checkedMargin * (wanted - found.length)) / density)));
    }
    if (found.length >= wanted) break;
  }
  return s.rowsBySeq(found.slice(params.offset, wanted));
}

/**
 * The share of the directory that meets the lookups among `conds`, by the token sample, when each
 * lookup's filter can be tested on its rows (a service's category); else undefined (text, open now).
 */
async function lookupsShare(s: SearchRun, conds: Expression<SqlBool>[]): Promise<number | undefined> {
  const names = conds.map(lookupOf).filter((name) => name !== undefined);
  if (!names.every((name) => (FILTERS[name] as SearchFilter).sampledRow)) return undefined;
  const shares = await tokenShares(s.q.database);
  return sampledRows(shares, s.r, names) / Math.max(1, shares.size) || undefined;
}

// One read of the list, sorted whole: it is short, and sortedPage's promoted first read it twice.
function openSorted(s: SearchRun) {
  const { r } = s;
  return s.run(sortedWhole(s, sql`FROM provider_search p`, rowConditions({ ...r, openNow: r.openList }, { skip: 'openList' })));
}

async function topPage(s: SearchRun, list: (top: string | null) => ListedSource | Promise<ListedSource>, { reach, least, listed: rows }: TopEstimate) {
  const { sort, wanted, run, order } = s;
  const { database, params } = s.q;
  if (sort === 'distance') throw new Error('the distance order has no tops');
  const { size, standings: all } = await tokenShares(database);
  // The matches the directory holds, at the density of those counted (at least `least`), and the
  // top's share of the standings they lie among (of the directory, `kept` of it).
  const standings = standingsRatedAtLeast(all, params.rating);
  const kept = standings.length / Math.max(1, all.length);
  const expected = reach ? Math.max(least, (size * reach.found) / Math.max(1, reach.reach)) : least;
  let share = (PLAN_TUNING.topMargin * wanted) / Math.max(1, expected);
  // Matches checked for open now or a category each read their hours or category rows: a larger top
  // leaves more of them unread, where a match checked on its own row costs little beside the lists.
  const most = s.r.openNow || s.r.category ? Math.max(PLAN_TUNING.topMostShare, PLAN_TUNING.topMostShareChecked) : PLAN_TUNING.topMostShare;
  if (share * kept > most) return null;
  // The list holds at least the matches expected: a top within the promoted is narrowed by them when the request never listed the words.
  const listedAtLeast = Math.max(rows ?? 0, expected);
  for (;;) {
    const top = share * kept <= most ? orderTop(sort, standings, share, filterToken, listedAtLeast, all) : null;
    const listed = await list(top);
    const inTop = sql`SELECT p.seq ${listed.tables} ${and(listed.conds)} ORDER BY ${order} LIMIT ${wanted}`;
    // A first page's rows are read with the list (the list is the page: one round trip, not two); a
    // deeper page's by seq from it in the same statement, the rows before it never read.
    if (params.offset === 0) {
      const rows = await run(sql`SELECT p.*${s.distance} FROM (${inTop}) s CROSS JOIN providers p ON p.seq = s.seq`);
      if (rows.length === wanted || !top) return rows;
    } else {
      // A full page, or every match (the last page, short).
      const { rows, listed: found } = await pageOfList(s, inTop);
      if (found === wanted || !top) return rows;
    }
    share *= PLAN_TUNING.topGrowth;
  }
}

/**
 * Listed once, then counted and sorted, in one statement: two statements read the matches twice
 * and the page's rows came back with the total anyway.
 */
async function fewSorted(s: SearchRun, from: RawBuilder<unknown>): Promise<[Row[], Count]> {
  const { page, run, distance, order } = s;
  const orderDistance = orderDistanceOf(s);
  // The open-now list's count is the total (it applied every filter): the matches are only sorted
  // for the page, not kept and counted again (sqld counts a kept table's rows each time they are read).
  if (s.r.openTotal) {
    const rows =
      await run(sql`SELECT p.*${distance} FROM (SELECT p.seq${s.sort === 'distance' ? sql`, p.distanceMiles` : sql``} FROM (SELECT ${ORDER_COLUMNS}${orderDistance} ${from}) p ORDER BY ${order} ${page}) s
      CROSS JOIN providers p ON p.seq = s.seq ORDER BY ${order}`);
    return [rows, s.r.openTotal];
  }
  // A place's circle asked its count (a page of no rows) before its page: the count lists every
  // match's seq in the page's order, and the page is then read by seq, not listed and sorted again.
  const { database, params, reads } = s.q;
  const whole = statementOf(database, sortedMatches(s, from));
  const key = whole.key;
  const listed = reads.sortedMatches.get(key);
  if (!listed && params.limit > 0) {
    const found = await run(fewSortedRead(s, from));
    return [found.filter((row) => row.seq !== null), cappedTotal(Number(found[0]!.matchCount))];
  }
  const seqs = await (listed ??
    remembered(
      reads.sortedMatches,
      key,
      run(whole).then(([row]) => JSON.parse(String((row as Record<string, unknown>).seqs)) as number[]),
    ));
  return [await rowsBySeq(s, seqs.slice(params.offset, params.offset + params.limit)), cappedTotal(seqs.length)];
}

/**
 * fewSorted for matches some of whose conditions are lookups (text by a full-text rowid), in one
 * statement: the source's rows sorted once on their other conditions, then looked up in that order
 * only to the page's end, and counted only to the cap. Listed whole, each was looked up for a count
 * that says no more than "past the cap" (the open at night with words most of the directory hold).
 */
export async function fewChecked(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[]): Promise<[Row[], Count]> {
  const { page, run, distance, order } = s;
  const lookups = sql.join(conds.filter(isLookup), sql` AND `);
  const found = await run(
    sql`WITH o AS MATERIALIZED (SELECT ${ORDER_COLUMNS}${orderDistanceOf(s)} ${tables} ${and(conds.filter((cond) => !isLookup(cond)))} ORDER BY ${order})
      SELECT p.*${distance}, c.matchCount FROM (SELECT count(*) AS matchCount FROM (SELECT 1 FROM o p WHERE ${lookups} LIMIT ${LIMITS.countedTotal + 1})) c
      LEFT JOIN (SELECT seq FROM o p WHERE ${lookups} ${page}) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY ${order}`,
  );
  return [found.filter((row) => row.seq !== null), cappedTotal(Number(found[0]!.matchCount))];
}

/** Every match of `from` (a few-match plan's), its seq listed in the page's order (`fewSorted`'s count of a circle). */
const sortedMatches = (s: SearchRun, from: RawBuilder<unknown>) =>
  sql`WITH m AS MATERIALIZED (SELECT ${ORDER_COLUMNS}${orderDistanceOf(s)} ${from})
      SELECT json_group_array(seq) AS seqs FROM (SELECT seq FROM m p ORDER BY ${s.order})`;

/** fewSorted's statement when the total is not known: the page's rows, each with the count (`matchCount`). */
function fewSortedRead(s: SearchRun, from: RawBuilder<unknown>) {
  const { page, distance, order } = s;
  // The count's one row leads, so a page past the last match still carries the total (a row of
  // nulls): counting again read every match a second time.
  return sql`WITH m AS MATERIALIZED (SELECT ${ORDER_COLUMNS}${orderDistanceOf(s)} ${from})
      SELECT p.*${distance}, c.matchCount FROM (SELECT count(*) AS matchCount FROM m) c
      LEFT JOIN (SELECT seq FROM m p ORDER BY ${order} ${page}) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY ${order}`;
}

/**
 * A walk for the page and another for the count read the same rows of the index twice (the count
 * further), and text that is many built its list of matches for each ("time" is 234,761 rowids
 * at a million). So one walk lists the matches' seq in order as it counts them (one string,
 * aggregated in SQL, as countOrList's), and the page's rows are read by seq from that list.
 */
async function pageAndCount(
  s: SearchRun,
  from: RawBuilder<unknown>,
  inOrder: RawBuilder<unknown>,
  seq: RawBuilder<unknown> = sql`p.seq`,
  listsWords = false,
): Promise<PlanResult> {
  const { r, page, wanted, run, distance } = s;
  const { params } = s.q;
  // Open now is never carried by category rows, so here `from` reads the provider row `p`: the
  // page is read from it as it walks (by seq after, each of its rows counted twice on sqld).
  if (r.openTotal) return { rows: await run(sql`SELECT p.*${distance} ${from} ORDER BY ${inOrder} ${page}`), count: r.openTotal };
  const listed = Math.max(LIMITS.countedTotal + 1, wanted);
  if (params.offset === 0) {
    // The first page: counted and its rows read in one statement, one round trip (docs/SCALING.md
    // "Round trips"); the page walks the first rows again, a page's worth. Deeper, the list below
    // is read once and the page's rows from it (walking to a deep page again read it twice).
    // A source that lists the words builds their whole list in each read of it: read once, kept for
    // the count and the page (the kept rows cost a read each on sqld, so only then).
    const found = await run(
      listsWords
        ? sql`WITH l AS MATERIALIZED (SELECT ${seq} AS seq ${from} ORDER BY ${inOrder} LIMIT ${listed})
          SELECT p.*${distance}, c.matchCount FROM (SELECT count(*) AS matchCount FROM l) c
          LEFT JOIN (SELECT seq FROM l LIMIT ${params.limit}) s ON 1 LEFT JOIN providers p ON p.seq = s.seq`
        : sql`SELECT p.*${distance}, c.matchCount FROM (SELECT count(*) AS matchCount FROM (SELECT ${seq} AS seq ${from} ORDER BY ${inOrder} LIMIT ${listed})) c
        LEFT JOIN (SELECT ${seq} AS seq ${from} ORDER BY ${inOrder} LIMIT ${params.limit}) s ON 1 LEFT JOIN providers p ON p.seq = s.seq`,
    );
    return { rows: found.filter((row) => row.seq !== null), count: cappedTotal(Number(found[0]!.matchCount)) };
  }
  const { rows, listed: n } = await pageOfList(s, sql`SELECT ${seq} AS seq ${from} ORDER BY ${inOrder} LIMIT ${listed}`);
  return { rows, count: cappedTotal(n) };
}

/**
 * The page's rows of `list` (a statement of `seq` in the page's order, up to the page's end at
 * least) and how many it lists, in one statement (one round trip, where the list and then its
 * page's rows by seq were two): the list is made once and each of the page's places in it looked
 * up, the rows before the page never read.
 */
async function pageOfList(s: SearchRun, list: RawBuilder<unknown>): Promise<{ rows: Row[]; listed: number }> {
  const { run, distance } = s;
  const { params } = s.q;
  if (params.limit === 0) {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (${list})`.execute(s.q.database.db);
    return { rows: [], listed: Number(rows[0]!.n) };
  }
  const places = sql.join(Array.from({ length: params.limit }, (_, i) => sql`(${i})`));
  const found = (await run(
    sql`WITH c AS MATERIALIZED (SELECT count(*) AS n, json_group_array(seq) AS seqs FROM (${list}))
      SELECT p.*${distance}, c.n AS matchCount, i.column1 AS pageAt FROM c CROSS JOIN (VALUES ${places}) i
      LEFT JOIN providers p ON p.seq = json_extract(c.seqs, '$[' || CAST(${params.offset} + i.column1 AS INTEGER) || ']')`,
  )) as (Row & { pageAt: number })[];
  // In the page's order, sorted here: a sort in SQL is rows read on sqld.
  return { rows: found.filter((row) => row.seq !== null).sort((a, b) => a.pageAt - b.pageAt), listed: Number(found[0]!.matchCount) };
}

/**
 * A count reads every match when they are at most the cap, and sorting them for the page read the
 * source again: for sparse matches (a service's rows with a rating and text) every row of it twice.
 * So the count lists the matches' seq as it counts them (one string, aggregated in SQL: a row each
 * cost more than the count when they are many), and a page of few is sorted from those alone, in
 * the same statement (`listedWithPage`): the count and the page are one round trip (docs/SCALING.md
 * "Round trips"). On sqld (Turso bills rows read) the list costs what the count did; the sort reads
 * each match by its primary key, fewer rows than the source held.
 */
async function countOrList(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[], seqSource?: ListedSource, sample?: SampleAsk) {
  const { r, page, run, distance, order } = s;
  const { database, params, reads } = s.q;
  const orderDistance = orderDistanceOf(s);
  if (r.openTotal) return { count: r.openTotal, sorted: null };
  const from = seqSource ? sql`${seqSource.tables} ${and(seqSource.conds)}` : sql`${tables} ${and(conds)}`;
  const key = statementKey(database, from);
  const known = s.counts.get(key);
  if (known) return { count: await known, sorted: null };
  // Once per request: a place's circle asked for its count (a page of no rows) is read again for its
  // page, sorted from the list the first read kept.
  const earlier = reads.listings.get(key);
  // A sample read past the cap comes back as the rows; only in the page's own order (it is the outer sort).
  const sampled = sample && sample.order === order ? sample : undefined;
  const read = earlier ? undefined : listedWithPage(s, from, sampled);
  const listing =
    earlier ??
    remembered(
      reads.listings,
      key,
      read!.then(({ listing }) => listing),
    );
  const counting = listing.then(({ n }) => cappedTotal(n));
  s.counts.set(key, counting);
  const [{ seqs, reach }, total] = await Promise.all([listing, counting]);
  if (total.capped || seqs === null) {
    const reached = { found: LIMITS.countedTotal + 1, reach };
    if (!read || !sampled) return { count: total, sorted: null, reach: reached };
    return { count: total, sorted: null, reach: reached, dense: denseOf(s, sampled.rows, (await read).rows) };
  }
  s.q.tell?.({ counted: total.total });
  if (read) {
    const { rows } = await read;
    return { count: total, sorted: async () => rows };
  }
  const matches = JSON.parse(seqs) as number[];
  const sorted = async () =>
    matches.length <= params.offset || params.limit === 0
      ? []
      : run(
          sql`SELECT p.*${distance} FROM (SELECT p.seq${orderDistance} FROM (VALUES ${sql.join(matches.map((seq) => sql`(${seq})`))}) m
            CROSS JOIN provider_search p ON p.seq = m.column1 ORDER BY ${order} ${page}) s CROSS JOIN providers p ON p.seq = s.seq ORDER BY ${order}`,
        );
  return { count: total, sorted };
}

/**
 * The matches of `from` counted up to the cap, their seq listed as they are counted, and, when they
 * are at most the cap, the page sorted from that list (read back by json_each) in the same
 * statement; past the cap no page is read, and the list is not sent back (its highest seq is: how
 * far into the index's order the matches reach). With `sample`, past the cap its rows are read in
 * the same statement instead (the start of the order index the caller would sample next, denseIn),
 * a guard before it keeping it unread at or below the cap.
 */
async function listedWithPage(s: SearchRun, from: RawBuilder<unknown>, sample?: SampleAsk): Promise<{ listing: Listing; rows: Row[] }> {
  const { page, run, distance, order, wanted } = s;
  const cap = LIMITS.countedTotal;
  const orderDistance = orderDistanceOf(s);
  const fromList = sql`SELECT p.seq${orderDistance} FROM c CROSS JOIN json_each(c.seqs) m CROSS JOIN provider_search p ON p.seq = m.value
    WHERE c.n <= ${cap} ORDER BY ${order} ${page}`;
  // The sample beside the page as a join of its own (at most one of the two has rows), its guard on the
  // count's row leading the join: a guard as a subquery of the count (`(SELECT n FROM c)`) had SQLite
  // read the count's source again.
  const sampleRows = sample
    ? sql`LEFT JOIN (SELECT p.seq FROM c AS g CROSS JOIN (SELECT p.seq FROM providers p ${indexedBy(sample.index)} ORDER BY ${sample.order} LIMIT ${sample.rows}) s
        CROSS JOIN providers p ON p.seq = s.seq ${and([sql<SqlBool>`g.n > ${cap}`, ...rowConditions(s.r)])} LIMIT ${wanted}) t ON 1`
    : undefined;
  const found = (await run(
    sql`WITH c AS MATERIALIZED (SELECT count(*) AS n, max(seq) AS reach, json_group_array(seq) AS seqs FROM (SELECT p.seq ${from} LIMIT ${cap + 1}))
      SELECT c.n AS matchCount, c.reach AS matchReach, CASE WHEN c.n <= ${cap} THEN c.seqs END AS matchSeqs, p.*${distance} FROM c
      LEFT JOIN (${fromList}) s ON 1 ${sampleRows ?? sql``} LEFT JOIN providers p ON p.seq = ${sampleRows ? sql`coalesce(s.seq, t.seq)` : sql`s.seq`} ORDER BY ${order}`,
  )) as (Row & { matchReach: number | null; matchSeqs: string | null })[];
  const [first] = found;
  return {
    listing: { n: Number(first!.matchCount), seqs: first!.matchSeqs, reach: Number(first!.matchReach) },
    rows: found.filter((row) => row.seq !== null),
  };
}

/** `conds` as one value, 1 when all hold: each evaluated only when those before it held (nested CASE; an AND may evaluate both sides). */
export const inTurn = (conds: Expression<SqlBool>[]): RawBuilder<unknown> =>
  conds.reduceRight<RawBuilder<unknown>>((inner, cond) => sql`CASE WHEN ${cond} THEN ${inner} ELSE 0 END`, sql`1`);

async function walk(
  s: SearchRun,
  index: IndexName,
  indexOrder: RawBuilder<unknown>,
  conds: Expression<SqlBool>[],
  after: Sampled = { rows: 0, found: [] },
  reach = 0,
  orElse?: RawBuilder<unknown>,
) {
  const { wanted, run, distance } = s;
  const { params } = s.q;
  // The index read in its order, at most the cap, each entry checked as it is read: SQLite yields
  // the rows in that order and stops at the page. An ORDER BY outside would read the whole cap to
  // sort it (the index order is the page's order: `indexOrder` is `order`). The order indexes
  // carry the filters' columns (migrations/0083) and a condition is checked only after those
  // before it held (`inTurn`), so an entry a price or a facet rules out never reads its row.
  // After a sample (denseIn), the walk goes on past it: its matches are the first of the page.
  const known = after.found.length;
  const most = Math.max(wanted + PLAN_TUNING.walkCap, deepReach(s, after), reach);
  const take = wanted - Math.max(known, params.offset);
  const read = sql`SELECT p.*${distance} FROM (SELECT w.seq FROM (SELECT p.seq, ${inTurn(conds)} AS hit FROM providers p ${indexedBy(index)}
      ORDER BY ${indexOrder} LIMIT ${Math.max(0, most - after.rows)} OFFSET ${after.rows}) w WHERE w.hit
      LIMIT ${take} OFFSET ${Math.max(0, params.offset - known)}) s CROSS JOIN providers p ON p.seq = s.seq`;
  const rows = await (orElse ? s.runOrElse(read, orElse, (tried) => `(SELECT count(*) FROM ${tried}) < ${take}`) : run(read));
  const found = [...after.found.slice(params.offset), ...rows];
  return found.length === params.limit ? found : null;
}

async function listTextIn(s: SearchRun, point: Point, miles: number) {
  const { r } = s;
  const { database, reads } = s.q;
  if (!r.match) return false;
  if (!r.checkable) return true;
  const most = boxCheckedMost(r.checkSeeks);
  const count = boxRowsCount(point, miles, most);
  // Text that is many asks for the box's states after its count (listTextInStates): read beside it, a few rows, one round trip fewer.
  if (overNetwork(database) && (await manyText(database, r, reads))) s.boxStates(point, miles).catch(() => {});
  // The same box in each search of a request (a place's rings and the search within them): counted once.
  const rows = await countOnce(database, reads.counts, count);
  // A box of few rows is still listed when the text's matches are few for them (listTextFor's rule),
  // or when they are once narrowed to the box's states, as many text is.
  return rows > most || (await s.listTextFor(rows)) || listTextInStates(s, point, miles, rows);
}

/** Whether text that is many, listed narrowed to the box's states, is few enough for `rows` (PLAN_TUNING.narrowedEntryCost). */
async function listTextInStates(s: SearchRun, point: Point, miles: number, rows: number) {
  const { r } = s;
  const { database, reads } = s.q;
  if (rows <= PLAN_TUNING.listTextFrom || !(await manyText(database, r, reads))) return false;
  const states = await s.boxStates(point, miles);
  if (!states?.length) return false;
  const { size, shares } = await tokenShares(database);
  const words = await wordsEstimate(database, r, reads, size);
  const share = statesShare(shares, states);
  return words * (share + (1 - share) * PLAN_TUNING.narrowedEntryCost) <= rows * PLAN_TUNING.listTextPerRow;
}

const boxStates = (s: SearchRun, point: Point, miles: number) => statesNear(s.q.database, s.q.reads, point, miles);

// The words alone are counted, not with the filters' tokens: intersecting reads the words' whole
// list, so a list costs what the words match, however few the tokens leave. Past the request's
// capped count of them (wordsCounted) they are estimated: this decides a plan, not a total, and
// counting up to `most` read as much of the words' list as listing them (`service=Manicure` in a
// box of under 3,000 providers counted 155,001 of its entries).
async function listTextFor(s: SearchRun, rows: number) {
  const { r } = s;
  const { database, reads } = s.q;
  if (!r.match || rows <= PLAN_TUNING.listTextFrom) return false;
  const { size } = await tokenShares(database);
  return (await wordsEstimate(database, r, reads, size)) <= rows * PLAN_TUNING.listTextPerRow;
}

/**
 * `sample` rows of the index's start are checked (CROSS JOIN keeps the sample first: SQLite would
 * otherwise start from a filter's index), stopping at a page's worth, which already says "walk" and
 * is the walk's page: read as rows rather than counted, the sample is never read again by the walk.
 */
async function denseIn(s: SearchRun, index: IndexName, indexOrder: RawBuilder<unknown>, sample: number) {
  const { r, wanted, run, distance } = s;
  const found = await run(
    sql`SELECT p.*${distance} FROM (SELECT p.seq FROM providers p ${indexedBy(index)} ORDER BY ${indexOrder} LIMIT ${sample}) s
      CROSS JOIN providers p ON p.seq = s.seq ${and(rowConditions(r))} LIMIT ${wanted}`,
  );
  return denseOf(s, sample, found);
}

/** What the matches `found` among the first `sample` rows of an order index say (denseIn's answer). */
function denseOf(s: SearchRun, sample: number, found: Row[]): Dense {
  const { wanted } = s;
  const { params } = s.q;
  const sampled = found.length;
  const dense = sampled >= wanted || s.walkFills(sampled, sample) || deepReach(s, { rows: sample, found }) > 0;
  // The sample is the walk's start only within the walk's cap (a cap below the sample: the walk reads less).
  if (sample > wanted + PLAN_TUNING.walkCap) return { dense, page: null };
  return { dense, page: sampled >= wanted ? found.slice(params.offset) : null, sampled: { rows: sample, found } };
}

/**
 * A walk of at most `maxWalk` rows. Without text, a deeper page needs only the density a first
 * page needs (its rows within `maxWalk`), and the walk expected to fill it within its cap: sorting
 * every match for it (every nail salon) costs more than a capped walk, and a walk that falls short
 * is bounded. Text keeps the first page's length: each row's check is a full-text lookup, many
 * times a row's.
 */
function walkFills(s: SearchRun, found: number, read: number) {
  const { r, wanted } = s;
  const { params } = s.q;
  return (
    found > 0 &&
    (wanted * read) / found <= (r.match ? PLAN_TUNING.maxWalk : Math.min(wanted + PLAN_TUNING.walkCap, (PLAN_TUNING.maxWalk * wanted) / params.limit))
  );
}

/**
 * How far into an order index (from its start) a walk with no text may go for a page past the
 * walk's cap: `deepWalkMargin` times the rows the sample's density (`after`) says the page needs,
 * when that is at most `deepWalk`. The order indexes carry the row filters' columns (migrations/0083),
 * so a walk reads entries, where sorting the matches read each row of its source (a price's, a
 * box's or every provider's, growing with the directory, where the walk does not). 0 when not:
 * the walk keeps `walkCap`.
 */
function deepReach(s: SearchRun, after: Sampled): number {
  const { r, wanted } = s;
  const found = after.found.length;
  if (r.match || !found) return 0;
  const reach = Math.ceil((PLAN_TUNING.deepWalkMargin * wanted * after.rows) / found);
  return reach <= PLAN_TUNING.deepWalk ? reach : 0;
}

/**
 * Whether text is listed once for a walk of the index of `filters` (a city's, a service's in a
 * city), or checked row by row: checked when the token sample puts the rows checked (`rowsChecked`)
 * at no more than `boxCheckSeeks` per seek of a check, as in a box (`listTextIn`). A common word's
 * list is the whole directory ("known": 999,902 rowids at a million, built for the count and again
 * for the page), where a service's rows in a city are a few thousand lookups.
 */
export async function listTextOver(s: Pick<SearchRun, 'r' | 'q'>, filters: readonly FilterName[]): Promise<boolean> {
  const { r } = s;
  if (!r.match) return false;
  if (!r.checkable) return true;
  return (await rowsChecked(s, filters)) > PLAN_TUNING.boxCheckSeeks / Math.max(1, r.checkSeeks);
}

/**
 * The rows of the index of `filters` whose text a walk checks, from the token sample: when the sample
 * holds every other filter of the search, only those that meet them (their columns are compared
 * before the lookup), and only as far as the count's cap (or the page's end) lies at the words'
 * density ("br" in a service's rows: the cap within 1,674 of them, where its list is 598,260 rowids
 * at a million); else every row of the index.
 */
async function rowsChecked({ r, q }: Pick<SearchRun, 'r' | 'q'>, filters: readonly FilterName[]): Promise<number> {
  const shares = await tokenShares(q.database);
  const { size } = shares;
  const rowsOf = (names: readonly FilterName[]) => sampledRows(shares, r, names);
  const names = filtersOf(r).filter((name) => name !== 'text');
  if (!names.every((name) => !!(FILTERS[name] as SearchFilter).sampledRow)) return rowsOf(filters);
  // The words are counted with what the text columns hold of the other filters (a city's words): their density is among those rows.
  const words = await wordsEstimate(q.database, r, q.reads, size);
  const density = words / Math.max(1, rowsOf(names.filter((name) => !!(FILTERS[name] as SearchFilter).inText)));
  return Math.min(rowsOf(names), Math.max(LIMITS.countedTotal + 1, q.params.offset + q.params.limit) / Math.max(density, 1 / size));
}

/** The rows of the index led by `filters` (a city's, a price's, a service's in a city) at the token sample's share of the directory. */
export const sampledRows = ({ size, categoryRows }: TokenShares, r: Resolved, filters: readonly FilterName[]) =>
  (size * categoryRows.filter(sampledMeets(r, filters)).length) / Math.max(1, categoryRows.length);

/** The search of `q` with its resolved `r`: what its plan reads with. */
export function searchRun(q: SearchRequest<SearchInput>, r: Resolved): SearchRun {
  const { database, params } = q;
  const sort = params.sort ?? 'recommended';
  const counts: StatementMemo<Count> = new Map();
  // The methods call the functions above with this object, the one searchRun made: a plan that
  // passes on a copy with another `r` (otherOrder's tops) still reads with the search's own.
  const s: SearchRun = {
    q,
    r,
    sort,
    order: sort === 'distance' ? sql`distanceMiles, p.seq` : sort === 'recommended' ? ORDER : SORT_ORDERS[sort].order,
    distance: r.point ? sql`, ${distanceSql(r.point)} AS distanceMiles` : sql``,
    page: sql`LIMIT ${params.limit} OFFSET ${params.offset}`,
    wanted: params.offset + params.limit,
    once: {},
    counts,
    // A statement read ahead in the open-now count's (plans/index.server.ts `planAfterOpenCount`) is taken, not read again.
    run: async (query) => {
      const read = statementOf(database, query);
      return ((await rowsAhead(q.reads, read)) ?? (await rowsOf(database, read))) as Row[];
    },
    count: (from) => {
      const key = statementKey(database, from);
      return readOnce(counts, key, () => q.reads.capped.get(key) ?? cappedCount(database, from));
    },
    counted: (from) => (r.openTotal ? Promise.resolve(r.openTotal) : s.count(from)),
    countOrList: (tables, conds, seqSource, sample) => countOrList(s, tables, conds, seqSource, sample),
    sortedPage: (tables, conds, text) => sortedPage(s, tables, conds, text),
    topPage: (list, estimate) => topPage(s, list, estimate),
    openSorted: () => openSorted(s),
    fewSorted: (from) => fewSorted(s, from),
    fewSortedRead: (from) => fewSortedRead(s, from),
    rowsBySeq: (seqs) => rowsBySeq(s, seqs),
    runOrElse: async (query, orElse, short) => {
      const read = statementOf(database, query);
      return ((await rowsAhead(q.reads, read)) ?? (overNetwork(database) ? await rowsOrElse(s, read, orElse, short) : await rowsOf(database, read))) as Row[];
    },
    sortedPageRead: (tables, conds, text) => sortedPageRead(s, tables, conds, text),
    pageOf: async (list) => (await pageOfList(s, list)).rows,
    pageAndCount: (from, inOrder, seq, listsWords) => pageAndCount(s, from, inOrder, seq, listsWords),
    walk: (index, indexOrder, conds, after, reach, orElse) => walk(s, index, indexOrder, conds, after, reach, orElse),
    listTextFor: (rows) => listTextFor(s, rows),
    listTextIn: (point, miles) => listTextIn(s, point, miles),
    boxStates: (point, miles) => boxStates(s, point, miles),
    denseIn: (index, indexOrder, sample) => denseIn(s, index, indexOrder, sample),
    walkFills: (found, read) => walkFills(s, found, read),
  };
  return s;
}

/**
 * The full-text matches of `match` joined to their search columns by seq (`provider_search`,
 * migrations/0034), with `conds` (on `p`): for listing every match. Each is then one row read on
 * sqld (Turso bills rows read); as
 * `p.seq IN (matches)` each was read three times (the list written, read back, then the row).
 * `narrowing` (filters.server.ts textNarrowing, for text that is many) drops matches on `f` first.
 */
export const textListed = (match: string, conds: Expression<SqlBool>[], narrowing: Expression<SqlBool>[] = []) => ({
  tables: sql`FROM providers_fts f CROSS JOIN provider_search p ON p.seq = f.rowid`,
  conds: [sql<SqlBool>`f.providers_fts MATCH ${match}`, ...narrowing, ...conds],
  text: { match, conds, narrowing } satisfies TextSource,
});

/**
 * The search's text as its source (`textListed`, with every other filter's condition), and, when
 * those conditions can all be had from `p.seq` (filters.server.ts `seqOnly`: open now, closures, a
 * category) or from the filters' tokens in the full-text index (a state, a price, a rating, the
 * facets: `textIndexCarries`), the same matches as a source of the full-text index's rowids alone
 * (`seqSource`), for the count that lists them: a provider row read beside each hours lookup cost
 * about half again what the lookup did, and a row read to check a price or a rating cost several
 * times what the index's intersection with its token does. The page still reads the rows. `inText`:
 * the words listed with what the text columns hold of the other filters (the city's words:
 * filters.server.ts `listedMatch`), a superset of the matches the row conditions keep, read as the
 * intersection in the full-text index.
 */
export function textSourceOf(r: Resolved, { inText = false }: { inText?: boolean } = {}) {
  const rest = { ...r, match: null };
  const match = listedMatch(r, { inText });
  // A service's category row is sought by the full-text row's seq, before the provider row is read:
  // a match of another service cost a provider row read at random, then the same seek.
  const narrowing = [...textNarrowing(r), ...(r.category ? [inCategory(r, sql`f.rowid`)] : [])];
  return { ...textListed(match, rowConditions({ ...rest, category: undefined }), narrowing), seqSource: textRowids(r, inText) };
}

/**
 * textSourceOf's `seqSource`: the text's matches as the full-text index's rowids, with every token
 * that holds a filter exactly (those resolve left out for a list too: here each saves a row read,
 * where the list reads rows anyway), the rest checked by seq. Not narrowed: a ZIP prefix's
 * narrowing is a column of the provider row; a category is among its seq-only conditions.
 */
function textRowids(r: Resolved, inText: boolean): ListedSource | undefined {
  const rest = { ...r, match: null };
  const held = textIndexCarries(rest);
  if (!held) return undefined;
  const tokens = [...new Set([...(r.textTokens ?? []), ...held.tokens])];
  return {
    // A subquery SQLite flattens: the MATCH still reaches the full-text index.
    tables: sql`FROM (SELECT rowid AS seq, providers_fts AS words FROM providers_fts) p`,
    // A service's category row first, as textListed's narrowing: open now's check by seq reads the
    // provider_search row (and at night its hours), a seek the category's leaves out for most matches.
    conds: [
      sql<SqlBool>`p.words MATCH ${listedMatch(r, { inText, tokens })}`,
      ...(r.category ? [inCategory(r, sql`p.seq`)] : []),
      ...heldChecks({ ...rest, category: undefined }, held),
    ],
  };
}

/** `text` listed again narrowed to each top of an order (SearchRun.topPage's source). */
export const textTops = (text: TextSource) => (top: string | null) => textListed(withTop(text.match, top), text.conds, text.narrowing);

/** What text listed from the full-text index is made of (`textListed`), to list it again narrowed (SearchRun.topPage). */
export interface TextSource {
  match: string;
  conds: Expression<SqlBool>[];
  narrowing: Expression<SqlBool>[];
}

/** How far into the full-text index's order (seq) the first `found` matches were counted: their density. */
export interface Reach {
  found: number;
  reach: number;
}

/** A source of matches: its FROM clause (rows `p`) and its conditions. */
export interface ListedSource {
  tables: RawBuilder<unknown>;
  conds: Expression<SqlBool>[];
}

/** How many matches a top is sized for (SearchRun.topPage): at the density `reach` found, and at least `least`. */
export interface TopEstimate {
  reach?: Reach;
  least: number;
  /** The rows the list reads with no top, when known (a top within the promoted is narrowed for many: orderBuckets.server.ts `orderTop`). */
  listed?: number;
}

/** The text's words narrowed to `top` of an order (SearchRun.topPage), or as they are. */
export const withTop = (match: string, top: string | null) => (top ? `(${match}) AND ${top}` : match);

/** The first of `indexes` whose filters the search has all of. */
export const leadingIndex = (r: Resolved, indexes: readonly LeadingIndex[]) => indexes.find((i) => hasAll(r, i.filters));
