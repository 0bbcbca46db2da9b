/**
 * A search's `location` read once, at the top of the request (docs/search.md "The place"): the
 * gazetteer's place on the map it names (a ZIP code, a town, a county, a neighbourhood, a state) and
 * the place as the search's conditions read it (searchPlace.server.ts `resolvePlace`). Nothing after
 * this reads the location string again; a spelling's correction resolves its corrected city here too.
 * The text is parsed once, by one grammar (location.ts `parseLocation`), for both.
 */
import type { Db } from '../../db/client';
import type { Gazetteer, GazetteerPlace } from './gazetteer';
import { loadGazetteer } from './gazetteer.server';
import { resolvePlace, type SearchPlace } from './searchPlace.server';
import type { Point } from './distance';
import { parseLocation, type LocationFilter } from './location';

/** The parameters of a search that say how its location is read. */
export interface LocationParams {
  location?: string;
  near?: Point;
  sort?: string;
}

/** A search's location, read once. */
export interface Located {
  /** The gazetteer's place the location names; null when it names none, or with `near` (its own point). */
  found: GazetteerPlace | null;
  /** The place as the search's conditions read it, its reads started once (not awaited: a place searched around its point only does not wait for them). */
  place: Promise<SearchPlace>;
  /** The gazetteer the place was read with (null with `near`). */
  gazetteer: Gazetteer | null;
  /** The city the location names (also one read as a state, "New York"), known before its reads: spelling correction asks about it. */
  cityName?: string;
  /**
   * The place as the conditions read it without `listed`, made when first asked, for a location that
   * names its state or a ZIP code (no read makes it): a place's own search starts with it, beside the
   * place's own reads (src/features/search/nearPlace.server.ts `searchAtPlace`).
   */
  unread?: () => Promise<SearchPlace>;
}

/**
 * The place of a search's location as its conditions read it. `withListed`: also whether anyone is
 * listed in it (SearchPlace.listed); `states`: the states of its city when read already (a spelling's
 * correction). The point only for a distance measured from the location (`near` gives its own).
 */
export function placeOfSearch(
  database: Db,
  params: LocationParams,
  { withListed = false, states, parsed }: { withListed?: boolean; states?: string[]; parsed?: LocationFilter } = {},
): Promise<SearchPlace | undefined> {
  if (!params.location) return Promise.resolve(undefined);
  return resolvePlace(database, params.location, { withPoint: params.sort === 'distance' && !params.near, withListed, states, ...(parsed ? { parsed } : {}) });
}

/**
 * The location of `params` read once: undefined without one. With `near` the location is a filter
 * only (the point is `near`'s): the gazetteer is not asked. A place the gazetteer knows also reads
 * whether anyone is listed in it (its own search is skipped when none is).
 */
export async function locate(database: Db, params: LocationParams): Promise<Located | undefined> {
  if (!params.location) return undefined;
  // One grammar reads the text (location.ts parseLocation): the gazetteer looks its parts up, the conditions are made of them.
  const parsed = parseLocation(params.location);
  const gazetteer = params.near ? null : await loadGazetteer();
  const found = gazetteer?.lookUp(parsed) ?? null;
  const place = placeOfSearch(database, params, { withListed: !!found, parsed }) as Promise<SearchPlace>;
  place.catch(() => {});
  const cityName = parsed.city ?? parsed.cityElseState?.city;
  const namesState = !parsed.cityElseState && (parsed.state || !parsed.city);
  let made: Promise<SearchPlace> | undefined;
  const unread = found && namesState ? () => (made ??= placeOfSearch(database, params, { parsed }) as Promise<SearchPlace>) : undefined;
  return { found, place, gazetteer, ...(cityName ? { cityName } : {}), ...(unread ? { unread } : {}) };
}

/**
 * The gazetteer's place as the providers read it, once their place is known: a state's name that
 * is also a city with providers ("Washington": the DC providers) is the city; a town the directory
 * lists in another state first ("Portland" with providers only in Maine) is measured from the town
 * the providers are in (`town`).
 */
export function asListed(gazetteer: Gazetteer, found: GazetteerPlace, place: SearchPlace | undefined): { found: GazetteerPlace; town: GazetteerPlace | null } {
  const first = place?.states[0];
  const settled = found.kind === 'state' && place?.city ? (gazetteer.town(place.city, first) ?? found) : found;
  const town = settled.kind === 'city' && first && first !== settled.state ? gazetteer.town(settled.city!, first) : null;
  return { found: settled, town };
}
