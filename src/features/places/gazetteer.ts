/**
 * The gazetteer: turns what someone typed as a location into a place on the map (docs/search.md
 * "Places"). Reads tables worked out from the ZIP dataset when the site is built (ZipTables below;
 * gazetteer.server.ts loads them); pure and synchronous, so a request pays a few binary searches.
 *
 * Kinds: a ZIP code (its centre); a city or town, with or without its state; a borough, where the
 * dataset gives it as its ZIPs' city (Brooklyn, Bronx, Staten Island); a county ("Cook County, IL");
 * a state ("Illinois", "IL"); and the neighbourhoods it is given. The
 * dataset has no population: a name shared by several towns picks the one with the most ZIP codes,
 * which follows population closely enough to pick Portland, OR over Portland, ME.
 */
import { haversineMiles, type Point } from './distance';
import { US_STATES, stateCode } from './usStates';
import { parseLocation, type LocationFilter } from './location';

/** One row of the ZIP dataset, as the gazetteer needs it. */
export interface ZipRow {
  zip: string;
  city: string;
  /** Two-letter code. */
  state: string;
  county: string;
  latitude: number;
  longitude: number;
  /**
   * The row's place in the dataset's own list (the package's order, not its radius search's): a
   * town's centre is summed in it, as the package's `findByCity` sums it, so the double is the one
   * providers were placed at before the tables existed (docs/search.md "Places").
   */
  order?: number;
}

