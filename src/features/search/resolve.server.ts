/**
 * A search's parameters resolved once (docs/search.md "How a search runs"): the words as a full-text
 * expression, the service as a category, the place, the open-now list and the point distances are
 * measured from. Every plan reads this; nothing is parsed again.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { cappedTotal } from '../providers/index.server';
import { LIMITS } from '../../config';
import { cappedOnce, countOnce, countWithNext, pendingOnce, readOnce, termsOnce, unvettedOnce, type NextRead, type RequestReads } from './requestReads.server';
import { facetListedMost, openListedMost, openScanMost, PLAN_TUNING } from './tuning.server';
import type { Filters, HoursClasses, Resolved } from './searchTypes.server';
import { categoryForSearch } from '../catalog';
import { InvalidInputError } from '../../lib/errors';
import type { SearchPlace } from '../places/index.server';
import type { SearchRequest } from './request.server';
import { RADIUS_MILES } from './params';
import { INDEXES, indexedBy } from './indexes.server';
import {
  countBesideWords,
  fewText,
  listBesideStates,
  manyText,
  statesOf,
  textMatches,
  wordsEstimate,
  wordsListedWhole,
  wordsNoneEarly,
  zipStatesRead,
} from './textFacts.server';
import { overNetwork } from '../../db/batchedReads';
import {
  cellsWithOpen,
  countUpTo,
  hoursOnce,
  notClosedCondition,
  openCountByZone,
  openNowCondition,
  openNowList,
  openNowRanges,
  sampledOpenThisHour,
  type OpenListConditions,
} from './openNow.server';
import { textMatch, textOf } from './textMatch.server';
import {
  carriedByAll,
  facetBitsOf,
  FILTERS,
  inSampledCategoryRows,
  inSampledOpenList,
  isListed,
  listableFilters,
  listedIn,
  openListConditions,
  wordsMatch,
  textTokensOf,
} from './filters.server';
import {
  circleRowsOf,
  placeRowsOf,
  serviceRowsOf,
  statesShare,
  textTokenPays,
  tokenShares,
  tokenSharesKept,
  tokenSharesRead,
  tokensShare,
  type TokenShares,
} from './tokenShares.server';
import { hasText } from './rings';

/**
 * Sets where `r` is searched on the map: `within`, the circle of `near`; `point`, where a distance is
 * measured from (`near`, else the place's, for nearest first). False when a distance is asked for
 * and the place has no point.
 */
function placeOnMap(r: Resolved, params: Filters, place: SearchPlace | undefined): boolean {
  if (params.near) r.within = { point: params.near, miles: params.radius ?? RADIUS_MILES.default };
  if (!params.near && params.sort !== 'distance') return true;
  const point = params.near ?? place?.point;
  if (point) r.point = point;
  return !!point;
}

/** The search of `q` resolved, with the place of its location (read once for the request). */
export async function resolve(
  q: Pick<SearchRequest<Filters>, 'database' | 'params' | 'now' | 'reads'>,
  place: SearchPlace | undefined,
  /**
   * `wordsListed`: the caller lists the words' matches itself, when they are few (plans/textRings.server.ts):
   * open now is checked on each of them, and where text that is many would be listed from is not worked out.
   */
  { wordsListed = false, afterOpen, wanted = 0 }: { wordsListed?: boolean; afterOpen?: AfterOpenCount; wanted?: number } = {},
): Promise<Resolved> {
  const { database, params, now, reads } = q;
  // Open now with no place and no point: every zone's hours (openListCount's ask) and the directory's
  // size, read beside the words (the request's first round trip), not after them.
  if (params.openNow && !place && !params.near && overNetwork(database))
    for (const read of [hoursOnce(database, reads, {}), directorySize(database, reads)]) read.catch(() => {});
  const r = await resolvedText(database, params, now, place, reads);
  // No match in the words' list read beside their terms: nothing matches, no plan reads a page.
  if (await wordsNoneEarly(r, reads)) r.match = false;
  if (!placeOnMap(r, params, place)) {
    if (!params.location) throw new InvalidInputError('sort=distance needs near=LAT,LNG, or a ZIP code or city in location', 'sort');
    // A location that is no known place matches nothing (a corrected spelling may: correctedSearch.server.ts).
    r.match = false;
  }
  // Text few enough to be listed runs first whatever else the search has (plans/textListed.server.ts),
  // each match checked for open now: counting the open of every zone would decide nothing and
  // costs much at a million. A city's open are counted and listed from its own hours index, a few hundred at
  // most, which costs less than looking up each match's hours (docs/search.md "Bounded cost"). The
  // filters' tokens are left out: text that is many but few at a price would skip a count that
  // often finds none open at all.
  if (params.openNow && r.match && (wordsListed || (!FILTERS.city.on(r) && fewText(await textMatches(database, r, reads, { tokens: [] })))))
    r.openNow = openNowCondition(now);
  else if (params.openNow && r.match !== false) await resolveOpenList(database, r, place, reads, { afterOpen, wordsListed, wanted });
  if (!wordsListed) await resolveTextList(database, r, reads);
  return r;
}

