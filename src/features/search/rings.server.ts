/**
 * The search around a place (docs/search.md "Places"): when the place's own providers do not fill
 * the page, the nearest around its point, circle after widening circle (rings.ts decides which to
 * read; this module reads them). Each circle is a `near` search nearest first, run as it is; those of
 * the place's own in it are left out of its page. The rings share one request's reads
 * (requestReads.server.ts): a circle's count is not read again for its page. When none of the
 * place's own is in them and they would read point by point, they are one statement instead
 * (`ringsAtOnce`, plans/spots.server.ts `ringsBySpot`): one round trip for every circle. Over the
 * network the rings read ahead, in one step (`readsAhead`): what they ask first beside the place's
 * own reads, and their one statement beside the place's own page when its own search tells (through
 * the own search's request it returns) that its own fall short: the same statements searchAround
 * then finds read.
 */
import type { Db } from '../../db/client';
import { overNetwork } from '../../db/batchedReads';
import { categoryForSearch } from '../catalog';
import { hoursOnce, type HoursAsk } from './openNow.server';
import { hoursCategoryNeedle } from './providerHours.server';
import { haversineMiles, type GazetteerPlace, type Point } from '../places';
import type { SearchPlace } from '../places/index.server';
import { kept, readOnce, statementKey, type RequestReads, type StatementMemo } from './requestReads.server';
import { requestOf, type SearchInput, type SearchRequest, type Told } from './request.server';
import type { Circle, FilterName, Resolved } from './searchTypes.server';
import {
  afterWidest,
  aheadOfOwn,
  fills,
  hasText,
  readAtOnce,
  RING_TUNING,
  ringRead,
  radiiFor,
  ringsListed,
  ringStart,
  textRingChoice,
  textRingPage,
  widestPastCap,
  type Counted,
  type RingStart,
} from './rings';
import type { SearchParams, SearchResult } from './schemas/search';
import { searchProviders, toResult, type SearchTrace } from './search.server';
import { directorySize, openRangesWithin, resolve, resolveUpToOpenCount } from './resolve.server';
import { searchRun, type SearchRun } from './plans/context.server';
import { choosePlan } from './plans/choice.server';
import { planFor } from './plans/index.server';
import { openListedCount } from './plans/openListed.server';
import { ringsBySpot, type RingsPage, type RingsRead } from './plans/spots.server';
import { ringsByText, type TextRingsAsk, type TextRingsRead } from './plans/textRings.server';
import { narrowedLists, tokenShares } from './tokenShares.server';
import { countedWords, PLAN_TUNING } from './tuning.server';
import { FILTERS, filtersOf, sampledMeets, wordsMatch, type SearchFilter } from './filters.server';
import { primeTextList, statesNear, textListMade, wordsEstimate } from './textFacts.server';
import { LIMITS } from '../../config';
import { withBudget } from './budget.server';
import { citiesWithProviders } from './nearestCity.server';
import type { Page } from '../providers/index.server';

/** One request's search around a place. */
export interface Around {
  /** The request the rings are part of: its parameters, moment and reads (each circle is a search of it with its own parameters). */
  q: Pick<SearchRequest, 'params' | 'now' | 'reads'>;
  /** The place of `location`, for the count of its own within a circle. */
  place: SearchPlace | undefined;
  /** The place's point: the circles' centre. */
  point: Point;
  /** The widest circle: text that is many is listed once for its states, for every ring. */
  textCircle: Circle;
  start: RingStart;
  /** Whether a provider is one of the place's own (as its own search reads the place). */
  isInPlace(p: SearchResult): boolean;
  /** All of the place's own matches, when its own page held them all: their count within a circle is taken from their points, not read. */
  ownAll?: readonly SearchResult[];
}

/** What the rings' searches read with, before their page is known. */
export type AroundReads = Omit<Around, 'start' | 'isInPlace' | 'ownAll'>;

/** The rings' part of the answer: those nearby within `miles` (the plan that found them, for the Server-Timing header). */
export interface RingPage {
  miles: number;
  plan: string | undefined;
  total: number;
  capped?: boolean;
  page: SearchResult[];
}

