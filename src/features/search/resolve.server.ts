/**
 * A search's parameters resolved once (docs/search.md "How a search runs"): the words as a full-text
 * expression, the service as a category, the place, the open-now list and the point distances are
 * measured from. Every plan reads this; nothing is parsed again.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { cappedTotal } from '../providers/index.server';
import { LIMITS } from '../../config';
import { manyText, statesOf } from './plans/context.server';
import { countOnce, readOnce, requestReads, type RequestReads } from './requestReads.server';
import { openListedMost, openScanMost, PLAN_TUNING } from './tuning.server';
import { INDEXES, indexedBy } from './indexes.server';
import type { SearchParams } from './schemas/search';
import { categoryForSearch } from '../catalog';
import { InvalidInputError } from '../../lib/errors';
import type { Point } from '../places';
import type { SearchPlace } from '../places/index.server';
import { RADIUS_MILES } from './params';
import { fewText, textMatches } from './plans/textListed.server';
import { hoursNear, hoursPresent, notClosedCondition, openNowCondition, openNowList, openNowRanges } from './openNow.server';
import { textMatch } from './textMatch.server';
import { carriedByAll, FILTERS, isListed, openListConditions, textTokensOf } from './filters.server';
import { tokenShares } from './tokenShares.server';

export type Filters = Partial<Omit<SearchParams, 'limit' | 'offset'>>;
export type Count = { total: number; capped: boolean };

/** A circle of `miles` around `point` (a `near` search's, or the widest of a place's rings). */
export interface Circle {
  point: Point;
  miles: number;
}

export interface Resolved {
  params: Filters;
  /** The request's moment: open now and closures are read on each provider's clock at it. */
  now: Date;
  /** FTS5 expression, or null (no text), or false (text that cannot match anything). */
  match: string | null | false;
  /** Whether one row is cheaply checked against `match` (textMatch.server.ts). */
  checkable: boolean;
  /** Seeks one row's check against `match` costs (textMatch.server.ts). */
  checkSeeks: number;
  /**
   * The filters' tokens of the full-text index text is listed with (filters.server.ts `listedMatch`):
   * only when its words are many, and only tokens a small part of the directory holds
   * (tokenShares.server.ts), since intersecting with a token reads its whole list.
   */
  textTokens?: string[];
  /**
   * The states a `near` box or a ZIP prefix holds providers in, when text that is many is listed
   * with it (plans/pointSource.server.ts `textInBox`; a ZIP prefix's in `resolve` below): the list is
   * read narrowed to one of their tokens (filters.server.ts `listedMatch`).
   */
  regionStates?: readonly string[];
  /**
   * The widest circle around the point that the request's searches read (a place's rings,
   * nearPlace.server.ts): text that is many in any of its boxes is listed for that circle's states,
   * the same list for each ring (plans/pointSource.server.ts `textInBox`).
   */
  textCircle?: Circle;
  /** The text's matches as a JSON array of rowids, when listed once for the request (`textCircle`): read instead of the full-text index. */
  textRowids?: string;
  /** The category of `service`, when it names one. */
  category?: string;
  place?: SearchPlace;
  /**
   * openNow=true: the condition, for the request's moment: `openList` when few are open, else
   * `openNowCondition(now)`, which filters.server.ts rebuilds as `openNowBySeq` for a seq-only source.
   */
  openNow?: Expression<SqlBool>;
  /**
   * openNow=true, read from the open-now list: `p.seq IN (the list)`, the list applying the filters
   * it carries. `openNow` is this when few are open; when many, a plan that found them too sparse to
   * walk for its page lists them with this rather than check every provider (SearchRun.openSorted).
   */
  openList?: Expression<SqlBool>;
  /** openNow=true and fewer providers open than the counted cap: they lead the plan. */
  fewOpen?: boolean;
  /** openNow=true: how many are open (in the place's zones), up to the counted cap. */
  openCount?: number;
  /**
   * openNow=true and the open-now list already applied every filter the search has (the hours rows
   * carry them, filters.server.ts): its count is the search's total.
   */
  openTotal?: Count;
  /** near: only providers within this many miles of the point. */
  within?: Circle;
  /** Where distances are measured from (near, or the location for sort=distance). */
  point?: Point;
}

