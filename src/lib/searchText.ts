/**
 * How the text of a search is read (README "Search"): a location string as a city, state or ZIP
 * prefix, and free text as a full-text query. Pure, so tests/unit/ covers it without a database.
 */
import { stateCode } from './usStates';

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

/** The words of a text as search reads them: letters and digits, lower case. */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** An FTS5 query matching every word of the text as a prefix; null when the text has no words. */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text);
  if (!words.length) return null;
  // Quoted tokens cannot be read as FTS operators (AND, NEAR, column filters...).
  return words
    .slice(0, 12)
    .map((w) => `"${w}"*`)
    .join(' ');
}