/** A place's rings as its search knows them once its place is known (nearPlace.server.ts), before its own search runs. */
export interface AroundAhead {
  /** The gazetteer's place the rings are around (the town its providers are in, else the place found). */
  at: GazetteerPlace;
  radii: number[];
  /** Whether the place is one providers are listed in (a city, a ZIP code): its own search runs, its own may be in the rings. */
  ownSearched: boolean;
  /** What the rings read with, but the request (the caller's). */
  ring: Omit<AroundReads, 'q'>;
}

/**
 * The rings' reads ahead, one step (docs/SCALING.md "Round trips"): what a place's search and its
 * rings ask first, read beside the place's own reads before they know whether they run (`readAt`:
 * the place found's, then, once its place is known, those of the town its providers are in when the
 * gazetteer found another; none for a state), and the place's own search's request, told to its
 * rings: what the own search tells before its page (SearchRequest.tell: its open-now total, the
 * most matches it can have, or its exact count) says whether its own fall short (rings.ts
 * `aheadOfOwn`), and the rings' one statement is then read beside its page (`readBeside`), the
 * statement searchAround then finds read. `around`: the rings as known once the place is (undefined
 * for a state's providers). A local file has no round trip to save: nothing is read ahead, `q` is
 * the own search's request as it is.
 */
export function readsAhead(q: SearchRequest, found: GazetteerPlace, around: Promise<AroundAhead | undefined>): SearchRequest {
  const { database } = q;
  if (!overNetwork(database)) return q;
  const early = found.kind !== 'state';
  if (early) readAt(q, found, radiiFor(found));
  // Kept: a failed place read fails the search where the place is awaited; the rings may never be asked.
  const rings = kept(
    around.then((ahead) => {
      if (ahead && early && ahead.at !== found) readAt(q, ahead.at, ahead.radii);
      return ahead && { ahead, a: { q, ...ahead.ring } satisfies AroundReads };
    }),
  );
  // What the own search resolved (told first): with words, the filters its list leaves to its rows.
  let resolved: Resolved | undefined;
  // In a turn of microtasks, as the own search goes on (its reads of the turn asked first), once the place is known.
  return {
    ...q,
    tell: (told) => {
      if ('resolved' in told) resolved = told.resolved;
      const r = resolved;
      void kept(rings.then((known) => known && readBeside(database, known.a, known.ahead, told, r)));
    },
  };
}

/**
 * The token sample's share of the filters a list of the own's words does not carry (a price, a
 * rating, facets, a service: not the words, nor a place, nor a filter whose tokens the list was
 * read with): how many of the most it told its rows are likely to keep (rings.ts `aheadOfOwn`).
 * `checked`: the most told is of rows its words are checked on (filter-listed's), not their list:
 * the words' share of the directory too. 1 (none left out) without a sample.
 */
async function keptShare(database: Db, reads: RequestReads, r: Resolved | undefined, checked = false): Promise<number> {
  if (!r) return 1;
  const tokens = r.textTokens ?? [];
  const names = filtersOf(r).filter(
    (name) => LEFT_TO_ROWS.has(name) && !((FILTERS[name] as SearchFilter).textTokens?.(r) ?? []).every((token) => tokens.includes(token)),
  );
  if (!names.length && !checked) return 1;
  const { size, categoryRows } = await tokenShares(database);
  const words = checked && r.match ? Math.min(1, (await wordsEstimate(database, r, reads, size)) / Math.max(1, size)) : 1;
  return words * (names.length && categoryRows.length ? categoryRows.filter(sampledMeets(r, names)).length / categoryRows.length : 1);
}

/** The filters the sample holds that no list of words carries but by a token (`keptShare`). */
const LEFT_TO_ROWS: ReadonlySet<FilterName> = new Set(['priceRange', 'rating', 'facets', 'category']);

/**
 * What a place's own search and its rings ask first, at the place `found`: with open now, the
 * place's and each circle's zones' hours classes (`hoursAhead`) and the directory's size; with
 * words, the widest circle's states, which the rings' one text statement lists them in past their
 * cap (a few rows each). The points of the circles, hundreds of rows, are read only when the rings
 * run (a city's own mostly fill the page).
 */