/** A well-known part of a city, placed by hand. */
export interface Neighbourhood {
  name: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export type PlaceKind = 'zip' | 'city' | 'neighbourhood' | 'county' | 'state';

export interface GazetteerPlace {
  kind: PlaceKind;
  /** What the place is called on the page and in headers: "60614", "Chicago, IL", "Cook County, IL", "Illinois". */
  name: string;
  /** The town a ZIP code or a neighbourhood lies in, "Chicago, IL"; absent for the others. */
  within?: string;
  /** The town's name as providers list it (kinds zip, city and neighbourhood). */
  city?: string;
  /** The county's name without "County" (kind county). */
  county?: string;
  /** Two-letter code. */
  state: string;
  /** The ZIP code (kind zip). */
  zip?: string;
  /** The place's centre: a ZIP's own, the mean of a town's or county's ZIP centres. */
  point: Point;
  /** Miles from the centre to the farthest of the place's ZIP centres: 0 for a ZIP or a one-ZIP town. */
  extentMiles: number;
  /** How many ZIP codes the place has (what "most populous" is judged by). */
  zips: number;
}

/** Lower case, "St." and "Saint" alike, punctuation other than letters, digits and spaces gone. */
export function placeKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Area {
  name: string;
  state: string;
  rows: ZipRow[];
}

function placeOfArea(kind: 'city' | 'county', area: Area): GazetteerPlace {
  const n = area.rows.length;
  const summed = kind === 'city' && area.rows.every((r) => r.order !== undefined) ? [...area.rows].sort((a, b) => a.order! - b.order!) : area.rows;
  const point = { latitude: summed.reduce((s, r) => s + r.latitude, 0) / n, longitude: summed.reduce((s, r) => s + r.longitude, 0) / n };
  let extentMiles = 0;
  for (const r of area.rows) extentMiles = Math.max(extentMiles, haversineMiles(point, r));
  return kind === 'city'
    ? { kind, name: `${area.name}, ${area.state}`, city: area.name, state: area.state, point, extentMiles, zips: n }
    : {
        kind,
        name: `${area.name} ${area.state === 'LA' ? 'Parish' : 'County'}, ${area.state}`,
        county: area.name,
        state: area.state,
        point,
        extentMiles,
        zips: n,
      };
}

/** Groups rows by a name within a state; each group's places, most ZIP codes first. */
function index(kind: 'city' | 'county', rows: ZipRow[], nameOf: (r: ZipRow) => string): Map<string, GazetteerPlace[]> {
  const areas = new Map<string, Area>();
  for (const r of rows) {
    const name = nameOf(r);
    if (!name) continue;
    // Keyed by the name as written: thousands of rows share one, and placeKey is the slow part.
    const key = `${name}|${r.state}`;
    const area = areas.get(key);
    if (area) area.rows.push(r);
    else areas.set(key, { name, state: r.state, rows: [r] });
  }
  const byName = new Map<string, GazetteerPlace[]>();
  for (const area of areas.values()) {
    const key = placeKey(area.name);
    const places = byName.get(key);
    if (places) places.push(placeOfArea(kind, area));
    else byName.set(key, [placeOfArea(kind, area)]);
  }
  for (const places of byName.values()) places.sort(mostZipsFirst);
  return byName;
}

const mostZipsFirst = (a: GazetteerPlace, b: GazetteerPlace) => b.zips - a.zips || (a.state < b.state ? -1 : a.state > b.state ? 1 : 0);

/** The first place of `places` in `state` (any when no state is given). */
const inState = (places: GazetteerPlace[] | undefined, state: string | undefined) => places?.find((p) => !state || p.state === state) ?? null;

/**
 * The gazetteer's data, worked out from the ZIP dataset's rows once, when the site is built (`npm run
 * zip-tables` writes zipTables.server.ts): tab-separated lines sorted by their first field, read by
 * binary search, so a request parses only the lines it looks up (docs/search.md "Places"). Building
 * the index from the dataset took 0.3-1.4 s on a search's first use (docs/BENCHMARKS.md "Cold start").
 *
 * - `zips`: zip, latitude, longitude, town, state, county: every row of the dataset.
 * - `towns`: key (placeKey), name, state, latitude, longitude, extent, ZIP codes, rank (the place
 *   among all towns, most ZIP codes first; empty for a territory, which the gazetteer leaves out).
 * - `counties`: key, name, state, latitude, longitude, extent, ZIP codes.
 * - `states`: code, latitude, longitude, extent, ZIP codes.
 * - `ranked`: key, name, state of every town of the US states, most ZIP codes first (suggestions
 *   from a start thousands of towns share walk it from the top).
 *
 * Points are the means of their ZIP centres written as JavaScript writes numbers, so they read back
 * to the same doubles.
 */
export interface ZipTables {
  zips: string;
  towns: string;
  counties: string;
  states: string;
  ranked: string;
}

const known = (state: string) => Object.hasOwn(US_STATES, state);

/** The tables of `rows` (the dataset's, in the order the gazetteer always read them). */
export function buildZipTables(rows: ZipRow[]): ZipTables {
  const line = (...fields: (string | number)[]) => fields.join('\t');
  const placeFields = (p: GazetteerPlace) => [p.point.latitude, p.point.longitude, p.extentMiles, p.zips];
  const sortedLines = (lines: [string, string][]) =>
    lines
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([, l]) => l)
      .join('\n');
  const zips = sortedLines(rows.map((r) => [r.zip, line(r.zip, r.latitude, r.longitude, r.city, r.state, r.county)]));
  const withTown = rows.filter((r) => r.city);
  const knownRows = withTown.filter((r) => known(r.state));
  // Ranks as the towns of the US states alone order them, most ZIP codes first.
  const ranked = [...index('city', knownRows, (r) => r.city).values()].flat().sort(mostZipsFirst);
  const rank = new Map(ranked.map((p, i) => [`${p.city}|${p.state}`, i]));
  // Keys in order, each key's places in their own order (a stable sort keeps it).
  const keyed = (byName: Map<string, GazetteerPlace[]>, fields: (p: GazetteerPlace, key: string) => (string | number)[]) =>
    [...byName].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).flatMap(([key, places]) => places.map((p) => line(key, ...fields(p, key))));
  const towns = keyed(
    index('city', withTown, (r) => r.city),
    (p) => [p.city!, p.state, ...placeFields(p), rank.get(`${p.city}|${p.state}`) ?? ''],
  ).join('\n');
  const counties = keyed(
    index('county', knownRows, (r) => r.county),
    (p) => [p.county!, p.state, ...placeFields(p)],
  ).join('\n');
  const byState = index('county', knownRows, (r) => US_STATES[r.state]!.name);
  const states = Object.entries(US_STATES)
    .flatMap(([code, { name }]) => {
      const place = byState.get(placeKey(name))?.find((p) => p.state === code);
      return place ? [line(code, ...placeFields(place))] : [];
    })
    .join('\n');
  return { zips, towns, counties, states, ranked: ranked.map((p) => line(placeKey(p.city!), p.city!, p.state)).join('\n') };
}

