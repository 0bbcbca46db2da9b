/**
 * The full-text expression of a search's words (docs/search.md), built so that checking one row
 * against it stays cheap. A word of up to PREFIX_INDEX_MAX letters is a prefix with an index of its
 * own (`prefix = '2 3 4'`, migrations/0004). A longer word is read as the words of the data that
 * start with it (search_terms, the vocabulary written with every provider; in the services column,
 * the words of services alone), each an exact token:
 * FTS5 then seeks their lists by rowid, where a long prefix merged the lists of every word it starts
 * on each check (docs/search.md "Filters"; figures in docs/BENCHMARKS.md).
 */
import type { Db } from '../../db/client';
import { searchWords } from '../../lib/words';
import { ftsWord, isIndexedPrefix, MAX_QUERY_WORDS, PREFIX_INDEX_MAX } from './searchText';
import { pendingServiceNames, termsWithPrefix, type TermKind } from '../suggestions/index.server';
import { UNVETTED_READ, unvettedRows, unvettedWordsIn, type UnvettedRow } from '../listings/index.server';
import { categoryForSearch } from '../catalog';
import type { Filters } from './searchTypes.server';

/**
 * Where a long word's words of the data come from, by the column searched: the vocabulary's kind and
 * the field of listings not yet vetted. In the services column, the words of services alone: a word
 * of descriptions that no service has ("consultations") is a long list the index would read for
 * nothing (migrations/0039).
 */
const WORDS_OF = {
  any: { kind: 'word', unvetted: 'name' },
  services: { kind: 'serviceWord', unvetted: 'services' },
} as const;

/**
 * Words of the data one long word may stand for before it is left a prefix: a check costs a seek
 * per word, and a prefix this common ("beaut") is better listed once than checked row by row.
 */
export const MAX_EXPANSION = 16;

/**
 * Seeks one row's check may cost (a seek per word of the data, one per indexed prefix): past it the
 * matches are listed once rather than checked row by row. Listing costs a read per match, which
 * grows with the directory; a check's seeks do not, so a short query is checked (docs/search.md
 * "Bounded cost").
 */
export const MAX_CHECK_SEEKS = 8;

/**
 * Whether a short word (an indexed prefix) is read as the words of the data it starts rather than as
 * its prefix: in the services column, when a few words of services start with it and it is none of
 * them. Its prefix's list holds every word of every column that starts with it ("pa": 538,684
 * providers, for the 61,120 whose services say "package"), where a word it is itself ("dip") is
 * most of its own prefix's list. Elsewhere the prefix stays.
 */
const shortWordExpands = (column: 'services' | undefined, word: string, vocabulary: readonly string[]) =>
  column === 'services' && vocabulary.length > 0 && vocabulary.length <= MAX_EXPANSION && !vocabulary.includes(word);

/** The words of waiting service names that start with `word`. */
const pendingWordsIn = (names: readonly string[], word: string): string[] => names.flatMap((name) => searchWords(name).filter((w) => w.startsWith(word)));

/**
 * Whether a short word that starts no word of the vocabulary's services starts none of the services
 * it does not hold either: those of listings not yet vetted (all read) and the names vetted listings'
 * owners added that wait for an operator (all read; docs/owners.md "Shared vocabulary"). Then
 * nothing matches it in the services column, as a long word that starts no word of services: its
 * prefix's list holds every word of every column that starts with it, read whole for none.
 */
async function startsNoService(
  word: string,
  unvettedOf: () => Promise<readonly UnvettedRow[]>,
  pendingOf: () => Promise<readonly string[] | null>,
): Promise<boolean> {
  const [unvetted, pending] = await Promise.all([unvettedOf(), pendingOf()]);
  if (unvetted.length >= UNVETTED_READ || pending === null) return false;
  return !unvettedWordsIn(unvetted, word, 'services').length && !pendingWordsIn(pending, word).length;
}

/**
 * One word of a text as an expression of its own (with the column filter), and how common it is
 * guessed to be, for the check of one row a word at a time (filters.server.ts `matchesText`): a
 * word of the data is one word of many (a few at most, MAX_EXPANSION), an indexed prefix the start
 * of many words, the shorter the more. `common`: lower is rarer.
 */
export interface WordCheck {
  expression: string;
  common: number;
}

/** How common a word is guessed to be (WordCheck `common`): words of the data, the fewer the rarer, before indexed prefixes, the longer the rarer; in the services column before every column. */
const commonOf = (column: 'services' | undefined, word: string, terms?: readonly string[]) =>
  2 * (terms ? Math.min(terms.length, MAX_EXPANSION) : MAX_EXPANSION + PREFIX_INDEX_MAX + 1 - [...word].length) + (column ? 0 : 1);

