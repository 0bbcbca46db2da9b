/**
 * What a search's text and region are, read once per request (requestReads.server.ts) and asked by
 * resolve.server.ts and the plans alike: how many matches the words have (`textListOf`, `manyText`,
 * `fewText`, `wordsEstimate`) and the states a region holds (`statesOf`). Below both, so resolve
 * never reads from a plan.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import { LIMITS } from '../../config';
import { FILTERS, filterToken, filtersOf, listableFilters, listedIn, listedMatch, textTokensOf, wordsMatch } from './filters.server';
import { textTokenPaysIn, type TokenShares } from './tokenShares.server';
import { INDEXES, indexedBy } from './indexes.server';
import { parseLocation } from '../places';
import {
  cappedOnce,
  countOnce,
  countWithNext,
  kept,
  readOnce,
  remembered,
  rowsOf,
  statementKey,
  statementOf,
  termsOnce,
  pendingOnce,
  unvettedOnce,
  type NextRead,
  type RequestReads,
  type TextList,
} from './requestReads.server';
import { overNetwork } from '../../db/batchedReads';
import { searchWords } from '../../lib/words';
import type { Resolved } from './searchTypes.server';
import { boxCheckedMost, countedWords, PLAN_TUNING } from './tuning.server';
import { boxRowsCount, boxTables, cellsNearRead, inCellsNear } from './near.server';
import { RADIUS_MILES } from './params';
import type { Point } from '../places';
import { MIN_WORD_LENGTH, termsStartingWith, type TermKind } from '../suggestions/index.server';
import { MAX_CHECK_SEEKS, MAX_EXPANSION, textMatch, textOf } from './textMatch.server';
import { isIndexedPrefix, MAX_QUERY_WORDS } from './searchText';
import { categoryForSearch } from '../catalog';
import { hasText } from './rings';
import type { SearchRequest } from './request.server';
import type { SearchParams } from './schemas/search';

/**
 * The states `read` lists, once per request under `key`; null when `read` finds none to narrow by
 * (null) or one of them has no token of its own in the full-text index (not two letters: migrations/0035).
 */
export function statesOnce(reads: RequestReads, key: string, read: () => Promise<readonly string[] | null>): Promise<readonly string[] | null> {
  return readOnce(reads.states, key, async () => statesListed(await read()));
}

/** `found`, or null when it is null or one of them has no token of its own (`statesOnce`). */
const statesListed = (found: readonly string[] | null) => (found?.every((state) => /^[A-Za-z]{2}$/.test(state)) ? found : null);

/**
 * The states the box of `miles` around `point` can hold providers in (plans/context.server.ts
 * SearchRun.boxStates), once per request: a place's rings read every circle's together
 * (rings.server.ts searchAround, words past the cap). From the cells, not the box's coordinate
 * index: a city's box holds tens of thousands of entries.
 */
export const statesNear = (database: Db, reads: RequestReads, point: Point, miles: number) =>
  statesOnce(reads, statesNearKey(point, miles), () => inCellsNear(database, 'state_cells', point, miles));

const statesNearKey = (point: Point, miles: number) => `states near ${point.latitude},${point.longitude} ${miles}`;

/** The states `read` lists (`SELECT DISTINCT p.state AS state …`), once per request (statesOnce). */
export function statesOf(database: Db, reads: RequestReads, query: RawBuilder<unknown>) {
  const read = statementOf(database, query);
  return statesOnce(reads, read.key, async () => ((await rowsOf(database, read)) as { state: string }[]).map((row) => row.state));
}

/** The states a ZIP prefix holds providers in (`r.place.zipPrefix`): text that is many is listed narrowed to them (resolve.server.ts `resolveTextList`). */
export const zipStatesRead = (r: Resolved) =>
  sql<{ state: string }>`SELECT DISTINCT p.state AS state FROM providers p ${indexedBy(INDEXES.zip)} WHERE ${FILTERS.zipPrefix.row(r)}`;