/** The request's words and service as full-text expressions (textMatch.server.ts), its category and place: the start of `Resolved`. */
async function resolvedText(database: Db, params: Filters, now: Date, place: SearchPlace | undefined, reads: RequestReads): Promise<Resolved> {
  const category = params.service ? categoryForSearch(params.service) : null;
  // A service value that is no category matches services whose words start with its words. Text
  // with no words (only punctuation) matches nothing.
  const matchOnce = (text: string, column?: 'services') =>
    readOnce(reads.textMatches, `${column ?? ''}:${text}`, () =>
      textMatch(
        database,
        text,
        column,
        termsOnce(database, reads),
        () => unvettedOnce(database, reads),
        () => pendingOnce(database, reads),
      ),
    );
  const { match, matches, words } = await textOf(params, matchOnce);
  return {
    params,
    now,
    match,
    matchWords: words,
    checkable: matches.every((t) => t.checkable),
    checkSeeks: matches.reduce((sum, t) => sum + t.seeks, 0),
    category: category?.slug,
    place,
  };
}

/**
 * openNow=true, text not listed first: the open-now list of the place's (or the circle's) zones and
 * how many it holds, which decide whether the open lead the plan (`r.openNow`, `fewOpen`,
 * `openCount`, `openList`, `openTotal`); none open: nothing matches.
 */
async function resolveOpenList(
  database: Db,
  r: Resolved,
  place: SearchPlace | undefined,
  reads: RequestReads,
  { afterOpen, wordsListed, wanted }: { afterOpen?: AfterOpenCount; wordsListed: boolean; wanted: number },
): Promise<void> {
  const scanMost = (await serviceScanMost(database, r, place)) ?? (await facetScanMost(database, r, place)) ?? (await textScanMost(r, reads));
  const open = await openListCount(database, r, place, reads, { scanMost, wanted });
  if (scanMost === 0) return applyOpenCount(r, open, -1);
  // What the plan's choice asks next, over the network, with the count (made only when the count asks for it).
  // As the count `n` would leave the search once resolved, over `over` (which may read nothing: plans/index.server.ts `planAfterOpenCount`).
  const resolvedAs = async (n: number, over: { database: Db; reads: RequestReads }) => {
    const copy = asOpenCount(r, open, n);
    if (!wordsListed) await resolveTextList(over.database, copy, over.reads);
    return copy;
  };
  const next = afterOpen && overNetwork(database) ? () => afterOpen((n) => asOpenCount(r, open, n), open.most, resolvedAs) : undefined;
  // With words, the plan asks their list next: over the network it is read with the count (made only when someone is open).
  const words = r.match && overNetwork(database) ? wordsMatch(r) : undefined;
  if (words) return applyOpenCount(r, open, await countBesideWords(database, reads, open.count, words, next));
  applyOpenCount(r, open, await countWithNext(database, reads.counts, open.count, await next?.(), reads));
}

/**
 * What the search asks first once its open-now count is read, for the search as a count `n` would
 * leave it (`asIf`, a copy each call; `most`, the most the list holds to be listed): a count, with
 * the counts that ask for it, read in the open-now count's statement (requestReads.server.ts
 * `countWithNext`). Given by the caller that runs the plans (search.server.ts), above this module.
 * `resolvedAs`: a copy as the count `n` leaves it once resolved whole (its text list too), over a
 * database and reads given.
 */
export type AfterOpenCount = (
  asIf: (n: number) => Resolved,
  most: number,
  resolvedAs: (n: number, over: { database: Db; reads: RequestReads }) => Promise<Resolved>,
) => Promise<NextRead | undefined>;

/** A copy of `r` as its open-now count `n` would leave it. */
function asOpenCount(r: Resolved, open: OpenListCount, n: number): Resolved {
  const copy = { ...r };
  applyOpenCount(copy, open, n);
  return copy;
}