function readAt({ database, reads, params }: SearchRequest, found: Pick<GazetteerPlace, 'kind' | 'point' | 'state'>, radii: readonly number[]): void {
  const states = hasText(params) ? [statesNear(database, reads, found.point, radii.at(-1)!)] : [];
  const open = params.openNow ? [...hoursAhead(params, found, radii).map((ask) => hoursOnce(database, reads, ask)), directorySize(database, reads)] : [];
  for (const read of [...states, ...open]) read.catch(() => {});
}

/**
 * What the place's own search and its rings' searches ask of the hours with open now
 * (resolve.server.ts), as they will ask for it (openNow.server.ts `HoursAsk`, one key for both):
 * each circle's zones; a ZIP code's own in every zone; a city's in every zone too (its own zones,
 * those of the states the directory lists it in, are known only with its place: openNow.server.ts
 * `hoursOnce` takes them from it), by the sets holding its service (filters.server.ts `openListConditions`).
 */
export function hoursAhead(
  params: Pick<SearchParams, 'service'>,
  { kind, point }: Pick<GazetteerPlace, 'kind' | 'point'>,
  radii: readonly number[],
): HoursAsk[] {
  const rings = radii.map((miles) => ({ within: { point, miles } }));
  if (kind === 'zip') return [...rings, {}];
  if (kind !== 'city') return rings;
  const category = params.service ? categoryForSearch(params.service) : null;
  return [...rings, { ...(category ? { inSet: hoursCategoryNeedle(category.slug) } : {}) }];
}

/**
 * The rings read beside the place's own page, once its own search told (`told`) that its own fall
 * short of the page (rings.ts `aheadOfOwn`): the rings' one statement, its page worked out from that
 * count as searchAround will work it out. With open now, else the nearest circle's open-now count
 * (`radii[0]`, which rings with no text start with); with words, the rings' one text statement, for
 * any count of the place's own up to the most it told (its page's positions from offset − most),
 * which searchAround then takes (`RequestReads.textAhead`). The rings then find it read.
 */
async function readBeside(database: Db, a: AroundReads, { radii, ownSearched }: AroundAhead, told: Told, resolved?: Resolved): Promise<void> {
  const { params } = a.q;
  const { offset, limit } = params;
  const own = 'resolved' in told ? { open: await openOwn(database, a.q.reads, told.resolved, offset + limit) } : told;
  const text = hasText(params);
  const share = text && 'most' in told ? await keptShare(database, a.q.reads, resolved, !!told.checked) : 1;
  const ahead = aheadOfOwn({ openNow: !!params.openNow, text, wanted: offset + limit, share }, own);
  if (!ahead) return;
  // Its own short, the rings may find nothing either: the answer then names the nearest city with providers, whose list (kept a minute) is read beside them.
  citiesWithProviders(database).catch(() => {});
  if (ahead.rings === 'text') {
    if (!RING_TUNING.textAtOnce) return;
    const from = Math.max(0, offset - ahead.own);
    const place = ownSearched ? a.place : undefined;
    a.q.reads.textAhead = kept(
      readTextRings(database, a, radii, { ownLeast: 0, wanted: offset + limit, from, rows: offset + limit - from, ...(place ? { place } : {}) }),
    );
    return;
  }
  const start = startOfOwn(a, radii, ownSearched, ahead.own);
  const read = ringsRead(database, { ...a, start });
  // Not one statement, with open now: the nearest circle's open-now count, which its resolving reads.
  if (ahead.rings === 'open') kept(read.then((found) => (found ? undefined : resolve(circleRequest(database, a, circleOf(a, radii[0]!)), undefined))));
}

/**
 * The place's own matches with open now as its resolving counted them: the open-now list's total,
 * none, their count read with the open-now count when few and short of the page (plans/index.server.ts
 * `afterOpenCount`), or (not known) the page's need.
 */
async function openOwn(database: Db, reads: RequestReads, r: Resolved, wanted: number): Promise<number> {
  if (r.match === false) return 0;
  if (r.openTotal) return r.openTotal.capped ? wanted : r.openTotal.total;
  const counted = r.fewOpen && r.match === null ? reads.counts.get(statementKey(database, openListedCount(r))) : undefined;
  return counted ? await counted : wanted;
}