/** textListOf's statement for `match`. */
const textListRead = (match: string) =>
  sql<{ n: number; reach: number; rowids: string }>`SELECT count(*) AS n, max(rowid) AS reach, json_group_array(rowid) AS rowids
    FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${match} LIMIT ${countedWords() + 1})`;

/** A TextList of textListRead's row (`n` counted, its rowids kept only when they are every match). */
const textListFrom = (row: { n: number; reach: number; rowids: string }): TextList => {
  const n = Number(row.n);
  return { n, reach: Number(row.reach), rowids: n <= countedWords() ? row.rowids : null };
};

/**
 * The matches of the full-text expression `match` counted one past `countedWords()`, with their
 * rowids as they are counted (one string, aggregated in SQL), once per request: a plan that lists
 * text known to be few reads them from this list (plans/textListed.server.ts), where the index
 * decoded the words' lists a second time.
 */
export function textListOf(database: Db, match: string, reads: RequestReads): Promise<TextList> {
  return afterWordsEarly(reads, () => {
    const read = statementOf(database, textListRead(match));
    return readOnce(reads.textLists, match, async () => textListFrom((await rowsOf(database, read))[0]!));
  });
}

/**
 * `read` once the words' list read beside their terms is kept (`readWordsListEarly`), so that it
 * finds that list; at once (in this turn, beside the request's other reads) when none was started.
 */
const afterWordsEarly = <T>(reads: RequestReads, read: () => T | Promise<T>): Promise<T> =>
  reads.wordsEarly ? reads.wordsEarly.then(read) : Promise.resolve(read());

/**
 * The request's facts, read in its first round trip beside its place (nearPlace.server.ts `answerOf`):
 * the words' terms (`readWordsEarly`) and, over the network, the words' list (`readWordsListEarly`)
 * and a ZIP prefix's count (`countListedEarly`).
 */
export function readFactsEarly(q: SearchRequest): void {
  if (overNetwork(q.database)) countListedEarly(q.database, q.params, q.reads);
  readWordsEarly(q);
  if (overNetwork(q.database)) readWordsListEarly(q);
}

/**
 * The words a search and its spelling correction ask about, read in the request's first round trip,
 * beside its place (nearPlace.server.ts `answerOf`), so that neither waits for them: each word of the
 * query (with its candidates for correction when it has none), the service's words and the service
 * as typed, the city named (with its candidates), and the listings not yet vetted the words look
 * among. A local file has no round trip to save: it reads them as it needs them.
 */
export function readWordsEarly({ database, reads, params, words, located }: SearchRequest): void {
  if (!overNetwork(database)) return;
  const terms = termsOnce(database, reads);
  const read = (kind: TermKind, word: string) => terms(kind, word).catch(() => {});
  // The search reads a long word's terms (textMatch.server.ts), the correction any word it corrects.
  const queryWords = words.filter((w) => w.length >= MIN_WORD_LENGTH);
  for (const w of queryWords) read('word', w);
  const service = params.service && !categoryForSearch(params.service) ? params.service : undefined;
  if (service) {
    read('service', service);
    for (const w of searchWords(service).slice(0, MAX_QUERY_WORDS)) read('serviceWord', w);
  }
  // A long word also stands for the words of waiting service names (textMatch.server.ts), a short service word looks among them.
  if (service || queryWords.some((w) => !isIndexedPrefix(w))) {
    unvettedOnce(database, reads).catch(() => {});
    pendingOnce(database, reads).catch(() => {});
  }
  if (located?.cityName) read('city', located.cityName);
}

/**
 * The words' list a search with text reads (filters.server.ts `wordsMatch`: the words alone, or with
 * the words of the city it names), read in the request's first round trip beside their terms
 * (`wordsEarlyRead`), not after the place's reads: its expression built as resolve.server.ts builds
 * it, each word's terms marked where the statement puts them. Text alone in the recommended order
 * counts its listed matches itself (plans/order.server.ts): it reads no list. True when it is read.
 */
export function readWordsListEarly(q: Pick<SearchRequest, 'database' | 'reads' | 'params' | 'located' | 'sample'>): boolean {
  if (!listsEarly(q)) return false;
  // Set at once: a read of the words' list (a search whose words need no terms) waits for this one.
  q.reads.wordsEarly = listEarly(q);
  return true;
}

