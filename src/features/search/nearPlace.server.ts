/**
 * Search where people are (docs/search.md "Places"): a location the gazetteer knows is a place on
 * the map. Providers in the place come first, in the chosen order, exactly as the place's own search
 * finds them; when they do not fill the page, the nearest providers around the place's point follow,
 * within a radius that widens (a ZIP or a town: 10 miles; a city: its extent plus 10; then 25, then
 * 50) and never goes past 50 miles. Every result carries its distance from the point. The search
 * plans are not touched: the place's own search and a `near` search are run as they are, and their
 * pages joined here.
 */
import type { Db } from '../../db/client';
import type { Page } from '../providers/providers.server';
import { haversineMiles, roundMiles } from '../places/distance';
import type { GazetteerPlace, PlaceKind } from '../places/gazetteer';
import { loadGazetteer } from '../places/gazetteer.server';
import { categoryForSearch } from '../content/services';
import type { SearchPlace } from '../places/searchPlace.server';
import { searchWithCorrection } from './correctedSearch.server';
import type { SearchParams, SearchResult } from './schemas/search';
import { placeOfSearch, searchProviders, type SearchTrace } from './search.server';
import { MAX_NEARBY_MILES, NEARBY_MILES } from './params';
import { requestReads } from './requestReads.server';

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

/**
 * Rows of a circle's page past which its count is read before its rows: reading a provider's row
 * costs about what a count of a few dozen matches does, so a short page is read at once and a deep
 * one only from the circle that fills it. Not frozen: the tests lower it to reach the seed's rings.
 */
export const RING_TUNING = { probedFromRows: 100 };

/** The radii to try around `place`, in miles, whole, never past MAX_NEARBY_MILES. */
export function radiiFor(place: Pick<GazetteerPlace, 'extentMiles'>): number[] {
  const first = Math.min(MAX_NEARBY_MILES, Math.ceil(place.extentMiles + NEARBY_MILES[0]));
  return [first, ...NEARBY_MILES.filter((r) => r > first)];
}

/** Whether a provider row is in the place as the place's own search reads it (its city, state and ZIP conditions). */
function inPlaceTest(place: SearchPlace | undefined, kind: PlaceKind): (p: SearchResult) => boolean {
  if (!place || !OWN_SEARCH.has(kind)) return () => false;
  const city = place.city?.toLowerCase();
  return (p) =>
    (!city || p.city.toLowerCase() === city) && (!place.state || p.state === place.state) && (!place.zipPrefix || p.zipCode.startsWith(place.zipPrefix));
}

/**
 * GET /api/search's answer: the place search above when the gazetteer knows the location (not with
 * `near`, which keeps its meaning), else the search as typed, with typo correction.
 */