/** The rings' start as searchAround will make it once the place's own search found `total` matches (read ahead of its page). */
function startOfOwn(a: AroundReads, radii: number[], ownSearched: boolean, total: number): RingStart {
  const { offset, limit } = a.q.params;
  return ringStart(radii, { own: total, shown: Math.max(0, Math.min(limit, total - offset)), ownSearched, offset, limit });
}

/** The search around the point within `miles`, nearest first. */
const circleOf = (a: AroundReads, miles: number) => ({ ...a.q.params, location: undefined, near: a.point, radius: miles, sort: 'distance' as const });

/** A read of a circle of its own (its resolving, its one statement): a request with its own time budget from now, sharing the request's reads. */
const circleRequest = (over: Db, a: AroundReads, params: SearchParams) => requestOf(withBudget(over), params, a.q.now, { reads: a.q.reads });

/**
 * A search of the rings (a circle's page or count; `withPlace`: the place's own within it), once per
 * request for its parameters: the rings read ahead side by side and the widest asked after share it.
 */
function searchOnce(database: Db, a: AroundReads, params: SearchParams, withPlace = false): Promise<Page<SearchResult> & { plan?: string }> {
  return readOnce(a.q.reads.rings, JSON.stringify([params, withPlace]), async () => {
    const trace: SearchTrace = {};
    const found = await searchProviders(database, params, a.q.now, {
      reads: a.q.reads,
      textCircle: a.textCircle,
      trace,
      ...(withPlace ? { place: a.place } : {}),
    });
    return { ...found, plan: trace.plan };
  });
}

/** The place's own matches within the circle of `miles` (counted: a page of no rows). */
const inPlaceCount = (database: Db, a: AroundReads, miles: number) =>
  searchOnce(database, a, { ...a.q.params, near: a.point, radius: miles, limit: 0, offset: 0 }, true);

/**
 * The place's own matches within the circle of `miles`: those of its own page when it held them all
 * (the circle's own test, on their points: no round trip), else counted (inPlaceCount).
 */
async function inPlaceWithin(database: Db, a: Around, miles: number): Promise<number> {
  if (!a.ownAll) return (await inPlaceCount(database, a, miles)).total;
  return a.ownAll.filter((p) => withinCircle(a.point, p, miles)).length;
}

/** Whether a result lies within the circle of `miles` around `point` (the circle's own test, on its exact point: rows carry their distance rounded). */
const withinCircle = (point: Point, p: SearchResult, miles: number) =>
  p.latitude !== null && p.longitude !== null && haversineMiles(point, { latitude: p.latitude, longitude: p.longitude }) <= miles;

/** A circle's count (a page of no rows: none is read). */
const probeOf = (database: Db, a: AroundReads, miles: number) => searchOnce(database, a, { ...circleOf(a, miles), offset: 0, limit: 0 });

/** The page of the nearest around the place that fills it, or null when none within the widest circle does (none matched). */
export async function searchAround(database: Db, a: Around): Promise<RingPage | null> {
  const { start } = a;
  const text = await textRingsAtOnce(database, a);
  if (text !== undefined && text !== PAST_CAP) return text;
  const spots = await ringsAtOnce(database, a);
  if (spots !== undefined) return spots;
  // Words past what the statement lists: each circle's own plan narrows them to the states its box and
  // the widest's touch (a read of state_cells each), read together with the first circle's reads.
  if (text === PAST_CAP) for (const miles of start.radii) statesNear(database, a.q.reads, a.point, miles).catch(() => {});
  let from = 0;
  let widestAsked = false;
  const widest = async () => {
    widestAsked = true;
    const asked = await askWidest(database, a);
    if (asked && 'from' in asked) from = asked.from;
    return asked && 'page' in asked ? asked.page : null;
  };
  // A deep page asks the widest circle first, after the narrowest's count, unless that fills the page
  // or says the widest is past the cap (rings.ts).
  const firstProbe = start.narrowestFirst ? await probeOf(database, a, start.radii[0]!) : null;
  if (start.widestFirst && !(firstProbe && (fills(start, firstProbe) || widestPastCap(start, firstProbe, LIMITS.countedTotal)))) {
    const page = await widest();
    if (page) return page;
  }
  for (const [i, miles] of start.radii.entries()) {
    if (i < from) continue;
    const last = i === start.radii.length - 1;
    // A deep page asks each circle but the last its count first, and passes over one that cannot fill it.
    const probe = !last && start.deep ? (i === 0 && firstProbe ? firstProbe : await probeOf(database, a, miles)) : null;
    if (probe && !fills(start, probe)) continue;
    const ring = await readRing(database, a, miles, probe, last);
    if (ring === 'passed') continue;
    if (ring === 'short') {
      // A ring short of the page: the widest is asked (once) before another narrower ring is read.
      if (!widestAsked && i < start.radii.length - 2) {
        const page = await widest();
        if (page) return page;
      }
      continue;
    }
    return ring;
  }
  return null;
}

