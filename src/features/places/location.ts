/** How a search's location string is read: a city, a state, a ZIP prefix (docs/search.md). Pure. */
import { stateCode } from './usStates';

/** A city as the vocabulary labels it (search_terms, kind city): "City, ST". */
export const cityLabel = (city: string, state: string) => `${city}, ${state}`;

/** The city and the state of a `cityLabel`. */
export function cityOfLabel(label: string): { city: string; state: string } {
  const comma = label.lastIndexOf(', ');
  return { city: label.slice(0, comma), state: label.slice(comma + 2) };
}

/** What a location string asks for: a city, a state, a ZIP prefix, or a combination. */
export interface LocationFilter {
  city?: string;
  state?: string;
  zipPrefix?: string;
  /** A state name that is also a city name ("New York"): the city where one exists, else the state. */
  cityElseState?: { city: string; state: string };
}

/** "Austin", "Austin, TX", "Austin TX", "TX", "Texas", "787", "Austin, TX 78701". */
export function parseLocation(text: string): LocationFilter {
  const t = text.trim().replace(/\s+/g, ' ');
  if (/^\d{1,5}(-\d{0,4})?$/.test(t)) return { zipPrefix: t.slice(0, 5).replace(/-.*/, '') };
  const whole = stateCode(t);
  if (whole && /^[A-Za-z]{2}$/.test(t)) return { state: whole };
  if (whole && !t.includes(',')) return { cityElseState: { city: t, state: whole } };
  const [head = '', ...rest] = t.split(',').map((p) => p.trim());
  const filter: LocationFilter = {};
  const tail = rest.join(' ').split(' ').filter(Boolean);
  const cityWords = head.split(' ').filter(Boolean);
  if (rest.length === 0 && cityWords.length > 1) {
    // "Austin TX 78701": peel a trailing ZIP and state off the city ("TX 78701" leaves no city).
    if (/^\d{5}$/.test(cityWords.at(-1)!)) filter.zipPrefix = cityWords.pop();
    const state = (cityWords.length > 1 || filter.zipPrefix) && /^[A-Za-z]{2}$/.test(cityWords.at(-1)!) ? stateCode(cityWords.at(-1)!) : undefined;
    if (state) {
      filter.state = state;
      cityWords.pop();
    }
  }
  for (const token of tail) {
    if (/^\d{3,5}(-\d{4})?$/.test(token)) filter.zipPrefix = token.slice(0, 5);
  }
  const stateText = tail.filter((tok) => !/^\d/.test(tok)).join(' ');
  if (stateText) filter.state = stateCode(stateText) ?? stateText.toUpperCase();
  if (cityWords.length) filter.city = cityWords.join(' ');
  return filter;
}
