/**
 * The place a search's `location` names, resolved once per request (docs/search.md "The place") and
 * passed to every part of the search that needs it: the row conditions (city, state, ZIP prefix),
 * the open-now list (the time zones), distance (the point) and spelling correction (the city name).
 */
import type { Db } from '../../db/client';
import { cityOfLabel, parseLocation, type LocationFilter } from './location';
import type { Point } from './distance';
import { timeZonesOfStates } from './timeZone';
import { cityCentre, zipArea } from './zipAreas.server';

export interface SearchPlace {
  /** The location as it was given. */
  text: string;
  /** Providers whose city is exactly this. */
  city?: string;
  /** Providers in this state (a code, or unknown text that then matches nothing). */
  state?: string;
  /** Providers whose ZIP code starts with this ("787" is 78700-78799). */
  zipPrefix?: string;
  /** The city named, also when a name that is both ("New York") was read as the state: spelling correction checks it. */
  cityName?: string;
  /**
   * The states a provider of the place can be in, most providers first: the one given, else those
   * the directory lists the city in (search_terms). Empty when any state may be (a ZIP prefix).
   */
  states: string[];
  /** The time zones a provider of the place can be in; undefined when any zone may be. */
  zones?: string[];
  /**
   * Where the place is (a 5-digit ZIP's centre, else the city's centre in its first state), null when
   * the ZIP dataset does not know it. Undefined unless asked for (`withPoint`): the dataset takes
   * about half a second to load and most searches never measure a distance.
   */
  point?: Point | null;
  /**
   * Whether any provider is listed in the place's city or 5-digit ZIP code (true for any other
   * place); undefined unless asked for (`withListed`). Most ZIP codes and suburbs have none, and
   * the place's own search with a service would then walk the service's whole index looking for one.
   */
  listed?: boolean;
  /**
   * The providers the vocabulary counts in the city named alone (in every state it lists it in: its
   * vetted listings), read with its states; undefined when not read (a state given, a ZIP code, a
   * corrected city). How many the place's own search will match, before its count says.
   */
  providers?: number;
}

/**
 * The states the directory lists a city name in, most providers first (the vocabulary's `city` terms,
 * label "City, ST"), and the providers it counts in them.
 */
export async function statesOfCity({ db }: Db, city: string): Promise<{ states: string[]; providers: number }> {
  const rows = await db
    .selectFrom('search_terms')
    .select(['label', 'n'])
    .where('kind', '=', 'city')
    .where('term', '=', city.toLowerCase())
    .orderBy('n', 'desc')
    .execute();
  return { states: rows.map((r) => cityOfLabel(r.label).state), providers: rows.reduce((sum, r) => sum + Number(r.n), 0) };
}

/** Whether any provider is listed with the exact `city` (one index lookup). */
const anyoneIn = async ({ db }: Db, city: string) =>
  Boolean(await db.selectFrom('providers').select('seq').where('city', '=', city).limit(1).executeTakeFirst());

/**
 * Whether any provider's ZIP code starts with `zip` (one index lookup), as the search's ZIP condition
 * reads it: a ZIP+4 is in its ZIP code, so nobody listed means the search as typed finds nobody.
 */
const anyoneAtZip = async ({ db }: Db, zip: string) =>
  Boolean(await db.selectFrom('providers').select('seq').where('zipCode', '>=', zip).where('zipCode', '<', `${zip}\u{10FFFF}`).limit(1).executeTakeFirst());

/**
 * Resolves `location`; `withPoint` also finds its point, `withListed` whether anyone is listed in it
 * (`SearchPlace.listed`); `states`, the states of its city when known already (a spelling corrected:
 * its closest terms listed them); `parsed`, the text as parseLocation read it already (located.server.ts
 * reads it once for this and the gazetteer). Its reads are independent of one another and made side by side: over HTTP
 * they are one round trip (docs/SCALING.md "Round trips").
 */
export async function resolvePlace(
  database: Db,
  location: string,
  {
    withPoint = false,
    withListed = false,
    states: statesKnown,
    parsed,
  }: { withPoint?: boolean; withListed?: boolean; states?: string[]; parsed?: LocationFilter } = {},
): Promise<SearchPlace> {
  const loc = parsed ?? parseLocation(location);
  const place: SearchPlace = { text: location, city: loc.city, state: loc.state, zipPrefix: loc.zipPrefix, states: [] };
  const cityName = loc.city ?? loc.cityElseState?.city;
  if (cityName) place.cityName = cityName;
  // "New York": the city where there is one, else the state. A city's own lookup says both.
  const cityToTest = loc.cityElseState?.city ?? (withListed && loc.city && !loc.zipPrefix ? loc.city : undefined);
  const zipToTest = withListed && loc.zipPrefix?.length === 5 && !loc.city ? loc.zipPrefix : undefined;
  const [hasCity, hasZip, states] = await Promise.all([
    cityToTest ? anyoneIn(database, cityToTest) : undefined,
    zipToTest ? anyoneAtZip(database, zipToTest) : undefined,
    !loc.state && cityName ? (statesKnown ? { states: statesKnown } : statesOfCity(database, cityName)) : undefined,
  ]);
  if (loc.cityElseState) {
    if (hasCity) place.city = loc.cityElseState.city;
    else place.state = loc.cityElseState.state;
  }
  if (withListed) place.listed = place.zipPrefix?.length === 5 && !place.city ? hasZip! : place.city && !place.zipPrefix ? hasCity! : true;
  if (loc.state) place.states = [loc.state];
  else if (cityName) place.states = [...new Set([...states!.states, ...(loc.cityElseState ? [loc.cityElseState.state] : [])])];
  if (place.city && !place.state && states && 'providers' in states) place.providers = states.providers;
  // A zone known to no state (a city no provider is in) matches nobody anyway: then every zone.
  if (place.states.length) place.zones = timeZonesOfStates(place.states);
  if (withPoint) place.point = await pointOf(loc.zipPrefix, cityName, place.states[0]);
  return place;
}

async function pointOf(zipPrefix: string | undefined, city: string | undefined, state: string | undefined): Promise<Point | null> {
  if (zipPrefix?.length === 5) {
    const area = await zipArea(zipPrefix);
    return area && { latitude: area.latitude, longitude: area.longitude };
  }
  return city && state ? cityCentre(city, state) : null;
}