/** Whether readWordsListEarly reads the search's words' list (it names the searches that do). */
function listsEarly({ params, located }: Pick<SearchRequest, 'params' | 'located'>): boolean {
  // A city named as one that may be a state ("New York"): which it is, its reads say (the list has the city's words or not).
  const cityOrState = !!located?.cityName && !listedCity(params);
  // Nearest first from a location with no point (a state, a ZIP prefix) finds nothing (resolve.server.ts `placeOnMap`): nothing is listed.
  const pointless = params.sort === 'distance' && !params.near && located?.found?.kind !== 'zip' && located?.found?.kind !== 'city';
  if (!hasText(params) || cityOrState || pointless) return false;
  const r = earlyResolved(params);
  const onlyText = !params.near && !params.location && filtersOf(r).every((name) => name === 'text');
  return !onlyText || params.sort !== 'recommended';
}

/** The search as the first round trip resolves it from its parameters alone (no read): its service's category, `extra` (its words, its city). */
const earlyResolved = (params: SearchParams, extra: Partial<Resolved> = {}): Resolved => {
  const category = params.service ? categoryForSearch(params.service)?.slug : undefined;
  return { params, now: new Date(), match: null, checkable: true, checkSeeks: 0, ...(category ? { category } : {}), ...extra };
};

/** The city the location names as the search's place reads it (places/searchPlace.server.ts `resolvePlace`: the parse's city). */
const listedCity = (params: Pick<SearchParams, 'location'>) => (params.location ? parseLocation(params.location).city : undefined);

/** readWordsListEarly's read, done once the list it read is kept for the request (never failing: the search reads its own then). */
async function listEarly({ database, reads, params, sample }: Pick<SearchRequest, 'database' | 'reads' | 'params' | 'sample'>): Promise<void> {
  const tokens = sample && earlyTokens(sample, earlyResolved(params));
  const asked: WordAsked[] = [];
  const marked = async (kind: TermKind, word: string) => {
    asked.push({ kind, word, short: kind === 'serviceWord' && isIndexedPrefix(word) });
    return [wordMark(asked.length - 1)];
  };
  const { match, matches } = await textOf(params, (text, column) =>
    textMatch(
      database,
      text,
      column,
      marked,
      async () => [],
      async () => [],
    ),
  );
  if (!match) return;
  // Around a point, what listTextIn asks first (`WordsBox`); words with no terms asked (short ones) one seek each, as textMatch counts them.
  const box = params.near
    ? { point: params.near, miles: params.radius ?? RADIUS_MILES.default, short: matches.reduce((sum, m) => sum + m.seeks, 0) - asked.length }
    : undefined;
  // A city's own search (and the search as typed in it) lists the words with the city's (filters.server.ts `wordsMatch`).
  const city = listedCity(params);
  const r = earlyResolved(params, { match, ...(city ? { place: { text: params.location!, city, states: [] } } : {}) });
  // A ZIP prefix alone (no city, no state): its states, which the words list narrowed to when many (resolve.server.ts `resolveTextList`).
  const located = params.location ? parseLocation(params.location) : {};
  const zip =
    located.zipPrefix && !located.city && !located.state
      ? zipStatesRead({ ...r, place: { text: params.location!, zipPrefix: located.zipPrefix, states: [] } })
      : undefined;
  // Kept under the expression the statement built (a listing not yet vetted may add words to the search's own).
  const row = await wordsEarlyRead(wordsMatch(r), asked, box, zip, tokens)
    .execute(database.db)
    .then(
      ({ rows }) => rows[0]!,
      () => undefined,
    );
  const key = row && row.m !== null ? row.m : undefined;
  const zipKey = zip ? statementKey(database, zip) : undefined;
  // With the filters' tokens the statement chose for the words' count: kept under that expression (resolve's choice asks for it, or reads its own).
  const tokensKey = row && row.tm !== null && row.tlist !== null ? row.tm : undefined;
  if (key && !reads.textLists.has(key)) reads.textLists.set(key, Promise.resolve(textListFrom(row!)));
  if (zipKey && row?.zipStates != null && !reads.states.has(zipKey)) reads.states.set(zipKey, Promise.resolve(statesListed(JSON.parse(row.zipStates))));
  if (tokensKey && !reads.textLists.has(tokensKey)) {
    const [n, reach, rowids] = JSON.parse(row!.tlist!) as [number, number, number[]];
    reads.textLists.set(tokensKey, Promise.resolve(textListFrom({ n, reach, rowids: JSON.stringify(rowids) })));
  }
  if (!box || !row || row.seeks === null || row.boxN === null) return;
  // Kept under the count of the seeks the statement found: a search whose own differ reads its own.
  const count = statementKey(database, boxRowsCount(box.point, box.miles, boxCheckedMost(Number(row.seeks))));
  if (!reads.counts.has(count)) reads.counts.set(count, Promise.resolve(Number(row.boxN)));
  if (row.states !== null) statesOnce(reads, statesNearKey(box.point, box.miles), async () => JSON.parse(row.states!) as string[]);
}

