/**
 * Search where people are (docs/search.md "Places"): a location the gazetteer knows is a place on
 * the map. Providers in the place come first, in the chosen order, exactly as the place's own search
 * finds them; when they do not fill the page, the nearest providers around the place's point follow,
 * within a radius that widens (a ZIP or a town: 10 miles; a city: its extent plus 10; then 25, then
 * 50) and never goes past 50 miles (rings.ts, rings.server.ts). Every result carries its distance
 * from the point. The search plans are not touched: the place's own search and a `near` search are
 * run as they are, and their pages joined here.
 */
import type { Db } from '../../db/client';
import { overNetwork } from '../../db/batchedReads';
import { tokenShares } from './tokenShares.server';
import { readFactsEarly } from './textFacts.server';
import type { Page } from '../providers/index.server';
import { haversineMiles, roundMiles, type Point } from '../places';
import type { GazetteerPlace, PlaceKind } from '../places';
import { asListed } from '../places/index.server';
import type { SearchPlace } from '../places/index.server';
import { correctedSearch, type TypedSearch } from './correctedSearch.server';
import type { SearchParams, SearchResult } from './schemas/search';
import { searchOf } from './search.server';
import { searchRequest, type SearchRequest, type SearchTrace } from './request.server';
import { MAX_NEARBY_MILES } from './params';
import { radiiFor, ringStart } from './rings';
import { readsAhead, searchAround, type AroundAhead } from './rings.server';
import { citiesWithProviders, nearestCityWithProviders } from './nearestCity.server';
import { kept } from './requestReads.server';

/**
 * The kinds of place providers can be listed in (their city, ZIP code); a county or a neighbourhood
 * is no column of theirs, so it is searched around its point only.
 */
const OWN_SEARCH = new Set<PlaceKind>(['zip', 'city']);

/** What the search took the location for, for the response headers and the page. */
export interface PlaceAnswer {
  kind: PlaceKind;
  /** "60614", "Evanston, IL", "Cook County, IL", "Illinois". */
  name: string;
  /** The town a ZIP code or neighbourhood lies in. */
  within?: string;
  /** Matches in the place itself (its city, ZIP code or state); a county or neighbourhood is searched by radius only. */
  inPlace: number;
  /** The radius, in miles from the place's point, of the nearby results that follow; absent when none were looked for. */
  radiusMiles?: number;
  /** Nothing matched within MAX_NEARBY_MILES: the nearest city that has providers ("Chicago, IL"). */
  nearestCity?: string;
}

export type PlaceSearchAnswer = Page<SearchResult> & { corrected?: string; place?: PlaceAnswer };

export { RING_TUNING, radiiFor } from './rings';

/** Whether a provider row is in the place as the place's own search reads it (its city, state and ZIP conditions). */
function inPlaceTest(place: SearchPlace | undefined, kind: PlaceKind): (p: SearchResult) => boolean {
  if (!place || !OWN_SEARCH.has(kind)) return () => false;
  const city = place.city?.toLowerCase();
  return (p) =>
    (!city || p.city.toLowerCase() === city) && (!place.state || p.state === place.state) && (!place.zipPrefix || p.zipCode.startsWith(place.zipPrefix));
}

/**
 * GET /api/search's answer: the place search above when the gazetteer knows the location (not with
 * `near`, which keeps its meaning), else the search as typed, with typo correction. The request is
 * read once first (request.server.ts: its location too); the search as typed runs in one place,
 * when the place did not answer. Over the network the reads it makes side by side go out as one
 * request each time (src/db/batchedReads.ts).
 */
export async function searchNearPlace(over: Db, params: SearchParams, now = new Date(), trace: SearchTrace = {}): Promise<PlaceSearchAnswer> {
  return answerOf(await searchRequest(over, params, now, trace));
}

/** The answer to a request read (searchNearPlace; the tests, which look at what it read). */
export async function answerOf(q: SearchRequest): Promise<PlaceSearchAnswer> {
  const found = q.located?.found;
  const placed = found ? searchAtPlace(q, found) : undefined;
  // Beside the place's first reads go the directory's sample, when this process has none or an old
  // one (the plans' shares, read once in 10 minutes), the words' list and the words' terms (the
  // spelling path's too): the request's facts in one round trip.
  const network = overNetwork(q.database);
  if (network) tokenShares(q.database).catch(() => {});
  readFactsEarly(q);
  const atPlace = await placed;
  if (atPlace && 'answer' in atPlace) return atPlace.answer;
  // The search as typed (a place's own, when it ran already), then its spelling's correction when it finds nothing.
  const place = await q.located?.place;
  if (atPlace?.typed) q.trace.plan = atPlace.typed.plan;
  const typed = atPlace?.typed ? Promise.resolve(atPlace.typed.found) : searchOf(q, { place });
  const answer = await correctedSearch(q, place, typed);
  return atPlace ? typedAtPlace(q, answer, atPlace) : answer;
}

