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
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