/**
 * A ZIP prefix's listed providers counted beside the request's first reads (`readFactsEarly`), kept for the searches that ask (plans/filterListed.server.ts
 * `fewOf`): the plan's choice asks for the count once the words and the place are read, a round trip later.
 */
function countListedEarly(database: Db, params: SearchRequest['params'], reads: RequestReads): void {
  const located = params.location ? parseLocation(params.location) : {};
  if (!located.zipPrefix || located.city) return;
  const place = { text: params.location!, zipPrefix: located.zipPrefix, ...(located.state ? { state: located.state } : {}), states: [] };
  const r: Resolved = { params, now: new Date(), match: null, checkable: true, checkSeeks: 0, place };
  for (const f of listableFilters(r)) cappedOnce(database, reads.capped, listedIn(f));
}

/** Word `i`'s terms as `termsColumns` reads them (`a.t<i>`, a JSON array), and how many. */
const termsAt = (i: number) => sql.raw(`a.t${i}`);
const termsCount = (i: number) => sql`json_array_length(${termsAt(i)})`;

/** A short word of services (`WordAsked.short`) searched as its own prefix: its terms include it, or are too many (textMatch.server.ts `shortWordExpands`; none: nothing matches). */
const asOwnPrefix = (i: number, word: string) =>
  sql`${termsCount(i)} > ${MAX_EXPANSION} OR EXISTS (SELECT 1 FROM json_each(${termsAt(i)}) WHERE value = ${word})`;

/** Each word of `asked`'s terms, as textMatch reads them, a JSON array in column `t<i>` (for `FROM (SELECT …) a`). */
const termsColumns = (asked: readonly WordAsked[]) =>
  asked.length
    ? sql.join(
        asked.map(
          ({ kind, word }, i) =>
            sql`(SELECT json_group_array(term) FROM (${termsStartingWith(kind, word.toLowerCase(), MAX_EXPANSION + 1)})) AS ${sql.raw(`t${i}`)}`,
        ),
      )
    : sql`1`;

/** A word whose terms a words' template leaves to the database (`wordsEarlyRead`). */
export interface WordAsked {
  kind: TermKind;
  word: string;
  /** A short word of services: its own prefix when its terms include it, or are none or too many (textMatch.server.ts `shortWordExpands`). */
  short: boolean;
}

/** Where a template holds word `i`'s terms: textMatch's one-term form of a word (`"<mark>"`), its one term this mark. */
export const wordMark = (i: number) => `\uE000${i}`;

/**
 * textListOf's read with the full-text expression built in the statement as textMatch.server.ts
 * builds it from the words' terms, read beside them (`readWordsListEarly`): `template`, the
 * expression with each word of `asked` marked (`wordMark`), the marks replaced by its terms (`"t"`,
 * `("t" OR "u")`, or past MAX_EXPANSION the word as a prefix; none: nothing matches, nothing read);
 * with `zipStates`, a ZIP prefix's states, read when the words are many (`zipStatesRead`).
 */
