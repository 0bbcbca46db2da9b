/**
 * How the free text of a search is read (docs/search.md): its words (src/lib/words.ts) as a full-text query (the
 * location string is read by src/features/places/location.ts). Pure, so tests/unit/ covers it without a database.
 */
import { searchWords } from '../../lib/words';

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
