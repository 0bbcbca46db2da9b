/**
 * The gazetteer: turns what someone typed as a location into a place on the map (docs/search.md
 * "Places"). Built once from the ZIP dataset's rows (gazetteer.server.ts loads them); pure and
 * synchronous after that, so a request pays map lookups only.
 *
 * Kinds: a ZIP code (its centre); a city or town, with or without its state; a borough, where the
 * dataset gives it as its ZIPs' city (Brooklyn, Bronx, Staten Island); a county ("Cook County, IL");
 * a state ("Illinois", "IL"); and the neighbourhoods it is given. The
 * dataset has no population: a name shared by several towns picks the one with the most ZIP codes,
 * which follows population closely enough to pick Portland, OR over Portland, ME.
 */
import { haversineMiles, type Point } from './distance';
import { US_STATES, stateCode } from './usStates';

/** One row of the ZIP dataset, as the gazetteer needs it. */
export interface ZipRow {
  zip: string;
  city: string;
  /** Two-letter code. */
  state: string;
  county: string;
  latitude: number;
  longitude: number;
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
  const point = { latitude: area.rows.reduce((s, r) => s + r.latitude, 0) / n, longitude: area.rows.reduce((s, r) => s + r.longitude, 0) / n };
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

export class Gazetteer {
  private readonly zips = new Map<string, ZipRow>();
  /** ZIP codes in order, for prefix suggestions. */
  private readonly zipList: string[];
  private readonly towns: Map<string, GazetteerPlace[]>;
  /** Town keys in order, for prefix suggestions. */
  private readonly townKeys: string[];
  /** Every town, most ZIP codes first, for suggestions from a start many towns share. */
  private readonly ranked: { key: string; place: GazetteerPlace }[];
  private readonly counties: Map<string, GazetteerPlace[]>;
  private readonly states = new Map<string, GazetteerPlace>();
  private readonly neighbourhoods = new Map<string, GazetteerPlace[]>();

  constructor(rows: ZipRow[], neighbourhoods: Neighbourhood[] = []) {
    const known = rows.filter((r) => US_STATES[r.state] && r.city);
    for (const r of known) this.zips.set(r.zip, r);
    this.zipList = [...this.zips.keys()].sort();
    this.towns = index('city', known, (r) => r.city);
    this.townKeys = [...this.towns.keys()].sort();
    this.ranked = [...this.towns].flatMap(([key, places]) => places.map((place) => ({ key, place }))).sort((a, b) => mostZipsFirst(a.place, b.place));
    this.counties = index('county', known, (r) => r.county);
    const byState = index('county', known, (r) => US_STATES[r.state]!.name);
    for (const [code, { name }] of Object.entries(US_STATES)) {
      const place = byState.get(placeKey(name))?.find((p) => p.state === code);
      if (place) this.states.set(code, { ...place, kind: 'state', name, county: undefined });
    }
    for (const n of neighbourhoods) {
      const town = inState(this.towns.get(placeKey(n.city)), n.state);
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

  /** The ZIP code's place: its centre, within its town. */
  zip(code: string): GazetteerPlace | null {
    const r = this.zips.get(code);
    if (!r) return null;
    const town = inState(this.towns.get(placeKey(r.city)), r.state);
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
    return inState(this.towns.get(placeKey(name)), state);
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
   * "Cook County", "Illinois", "IL", and listed neighbourhoods ("Lincoln Park").
   */
  resolve(text: string): GazetteerPlace | null {
    const zip = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(text);
    if (zip) return this.zip(zip[1]!);
    const key = placeKey(text);
    if (!key) return null;
    // "Name, ST", "Name, State", "Name ST": the state narrows the name. "New York" alone is a town
    // (the city in the state of that name); "Washington" alone is the state.
    const [name, state] = this.splitState(text);
    if (name === null) {
      const asState = this.state(text);
      const town = inState(this.towns.get(key), undefined);
      if (asState && !(town && this.town(text, asState.state))) return asState;
    }
    const place = name ?? key;
    const county = /^(.*?) (county|parish|borough)$/.exec(placeKey(place));
    // A town of the name wins over a neighbourhood of it: "Lincoln Park" is the town in Michigan,
    // "Lincoln Park, IL" the part of Chicago.
    return (
      (county ? inState(this.counties.get(county[1]!), state) : null) ??
      this.town(place, state) ??
      inState(this.neighbourhoods.get(placeKey(place)), state) ??
      // "Queens": a county whose name is not also a town's.
      inState(this.counties.get(placeKey(place)), state) ??
      (name === null ? this.state(text) : null)
    );
  }

  /** ["Evanston", "IL"] for "Evanston, IL", "Evanston IL" or "Evanston, Illinois"; [null, undefined] without a state. */
  private splitState(text: string): [string | null, string | undefined] {
    const comma = text.lastIndexOf(',');
    if (comma > 0) {
      const code = stateCode(text.slice(comma + 1));
      if (code) return [text.slice(0, comma), code];
    }
    const words = text.trim().split(/\s+/);
    if (words.length > 1) {
      const last = words.at(-1)!;
      // Only a two-letter code without a comma: "West Virginia" is a state, not "West" in Virginia.
      if (/^[A-Za-z]{2}$/.test(last) && stateCode(last)) {
        const code = stateCode(last)!;
        const rest = words.slice(0, -1).join(' ');
        if (this.town(rest, code) || this.neighbourhoods.has(placeKey(rest)) || this.counties.has(placeKey(rest).replace(/ county$/, ''))) return [rest, code];
      }
    }
    return [null, undefined];
  }

  /**
   * Places whose name starts with `text`, for the search form's suggestions: ZIP codes for digits,
   * else towns and boroughs with the most ZIP codes first (a state after a comma narrows them).
   */
  suggest(text: string, limit: number): GazetteerPlace[] {
    const t = text.trim();
    if (/^\d{1,5}$/.test(t)) return startingWith(this.zipList, t, limit).map((z) => this.zip(z)!);
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
    const found = (this.towns.get(head) ?? []).filter(fits);
    const keys = startingWith(this.townKeys, head, FEW_KEYS + 1);
    if (keys.length > FEW_KEYS) {
      // A short start ("s") fits thousands of towns: walk them biggest first and stop at `limit`.
      for (let i = 0; i < this.ranked.length && found.length < limit; i++) {
        const p = this.ranked[i]!;
        if (p.key.startsWith(head) && p.key !== head && fits(p.place)) found.push(p.place);
      }
      return found.slice(0, limit);
    }
    const more = keys.filter((k) => k !== head).flatMap((k) => this.towns.get(k)!.filter(fits));
    return [...found, ...more.sort(mostZipsFirst)].slice(0, limit);
  }
}

/** Beyond this many town names sharing a start, suggestions walk the towns biggest first instead of sorting them. */
const FEW_KEYS = 200;

/** The entries of sorted `list` that start with `prefix`, at most `limit` of them. */
function startingWith(list: string[], prefix: string, limit: number): string[] {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < list.length && found.length < limit && list[i]!.startsWith(prefix); i++) found.push(list[i]!);
  return found;
}