/** What a place leaves to the search as typed: a state (its providers), or nothing within MAX_NEARBY_MILES of its point. */
interface LeftToTyped {
  state: boolean;
  /** The place's own search, when it ran (the search as typed: not read again). */
  typed?: TypedSearch;
  place: Omit<PlaceAnswer, 'inPlace'>;
  point: Point;
}

/** The place the gazetteer found searched: its answer, or what it leaves to the search as typed. */
async function searchAtPlace(q: SearchRequest, found: GazetteerPlace): Promise<{ answer: PlaceSearchAnswer } | LeftToTyped> {
  // A neighbourhood or a county is searched around its point only (its place matters to the search
  // as typed, when nothing is near): the rings are not kept waiting for it, one round trip fewer.
  const aroundOnly = !OWN_SEARCH.has(found.kind) && found.kind !== 'state';
  const searched = (aroundOnly ? Promise.resolve(undefined) : q.located!.place).then((place) => placeSearchOf(q, found, place));
  // What the place's search and its rings ask first, read beside the place's own reads, and the own
  // search's request, which tells its rings when its own fall short (rings.server.ts).
  const ownRequest = readsAhead(q, found, kept(searched.then((p) => p.ahead)));
  // A place its location's one parse makes with no read (a city with its state, a ZIP code): its own
  // search starts now, the facts its plan's choice asks for read beside the place's own reads; its
  // plan runs once they tell that anyone is listed in it.
  const unread = OWN_SEARCH.has(found.kind) && overNetwork(q.database) ? q.located!.unread : undefined;
  const early = unread?.().then((place) => {
    // Derived from the place's reads: a failed read is the search's failure (thrown where `searched` is
    // awaited), not a rejection nobody handles when the own search fails first (tests/api/search-unreachable.test.ts).
    const runs = searched.then(({ ahead }) => !!ahead && ownRuns(ahead));
    runs.catch(() => {});
    return ownSearchOf(ownRequest, place, runs);
  });
  early?.catch(() => {});
  const { listed, named, ahead } = await searched;
  // A state is its providers, as before: its centre is no place anyone is.
  if (!ahead) return { state: true, place: named, point: listed.found.point };
  return searchPlace(q, ownRequest, { listed, ahead, early }, listed.town ? { kind: listed.town.kind, name: listed.town.name } : named);
}

/** Whether a place's own search runs: a city or a ZIP code anyone is listed in (SearchPlace.listed, read with the place). */
const ownRuns = ({ ownSearched, ring }: AroundAhead) => ownSearched && (ring.place?.listed ?? true);

/** A place's own search (`place`: its location's place) and the plan it ran, for the Server-Timing header. */
async function ownSearchOf(ownRequest: SearchRequest, place: SearchPlace | undefined, runs?: Promise<boolean>): Promise<TypedSearch> {
  const trace: SearchTrace = {};
  const found = await searchOf({ ...ownRequest, trace }, { place, ...(runs ? { runs } : {}) });
  return { found, plan: trace.plan ?? 'none' };
}

/** A place found as it is searched once its place is known: as the providers list it, named, and (but a state) what its rings read with. */
function placeSearchOf(q: SearchRequest, found: GazetteerPlace, place: SearchPlace | undefined) {
  const listed = asListed(q.located!.gazetteer!, found, place);
  const named = { kind: listed.found.kind, name: listed.found.name, ...(listed.found.within ? { within: listed.found.within } : {}) };
  if (listed.found.kind === 'state') return { listed, named, ahead: undefined };
  // The rings' centre: the town the providers are in, else the place found.
  const at = listed.town ?? listed.found;
  const radii = radiiFor(at);
  const point = at.point;
  // Each circle's text, when many, is listed for the widest circle's states: one list for the rings.
  const ring = { place, point, textCircle: { point, miles: radii.at(-1)! } };
  const ahead: AroundAhead = { at, radii, ownSearched: OWN_SEARCH.has(listed.found.kind), ring };
  return { listed, named, ahead };
}

/**
 * The search as typed, at a place that left it the answer: a state's, its providers counted as the
 * place's; else, when it finds nothing either, the nearest city that has providers for the page to offer.
 */
