/**
 * What one request's searches read, kept in the request (docs/search.md "How a search runs"): a
 * place's rings resolve and plan a search for each circle, mostly with the same words, zones and
 * boxes, so a statement they share is read once. Each read is kept by its statement (statementKey)
 * in the map of its kind; the object travels down with the request, nothing is kept in a module.
 */
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import { termsOfWord, type TextMatch } from './textMatch.server';
import type { TermKind } from '../suggestions/index.server';
import type { Point } from '../places';
import type { HoursAsked, SpotNear } from './searchTypes.server';
import type { Page } from '../providers/index.server';
import type { SearchResult } from './schemas/search';

/** Reads by statement (statementKey): each is made once. */
export type StatementMemo<T> = Map<string, Promise<T>>;

/** Text's matches as one read of the full-text index counts them (textFacts.server.ts `textListOf`). */
export interface TextList {
  /** Matches counted, at most one past `countedWords()`. */
  n: number;
  /** The highest rowid among those counted: how far into the index's order (seq) they reach. */
  reach: number;
  /** Their rowids (seq), as a JSON array, when `n` is every match (at most `countedWords()`); else null. */
  rowids: string | null;
}

export interface RequestReads {
  /** Counts (`SELECT count(*) AS n`): the open-now list's, the text's, a box's rows. */
  counts: StatementMemo<number>;
  /** The full-text expression of each text searched (textMatch.server.ts), by column and text. */
  textMatches: StatementMemo<TextMatch | null | false>;
  /** A count that lists its matches' seq (SearchRun.countOrList): a circle's count is read again for its page. */
  listings: StatementMemo<{ n: number; seqs: string }>;
  /** The states a box or a ZIP prefix holds providers in (textFacts.server.ts `statesOf`). */
  states: StatementMemo<readonly string[] | null>;
  /** The words' matches and their rowids (textFacts.server.ts `textListOf`). */
  textLists: StatementMemo<TextList>;
  /** The vocabulary's terms that start with a word, by kind and word (`termsOnce`): a search's words read them, its spelling correction asks whether there are any. */
  prefixes: StatementMemo<string[]>;
  /** The hours' classes of a circle's or a place's zones (openNow.server.ts `hoursOnce`), by ask (`hoursKey`). */
  hours: StatementMemo<HoursAsked>;
  /** A place's rings' searches (rings.server.ts `searchOnce`), by their parameters, with the plan each took. */
  rings: StatementMemo<Page<SearchResult> & { plan?: string }>;
  /** A place's rings read as one statement (rings.server.ts `ringsRead`), by their page: read ahead beside the place's own page, then taken. */
  atOnce: StatementMemo<unknown>;
  /** The points providers sit at around a point (near.server.ts `spotsNear`), by circle: a narrower one's are a wider one's nearer than its radius. */
  spots: { point: Point; miles: number; read: Promise<SpotNear[]> }[];
}

/** A request's reads, none made yet. */
export const requestReads = (): RequestReads => ({
  counts: new Map(),
  textMatches: new Map(),
  listings: new Map(),
  states: new Map(),
  textLists: new Map(),
  prefixes: new Map(),
  hours: new Map(),
  rings: new Map(),
  atOnce: new Map(),
  spots: [],
});

/** A statement's identity: its SQL (whitespace aside) and its parameters. */
export function statementKey({ db }: Db, query: RawBuilder<unknown>): string {
  const { sql: text, parameters } = query.compile(db);
  return `${text.replace(/\s+/g, ' ')}\0${JSON.stringify(parameters)}`;
}

/** The read of `key` in `memo`, made by `read` the first time it is asked for. */
export function readOnce<T>(memo: StatementMemo<T>, key: string, read: () => Promise<T>): Promise<T> {
  let found = memo.get(key);
  if (!found) {
    found = read();
    memo.set(key, found);
  }
  return found;
}

/** The `n` of a `SELECT count(*) AS n` statement, read once per `memo` (statementKey). */
export const countOnce = (database: Db, memo: StatementMemo<number>, query: RawBuilder<{ n: number }>): Promise<number> =>
  readOnce(memo, statementKey(database, query), async () => Number((await query.execute(database.db)).rows[0]!.n));

/** A word's terms (textMatch.server.ts `termsOfWord`), read once in the request by the search and its spelling correction alike. */
export const termsOnce =
  (database: Db, reads: RequestReads) =>
  (kind: TermKind, word: string): Promise<string[]> =>
    readOnce(reads.prefixes, termsKey(kind, word), () => termsOfWord(database, kind, word));

const termsKey = (kind: TermKind, word: string) => `${kind}\0${word.toLowerCase()}`;

/** Whether the request read (or is reading) the terms of `word` already. */
export const termsRead = (reads: RequestReads, kind: TermKind, word: string): boolean => reads.prefixes.has(termsKey(kind, word));