export async function resolve(
  database: Db,
  params: Filters,
  now: Date,
  place: SearchPlace | undefined,
  reads: RequestReads = requestReads(),
): Promise<Resolved> {
  const r = await resolvedText(database, params, now, place, reads);
  if (params.near) r.within = { point: params.near, miles: params.radius ?? RADIUS_MILES.default };
  if (params.near || params.sort === 'distance') {
    const point = params.near ?? place?.point;
    if (!point && !params.location) throw new InvalidInputError('sort=distance needs near=LAT,LNG, or a ZIP code or city in location', 'sort');
    // A location that is no known place matches nothing (a corrected spelling may: correctedSearch.server.ts).
    if (!point) r.match = false;
    else r.point = point;
  }
  // Text few enough to be listed runs first whatever else the search has (plans/textListed.server.ts),
  // each match checked for open now: counting the open of every zone would decide nothing and
  // costs much at a million. A city's open are counted and listed from its own hours index, a few hundred at
  // most, which costs less than looking up each match's hours (docs/search.md "Bounded cost"). The
  // filters' tokens are left out: text that is many but few at a price would skip a count that
  // often finds none open at all.
  if (params.openNow && r.match && !FILTERS.city.on(r) && fewText(await textMatches(database, r, reads, { tokens: [] }))) r.openNow = openNowCondition(now);
  else if (params.openNow && r.match !== false) await resolveOpenList(database, r, place, reads);
  await resolveTextList(database, r, reads);
  return r;
}