function wordsEarlyRead(template: string, asked: readonly WordAsked[], box?: WordsBox, zipStates?: RawBuilder<{ state: string }>, tokens?: EarlyTokens) {
  const pieces = template.split(/"\uE000(\d+)"/);
  const piece = (i: number) => {
    const { word, short } = asked[i]!;
    const [t, n, prefix] = [termsAt(i), termsCount(i), `"${word}"*`];
    const own = short ? asOwnPrefix(i, word) : sql`0`;
    return sql`(CASE WHEN ${n} = 0 THEN NULL WHEN ${own} OR ${n} > ${MAX_EXPANSION} THEN ${prefix} WHEN ${n} = 1 THEN '"' || json_extract(${t}, '$[0]') || '"'
      ELSE '(' || (SELECT group_concat('"' || value || '"', ' OR ') FROM json_each(${t})) || ')' END)`;
  };
  const expression = sql.join(
    pieces.map((part, k) => (k % 2 ? piece(Number(part)) : sql`${part}`)),
    sql` || `,
  );
  return sql<{
    m: string | null;
    n: number;
    reach: number;
    rowids: string;
    seeks: number | null;
    boxN: number | null;
    states: string | null;
    zipStates: string | null;
    tm: string | null;
    tlist: string | null;
  }>`WITH a AS MATERIALIZED (SELECT ${termsColumns(asked)}), e AS MATERIALIZED (SELECT ${expression} AS m FROM a)
    SELECT e.m AS m, l.n, l.reach, l.rowids, ${box ? boxColumns(box, asked, sql`l.n`) : sql`NULL AS seeks, NULL AS boxN, NULL AS states`},
      ${zipStates ? sql`CASE WHEN l.n > ${PLAN_TUNING.textLeads} THEN (SELECT json_group_array(state) FROM (${zipStates})) END` : sql`NULL`} AS zipStates,
      ${tokens ? tokensColumns(tokens) : sql`NULL AS tm, NULL AS tlist`}
    FROM e CROSS JOIN (SELECT count(*) AS n, max(rowid) AS reach, json_group_array(rowid) AS rowids
      FROM (SELECT f.rowid FROM e CROSS JOIN providers_fts f WHERE e.m IS NOT NULL AND f.providers_fts MATCH e.m LIMIT ${countedWords() + 1})) l`;
}

/**
 * The filters' tokens resolve may list many words with (resolve.server.ts `resolveTextList`, by the
 * words' count: `textTokenPays`), each with the sample's share, for the words' list read in the
 * request's first round trip, where the plans list the words so (plans/textListed.server.ts
 * `textAndLead`: no point, no place, no open now, no filter whose index lists); else none.
 */
interface EarlyTokens {
  size: number;
  tokens: { token: string; share: number }[];
}

function earlyTokens({ size, shares }: TokenShares, r: Resolved): EarlyTokens | undefined {
  const { near, location, openNow } = r.params;
  if (near || location || openNow || listableFilters(r).length) return undefined;
  const tokens = textTokensOf(r).map((token) => ({ token, share: shares.get(token) ?? 0 }));
  return tokens.length ? { size, tokens } : undefined;
}

/**
 * The words' expression with the filters' tokens resolve chooses for their count `l.n` (`textTokenPays`;
 * none while they are few: no more than the counted cap), as filters.server.ts `listedMatch` spells it
 * (`tm`), and its list as textListOf counts it (`tlist`: a JSON array of n, reach and the rowids).
 */
function tokensColumns({ size, tokens }: EarlyTokens) {
  const parts = sql.join(
    tokens.map(({ token, share }) => sql`(CASE WHEN ${textTokenPaysIn(share, sql`l.n`, size)} THEN ${` AND ${filterToken(token)}`} ELSE '' END)`),
    sql` || `,
  );
  const tm = sql`(CASE WHEN l.n > ${LIMITS.countedTotal} AND (${parts}) != '' THEN '(' || e.m || ')' || ${parts} END)`;
  return sql`${tm} AS tm, CASE WHEN ${tm} IS NOT NULL THEN (SELECT json_array(count(*), max(rowid), json_group_array(rowid))
    FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${tm} LIMIT ${countedWords() + 1})) END AS tlist`;
}

