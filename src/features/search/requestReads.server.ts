/**
 * What one request's searches read, kept in the request (docs/search.md "How a search runs"): a
 * place's rings resolve and plan a search for each circle, mostly with the same words, zones and
 * boxes, so a statement they share is read once. Each read is kept by its statement (statementKey)
 * in the map of its kind; the object travels down with the request, nothing is kept in a module.
 */
import { sql, type CompiledQuery, type OperationNode, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import { MAX_EXPANSION, type TextMatch } from './textMatch.server';
import { PENDING_JSON, pendingOf, pendingServiceNames, termsElseBand, type Term, type TermKind } from '../suggestions/index.server';
import { UNVETTED_JSON, unvettedOf, unvettedRows, type UnvettedRow } from '../listings/index.server';
import type { Point } from '../places';
import type { Count, HoursAsked, SpotNear } from './searchTypes.server';
import { cappedCount, type Page } from '../providers/index.server';
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

/** Matches counted up to the cap as SearchRun.countOrList lists them. */
export interface Listing {
  /** Counted, at most one past the cap. */
  n: number;
  /** Their seq, as a JSON array, when they are at most the cap; else null. */
  seqs: string | null;
  /** The highest seq counted: how far into the source's order they reach. */
  reach: number;
}

export interface RequestReads {
  /** Counts (`SELECT count(*) AS n`): the open-now list's, the text's, a box's rows. */
  counts: StatementMemo<number>;
  /** The full-text expression of each text searched (textMatch.server.ts), by column and text. */
  textMatches: StatementMemo<TextMatch | null | false>;
  /** A count that lists its matches' seq (SearchRun.countOrList): a circle's count is read again for its page. */
  listings: StatementMemo<Listing>;
  /** A few-match plan's matches, their seq in its page's order (SearchRun.fewSorted): a circle's count, read again for its page by seq. */
  sortedMatches: StatementMemo<number[]>;
  /** The states a box or a ZIP prefix holds providers in (textFacts.server.ts `statesOf`). */
  states: StatementMemo<readonly string[] | null>;
  /** The words' matches and their rowids (textFacts.server.ts `textListOf`), by full-text expression: one statement reads each, so its text is the key, not the compiled read. */
  textLists: StatementMemo<TextList>;
  /** The vocabulary's terms that start with a word, by kind and word (`termsOnce`): a search's words read them, its spelling correction asks whether there are any. */
  prefixes: StatementMemo<string[]>;
  /** A word's candidates for correction (a query's word, a service, a city), read with its terms when it has none (`termsOnce`, closest.server.ts `termsElseBand`); null when it has terms. */
  bands: StatementMemo<Term[] | null>;
  /** The listings not yet vetted (listings `unvettedRows`): each word of the request's text, and of its correction, looks among them. */
  unvetted: StatementMemo<UnvettedRow[]>;
  /** The service names waiting for an operator (suggestions `pendingServiceNames`): a long word stands for their words too, a short word of a service looks among them. */
  pending: StatementMemo<string[] | null>;
  /** The hours' classes of a circle's or a place's zones (openNow.server.ts `hoursOnce`), by ask (`hoursKey`). */
  hours: StatementMemo<HoursAsked>;
  /** A place's rings' searches (rings.server.ts `searchOnce`), by their parameters, with the plan each took. */
  rings: StatementMemo<Page<SearchResult> & { plan?: string }>;
  /** A place's rings read as one statement (rings.server.ts `ringsRead`), by their page: read ahead beside the place's own page, then taken. */
  atOnce: StatementMemo<unknown>;
  /** A place's rings' one text statement, read ahead beside the place's own page (rings.server.ts `readBeside`), taken when its page fits. */
  textAhead?: Promise<unknown>;
  /** The points providers sit at around a point (near.server.ts `spotsNear`), by circle: a narrower one's are a wider one's nearer than its radius. */
  spots: { point: Point; miles: number; read: Promise<SpotNear[]> }[];
  /**
   * Counts up to the counted cap (plans/context.server.ts SearchRun.count) started before a search
   * asks for them: a ZIP prefix's listed providers, beside the request's first reads
   * (plans/filterListed.server.ts `countListedEarly`). A search's count of the same statement takes it.
   */
  capped: StatementMemo<Count>;
  /** The words' list read beside their terms (textFacts.server.ts `readWordsListEarly`), done once it is kept in `textLists`: a read of a list waits for it. */
  wordsEarly?: Promise<void>;
  /** A plan's first statement read in the open-now count's statement (`countWithRows`), its rows by statement (statementKey): the plan's run takes them (plans/context.server.ts SearchRun.run). */
  planAhead: StatementMemo<Record<string, unknown>[]>;
}

/** A request's reads, none made yet. */
export const requestReads = (): RequestReads => ({
  counts: new Map(),
  textMatches: new Map(),
  listings: new Map(),
  sortedMatches: new Map(),
  states: new Map(),
  textLists: new Map(),
  prefixes: new Map(),
  bands: new Map(),
  unvetted: new Map(),
  pending: new Map(),
  hours: new Map(),
  rings: new Map(),
  atOnce: new Map(),
  capped: new Map(),
  spots: [],
  planAhead: new Map(),
});

/**
 * The reads a search whose words' terms differ from those its request's searches took (a spelling's
 * wrong guess, correctedSearch.server.ts) makes again: those kept by text or by a search's parameters
 * (the words' expressions, the rings' searches, the reads ahead). What is kept by its statement, whose
 * SQL and parameters name the words it read, is shared.
 */
export const textUnread = (): Pick<RequestReads, 'textMatches' | 'rings' | 'atOnce' | 'textAhead' | 'wordsEarly'> => ({
  textMatches: new Map(),
  rings: new Map(),
  atOnce: new Map(),
  textAhead: undefined,
  wordsEarly: undefined,
});

/** A statement's key from its SQL and arguments as the client sends them (statementKey's, and a captured statement's: `countWithRows`). */
function sentKey(read: NextRows['read']): string {
  return `${read.sql.replace(/\s+/g, ' ')}\0${JSON.stringify(read.args)}`;
}

/**
 * A statement compiled once where the request reads it: its key (asked for only when a read is
 * looked for), what runs (`rowsOf`), and its node to nest in another statement as its builder would
 * be. Nothing keeps it but the read that made it.
 */
export class Statement<R = unknown> implements OperationNodeSource {
  #key: string | undefined;
  constructor(readonly compiled: CompiledQuery<R>) {}
  toOperationNode(): OperationNode {
    return this.compiled.query;
  }
  /** Its identity: its SQL (whitespace aside) and its parameters. */
  get key(): string {
    this.#key ??= sentKey({ sql: this.compiled.sql, args: this.compiled.parameters as unknown[] });
    return this.#key;
  }
}

/** A statement as a search builds it, or compiled already (`Statement`). */
export type Readable<R = unknown> = RawBuilder<R> | Statement<R>;

/** `query` compiled (once: a Statement is taken as it is). */
export const statementOf = <R>({ db }: Db, query: Readable<R>): Statement<R> => (query instanceof Statement ? query : new Statement(query.compile(db)));

/** A statement's identity: its SQL (whitespace aside) and its parameters. */
export const statementKey = (database: Db, query: Readable): string => statementOf(database, query).key;

/** The rows of a compiled statement. */
export const rowsOf = async <R>({ db }: Db, { compiled }: Statement<R>): Promise<R[]> => (await db.executeQuery(compiled)).rows;

/**
 * `read`, kept for whoever asks for it later: a read started ahead (beside the place, before a plan
 * needs it) may never be awaited when the request fails first (an unreachable database), and a
 * rejection nobody handles ends the server's process (tests/api/faults.test.ts). Those who await it
 * still see its error.
 */
export function kept<T>(read: Promise<T>): Promise<T> {
  read.catch(() => {});
  return read;
}

/** The read of `key` in `memo`, made by `read` the first time it is asked for. */
export const readOnce = <T>(memo: StatementMemo<T>, key: string, read: () => Promise<T>): Promise<T> => memo.get(key) ?? remembered(memo, key, read());

/** `read`, just started, kept in `memo` under `key` for the request's later asks (`readOnce`; a caller that looked in `memo` itself). */
export function remembered<T>(memo: StatementMemo<T>, key: string, read: Promise<T>): Promise<T> {
  const found = kept(read);
  memo.set(key, found);
  return found;
}

/** The `n` of a `SELECT count(*) AS n` statement, read once per `memo` (statementKey). */
export function countOnce(database: Db, memo: StatementMemo<number>, query: Readable<{ n: number }>): Promise<number> {
  const count = statementOf(database, query);
  return readOnce(memo, count.key, async () => Number((await rowsOf(database, count))[0]!.n));
}

/** A count a search asks after another (`next.count`), when the other's `n` meets `next.when` (SQL on it). */
export interface NextCount {
  count: RawBuilder<{ n: number }>;
  when: (n: RawBuilder<unknown>) => RawBuilder<unknown>;
}

/**
 * A statement a search makes after a count, as its client sends it (`read`: a plan's first, captured
 * by plans/index.server.ts `planAfterOpenCount`), when the count's `n` meets `when` (SQL on the
 * column it names).
 */
export interface NextRows {
  read: { sql: string; args: unknown[] };
  when: (n: string) => string;
  /** A count asked after the same count (`count.when`), read in the same statement. */
  count?: NextCount;
  /** The rows read only when that count comes out so (its value the statement was captured with). */
  countIs?: number;
}

/** What a search asks after a count: another count, or a statement's rows. */
export type NextRead = NextCount | NextRows;

/**
 * countOnce's read of `count` with `next` in one statement, `next` made only when the count's `n`
 * asks for it; each kept in `memo` as countOnce keeps it, `next` before the count is given (whoever
 * awaits the count asks for it next). The count alone when either was read. A statement's rows
 * (`NextRows`) are kept in `reads.planAhead` (`countWithRows`).
 */
export function countWithNext(
  database: Db,
  memo: StatementMemo<number>,
  counted: Readable<{ n: number }>,
  next?: NextRead,
  reads?: RequestReads,
): Promise<number> {
  const count = statementOf(database, counted);
  if (next && 'read' in next) return reads ? countWithRows(database, reads, count, next) : countOnce(database, memo, count);
  const countKey = count.key;
  const nextKey = next && statementKey(database, next.count);
  if (!next || !nextKey || memo.has(countKey) || memo.has(nextKey)) return countOnce(database, memo, count);
  // The count leads: the next is read only when its n asks for it.
  const both = sql<{ n: number; next: number | null }>`WITH c AS MATERIALIZED (${count})
    SELECT c.n AS n, CASE WHEN ${next.when(sql`c.n`)} THEN (${next.count}) END AS next FROM c`
    .execute(database.db)
    .then(({ rows }) => {
      const row = rows[0]!;
      if (row.next !== null && !memo.has(nextKey)) memo.set(nextKey, Promise.resolve(Number(row.next)));
      return Number(row.n);
    });
  return remembered(memo, countKey, both);
}

/** The matches of `from` counted up to the counted cap (providers `cappedCount`), read once per `memo` (statementKey). */
export const cappedOnce = (database: Db, memo: StatementMemo<Count>, from: RawBuilder<unknown>): Promise<Count> =>
  readOnce(memo, statementKey(database, from), () => cappedCount(database, from));

/** Up to MAX_EXPANSION + 1 terms of `kind` that start with a word: the words of the data it may stand for (textMatch.server.ts). */
export const EXPANSION_READ = MAX_EXPANSION + 1;

/** The kinds of words spelling correction corrects (correctedSearch.server.ts): a query's words, a service as typed, a city. */
const CORRECTED: ReadonlySet<TermKind> = new Set(['word', 'service', 'city']);

/** The kinds of words of a search's text (textMatch.server.ts): each looks among the listings not yet vetted and the waiting service names too. */
const TEXT_KINDS: ReadonlySet<TermKind> = new Set(['word', 'serviceWord']);

/**
 * A word's terms (up to EXPANSION_READ), read once in the request by the search and its spelling
 * correction alike. A word correction corrects is read with its candidates for correction when it
 * has none (`bandRead`): a search whose word is unknown then finds nothing and is corrected in no
 * round trip of its own. The request's first word of text reads the listings not yet vetted and
 * the waiting service names beside its terms (`unvettedOnce`, `pendingOnce`): two statements fewer.
 */
export const termsOnce =
  (database: Db, reads: RequestReads) =>
  (kind: TermKind, word: string): Promise<string[]> => {
    const key = termsKey(kind, word);
    const read = reads.prefixes.get(key);
    if (read) return read;
    const band = CORRECTED.has(kind);
    // Of a city, correction asks only whether it has any (correctedSearch.server.ts `correctLocation`).
    const beside = TEXT_KINDS.has(kind) && !reads.unvetted.has('') && !reads.pending.has('');
    const both = termsElseBand(database, kind, word, kind === 'city' ? 1 : EXPANSION_READ, {
      band,
      ...(beside ? { beside: [UNVETTED_JSON, PENDING_JSON] } : {}),
    });
    if (beside) {
      remembered(
        reads.unvetted,
        '',
        both.then((b) => unvettedOf(b.beside[0])),
      );
      remembered(
        reads.pending,
        '',
        both.then((b) => pendingOf(b.beside[1])),
      );
    }
    const terms = remembered(
      reads.prefixes,
      key,
      both.then((b) => b.terms),
    );
    if (band)
      remembered(
        reads.bands,
        key,
        both.then((b) => b.band),
      );
    return terms;
  };

const termsKey = (kind: TermKind, word: string) => `${kind}\0${word.toLowerCase()}`;

/** Whether the request read (or is reading) the terms of `word` already. */
export const termsRead = (reads: RequestReads, kind: TermKind, word: string): boolean => reads.prefixes.has(termsKey(kind, word));

/** A query word's candidates for correction when read with its terms (`termsOnce`; null: it has terms), else undefined. */
export const bandRead = (reads: RequestReads, kind: TermKind, word: string): Promise<Term[] | null> | undefined => reads.bands.get(termsKey(kind, word));

/**
 * Takes `terms` as the word's terms in the request (a spelling correction's guess, closest.server.ts
 * `prefixTermsInBand`): its searches then build their text without a read of their own.
 */
export const assumeTerms = (reads: RequestReads, kind: TermKind, word: string, terms: string[]): void => {
  reads.prefixes.set(termsKey(kind, word), Promise.resolve(terms));
};

/** The listings not yet vetted, read once in the request (each word of its text looks among them). */
export const unvettedOnce = (database: Db, reads: RequestReads): Promise<UnvettedRow[]> => readOnce(reads.unvetted, '', () => unvettedRows(database));

/** The service names waiting for an operator, read once in the request (textMatch.server.ts: a long word stands for their words, a short word of a service looks among them). */
export const pendingOnce = (database: Db, reads: RequestReads): Promise<string[] | null> => readOnce(reads.pending, '', () => pendingServiceNames(database));

/**
 * countWithNext's read of `count` with a statement's rows (`next.read`) in one statement, the rows
 * read only when the count's `n` meets `next.when` (`afterGuard`), kept in `reads.planAhead` under
 * the statement's key (`keepRowsRead`).
 */
function countWithRows(database: Db, reads: RequestReads, count: Statement<{ n: number }>, next: NextRows): Promise<number> {
  const countKey = count.key;
  const rowsKey = sentKey(next.read);
  if (reads.counts.has(countKey) || reads.planAhead.has(rowsKey)) return countOnce(database, reads.counts, count);
  const { sql: counted, parameters } = count.compiled;
  // A count asked after the same count (`next.count`): a column, made only when the count's `n` asks for it; the rows then
  // only when it comes out as they were captured with (`countIs`).
  const nextKey = next.count && statementKey(database, next.count.count);
  if (nextKey && reads.counts.has(nextKey)) return countOnce(database, reads.counts, count);
  const asked =
    next.count &&
    sql`SELECT o__.n, CASE WHEN ${next.count.when(sql.raw('o__.n'))} THEN (${next.count.count}) END AS next__ FROM (${sql.raw(counted)}) o__`.compile(
      database.db,
    );
  const countIs = next.countIs === undefined ? '' : ` AND c__.next__ = ${Number(next.countIs)}`;
  const both = database.client
    .execute({
      sql: `WITH c__ AS MATERIALIZED (${asked ? asked.sql : counted}), g__ AS MATERIALIZED (SELECT 1 FROM c__ WHERE ${next.when('c__.n')}${countIs})
        SELECT c__.n AS n__, (SELECT count(*) FROM g__) AS hit__, ${asked ? 'c__.next__' : 'NULL'} AS next__, x__.* FROM c__
        LEFT JOIN (SELECT y__.* FROM ${afterGuard(next.read.sql)}) x__ ON 1 ORDER BY x__.i__`,
      args: [...(asked ? [...asked.parameters, ...parameters] : parameters), ...next.read.args] as never,
    })
    .then(({ columns, rows }) => {
      const [first] = rows;
      if (nextKey && first!.next__ !== null && !reads.counts.has(nextKey)) reads.counts.set(nextKey, Promise.resolve(Number(first!.next__)));
      if (Number(first!.hit__))
        keepRowsRead(
          reads,
          rowsKey,
          columns,
          rows.filter((row) => row.i__ !== null),
        );
      return Number(first!.n__);
    });
  return remembered(reads.counts, countKey, both);
}

/** `text`'s rows numbered (`i__`) in the order it gives them, apart from the statement that reads them (inside a join or a compound a subquery's ORDER BY may be dropped). */
export const numbered = (text: string) => `SELECT row_number() OVER () AS i__, q__.* FROM (${text}) q__`;

/**
 * A statement read inside another only when a guard (`g__`: one row, or none) has its row: the FROM of
 * its rows `y__` (`numbered`). SQLite never reads the statement after a guard of none.
 */
export const afterGuard = (text: string) => `g__ CROSS JOIN (${numbered(text)}) y__`;

/** Rows of a statement read inside another (`numbered`), in its order, as its client gives them: without the other's columns (named `…__`). */
export function rowsAsRead(columns: readonly string[], rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const own = columns.filter((c) => !c.endsWith('__'));
  return [...rows].sort((a, b) => Number(a.i__) - Number(b.i__)).map((row) => Object.fromEntries(own.map((c) => [c, row[c]])));
}

/**
 * `rows` (a statement's, read inside another: `rowsAsRead`) kept for the request under the statement's
 * `key`, its plan's run takes them (`rowsAhead`). A column named twice by the statement would come back
 * renamed: its rows are then left to be read.
 */
export function keepRowsRead(reads: RequestReads, key: string, columns: readonly string[], rows: readonly Record<string, unknown>[]): void {
  const own = columns.filter((c) => !c.endsWith('__'));
  if (!reads.planAhead.has(key) && new Set(own).size === own.length && own.every((c) => !/:\d+$/.test(c)))
    reads.planAhead.set(key, Promise.resolve(rowsAsRead(columns, rows)));
}

/** The rows of `query` read ahead for this request (`countWithRows`), else undefined: the caller reads it (compiled: `statementOf`). */
export const rowsAhead = (reads: RequestReads, query: Statement): Promise<Record<string, unknown>[]> | undefined =>
  reads.planAhead.size ? reads.planAhead.get(query.key) : undefined;
