/**
 * How the text of a search is read (docs/search.md): a location string as a city, state or ZIP
 * prefix, and free text as a full-text query. Pure, so tests/unit/ covers it without a database.
 */
import { stateCode } from '../places/usStates';

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

/**
 * The words of a text as search reads them: letters and digits, lower case, accents taken off Latin
 * letters ("Café" is "cafe") as the full-text index does (`remove_diacritics 2`, migrations/0004),
 * so the vocabulary (search_terms) holds the index's own tokens.
 */
export function searchWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Words of a search text read at most (longer texts are cut: a query is not a document). */
export const MAX_QUERY_WORDS = 12;

/**
 * The longest prefix with an index of its own in the full-text table (`prefix = '2 3 4'`,
 * migrations/0004): a longer word is matched through the words of the data it starts
 * (src/features/search/textMatch.server.ts).
 */
export const PREFIX_INDEX_MAX = 4;

/** Whether a word is matched as an indexed prefix. */
export const isIndexedPrefix = (word: string) => [...word].length <= PREFIX_INDEX_MAX;

/**
 * One word of an FTS5 query: the word as a prefix, or, given the words of the data it starts
 * (`terms`), exactly those. Quoted tokens cannot be read as FTS operators (AND, NEAR, column filters...).
 */
export function ftsWord(word: string, terms?: readonly string[]): string {
  if (!terms) return `"${word}"*`;
  return terms.length === 1 ? `"${terms[0]}"` : `(${terms.map((t) => `"${t}"`).join(' OR ')})`;
}

/** An FTS5 query matching every word of the text as a prefix; null when the text has no words. */
export function ftsQuery(text: string): string | null {
  const words = searchWords(text).slice(0, MAX_QUERY_WORDS);
  return words.length ? words.map((w) => ftsWord(w)).join(' ') : null;
}