/** The request's words and service as full-text expressions (textMatch.server.ts), its category and place: the start of `Resolved`. */
async function resolvedText(database: Db, params: Filters, now: Date, place: SearchPlace | undefined, reads: RequestReads): Promise<Resolved> {
  const category = params.service ? categoryForSearch(params.service) : null;
  // A service value that is no category matches services whose words start with its words. Text
  // with no words (only punctuation) matches nothing.
  const matchOnce = (text: string, column?: 'services') => readOnce(reads.textMatches, `${column ?? ''}:${text}`, () => textMatch(database, text, column));
  const texts = await Promise.all([
    params.query ? matchOnce(params.query) : undefined,
    params.service && !category ? matchOnce(params.service, 'services') : undefined,
  ]);
  const parts = texts.filter((t) => t !== undefined);
  const impossible = parts.some((t) => !t);
  const matches = parts.filter((t) => !!t);
  return {
    params,
    now,
    match: impossible ? false : matches.length ? matches.map((t) => `(${t.expression})`).join(' AND ') : null,
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
async function resolveOpenList(database: Db, r: Resolved, place: SearchPlace | undefined, reads: RequestReads): Promise<void> {
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
  const [{ zones, classes, sets }, size] = await Promise.all([
    r.within ? hoursNear(database, r.within, place?.zones, inSet) : hoursPresent(database, place?.zones, inSet).then((h) => ({ ...h, zones: place?.zones })),
    // The directory's size only where a bound depends on it (one more row read on sqld otherwise).
    !carried || listed.scanned.length ? directorySize(database, reads) : 0,
  ]);
  const conds = { ...listed, sets };
  const openList = openNowList(now, classes, zones, conds);
  // The list applies every filter: its count (distinct, since a range past midnight may overlap the
  // next day's; listed and not temporarily closed today, filters.server.ts `notClosed`) is the
  // answer's, up to the cap. Else it only decides whether listing the open costs
  // less than the other filters' plan (PLAN_TUNING.openListedScale): their ranges are counted on the
  // hours index alone, no provider looked up (a hidden one, or one open twice across midnight, counts
  // too: never fewer than those open).
  const most = carried ? LIMITS.countedTotal : openListedMost(size);
  const counted = (list: RawBuilder<unknown>) =>
    carried
      ? sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM (SELECT DISTINCT seq FROM (${list})) o
        WHERE ${isListed(sql`o.seq`)} AND ${notClosedCondition(sql`o.seq`, now)} LIMIT ${most + 1})`
      : sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM (${list}) LIMIT ${most + 1})`;
  let count = counted(openList);
  if (conds.scanned.length) {
    // A price or a minimum rating is passed over in the index, range by range: with few matches the
    // list reads every open range of its zones (the whole country's at noon). So the ranges are read
    // up to a bound and filtered after; past it with no more matches than counted, the count is not
    // known (-1) and open now is checked on each row, as when many are open. The ranges are counted
    // apart only when the matches did not already pass the cap: the count of matches stops there,
    // where one list of the first ranges read for both was read whole (slower at both sizes).
    const scan = openScanMost(size);
    const ranges = openNowRanges(now, classes, zones, conds);
    if (carried) {
      const first = sql`SELECT o.seq FROM (SELECT * FROM (${ranges}) LIMIT ${scan}) o WHERE o.hit`;
      count = sql<{ n: number }>`SELECT CASE WHEN c.n > ${most} OR (SELECT count(*) FROM (SELECT 1 FROM (${ranges}) LIMIT ${scan + 1})) <= ${scan}
        THEN c.n ELSE -1 END AS n FROM (${counted(first)}) c`;
    } else {
      // When the list only decides the plan, more matches than it lists and an unknown count
      // decide alike (each row checked), so one read of the ranges says it: all of them read
      // within the bound, and their matches. Counting the matches first, then the ranges, read
      // the ranges twice when the matches were sparse.
      count = sql<{ n: number }>`SELECT CASE WHEN count(*) <= ${scan} THEN coalesce(sum(o.hit), 0) ELSE -1 END AS n
        FROM (SELECT hit FROM (${ranges}) LIMIT ${scan + 1}) o`;
    }
  }
  const n = await countOnce(database, reads.counts, count);
  const known = n >= 0;
  if (n === 0) r.match = false;
  r.fewOpen = known && n <= most;
  r.openCount = known ? Math.min(n, most) : most;
  r.openList = sql<SqlBool>`p.seq IN (${openList})`;
  r.openNow = r.fewOpen ? r.openList : openNowCondition(now);
  if (carried && known) r.openTotal = cappedTotal(n);
}

/**
 * Where text that is many is listed from: a ZIP prefix's states (`regionStates`) and the filters'
 * tokens of a small share of the directory (`textTokens`).
 */
async function resolveTextList(database: Db, r: Resolved, reads: RequestReads): Promise<void> {
  // Text that is many with a ZIP prefix and no state is listed narrowed to the prefix's states (most
  // prefixes lie in one), read from the ZIP index, as in a box (plans/pointSource.server.ts `textInBox`).
  if (r.match && FILTERS.zipPrefix.on(r) && !FILTERS.state.on(r) && (await manyText(database, r, reads))) {
    const states = await statesOf(
      database,
      reads,
      sql`SELECT DISTINCT p.state AS state FROM providers p ${indexedBy(INDEXES.zip)} WHERE ${FILTERS.zipPrefix.row(r)}`,
    );
    if (states?.length) r.regionStates = states;
  }
  const tokens = r.match ? textTokensOf(r) : [];
  const words = tokens.length ? await textMatches(database, r, reads, { tokens: [] }) : 0;
  if (!fewText(words)) {
    const { size, shares } = await tokenShares(database);
    // Past textLeads the words' matches are not counted further: many, each token of a small share pays.
    const many = words > PLAN_TUNING.textLeads;
    r.textTokens = tokens.filter((token) => {
      // A token no sampled provider holds is rare: it narrows most.
      const share = shares.get(token) ?? 0;
      return share <= PLAN_TUNING.textTokenShare && (many || words * (1 - share) >= share * size * PLAN_TUNING.tokenEntryCost);
    });
  }
}

/** Providers in the directory, near enough (the highest seq: one seek), read once per request (a place's rings each ask). */
const directorySize = (database: Db, reads: RequestReads): Promise<number> =>
  countOnce(database, reads.counts, sql<{ n: number }>`SELECT coalesce(max(seq), 0) AS n FROM providers`);