/**
 * One ring's page: 'passed' when its count, net of the place's own in it, cannot fill the page (a deep
 * page: counted before reading); 'short' when its matches fall short; null when nothing matched.
 */
async function readRing(database: Db, a: Around, miles: number, probe: Counted | null, last: boolean): Promise<RingPage | 'passed' | 'short' | null> {
  const { start } = a;
  /** The place's own matches within the circle, left out of its page (counted: a page of no rows). */
  const inPlaceIn = async () => (!start.ownIn ? 0 : inPlaceWithin(database, a, miles));
  // A deep page asks whether the circle fills it net of the place's own before reading it; a short
  // one reads the circle beside that count: two statements side by side, one round trip.
  const counted = probe ? await inPlaceIn() : null;
  if (probe && start.own + probe.total - counted! < start.wanted && !probe.capped) return 'passed';
  const read = ringRead(start, counted);
  const [inPlace, around] = await Promise.all([
    counted ?? inPlaceIn(),
    searchOnce(database, a, { ...circleOf(a, miles), offset: read.offset, limit: read.limit }),
  ]);
  const total = around.total - inPlace;
  if (start.own + total < start.wanted && !around.capped && !last) return 'short';
  if (start.own + total === 0) return null;
  const page = read.fromStart ? around.items.filter((p) => !a.isInPlace(p)).slice(start.skip, start.skip + start.take) : around.items;
  return { miles, plan: around.plan, total, capped: around.capped, page };
}

/**
 * The widest circle's count (a page of no rows), or for a short page with none of the place's own in
 * the circles its page itself (rings.ts `widestAsPage`). When even it cannot fill the page, the
 * narrower circles are passed over unread (`from`): its page is the answer, or it is read as the last
 * ring (its count and list are read once in the request). When it can and its matches are counted
 * (not past the cap), they are read once, nearest first, and each ring's count and page taken from
 * them: a narrower circle's matches are the widest's nearer than its radius.
 */
async function askWidest(database: Db, a: Around): Promise<{ from: number } | { page: RingPage } | null> {
  const { start } = a;
  const widestMiles = start.radii.at(-1)!;
  const asPage = start.widestAsPage;
  const widest = await searchOnce(database, a, {
    ...circleOf(a, widestMiles),
    ...(asPage ? { offset: start.skip, limit: start.take } : { offset: 0, limit: 0 }),
  });
  const next = afterWidest(start, widest);
  if (next.next === 'rings') return widest.capped ? null : { from: next.from };
  if (next.next === 'answer') return { page: { miles: widestMiles, plan: widest.plan, total: widest.total, capped: false, page: widest.items } };
  const { items: rows, plan } = await searchOnce(database, a, { ...circleOf(a, widestMiles), offset: 0, limit: widest.total });
  for (const [i, miles] of start.radii.entries()) {
    // Rows carry their distance rounded; the circle's own test is the exact one.
    const nearby = rows.filter((p) => withinCircle(a.point, p, miles) && !a.isInPlace(p));
    if (start.own + nearby.length < start.wanted && i < start.radii.length - 1) continue;
    return { page: { miles, plan, total: nearby.length, capped: false, page: nearby.slice(start.skip, start.skip + start.take) } };
  }
  return null;
}