export async function searchNearPlace(database: Db, params: SearchParams, now = new Date(), trace: SearchTrace = {}): Promise<PlaceSearchAnswer> {
  if (!params.location || params.near) return searchWithCorrection(database, params, now, trace);
  const gazetteer = await loadGazetteer();
  let found = gazetteer.resolve(params.location);
  if (!found) return searchWithCorrection(database, params, now, trace);
  const place = await placeOfSearch(database, params, { withListed: true });
  // A state's name that is also a city with providers ("Washington": the DC providers) is the city,
  // as the search reads it.
  if (found.kind === 'state' && place?.city) found = gazetteer.town(place.city, place.states[0]) ?? found;
  const named = { kind: found.kind, name: found.name, ...(found.within ? { within: found.within } : {}) };
  if (found.kind === 'state') {
    // A state is its providers, as before: its centre is no place anyone is.
    const answer = await searchWithCorrection(database, params, now, trace, { place });
    return { ...answer, place: { ...named, inPlace: answer.total } };
  }
  // A town name the directory lists in another state first ("Portland" with providers only in
  // Maine) is measured from the town the providers are in.
  const town = found.kind === 'city' && place?.states[0] && place.states[0] !== found.state ? gazetteer.town(found.city!, place.states[0]) : null;
  const at = town ?? found;
  const point = at.point;
  const withDistance = (p: SearchResult): SearchResult =>
    p.latitude === null || p.longitude === null
      ? p
      : { ...p, distanceMiles: roundMiles(haversineMiles(point, { latitude: p.latitude, longitude: p.longitude })) };
  const answerPlace = town ? { kind: town.kind, name: town.name } : named;

  const empty = { total: 0, capped: false, items: [] as SearchResult[] };
  // The rings mostly share their zones' open-now list and their text: read once for the request (requestReads.server.ts).
  const reads = requestReads();
  const ownRuns = OWN_SEARCH.has(found.kind) && (place?.listed ?? true);
  const own = ownRuns ? await searchProviders(database, params, now, { place, trace, reads }) : empty;
  const ownPlan = trace.plan ?? 'none';
  const wanted = params.offset + params.limit;
  if (own.capped || own.total >= wanted) return { ...own, items: own.items.map(withDistance), place: { ...answerPlace, inPlace: own.total } };

  // The place does not fill the page: the nearest around it follow, those in the place left out.
  const isInPlace = inPlaceTest(place, found.kind);
  const skip = Math.max(0, params.offset - own.total);
  const take = params.limit - own.items.length;
  const radii = radiiFor(at);
  const ownIn = OWN_SEARCH.has(found.kind) && own.total > 0;
  const deep = (ownIn ? skip + take + own.total : take) > RING_TUNING.probedFromRows;
  /** The search around the place's point within `miles`, nearest first. */
  const circleOf = (miles: number) => ({ ...params, location: undefined, near: point, radius: miles, sort: 'distance' as const });
  /** The answer: the place's own, then the page of those nearby within `miles` (`around` found them). */
  const within = (miles: number, around: SearchTrace, nearby: { total: number; capped?: boolean; page: SearchResult[] }): PlaceSearchAnswer => {
    // Both plans, for the Server-Timing header: the place's own, then the nearest around it.
    trace.plan = `${ownPlan}, then ${around.plan} within ${miles} mi`;
    return {
      total: own.total + nearby.total,
      capped: nearby.capped,
      items: [...own.items, ...nearby.page].map(withDistance),
      place: { ...answerPlace, inPlace: own.total, radiusMiles: miles },
    };
  };
  const widestMiles = radii[radii.length - 1]!;
  // Each circle's text, when many, is listed for the widest circle's states: one list for the rings.
  const textCircle = { point, miles: widestMiles };
  let from = 0;
  let widestAsked = false;
  /**
   * The widest circle's count (a page of one row), or for a short page with none of the place's own
   * in the circle its page itself (`asPage`). When even it cannot fill the page, the narrower circles
   * are passed over unread: that page is the answer, or the widest is read as the last ring (`from`:
   * its count and list are read once in the request, and its page sorted from them). When it can and
   * its matches are counted (not past the cap), they are read once, nearest first, and each ring's
   * count and page taken from them: a narrower circle's matches are the widest's nearer than its
   * radius, so no ring's box is read again.
   */
  const askWidest = async (): Promise<PlaceSearchAnswer | null> => {
    widestAsked = true;
    // A short page with none of the place's own in the circle asks for the widest's page itself: when
    // the widest cannot fill the page either, that page is the answer, not read again as the last ring.
    const asPage = !deep && !ownIn;
    const widestTrace: SearchTrace = {};
    const widest = await searchProviders(database, { ...circleOf(widestMiles), ...(asPage ? { offset: skip, limit: take } : { offset: 0, limit: 1 }) }, now, {
      reads,
      textCircle,
      ...(asPage ? { trace: widestTrace } : {}),
    });
    if (widest.capped) return null;
    if (own.total + widest.total < wanted) {
      if (!asPage) from = radii.length - 1;
      else if (widest.total === 0) from = radii.length;
      else return within(widestMiles, widestTrace, { total: widest.total, capped: false, page: widest.items });
      return null;
    }
    const rows = (await searchProviders(database, { ...circleOf(widestMiles), offset: 0, limit: widest.total }, now, { trace: widestTrace, reads, textCircle }))
      .items;
    for (const [i, miles] of radii.entries()) {
      // Rows carry their distance rounded; the circle's own test is the exact one.
      const nearby = rows.filter(
        (p) => p.latitude !== null && p.longitude !== null && haversineMiles(point, { latitude: p.latitude, longitude: p.longitude }) <= miles && !isInPlace(p),
      );
      if (own.total + nearby.length < wanted && i < radii.length - 1) continue;
      return within(miles, widestTrace, { total: nearby.length, capped: false, page: nearby.slice(skip, skip + take) });
    }
    return null;
  };
  /** A circle's count (a page of one row). */
  const probeOf = (miles: number) => searchProviders(database, { ...circleOf(miles), offset: 0, limit: 1 }, now, { reads, textCircle });
  const fills = (probe: { total: number; capped?: boolean }) => probe.capped || own.total + probe.total >= wanted;
  // A deep page asks the widest circle first. Without text (a service of the form is a category,
  // no text), each circle's count reads its own box, so the narrowest's is asked before it: where
  // the narrowest is full, the widest's count would read up to the cap for nothing. With text, the
  // rings read one list of it made for the widest (plans/pointSource.server.ts), and the narrowest's
  // count would be read beside the widest's.
  const text = !!params.query || (!!params.service && !categoryForSearch(params.service));
  const widestFirst = deep && radii.length > 1;
  const firstProbe = widestFirst && !text ? await probeOf(radii[0]!) : null;
  if (widestFirst && !(firstProbe && fills(firstProbe))) {
    const answer = await askWidest();
    if (answer) return answer;
  }
  for (const [i, miles] of radii.entries()) {
    if (i < from) continue;
    const last = i === radii.length - 1;
    const circle = circleOf(miles);
    // A deep page (its rows past the place's own in the circle, at most all of them): whether this
    // circle fills it is asked of its count first (a page of one row), so a circle that does not is
    // passed over without reading a thousand providers' rows, nor counting the place's own in it.
    const probe = !last && deep ? (i === 0 && firstProbe ? firstProbe : await probeOf(miles)) : null;
    if (probe && !fills(probe)) continue;
    /** The place's own matches within the circle, left out of its page (counted: a page of one row). */
    const inPlaceIn = async () =>
      !ownIn ? 0 : (await searchProviders(database, { ...params, near: point, radius: miles, limit: 1, offset: 0 }, now, { place, reads, textCircle })).total;
    // A deep page asks whether the circle fills it net of the place's own before reading it. A short
    // one reads the circle beside that count, from its start and as far as the place's own could
    // push the page (at most all of them): two statements side by side, one round trip.
    const counted = probe ? await inPlaceIn() : null;
    if (probe && own.total + probe.total - counted! < wanted && !probe.capped) continue;
    // With none of the place's own in the circle, its page is the page (none to leave out): only
    // those rows are read, not every one before them.
    const fromStart = ownIn && (counted === null || counted > 0);
    const ring = { ...circle, offset: fromStart ? 0 : skip };
    const rows = fromStart ? skip + take + (counted ?? own.total) : take;
    const aroundTrace: SearchTrace = {};
    const [inPlaceWithin, around] = await Promise.all([
      counted ?? inPlaceIn(),
      searchProviders(database, { ...ring, limit: rows }, now, { trace: aroundTrace, reads, textCircle }),
    ]);
    const nearbyTotal = around.total - inPlaceWithin;
    if (own.total + nearbyTotal < wanted && !around.capped && !last) {
      // A ring short of the page: the widest is asked (once) before another narrower ring is read.
      if (!widestAsked && i < radii.length - 2) {
        const answer = await askWidest();
        if (answer) return answer;
      }
      continue;
    }
    if (own.total + nearbyTotal === 0) break;
    const nearby = fromStart ? around.items.filter((p) => !isInPlace(p)).slice(skip, skip + take) : around.items;
    return within(miles, aroundTrace, { total: nearbyTotal, capped: around.capped, page: nearby });
  }
  // Nothing within MAX_NEARBY_MILES: the search as typed (the place's own, when it ran: not read
  // again), with its typo correction, and the nearest city that has providers for the page to offer.
  const answer = await searchWithCorrection(database, params, now, trace, { place, ...(ownRuns ? { typed: { found: own, plan: ownPlan } } : {}) });
  if (answer.total > 0) return answer;
  const nearestCity = await nearestCityWithProviders(database, point);
  return { ...answer, place: { ...answerPlace, inPlace: 0, radiusMiles: MAX_NEARBY_MILES, ...(nearestCity ? { nearestCity } : {}) } };
}