async function typedAtPlace(q: SearchRequest, answer: Page<SearchResult> & { corrected?: string }, left: LeftToTyped): Promise<PlaceSearchAnswer> {
  if (left.state) return { ...answer, place: { ...left.place, inPlace: answer.total } };
  if (answer.total > 0) return answer;
  const nearestCity = await nearestCityWithProviders(q.database, left.point);
  return { ...answer, place: { ...left.place, inPlace: 0, radiusMiles: MAX_NEARBY_MILES, ...(nearestCity ? { nearestCity } : {}) } };
}

/**
 * A place on the map searched (`found`, or the `town` its providers are in, whose point is the rings'
 * centre): its own providers first, then the nearest around it when they do not fill the page; else
 * it leaves the answer to the search as typed (with its own search's, when it ran).
 */
async function searchPlace(
  q: SearchRequest,
  ownRequest: SearchRequest,
  { listed: { found }, ahead, early }: { listed: ReturnType<typeof asListed>; ahead: AroundAhead; early: Promise<TypedSearch> | undefined },
  answerPlace: Omit<PlaceAnswer, 'inPlace'>,
): Promise<{ answer: PlaceSearchAnswer } | LeftToTyped> {
  const { database, params, trace } = q;
  const { radii, ownSearched, ring } = ahead;
  const { place, point } = ring;
  const runs = ownRuns(ahead);
  const withDistance = (p: SearchResult): SearchResult =>
    p.latitude === null || p.longitude === null
      ? p
      : { ...p, distanceMiles: roundMiles(haversineMiles(point, { latitude: p.latitude, longitude: p.longitude })) };
  const empty = { total: 0, capped: false, items: [] as SearchResult[] };
  const wanted = params.offset + params.limit;
  // The own search tells what it knows before its page (SearchRequest.tell): the rings may be read beside it.
  const { found: own, plan: ownPlan } = runs ? await (early ?? ownSearchOf(ownRequest, place)) : { found: empty, plan: 'none' };
  if (runs) trace.plan = ownPlan;
  if (own.capped || own.total >= wanted) return { answer: { ...own, items: own.items.map(withDistance), place: { ...answerPlace, inPlace: own.total } } };

  // The place does not fill the page: the nearest around it follow, those in the place left out.
  const start = ringStart(radii, {
    own: own.total,
    shown: own.items.length,
    ownSearched,
    offset: params.offset,
    limit: params.limit,
  });
  // Its own page held all of the place's own (a first page they do not fill): the rings count them in a circle from these.
  const ownAll = own.items.length === own.total ? own.items : undefined;
  // None of its own: when the rings find none either, the answer names the nearest city with providers,
  // whose list (read at most once a minute) is read beside the rings, not after them.
  if (own.total === 0 && overNetwork(database)) citiesWithProviders(database).catch(() => {});
  const around = await searchAround(database, { q, ...ring, start, isInPlace: inPlaceTest(place, found.kind), ...(ownAll ? { ownAll } : {}) });
  if (around) {
    // Both plans, for the Server-Timing header: the place's own, then the nearest around it.
    trace.plan = `${ownPlan}, then ${around.plan} within ${around.miles} mi`;
    return {
      answer: {
        total: own.total + around.total,
        capped: around.capped,
        items: [...own.items, ...around.page].map(withDistance),
        place: { ...answerPlace, inPlace: own.total, radiusMiles: around.miles },
      },
    };
  }
  // A city or a ZIP code nobody is listed in (SearchPlace.listed, read as the search's own condition
  // reads the column) finds nothing as typed either: it is not read, one round trip or two fewer.
  const typedEmpty = place?.listed === false;
  const typed = runs || typedEmpty ? { found: own, plan: ownPlan } : undefined;
  return { state: false, place: answerPlace, point, ...(typed ? { typed } : {}) };
}

/** Header values are ASCII: accents are taken off ("Cañon City" is "Canon City"). */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');

/** The response headers that say what was searched (documented in src/openapi/glowApi.server.ts). */
export function placeHeaders(place: PlaceAnswer | undefined): Record<string, string> {
  if (!place) return {};
  return {
    'X-Place': ascii(place.name),
    'X-Place-Kind': place.kind,
    ...(place.within ? { 'X-Place-Within': ascii(place.within) } : {}),
    'X-Place-Count': String(place.inPlace),
    ...(place.radiusMiles !== undefined ? { 'X-Radius-Miles': String(place.radiusMiles) } : {}),
    ...(place.nearestCity ? { 'X-Nearest-City': ascii(place.nearestCity) } : {}),
  };
}