/** Lines sorted by their first field (up to a tab), searched without splitting the text. */
class SortedLines {
  constructor(private readonly text: string) {}

  /** The offset of the first line whose first field is not below `key`. */
  private lowerBound(key: string): number {
    const { text } = this;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const start = text.lastIndexOf('\n', ((lo + hi) >> 1) - 1) + 1;
      const tab = text.indexOf('\t', start);
      const end = text.indexOf('\n', start);
      if (text.slice(start, tab) < key) lo = end < 0 ? text.length : end + 1;
      else hi = start;
    }
    return lo;
  }

  /** The fields of each line from the first whose first field is not below `key`, while `more` says so of the first field. */
  *from(key: string, more: (first: string) => boolean): Generator<string[]> {
    const { text } = this;
    for (let at = this.lowerBound(key); at < text.length; ) {
      const end = text.indexOf('\n', at);
      const fields = text.slice(at, end < 0 ? text.length : end).split('\t');
      if (!more(fields[0]!)) return;
      yield fields;
      at = end < 0 ? text.length : end + 1;
    }
  }

  /** The fields of the lines whose first field is `key`. */
  get(key: string): string[][] {
    return [...this.from(key, (first) => first === key)];
  }
}

const pointOf = (fields: string[], at: number) => ({ latitude: Number(fields[at]), longitude: Number(fields[at + 1]) });

/** A town line's place. */
function townOf(f: string[]): GazetteerPlace {
  const [, city, state] = f as [string, string, string];
  return { kind: 'city', name: `${city}, ${state}`, city, state, point: pointOf(f, 3), extentMiles: Number(f[5]), zips: Number(f[6]) };
}

/** A county line's place. */
function countyOf(f: string[]): GazetteerPlace {
  const [, county, state] = f as [string, string, string];
  const name = `${county} ${state === 'LA' ? 'Parish' : 'County'}, ${state}`;
  return { kind: 'county', name, county, state, point: pointOf(f, 3), extentMiles: Number(f[5]), zips: Number(f[6]) };
}

export class Gazetteer {
  private readonly zips: SortedLines;
  private readonly townLines: SortedLines;
  private readonly countyLines: SortedLines;
  private readonly ranked: string;
  /** Town and county places by key, parsed on first look-up. */
  private readonly townsByKey = new Map<string, GazetteerPlace[]>();
  private readonly countiesByKey = new Map<string, GazetteerPlace[]>();
  private readonly states = new Map<string, GazetteerPlace>();
  private readonly neighbourhoods = new Map<string, GazetteerPlace[]>();

  /** The gazetteer of a few rows (tests); the site's reads the tables built with it (gazetteer.server.ts). */
  static fromRows(rows: ZipRow[], neighbourhoods: Neighbourhood[] = []): Gazetteer {
    return new Gazetteer(buildZipTables(rows), neighbourhoods);
  }