/** Around a point (`near`): its box, and the search's words of one seek each that ask no terms (short ones). */
interface WordsBox {
  point: Point;
  miles: number;
  short: number;
}

/**
 * What listTextIn (plans/context.server.ts) asks first around a point, read with the words' list
 * when the words are many (`n`, past the counted cap: few words are listed, the box is not asked):
 * the words' seeks a row as textMatch.server.ts counts them (`short` one each, the others their
 * terms; null when a row cannot be checked: more terms than MAX_EXPANSION), the box's providers
 * counted up to the most those seeks allow (`boxCheckedMost`), and the box's states.
 */
function boxColumns({ point, miles, short }: WordsBox, asked: readonly WordAsked[], n: RawBuilder<unknown>) {
  const seeks = asked.map(({ word, short: prefix }, i) =>
    prefix
      ? sql`(CASE WHEN ${asOwnPrefix(i, word)} THEN 1 ELSE ${termsCount(i)} END)`
      : sql`(CASE WHEN ${termsCount(i)} = 0 OR ${termsCount(i)} > ${MAX_EXPANSION} THEN NULL ELSE ${termsCount(i)} END)`,
  );
  const total = sql`(SELECT ${sql.join([sql`${short}`, ...seeks], sql` + `)} FROM a)`;
  const many = sql`${n} > ${LIMITS.countedTotal}`;
  const states = cellsNearRead('state_cells', point, miles);
  return sql`${total} AS seeks,
    CASE WHEN ${many} AND ${total} <= ${MAX_CHECK_SEEKS} THEN (SELECT count(*) FROM (SELECT 1 ${boxTables(point, miles)}
      LIMIT (SELECT ${PLAN_TUNING.boxCheckSeeks} / max(1, ${total}) + 1))) END AS boxN,
    CASE WHEN ${many} THEN ${states ? sql`(SELECT json_group_array(value) FROM (${states}))` : sql`NULL`} END AS states`;
}

/**
 * A count (`count`, `SELECT … AS n`: open now's, which decides whether the words are asked) read with
 * textListOf's read of `match` in one statement, the list made only when the count is not 0; each
 * kept in the request as its own read would be (countOnce, textListOf). Read apart when either was:
 * when the list was (read beside the words' terms), with what the search asks next instead (`next`,
 * asked once the list is kept: requestReads.server.ts `countWithNext`).
 */
export const countBesideWords = (
  database: Db,
  reads: RequestReads,
  count: RawBuilder<{ n: number }>,
  match: string,
  next?: () => Promise<NextRead | undefined>,
): Promise<number> => afterWordsEarly(reads, () => countWithWords(database, reads, count, match, next));

async function countWithWords(
  database: Db,
  reads: RequestReads,
  counted: RawBuilder<{ n: number }>,
  match: string,
  next?: () => Promise<NextRead | undefined>,
): Promise<number> {
  const count = statementOf(database, counted);
  const [countKey, listKey] = [count.key, match];
  if (reads.counts.has(countKey)) return countOnce(database, reads.counts, count);
  if (reads.textLists.has(listKey)) return countWithNext(database, reads.counts, count, await next?.(), reads);
  // The count leads the join: at 0 (nobody open) the full-text index is not read.
  const both = sql<{ n: number; wn: number; reach: number; rowids: string }>`WITH c AS MATERIALIZED (${count})
    SELECT c.n AS n, l.n AS wn, l.reach, l.rowids FROM c CROSS JOIN (SELECT count(*) AS n, max(rowid) AS reach, json_group_array(rowid) AS rowids
      FROM (SELECT f.rowid FROM c CROSS JOIN providers_fts f WHERE c.n != 0 AND f.providers_fts MATCH ${match} LIMIT ${countedWords() + 1})) l`
    .execute(database.db)
    .then(({ rows }) => {
      const row = rows[0]!;
      if (Number(row.n) !== 0) reads.textLists.set(listKey, Promise.resolve(textListFrom({ ...row, n: row.wn })));
      return Number(row.n);
    });
  reads.counts.set(countKey, both);
  return both;
}