/** The cities with providers ("City, ST") and their centres, read at most once a minute: they change with new listings only. */
let cities: { at: number; list: Promise<{ label: string; latitude: number; longitude: number }[]> } | undefined;
const CITIES_FOR_MS = 60_000;

async function nearestCityWithProviders({ db }: Db, point: { latitude: number; longitude: number }): Promise<string | null> {
  if (!cities || Date.now() - cities.at > CITIES_FOR_MS) {
    const list = (async () => {
      const [rows, gazetteer] = await Promise.all([db.selectFrom('search_terms').select('label').where('kind', '=', 'city').execute(), loadGazetteer()]);
      return rows.flatMap(({ label }) => {
        const comma = label.lastIndexOf(', ');
        const town = gazetteer.town(label.slice(0, comma), label.slice(comma + 2));
        return town ? [{ label, ...town.point }] : [];
      });
    })();
    cities = { at: Date.now(), list };
    list.catch(() => {
      cities = undefined;
    });
  }
  let best: { label: string; miles: number } | null = null;
  for (const c of await cities.list) {
    const miles = haversineMiles(point, c);
    if (!best || miles < best.miles) best = { label: c.label, miles };
  }
  return best?.label ?? null;
}

/** Header values are ASCII: accents are taken off ("Cañon City" is "Canon City"). */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');

/** The response headers that say what was searched (documented in src/lib/openapi/glowApi.server.ts). */
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