/**
 * The most of its service's open ranges the open-now list's count reads when the service's rows are
 * the cheaper read (undefined when they are not: the count's own bound, `openScanMost`): as many as
 * cost what reading those rows does, so that where few ranges are open at all (at night) the count
 * is still known and the open are listed, and elsewhere it stops there, not known (open now is then
 * checked on each row; 0: not counted at all). Where it was not counted, a price's rows of the
 * service were each checked for open now to find the few open at night. For a service with no place
 * and a price, a rating or facets, which the list scans. Its service's set is no key of the zones' index (only of a
 * city's), so the service's ranges the count reads (until its matches pass the cap, or the first
 * `openScanMost`, then twice) are read among about that many over the service's share of the
 * directory (Massage Therapy with Chinese at a million: 350,000 entries a pass). The service's rows (the token sample's share) carry
 * the price, the rating and the facets in their index's entries (`facetEntryCost` each), and those
 * that meet them are checked for open now by a lookup (`facetRowCost`); a facet's rows, each a row,
 * read instead when facet-listed would take them (within `facetOpenMargin`, plans/facetListed.server.ts).
 * Against `scanOverService` times the entries the scan reads.
 */
async function serviceScanMost(database: Db, r: Resolved, place: SearchPlace | undefined): Promise<number | undefined> {
  if (!r.category || place || r.within || r.match || r.params.sort === 'distance' || !openListConditions(r).scanned.length) return undefined;
  const { size, facetShares, categoryRows } = await tokenShares(database);
  const n = Math.max(1, categoryRows.length);
  const held = Math.max(1, categoryRows.filter((row) => row.categories.includes(r.category!)).length);
  const meets = Math.max(0.5, categoryRows.filter(inSampledCategoryRows(r)).length);
  const service = (size / n) * (held * PLAN_TUNING.facetEntryCost + meets * PLAN_TUNING.facetRowCost);
  const facet = Math.min(...facetBitsOf(r).map((bit) => (facetShares.get(bit) ?? 0) * size));
  const facetRead = facet <= PLAN_TUNING.facetOpenMargin * facetListedMost(size) ? facet * PLAN_TUNING.facetRowCost : Number.POSITIVE_INFINITY;
  // The service's ranges read until its matches pass the cap (at least: not all are open), twice
  // when the bound comes first; at most about one range a provider (those opened within the day).
  const scan = openScanMost(size);
  const ranges = Math.min(scan, ((LIMITS.countedTotal + 1) * held) / meets);
  const entries = Math.min(size, ((ranges < scan ? 1 : 2) * ranges * n) / held);
  const rows = Math.min(service, facetRead);
  if (rows >= PLAN_TUNING.scanOverService * entries) return undefined;
  // Every service's open ranges read (the service's share of them), at most what those rows cost,
  // read twice when the bound comes first.
  return Math.floor((Math.min(PLAN_TUNING.openScanBeside * size, rows / (2 * PLAN_TUNING.scanOverService)) * held) / n);
}

/**
 * The most open ranges the open-now list's count reads with no service (serviceScanMost's) and a
 * facet few enough that facet-listed lists its rows (within `facetOpenMargin`,
 * plans/facetListed.server.ts): as many as those rows cost to read (`facetRowCost` each), the
 * ranges read twice when the bound comes first (undefined otherwise: the count's own bound,
 * `openScanMost`). A facet few hold is as few of the open ranges, so by day its count did not pass
 * the cap within them: every range up to `openScanMost` was read twice to learn the count is not
 * known, and the facet's rows were then listed all the same. At night the few open ranges are all
 * read within the bound, counted and listed as before.
 */
async function facetScanMost(database: Db, r: Resolved, place: SearchPlace | undefined): Promise<number | undefined> {
  if (r.category || place || r.within || r.match || r.params.sort === 'distance' || !PLAN_TUNING.scanOverService) return undefined;
  // The token sample only with a facet (no read of it for a search without).
  const bits = facetBitsOf(r);
  if (!bits.length || !openListConditions(r).scanned.length) return undefined;
  const { size, facetShares } = await tokenShares(database);
  const facet = Math.min(...bits.map((bit) => (facetShares.get(bit) ?? 0) * size));
  // None listed at all (facetListedScale 0): the count keeps its own bound.
  const most = facetListedMost(size);
  if (!most || !(facet <= PLAN_TUNING.facetOpenMargin * most)) return undefined;
  return Math.max(1, Math.floor((facet * PLAN_TUNING.facetRowCost) / (2 * PLAN_TUNING.scanOverService)));
}

/**
 * The most open ranges the open-now count reads (at a price, a minimum rating or facets) beside text
 * whose words' matches were counted whole before it (their list already read: nothing more is): as
 * many as those matches. Past them the count is not known and the matches are each checked for open
 * now, a row each, about what a range read costs, where by day the count read every zone's ranges up
 * to `openScanMost` first (text of a few thousand with a minimum rating and a facet).
 */
async function textScanMost(r: Resolved, reads: RequestReads): Promise<number | undefined> {
  const words = await wordsListedWhole(r, reads);
  return words ? Math.max(1, words.n) : undefined;
}