/**
 * textListOf's read of `match` with the states `states` lists (`SELECT DISTINCT p.state AS state
 * FROM providers p …`, a ZIP prefix's: asked only when the words are many) in one statement, the
 * states read only past `PLAN_TUNING.textLeads` matches; each kept in the request as its own read
 * would be (textListOf, statesOf). Nothing when the list was read already.
 */
export function listBesideStates(database: Db, reads: RequestReads, match: string, states: RawBuilder<unknown>): void {
  kept(afterWordsEarly(reads, () => listWithStates(database, reads, match, states)));
}

function listWithStates(database: Db, reads: RequestReads, match: string, states: RawBuilder<unknown>): void {
  const list = textListRead(match);
  const [listKey, statesKey] = [match, statementKey(database, states)];
  if (reads.textLists.has(listKey) || reads.states.has(statesKey)) return;
  // The words' list leads the join: with few words the states are not read.
  const both = sql<{ n: number; reach: number; rowids: string; states: string }>`WITH w AS MATERIALIZED (${list})
    SELECT w.n, w.reach, w.rowids, (SELECT json_group_array(s.state) FROM (SELECT DISTINCT p.state FROM w CROSS JOIN (${states}) p
      WHERE w.n > ${PLAN_TUNING.textLeads}) s) AS states FROM w`
    .execute(database.db)
    .then(({ rows }) => rows[0]!);
  remembered(reads.textLists, listKey, both.then(textListFrom));
  // Past textLeads they were read; else left to be read when asked.
  both
    .then((row) => {
      if (Number(row.n) > PLAN_TUNING.textLeads) statesOnce(reads, statesKey, async () => JSON.parse(row.states) as string[]);
    })
    .catch(() => {});
}

/** The count of the rows of the filter that would lead, up to `most` (plans/textListed.server.ts `textAndLead`): `most` a number, or SQL (listWithLead's). */
export type LeadCount = (most: number | RawBuilder<unknown>) => RawBuilder<{ n: number }>;

/** Whether text of `matches` asks for the rows of the filter that would lead (plans/textListed.server.ts `textAndLead`): past the counted cap, within `textLeads`. */
export const leadAsked = (matches: number) => !fewText(matches) && matches <= PLAN_TUNING.textLeads;

/**
 * textListOf's read of `match` with the count `lead` (counted one past the list's matches) in one
 * statement, the count made only when those matches ask for it (`leadAsked`, its two bounds spelt
 * in SQL); each kept in the request as its own read would be (textListOf, countOnce). Nothing when
 * the list was read already: the count is then read alone, as before.
 */
function listWithLead(database: Db, reads: RequestReads, match: string, lead: LeadCount): void {
  const list = textListRead(match);
  const listKey = match;
  if (reads.textLists.has(listKey)) return;
  // The list leads: its n bounds the count's LIMIT, read once from the materialized list.
  const both = sql<{ n: number; reach: number; rowids: string; lead: number | null }>`WITH w AS MATERIALIZED (${list})
    SELECT w.n, w.reach, w.rowids, CASE WHEN w.n > ${LIMITS.countedTotal} AND w.n <= ${PLAN_TUNING.textLeads}
      THEN (${lead(sql`(SELECT n FROM w) + 1`)}) END AS lead FROM w`
    .execute(database.db)
    .then(({ rows }) => rows[0]!);
  // The count kept before the list is given: whoever awaits the list asks for the count next.
  const listed = both.then((row) => {
    const key = statementKey(database, lead(Number(row.n) + 1));
    if (row.lead !== null && !reads.counts.has(key)) reads.counts.set(key, Promise.resolve(Number(row.lead)));
    return textListFrom(row);
  });
  remembered(reads.textLists, listKey, listed);
}