export interface TextMatch {
  /** FTS5 expression (every word, ANDed), with the column filter when given. */
  expression: string;
  /** Its words each alone (every one of them met is `expression` met), as written. */
  words: WordCheck[];
  /** Whether one row can be checked against it cheaply (no long prefix left unexpanded). */
  checkable: boolean;
  /** Seeks one row's check costs: a seek per word of the data, one per indexed prefix. */
  seeks: number;
}

/** Up to MAX_EXPANSION + 1 terms of `kind` that start with `word`: the words of the data it may stand for. */
export const termsOfWord = (database: Db, kind: TermKind, word: string): Promise<string[]> => termsWithPrefix(database, kind, word, MAX_EXPANSION + 1);

/**
 * The expression for `text`, in `column` or every column; null for text without words, false when
 * a long word starts no word of the data (nothing can match: spelling correction may then help).
 */
export async function textMatch(
  database: Db,
  text: string,
  column?: 'services',
  // A request's searches and its spelling correction read a word's terms once (requestReads.server.ts `termsOnce`).
  termsOf = (kind: TermKind, word: string) => termsOfWord(database, kind, word),
  // The listings not yet vetted, read once for the request's words (requestReads.server.ts `unvettedOnce`).
  unvettedOf: () => Promise<readonly UnvettedRow[]> = () => unvettedRows(database),
  // The service names waiting for an operator, read once for the request (requestReads.server.ts `pendingOnce`).
  pendingOf: () => Promise<readonly string[] | null> = () => pendingServiceNames(database),
): Promise<TextMatch | null | false> {
  const words = searchWords(text).slice(0, MAX_QUERY_WORDS);
  if (!words.length) return null;
  const from = WORDS_OF[column ?? 'any'];
  let checkable = true;
  let seeks = 0;
  const parts = await Promise.all(
    words.map(async (word) => {
      const short = isIndexedPrefix(word);
      // A short word's words of the data are read only where they may stand for it (shortWordExpands).
      // New listings' words join the vocabulary only once vetted, yet search finds them by name (or
      // a service search by their services): read beside the vocabulary, one round trip.
      // A vetted listing's service name waiting for an operator is on the listing but in no
      // vocabulary (docs/owners.md "Shared vocabulary"): a long word stands for its words too.
      const [vocabulary, unvetted, pending] = await Promise.all([
        short && column !== 'services' ? [] : termsOf(from.kind, word),
        short && column !== 'services' ? [] : unvettedOf().then((rows) => unvettedWordsIn(rows, word, from.unvetted)),
        short ? [] : pendingOf().then((names) => names && pendingWordsIn(names, word)),
      ]);
      if (short && column === 'services' && !vocabulary.length && (await startsNoService(word, unvettedOf, pendingOf))) return false;
      if (short && !shortWordExpands(column, word, vocabulary)) {
        seeks += 1;
        return { expression: ftsWord(word), common: commonOf(column, word) };
      }
      // More names wait than are read: the word's prefix finds them, as it finds every word.
      if (vocabulary.length > MAX_EXPANSION || pending === null) {
        checkable = false;
        return { expression: ftsWord(word), common: commonOf(column, word) };
      }
      const terms = [...new Set([...vocabulary, ...unvetted, ...pending])];
      seeks += terms.length;
      return terms.length ? { expression: ftsWord(word, terms), common: commonOf(column, word, terms) } : false;
    }),
  );
  if (seeks > MAX_CHECK_SEEKS) checkable = false;
  const each = parts.filter((part) => part !== false);
  if (each.length < parts.length) return false;
  const inColumn = (expression: string) => (column ? `${column} : (${expression})` : expression);
  // FTS5 reads two phrases side by side as AND, but not a bracketed group: spelled out.
  const expression = inColumn(each.map((part) => part.expression).join(' AND '));
  return { expression, words: each.map((part) => ({ ...part, expression: inColumn(part.expression) })), checkable, seeks };
}

/**
 * A search's words and service (a service that is no category) as one full-text expression, each read
 * by `matchOf`; false when one matches nothing. `words`: the same words each alone (Resolved `matchWords`).
 */
export async function textOf(params: Pick<Filters, 'query' | 'service'>, matchOf: (text: string, column?: 'services') => Promise<TextMatch | null | false>) {
  const texts = await Promise.all([
    params.query ? matchOf(params.query) : undefined,
    params.service && !categoryForSearch(params.service) ? matchOf(params.service, 'services') : undefined,
  ]);
  const parts = texts.filter((t) => t !== undefined);
  const matches = parts.filter((t) => !!t);
  const match: string | false | null = parts.some((t) => !t) ? false : matches.length ? matches.map((t) => `(${t.expression})`).join(' AND ') : null;
  // Every word of both, the rarest guessed first: a row's check stops at the first it fails.
  const words = match
    ? {
        of: match,
        words: matches
          .flatMap((t) => t.words)
          .sort((a, b) => a.common - b.common)
          .map((w) => w.expression),
      }
    : undefined;
  return { match, matches, words };
}