/**
 * The rings as one statement (plans/spots.server.ts `ringsBySpot`), when each circle's search would
 * read its points nearest first or, with open now, list its open or read its points by the widest
 * circle's open-now count, which the statement reads itself (no text): the answer the rings read
 * circle after circle give, in one round trip. Undefined when they are read circle after circle.
 */
async function ringsAtOnce(over: Db, a: Around): Promise<RingPage | null | undefined> {
  const { start } = a;
  const found = await ringsRead(over, a);
  if (!found) return undefined;
  const { ring, count, rows } = found;
  const miles = start.radii[ring]!;
  // Past the cap, the place's own within the ring not known by id (a deep page): counted apart, or taken from its own page.
  const total = count.total - (found.own ?? (await inPlaceWithin(over, a, miles)));
  if (start.own + total === 0) return null;
  return { miles, plan: found.plan, total, capped: count.capped, page: rows.map(toResult) };
}

/** The rings' one statement for `a`'s page, read once in the request (read ahead beside the place's own page: `readsAhead`). */
function ringsRead(over: Db, a: AroundReads & Pick<Around, 'start' | 'ownAll'>): Promise<(RingsRead & { plan: string }) | undefined> {
  const { start } = a;
  const open = !!a.q.params.openNow;
  const listed = ringsListed(start, { cap: LIMITS.countedTotal });
  if (!readAtOnce(start, { listed }) || (start.ownIn && !a.place)) return Promise.resolve(undefined);
  // With open now the page is the same whether or not the place's own page has been read (read ahead): its own by id are left to inPlaceWithin.
  const ownIds = open ? undefined : a.ownAll?.map((p) => p.id);
  const keyOf = (ids: string[] | undefined) => JSON.stringify([start.radii, start.skip, start.take, start.wanted, start.own, start.ownIn, ids ?? null]);
  const key = keyOf(ownIds);
  // Read ahead before the own page (readsAhead): the same page, its own by id left to inPlaceWithin.
  const memo = a.q.reads.atOnce as StatementMemo<(RingsRead & { plan: string }) | undefined>;
  const page = {
    skip: start.skip,
    take: start.take,
    wanted: start.wanted,
    listed,
    own: start.own,
    ...(start.ownIn ? { place: a.place, ...(ownIds ? { ownIds } : {}) } : {}),
  };
  return (
    memo.get(keyOf(undefined)) ??
    readOnce(memo, key, () =>
      atOnceRead(circleRequest(over, a, { ...circleOf(a, start.radii.at(-1)!), offset: start.skip, limit: start.take }), a.point, start.radii, page),
    )
  );
}

/**
 * The rings' one statement for `page`, of the widest circle's search (`q`), when each circle's plan
 * would be the one the statement follows: nearest first; with open now, the widest circle resolved
 * up to its open-now count, which the statement reads, and its two plans (open-listed with few
 * open, nearest with many) each ready for the statement to follow. Undefined otherwise.
 */
async function atOnceRead(
  q: SearchRequest<SearchInput>,
  point: Point,
  radii: readonly number[],
  page: RingsPage,
): Promise<(RingsRead & { plan: string }) | undefined> {
  const { openNow } = q.params;
  const open = openNow ? await resolveUpToOpenCount(q, undefined) : undefined;
  const r = openNow ? open?.as(-1) : await resolve(q, undefined);
  if (!r?.within || r.match !== null) return undefined;
  const s = searchRun(q, r);
  const few = open && searchRun(q, open.as(open.most));
  const planOf = (run: SearchRun) => {
    const choice = choosePlan(run, {});
    return 'plan' in choice ? choice.plan : undefined;
  };
  if (few ? planOf(s) !== 'nearest' || planOf(few) !== 'open-listed' : (await planFor(s)).name !== 'nearest') return undefined;
  const found = await ringsBySpot(s, point, radii, page, few && { count: open.count, most: open.most, few });
  if (!few) return { ...found, plan: 'nearest:rings' };
  const n = found.openCount!;
  return { ...found, plan: n === 0 ? 'none' : n > 0 && n <= open.most ? 'open-listed:rings' : 'nearest:rings' };
}