/** `list`, read by another statement (a place's rings' one text statement), as textListOf's read of `match` for this request. */
export function primeTextList(match: string, reads: RequestReads, list: TextList): void {
  const key = match;
  const every = list.n <= countedWords();
  // A list of few without its rowids is no answer textListOf gives: left to be read.
  if (reads.textLists.has(key) || (every && list.rowids === null)) return;
  reads.textLists.set(key, Promise.resolve({ ...list, rowids: every ? list.rowids : null }));
}

/**
 * Whether the words' list read beside their terms (`readWordsListEarly`, over the network) holds no
 * match: then nothing matches (a spelling's correction follows with one round trip fewer). Never read for this.
 */
export async function wordsNoneEarly(r: Resolved, reads: RequestReads): Promise<boolean> {
  if (!r.match || !reads.wordsEarly) return false;
  // Read in the round trip of the terms the search waited for: waiting costs none.
  await reads.wordsEarly;
  const list = await reads.textLists.get(wordsMatch(r))?.catch(() => undefined);
  return list?.n === 0;
}

/** textListOf's read of `match` when this request made it already; undefined when it did not. */
export const textListMade = (match: string, reads: RequestReads): Promise<TextList> | undefined => reads.textLists.get(match);

/**
 * The words' own list (`wordsCounted`'s) when this request read it already and it holds every match
 * (its rowids); else undefined: nothing is read.
 */
export async function wordsListedWhole(r: Resolved, reads: RequestReads): Promise<(TextList & { rowids: string }) | undefined> {
  const made = r.match ? textListMade(wordsMatch(r), reads) : undefined;
  const list = made ? await made : undefined;
  return list?.rowids ? { ...list, rowids: list.rowids } : undefined;
}

/**
 * The words' own matches (no filter's token, no region) as textMatches counts them (`textListOf`):
 * one read of the words' list for the count, the estimate (`wordsEstimate`) and the list, once per request.
 */
export const wordsCounted = (database: Db, r: Resolved, reads: RequestReads): Promise<TextList> => textListOf(database, wordsMatch(r), reads);

/**
 * Whether the text's words alone are many: past `PLAN_TUNING.textLeads` matches, a list long to
 * build (narrowed to a region's states, read with a top of the order). Counted once per request.
 */
export const manyText = async (database: Db, r: Resolved, reads: RequestReads) => (await wordsCounted(database, r, reads)).n > PLAN_TUNING.textLeads;

/**
 * How many matches the words alone have in a directory of `size`, estimated past the counted ones
 * from how far into the table (by seq, the full-text index's own order) they reach; exact below.
 */
export async function wordsEstimate(database: Db, r: Resolved, reads: RequestReads, size: number): Promise<number> {
  const { n, reach } = await wordsCounted(database, r, reads);
  return n <= countedWords() ? n : Math.floor((n * size) / Math.max(1, reach));
}

/**
 * The text's matches, counted one past `textLeads` (at least past the counted cap), with their rowids
 * when that is all of them, once per request (a place's rings, and resolve's open now, ask for the
 * same count): those of `listedMatch`, with the filters' `tokens` resolve chose, or others (never a
 * region's states: the count decides what leads).
 */
export function textList(
  database: Db,
  r: Resolved,
  reads: RequestReads,
  { tokens = r.textTokens ?? [], regions = false, lead }: { tokens?: readonly string[]; regions?: boolean; lead?: LeadCount } = {},
): Promise<TextList> {
  const match = !tokens.length && !regions ? wordsMatch(r) : listedMatch(r, { tokens, inText: true, regions });
  // Over the network the count of the rows that would lead comes in the list's statement (when a count
  // of matches can ask for it: `textLeads` past the cap): one round trip fewer.
  if (lead && overNetwork(database) && leadAsked(countedWords())) kept(afterWordsEarly(reads, () => listWithLead(database, reads, match, lead)));
  return textListOf(database, match, reads);
}

/** How many matches `textList` counted. */
export const textMatches = async (...args: Parameters<typeof textList>): Promise<number> => (await textList(...args)).n;

/** Whether text of `matches` is few enough to be listed whatever else the search has (`text-listed`). */
export const fewText = (matches: number) => matches <= LIMITS.countedTotal;