/** The open-now list of a search and the statement that counts it (`n`, -1 when not known), before it is read. */
interface OpenListCount {
  count: RawBuilder<{ n: number }>;
  /** The most the list holds to be listed (few), else each row is checked. */
  most: number;
  openList: RawBuilder<{ seq: number }>;
  /** Whether the count is the answer's total (the list applies every filter). */
  carried: boolean;
  /** The zones and classes listed, for the cells where someone may be open (`Resolved.openCells`). */
  cells?: { zones: readonly string[]; classes: HoursClasses; conds: OpenListConditions };
  /** Around a point, the providers its circle holds, with a service its rows there (the token sample's share, tokenShares.server.ts `circleRowsOf`). */
  circleRows?: number;
  /** With a state or a city the list does not carry, the providers it holds (tokenShares.server.ts `placeRowsOf`); with a ZIP prefix of few, their count. */
  placeRows?: number;
  /** Whether the place's rows are read whole (a ZIP prefix's few, filter-listed), not to the cap at the open's density. */
  placeWhole?: boolean;
}

/** What `resolveOpenList` reads with, and the statement of its count (not read). */
async function openListCount(
  database: Db,
  r: Resolved,
  place: SearchPlace | undefined,
  reads: RequestReads,
  { scanMost = Infinity, wanted = 0 }: { scanMost?: number; wanted?: number } = {},
): Promise<OpenListCount> {
  const { now } = r;
  // Few open (at night, most of the week): listed from the hours index, the other filters checked
  // on each. Many: dense in any order, so each row the usual plan reads is checked instead.
  // Only the zones the place can be in: Chicago's few open at 7 AM are few even while the East
  // has thousands open. A city, a service, a price and a rating are applied by the index itself.
  // Around a point, only the zones its circle can be in (openNow.server.ts `hoursNear`).
  // A city, a service, a price and a rating are applied by the list itself (filters.server.ts `hoursRow`).
  const listed = openListConditions(r);
  const carried = carriedByAll(r, 'openList');
  // A service in a city: the city's ranges are read by the sets of categories that hold it. The
  // zones, their classes and the directory's size are read side by side: one round trip.
  const inSet = listed.byCity ? listed.inSet : undefined;
  const placeRead = !carried && !r.within && !!place && !place.zipPrefix && !!(place.city || place.state);
  // A ZIP prefix (no city): its listed providers, counted beside the first reads (textFacts.server.ts).
  const zip = !carried && !r.within && place?.zipPrefix && !place.city ? listableFilters(r).find((f) => f.name === 'zipPrefix') : undefined;
  const [{ zones, classes, sets, shares }, size, sample, placeSample, zipCount] = await Promise.all([
    hoursOnce(database, reads, { within: r.within, zones: place?.zones, inSet }),
    // The directory's size only where a bound depends on it (one more row read on sqld otherwise).
    !carried || listed.scanned.length ? directorySize(database, reads) : 0,
    // Around a point searched for in an order (not a place's rings, each nearest first), the token
    // sample, for the providers its circle holds (below).
    r.within && !place && !r.params.location && r.params.sort !== 'distance' ? tokenShares(database) : undefined,
    // A state or a city the list does not carry (with a state, text, a claim), the sample for the
    // providers the place holds (below).
    placeRead ? tokenShares(database) : undefined,
    zip ? cappedOnce(database, reads.capped, listedIn(zip)) : undefined,
  ]);
  const conds = { ...listed, sets };
  const openList = openNowList(now, classes, zones, conds);
  // The list applies every filter: its count (distinct, since a range past midnight may overlap the
  // next day's; listed and not temporarily closed today, filters.server.ts `notClosed`) is the
  // answer's, up to the cap. Else it only decides whether listing the open costs
  // less than the other filters' plan (PLAN_TUNING.openListedScale): their ranges are counted on the
  // hours index alone, no provider looked up (a hidden one, or one open twice across midnight, counts
  // too: never fewer than those open).
  const most = !carried
    ? Math.max(openListedMost(size), await textOpenMost(database, r, reads, size, zones))
    : listed.scanned.length
      ? carriedOpenMost(r, size, true, wanted)
      : serviceOpenMost(r, tokenSharesRead(database), zones, wanted);
  // The list is read across the circle's zones, the circle holds a part of them: a small town's circle checks its few rows
  // (with a service, its rows there, which its plan reads) rather than list its zone's open (applyOpenCount), so the open
  // are counted only that far: past it they are not listed, however many (a zone's open nail salons at noon).
  // Nearest first (no rows of the circle kept for applyOpenCount: a place's rings, each circle's own plan, follow the
  // list when the count is known), a count past them is not known: those rows are checked nearest first.
  const circleRows = r.within && sample ? circleRowsOf(sample, r.within, r.category) : undefined;
  const circleMost = await circleOpenMost(database, r, sample);
  const upTo = Math.min(most, circleMost);
  // A service's open past the cap are counted on to the most listed (`serviceOpenMost`), with no bound of ranges read: its list is the answer's.
  const counted = (list: RawBuilder<unknown>, countMost = listed.scanned.length ? Math.min(most, LIMITS.countedTotal) : most) =>
    carried
      ? sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM (SELECT DISTINCT seq FROM (${list})) o
        WHERE ${isListed(sql`o.seq`)} AND ${notClosedCondition(sql`o.seq`, now)} LIMIT ${countMost + 1})`
      : countUpTo(list, upTo);
  // Around a point, a zone in only some of the circle's cells counted up to its share (openNow.server.ts `openCountByZone`).
  let count =
    zones && shares && zones.some((zone) => (shares.get(zone) ?? 1) < 1) ? openCountByZone(now, classes, { zones, shares }, conds, upTo) : counted(openList);
  if (circleRows === undefined && circleMost < most)
    count = sql<{ n: number }>`SELECT CASE WHEN c.n > ${circleMost} THEN -1 ELSE c.n END AS n FROM (${count}) c`;
  // A place's own plan reads its index to the cap at the open's density, each entry's hour bit
  // checked in it: a state's open at 3 PM (half its rows) were listed, a lookup each (applyOpenCount).
  // A ZIP prefix's few are listed whole (filter-listed), each checked in its index entry.
  const placeRows = placeSample ? placeRowsOf(placeSample, r) : zipCount && !zipCount.capped ? zipCount.total : undefined;
  // A price or a minimum rating: the ranges read up to a bound (`scannedCount`), a circle's or a place's rows' most too.
  if (conds.scanned.length) {
    const scan = Math.min(openScanMost(size), scanMost, circleMost, Math.floor(placeOpenMost(placeRows, !!zipCount)));
    const shares = sample ?? placeSample ?? tokenSharesRead(database);
    const many = !!shares && surelyManyOpen(r, shares, zones, scan);
    count = scannedCount(openNowRanges(now, classes, zones, conds), scan, carried ? { most, counted } : undefined, many);
  }
  count = prefixInZones(r, place, zones, count);
  return { count, most, openList, carried, circleRows, placeRows, placeWhole: !!zipCount, ...(zones ? { cells: { zones, classes, conds } } : {}) };
}

/**
 * The open-now count at a price or a minimum rating, which the index passes over range by range:
 * with few matches the list reads every open range of its zones (the whole country's at noon). So
 * the ranges are read up to `scan` and filtered after; past it with no more matches than counted,
 * the count is not known (-1) and open now is checked on each row, as when many are open. When the
 * list is the answer's (`carried`: its `counted` matches up to `most`), the ranges are counted apart
 * only when the matches did not already pass the cap: the count of matches stops there, where one
 * list of the first ranges read for both was read whole (slower at both sizes). When the list only
 * decides the plan, more matches than it lists and an unknown count decide alike (each row
 * checked), so one read of the ranges says it: all of them read within the bound, and their
 * matches (counting the matches first, then the ranges, read the ranges twice when sparse).
 * `many`: the ranges surely pass the bound (`surelyManyOpen`), so none is read to learn it: the
 * list that only decides the plan is -1 unread, the answer's counts its matches in the first alone.
 */
function scannedCount(
  ranges: RawBuilder<{ seq: number; hit: number }>,
  scan: number,
  carried?: { most: number; counted: (list: RawBuilder<unknown>, countMost?: number) => RawBuilder<{ n: number }> },
  many = false,
): RawBuilder<{ n: number }> {
  if (carried) {
    const first = sql`SELECT o.seq FROM (SELECT * FROM (${ranges}) LIMIT ${scan}) o WHERE o.hit`;
    const cap = LIMITS.countedTotal;
    const within = many ? sql`0` : sql`(${countUpTo(ranges, scan)}) <= ${scan}`;
    if (carried.most <= cap) return sql<{ n: number }>`SELECT CASE WHEN c.n > ${cap} OR ${within} THEN c.n ELSE -1 END AS n FROM (${carried.counted(first)}) c`;
    // Past the cap, counted on to the most listed only when every range was read within the bound (at
    // night): else (by day) many, past the most (`carriedOpenMost`).
    return sql<{ n: number }>`SELECT CASE WHEN c.n <= ${cap} THEN (CASE WHEN ${within} THEN c.n ELSE -1 END)
        WHEN ${within} THEN (${carried.counted(first, carried.most)}) ELSE ${carried.most + 1} END AS n FROM (${carried.counted(first)}) c`;
  }
  if (many) return sql<{ n: number }>`SELECT -1 AS n`;
  return sql<{ n: number }>`SELECT CASE WHEN count(*) <= ${scan} THEN coalesce(sum(o.hit), 0) ELSE -1 END AS n
        FROM (SELECT hit FROM (${ranges}) LIMIT ${scan + 1}) o`;
}

/**
 * Whether the open-now list's ranges at `r.now` in `zones` (every zone when undefined) surely pass
 * `scan`, by the token sample (kept, no read): its providers open throughout this hour on their
 * zone's clock and meeting the list's keyed conditions (a city, a service), each at least a range the
 * list reads, scaled to the directory less three standard deviations. Then `scannedCount` can
 * only say -1 (or, for the answer's list, its matches past the cap), which the ranges read up to the
 * bound said: by day a price's count read them all (the country's open at a price), only to find it
 * not known. A sample that misjudges leaves the search -1 where the count was known, which its plans
 * answer alike (each row checked).
 */
function surelyManyOpen(r: Resolved, { size, categoryRows }: TokenShares, zones: readonly string[] | undefined, scan: number): boolean {
  const keyed = inSampledOpenList(r);
  if (!keyed || !categoryRows.length) return false;
  const open = sampledOpenThisHour(r.now);
  const inZones = zones ? new Set(zones) : undefined;
  // A provider without a zone is read on New York's clock in every list (openNow.server.ts `openArms`).
  const held = categoryRows.filter((row) => (row.timeZone === null || !inZones || inZones.has(row.timeZone)) && keyed(row) && open(row)).length;
  return (size * (held - 3 * Math.sqrt(held))) / categoryRows.length > scan;
}

/**
 * The most open listed when their count is the answer's total (`carried`): the cap, or at a price
 * with no place, point, service or facet (its ranges read up to a bound, `scannedCount`; the place's,
 * the service's or the facet's rows are a shorter walk) for a page ending past `openCountedOnFrom`
 * (`wanted` rows), as many as cost what walking the price's index to the page does: n listed cost
 * `openListedRowCost` each, where the walk reads about the page's end times the directory over n
 * rows (n² ≤ page × providers / cost), at most the most listed otherwise. A deep page of a price's
 * few thousand open at night walked its index with a row check each, where listing and sorting them
 * reads a few thousand (a minimum rating's order already walks the open-now list: not counted on).
 */
function carriedOpenMost(r: Resolved, size: number, scanned: boolean, wanted: number): number {
  if (!scanned || r.within || r.place || r.category || facetBitsOf(r).length || !FILTERS.priceRange.on(r) || wanted < PLAN_TUNING.openCountedOnFrom)
    return LIMITS.countedTotal;
  const most = Math.floor(Math.sqrt((wanted * size) / PLAN_TUNING.openListedRowCost));
  return Math.max(LIMITS.countedTotal, Math.min(openListedMost(size), most));
}

/**
 * Around a point, the most open ranges the open-now count reads (`openOverCircle` times the providers
 * its circle holds, with a service its rows there: the token sample's share): the ranges are its
 * zones' (a state's or more), so a small town's circle read up to `openScanMost` of them at a price
 * (twice the most listed), or counted up to the most listed, to check fewer rows of its own. From the
 * sample kept when the search reads none (nearest first, a place's rings: no round trip more);
 * without a point or a kept sample, no bound.
 */
async function circleOpenMost(database: Db, r: Resolved, sample: TokenShares | undefined): Promise<number> {
  const shares = r.within ? (sample ?? (await tokenSharesKept(database))) : undefined;
  if (!r.within || !shares) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.floor(circleRowsOf(shares, r.within, r.category) * PLAN_TUNING.openOverCircle));
}

/**
 * Around a point, a ZIP prefix's open-now `count` (a city's or a state's zones are the place's own,
 * kept of the circle's: openNow.server.ts `hoursNear`) made only when one of its providers is in a
 * zone of the circle's (`zones`; the ZIP index carries the zone: in the count's statement, no round
 * trip more), else none: a prefix in California and a circle in New Jersey counted the circle's
 * open, each then checked for the prefix.
 */
function prefixInZones(r: Resolved, place: SearchPlace | undefined, zones: readonly string[] | undefined, count: RawBuilder<{ n: number }>) {
  if (!r.within || !place?.zipPrefix || place.zones || !zones?.length) return count;
  return sql<{ n: number }>`SELECT CASE WHEN EXISTS (SELECT 1 FROM providers p ${indexedBy(INDEXES.zip)} WHERE ${FILTERS.zipPrefix.row(r)}
    AND p.timeZone IN (${sql.join(zones)})) THEN (SELECT n FROM (${count})) ELSE 0 END AS n`;
}

/**
 * The most open listed in a place of `placeRows` (a state's or a city's the list does not carry, a
 * ZIP prefix's few): each listed (a lookup by seq) costs `openListedRowCost` entries of the place's
 * index, read to the cap at the open's density (n open: the place's rows times the cap over n, at most
 * all of them), or whole (`whole`, a ZIP prefix's). Past it the place's rows are read, so a scan of
 * its zones' open ranges (a state's zones hold far more) is read no further.
 */
function placeOpenMost(placeRows: number | undefined, whole: boolean): number {
  if (placeRows === undefined) return Number.POSITIVE_INFINITY;
  const rows = placeRows / PLAN_TUNING.openListedRowCost;
  // n ≤ rows × min(1, (cap + 1) / n): n ≤ rows and n² ≤ (cap + 1) × rows.
  return whole ? rows : Math.min(rows, Math.sqrt((LIMITS.countedTotal + 1) * rows));
}

/**
 * The most open listed when their count is the answer's total (`carried`) and a service is the one
 * filter (its ranges carry it) for a page ending past `openCountedOnFrom`: as many as cost what
 * walking the service's order does. At night a service's few open among its rows (a third of the
 * directory for hair) were walked for, about the page's end times its rows over n read, each with its
 * provider row; n listed cost `openListedRowCost` each (n² ≤ page × the service's rows / cost, its
 * rows by the kept token sample), at most the most listed otherwise. The cap when there is no kept
 * sample or it says the open surely pass that most (by day: the count would read that many ranges
 * for a walk that finds its page at once).
 */
function serviceOpenMost(r: Resolved, shares: TokenShares | undefined, zones: readonly string[] | undefined, wanted: number): number {
  if (!shares || !r.category || r.within || r.place || facetBitsOf(r).length || wanted < PLAN_TUNING.openCountedOnFrom) return LIMITS.countedTotal;
  const most = Math.min(openListedMost(shares.size), Math.floor(Math.sqrt((wanted * serviceRowsOf(shares, r)) / PLAN_TUNING.openListedRowCost)));
  return most <= LIMITS.countedTotal || surelyManyOpen(r, shares, zones, most) ? LIMITS.countedTotal : most;
}

/**
 * The most open listed beside text that is many when the text is the one filter the list does not
 * carry (no place, point or facet) and its words are fewer than a service's rows: the plan otherwise
 * counts along the words, each match looked up (its category row, its open bit), about (cap + 1) ×
 * providers / n of them at the open's density and at most every word, where n listed cost
 * `openListedTextCost` such reads each (the words' list read once beside them). 0 otherwise (a
 * service's rows lead: a count along them), with no kept token sample, or when it says the open
 * surely pass that most (by day).
 */
async function textOpenMost(database: Db, r: Resolved, reads: RequestReads, size: number, zones: readonly string[] | undefined): Promise<number> {
  if (!r.match || r.within || r.place || facetBitsOf(r).length || !carriedByAll({ ...r, match: null }, 'openList') || !PLAN_TUNING.openListedTextCost) return 0;
  // The kept token sample only (none read for this): the service's rows, and whether the open surely pass the most.
  const shares = tokenSharesRead(database);
  if (!shares) return 0;
  const words = await wordsEstimate(database, r, reads, size);
  // A service with fewer rows than the words leads the count instead (category.server.ts wordsFewer): along its rows, not the words.
  if (r.category && words >= serviceRowsOf(shares, r) * PLAN_TUNING.wordsLeadService) return 0;
  const cost = PLAN_TUNING.openListedTextCost;
  const most = Math.floor(Math.min(words / cost, Math.sqrt(((LIMITS.countedTotal + 1) * size) / cost)));
  // By day the sample says the open pass it: the count is read no further than before.
  return surelyManyOpen(r, shares, zones, most) ? 0 : most;
}

/** `r` as its open-now count `n` leaves it: none open (no match), few (listed) or many (checked row by row). */
function applyOpenCount(r: Resolved, { most, openList, carried, cells, circleRows, placeRows, placeWhole }: OpenListCount, n: number): void {
  const known = n >= 0;
  if (n === 0) r.match = false;
  r.fewOpen = known && n <= most && !(circleRows !== undefined && circleRows * PLAN_TUNING.openOverCircle < n) && n <= placeOpenMost(placeRows, !!placeWhole);
  r.openCount = known ? Math.min(n, most) : most;
  r.openList = sql<SqlBool>`p.seq IN (${openList})`;
  r.openSeqs = openList;
  r.openNow = r.fewOpen ? r.openList : openNowCondition(r.now);
  if (r.within && cells && !r.fewOpen) r.openCells = cellsWithOpen(r.now, r.within, cells, cells.conds) ?? undefined;
  if (carried && known) r.openTotal = cappedTotal(n);
}

/**
 * The open ranges of a search around a point (`r.within`: the rings' widest circle with words,
 * rings.server.ts), each with whether it meets the filters the list passes over (`hit`: a price, a
 * rating; openNow.server.ts `openNowRanges`), from the circle's zones' hours (read once in the
 * request: the place's reads ahead asked them). Not counted: the caller reads them up to its own
 * bound, which then bounds the ranges read, not only their hits.
 */
export async function openRangesWithin(database: Db, r: Resolved, reads: RequestReads): Promise<RawBuilder<{ seq: number; hit: number }>> {
  const listed = openListConditions(r);
  const { zones, classes, sets } = await hoursOnce(database, reads, { within: r.within, inSet: listed.byCity ? listed.inSet : undefined });
  return openNowRanges(r.now, classes, zones, { ...listed, sets });
}

/**
 * A search with open now and no text (a place's widest circle, rings.server.ts `ringsAtOnce`)
 * resolved up to its open-now count, which is not read: the count's statement, the most listed,
 * and the search as each count would leave it (`as(n)`, a new `Resolved` each call), so that a
 * statement can read the count and follow either plan in one round trip. Undefined for a search
 * with text or without open now.
 */
export async function resolveUpToOpenCount(
  q: Pick<SearchRequest<Filters>, 'database' | 'params' | 'now' | 'reads'>,
  place: SearchPlace | undefined,
): Promise<{ count: RawBuilder<{ n: number }>; most: number; as(n: number): Resolved } | undefined> {
  const { database, params, now, reads } = q;
  if (!params.openNow || hasText(params)) return undefined;
  const r = await resolvedText(database, params, now, place, reads);
  // No match in the words' list read beside their terms: nothing matches, no plan reads a page.
  if (await wordsNoneEarly(r, reads)) r.match = false;
  if (r.match !== null || !placeOnMap(r, params, place)) return undefined;
  const open = await openListCount(database, r, place, reads);
  return {
    count: open.count,
    most: open.most,
    as: (n) => asOpenCount(r, open, n),
  };
}

/**
 * Where text that is many is listed from: a ZIP prefix's states (`regionStates`) and the filters'
 * tokens of a small share of the directory (`textTokens`).
 */
async function resolveTextList(database: Db, r: Resolved, reads: RequestReads): Promise<void> {
  // Text that is many with a ZIP prefix and no state is listed narrowed to the prefix's states (most
  // prefixes lie in one), read from the ZIP index, as in a box (plans/pointSource.server.ts `textInBox`).
  if (r.match && FILTERS.zipPrefix.on(r) && !FILTERS.state.on(r)) {
    const read = zipStatesRead(r);
    // Over the network the words' count and the prefix's states are one statement (the states only when the words are many).
    if (overNetwork(database)) listBesideStates(database, reads, wordsMatch(r), read);
    const states = (await manyText(database, r, reads)) ? await statesOf(database, reads, read) : null;
    if (states?.length) r.regionStates = states;
  }
  const tokens = r.match ? textTokensOf(r) : [];
  const words = tokens.length ? await textMatches(database, r, reads, { tokens: [] }) : 0;
  if (!fewText(words)) {
    const { size, shares } = await tokenShares(database);
    // A token no sampled provider holds is rare: it narrows most.
    r.textTokens = tokens.filter((token) => textTokenPays(shares.get(token) ?? 0, words, size));
  }
  if (r.match && FILTERS.zipPrefix.on(r) && FILTERS.zipPrefix.narrowsText(r)) r.prefixNarrows = await prefixNarrows(database, r, reads);
}

/**
 * Whether a ZIP prefix's providers (the token sample's share) are few next to the text's matches as
 * they are listed (in the prefix's states, with the filters' tokens) outside the prefix, whose
 * provider rows the prefix's list saves (PLAN_TUNING.prefixNarrowsText): a big city's prefix was
 * built whole in each statement for the few matches outside it.
 */
async function prefixNarrows(database: Db, r: Resolved, reads: RequestReads): Promise<boolean> {
  const { size, shares, categoryRows } = await tokenShares(database);
  const prefix = r.place!.zipPrefix!;
  const rows = (size * categoryRows.filter((row) => row.zipCode.startsWith(prefix)).length) / Math.max(1, categoryRows.length);
  const inStates = r.regionStates?.length ? statesShare(shares, r.regionStates) : 1;
  const listed = tokensShare(shares, r.textTokens ?? [], inStates) * (await wordsEstimate(database, r, reads, size));
  const outside = Math.max(0, 1 - rows / Math.max(1, size * inStates));
  return rows <= listed * outside * PLAN_TUNING.prefixNarrowsText;
}

/** Providers in the directory, near enough (the highest seq: one seek), read once per request (a place's rings each ask). */
export const directorySize = (database: Db, reads: RequestReads): Promise<number> =>
  countOnce(database, reads.counts, sql<{ n: number }>`SELECT coalesce(max(seq), 0) AS n FROM providers`);