  constructor(tables: ZipTables, neighbourhoods: Neighbourhood[] = []) {
    this.zips = new SortedLines(tables.zips);
    this.townLines = new SortedLines(tables.towns);
    this.countyLines = new SortedLines(tables.counties);
    this.ranked = tables.ranked;
    for (const f of tables.states ? tables.states.split('\n').map((l) => l.split('\t')) : []) {
      const code = f[0]!;
      this.states.set(code, {
        kind: 'state',
        name: US_STATES[code]!.name,
        county: undefined,
        state: code,
        point: pointOf(f, 1),
        extentMiles: Number(f[3]),
        zips: Number(f[4]),
      });
    }
    for (const n of neighbourhoods) {
      const town = this.town(n.city, n.state);
      const place: GazetteerPlace = {
        kind: 'neighbourhood',
        name: n.name,
        within: town?.name ?? `${n.city}, ${n.state}`,
        city: town?.city ?? n.city,
        state: n.state,
        point: { latitude: n.latitude, longitude: n.longitude },
        extentMiles: 0,
        zips: 0,
      };
      const key = placeKey(n.name);
      this.neighbourhoods.set(key, [...(this.neighbourhoods.get(key) ?? []), place]);
    }
  }

  /** The towns of the US states called `key` (placeKey), most ZIP codes first. */
  private towns(key: string): GazetteerPlace[] {
    let places = this.townsByKey.get(key);
    if (!places) {
      places = this.townLines
        .get(key)
        .filter((f) => f[7] !== '')
        .map(townOf);
      this.townsByKey.set(key, places);
    }
    return places;
  }

  private counties(key: string): GazetteerPlace[] {
    let places = this.countiesByKey.get(key);
    if (!places) {
      places = this.countyLines.get(key).map(countyOf);
      this.countiesByKey.set(key, places);
    }
    return places;
  }

  /** A row of the ZIP dataset, any state or territory; null for a code it does not have. */
  zipRow(code: string): ZipRow | null {
    const f = this.zips.get(code)[0];
    if (!f) return null;
    const [zip, , , city, state, county] = f as [string, string, string, string, string, string];
    return { zip, city, state, county, ...pointOf(f, 1) };
  }

  /**
   * The centre of a town's ZIP areas in any state or territory, the town's name as the dataset writes
   * it in any case ("chicago", "IL"); null when it has none.
   */
  townCentre(name: string, state: string): Point | null {
    const lower = name.trim().toLowerCase();
    const f = this.townLines.get(placeKey(name)).find((t) => t[2] === state && t[1]!.toLowerCase() === lower);
    return f ? pointOf(f, 3) : null;
  }

  /** The ZIP code's place: its centre, within its town. */
  zip(code: string): GazetteerPlace | null {
    const r = this.zipRow(code);
    if (!r?.city || !known(r.state)) return null;
    const town = inState(this.towns(placeKey(r.city)), r.state);
    return {
      kind: 'zip',
      name: r.zip,
      within: town?.name,
      zip: r.zip,
      city: r.city,
      state: r.state,
      point: { latitude: r.latitude, longitude: r.longitude },
      extentMiles: 0,
      zips: 1,
    };
  }

  /** The town of that name, in `state` if given, else the one with the most ZIP codes. */
  town(name: string, state?: string): GazetteerPlace | null {
    return inState(this.towns(placeKey(name)), state);
  }

  /** The state for a code or a name. */
  state(text: string): GazetteerPlace | null {
    const code = stateCode(text);
    return (code && this.states.get(code)) || null;
  }

  /**
   * The place `text` names, or null when it names none the gazetteer knows (the search then keeps
   * its own reading of the text: typo correction, words). Accepts "60614", "60614-1234",
   * "Evanston", "Evanston, IL", "Evanston IL", "Evanston, Illinois", "Brooklyn", "Cook County, IL",
   * "Cook County", "Illinois", "IL", and listed neighbourhoods ("Lincoln Park"). The text is read by
   * the search's one grammar (location.ts `parseLocation`, which also gives the search its
   * conditions); the gazetteer only looks its parts up.
   */
  resolve(text: string): GazetteerPlace | null {
    return this.lookUp(parseLocation(text));
  }

