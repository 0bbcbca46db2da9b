/**
 * How a text is cut into words, one definition for the full-text search (src/features/search/) and
 * the vocabulary it is corrected against (src/features/suggestions/). Pure and browser-safe.
 */

/**
 * The words of a text as the search reads them: letters and digits, lower case, accents taken off Latin
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
      .match(WORD) ?? []
  );
}

/**
 * A word: letters and digits, but not the few that the index's tokenizer (SQLite's unicode61, older
 * Unicode tables) reads as separators, so each word is one token of the index. A word the index split
 * would be a phrase, which the index cannot answer (`detail = column`, migrations/0093);
 * tests/db/word-tokens.test.ts checks every letter and digit against the tokenizer.
 */
const WORD = /(?:(?![\u19b0-\u19c0\u19c8\u19c9\u1cf2\u1cf3])[\p{L}\p{N}])+/gu;