/** The rings' one text statement (plans/textRings.server.ts) as asked, and what it read; undefined when the rings are read circle after circle. */
export interface TextRingsReading {
  ask: TextRingsAsk;
  read: TextRingsRead | undefined;
  /** The words' matches are past what the statement lists (whatever the page): the rings are read circle after circle. */
  pastCap?: true;
}

/** textRingsAtOnce's answer when the words are past what the rings' one statement lists (`TextRingsReading.pastCap`). */
const PAST_CAP = 'past cap' as const;

/** The rings' one text statement for `ask`, of the widest circle's search (its words' list primed for the circles' own plans). */
async function readTextRings(over: Db, a: AroundReads, radii: readonly number[], ask: TextRingsAsk): Promise<TextRingsReading | undefined> {
  const q = circleRequest(over, a, { ...circleOf(a, radii.at(-1)!), offset: 0, limit: 0 });
  // The words' list is the statement's own: resolve does not count it first.
  const r = await resolve(q, undefined, { wordsListed: true });
  if (!r.match) return undefined;
  // Past the words' cap the statement lists them in the widest circle's states (read ahead: readsAhead).
  const states = await statesNear(q.database, a.q.reads, a.point, radii.at(-1)!);
  // (Narrowed only past the words' cap: at least that many words.)
  const narrowed = states?.length ? await narrowedLists(q.database, r, states, countedWords()) : undefined;
  const match = wordsMatch(r);
  // Words the request counted already past what the statement lists (a ZIP prefix's own search counts them): not read again.
  const made = await textListMade(match, a.q.reads);
  const known = made && made.n > countedWords() ? made : undefined;
  if (known && !narrowed) return { ask, read: undefined, pastCap: true };
  // With open now, the widest circle's open ranges read first, up to a bound (each match's row is read only when listed).
  const open = a.q.params.openNow ? { ranges: await openRangesWithin(q.database, r, a.q.reads), most: PLAN_TUNING.ringsOpenListed } : undefined;
  const read = await ringsByText(searchRun(q, r), match, a.point, radii, ask, {
    ...(narrowed ? { narrowed } : {}),
    ...(known ? { words: known } : {}),
    ...(open ? { open } : {}),
  });
  if (read && !known) primeTextList(match, a.q.reads, read.words);
  return { ask, read, ...(read?.pastCap ? { pastCap: true } : {}) };
}

/**
 * The rings of a search with words as one statement (plans/textRings.server.ts `ringsByText`), when
 * the words' matches are few enough to list and no circle's count passes the counted cap: the answer the rings read
 * circle after circle give, in one round trip (read beside the own page when `readsAhead` could
 * tell they would run). Undefined when they are read circle after circle (the words' list the
 * statement made is theirs: not read again).
 */
async function textRingsAtOnce(over: Db, a: Around): Promise<RingPage | null | typeof PAST_CAP | undefined> {
  const { start } = a;
  if (!RING_TUNING.textAtOnce || !hasText(a.q.params) || (start.ownIn && !a.place)) return undefined;
  const ahead = await (a.q.reads.textAhead as Promise<TextRingsReading | undefined> | undefined)?.catch(() => undefined);
  const fits = (ask: TextRingsAsk) => ask.from <= start.skip && start.skip + start.take <= ask.from + ask.rows && (!start.ownIn || !!ask.place);
  const reading =
    ahead && fits(ahead.ask)
      ? ahead
      : await readTextRings(over, a, start.radii, {
          ownLeast: start.own,
          wanted: start.wanted,
          from: start.skip,
          rows: start.take,
          ...(start.ownIn ? { place: a.place } : {}),
        });
  if (reading?.pastCap) return PAST_CAP;
  if (!reading?.read) return undefined;
  const chosen = textRingChoice(start, reading.read.counts, LIMITS.countedTotal);
  if (!chosen) return chosen;
  const miles = start.radii[chosen.ring]!;
  const page = textRingPage(start, reading.read.rows, reading.ask.from, miles).map(({ miles: _, ...row }) => toResult(row));
  return { miles, plan: 'text-listed:rings', total: chosen.total, capped: !!chosen.capped, page };
}