  /** The place a parsed location names (`resolve`). */
  lookUp({ city, state, zipPrefix, cityElseState }: LocationFilter): GazetteerPlace | null {
    // A ZIP code alone; with a town or a state beside it ("Austin, TX 78701") it names no one place.
    if (zipPrefix) return zipPrefix.length === 5 && !city && !state ? this.zip(zipPrefix) : null;
    if (cityElseState) {
      // "New York" alone is a town (the city in the state of that name); "Washington" alone is the state.
      const asState = this.states.get(cityElseState.state) ?? null;
      if (asState && !(this.towns(placeKey(cityElseState.city)).length && this.town(cityElseState.city, cityElseState.state))) return asState;
      return this.named(cityElseState.city, undefined) ?? asState;
    }
    if (!city) return (state && this.states.get(state)) || null;
    return this.named(city, state);
  }

  /** A county, town, neighbourhood or county-named-alone of `name` (in `state` when given), in that order. */
  private named(name: string, state: string | undefined): GazetteerPlace | null {
    const key = placeKey(name);
    if (!key) return null;
    const county = /^(.*?) (county|parish|borough)$/.exec(key);
    // A town of the name wins over a neighbourhood of it: "Lincoln Park" is the town in Michigan,
    // "Lincoln Park, IL" the part of Chicago.
    return (
      (county ? inState(this.counties(county[1]!), state) : null) ??
      this.town(name, state) ??
      inState(this.neighbourhoods.get(key), state) ??
      // "Queens": a county whose name is not also a town's.
      inState(this.counties(key), state)
    );
  }

  /**
   * Places whose name starts with `text`, for the search form's suggestions: ZIP codes for digits,
   * else towns and boroughs with the most ZIP codes first (a state after a comma narrows them).
   */
  suggest(text: string, limit: number): GazetteerPlace[] {
    const t = text.trim();
    if (/^\d{1,5}$/.test(t)) {
      const found: GazetteerPlace[] = [];
      for (const f of this.zips.from(t, (zip) => zip.startsWith(t))) {
        if (found.length >= limit) break;
        const place = this.zip(f[0]!);
        if (place) found.push(place);
      }
      return found;
    }
    const comma = t.indexOf(',');
    const head = placeKey(comma >= 0 ? t.slice(0, comma) : t);
    if (!head) return [];
    const after =
      comma >= 0
        ? t
            .slice(comma + 1)
            .trim()
            .toUpperCase()
        : '';
    const fits = (p: GazetteerPlace) => !after || p.state.startsWith(after) || US_STATES[p.state]!.name.toUpperCase().startsWith(after);
    // A complete name typed: its own towns first ("Brooklyn" before "Brooklyn Park").
    const found = this.towns(head).filter(fits);
    // The names of towns that start so (the typed one too), in order.
    const keys: string[] = [];
    for (const f of this.townLines.from(head, (key) => key.startsWith(head))) {
      if (f[7] === '' || f[0] === keys.at(-1)) continue;
      keys.push(f[0]!);
      if (keys.length > FEW_KEYS) break;
    }
    if (keys.length > FEW_KEYS) {
      // A short start ("s") fits thousands of towns: walk them biggest first and stop at `limit`.
      const { ranked } = this;
      for (let at = 0; at < ranked.length && found.length < limit; ) {
        const end = ranked.indexOf('\n', at);
        const next = end < 0 ? ranked.length : end + 1;
        const tab = ranked.indexOf('\t', at);
        const key = ranked.slice(at, tab);
        if (key.startsWith(head) && key !== head) {
          const [, name, state] = ranked.slice(at, next - (end < 0 ? 0 : 1)).split('\t');
          const place = this.towns(key).find((p) => p.city === name && p.state === state)!;
          if (fits(place)) found.push(place);
        }
        at = next;
      }
      return found.slice(0, limit);
    }
    const more = keys.filter((k) => k !== head).flatMap((k) => this.towns(k).filter(fits));
    return [...found, ...more.sort(mostZipsFirst)].slice(0, limit);
  }
}

/** Beyond this many town names sharing a start, suggestions walk the towns biggest first instead of sorting them. */
const FEW_KEYS = 200;
