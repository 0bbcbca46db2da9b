/**
 * A place's rings with text (rings.ts, docs/search.md "Places") read as ONE statement when the
 * words' matches are few enough to list (textFacts.server.ts `textListOf`, at most `countedWords()`):
 * each circle's search would take its own plan from its counts, so the rings were read circle after
 * circle, each a round trip. Here the words' list is made once (the same statement `textListOf`
 * reads), its matches looked up once and checked against the search's other filters in the widest
 * circle, and each circle's counted from those (the place's own apart). The page is the ring answered with's matches nearest first: a
 * narrower circle's are the widest's nearer than its radius, so the rows of the page's positions
 * in the list read are enough to cut any ring's page from. Past the words' cap the words are listed narrowed to the widest circle's
 * states and the filters' tokens, as each circle's own plan would narrow them; past that cap too
 * nothing but the lists is read (their counts answer `textListOf` for the circles' own plans).
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { LIMITS } from '../../../config';
import { boundingBox, type Point } from '../../places';
import type { SearchPlace } from '../../places/index.server';
import { boxTables, distanceSql, inBoxCondition } from '../near.server';
import { rowConditions } from '../filters.server';
import { countedWords, PLAN_TUNING } from '../tuning.server';
import { and, type Row, type SearchRun } from './context.server';
import { betweenCounts, inPlaceOf } from './spots.server';
import { listedConditions } from './textListed.server';
import type { CircleCount } from '../rings';
import type { TextList } from '../requestReads.server';
import type { NarrowedChoice } from '../tokenShares.server';

/**
 * The most words' matches narrowed to the widest circle's states the statement lists
 * (PLAN_TUNING.ringsNarrowedMost), at least the words' own cap (`countedWords()`, which it lists with
 * open now too: a match's open now is the hour's bit of its search row, migrations/0091, where each
 * circle's own plan checked the words on each of its open providers, a full-text lookup each).
 */
const narrowedListedMost = () => Math.max(countedWords(), PLAN_TUNING.ringsNarrowedMost);

/** What the rings' one statement read. */
export interface TextRingsRead {
  /** The words' matches as `textListOf` counts them (one past `countedWords()`), how far they reach, and their rowids when a circle's count passed the counted cap (its own plan answers, from this list). */
  words: { n: number; reach: number; rowids: string | null };
  /** The matches of the list the circles were read from: the words', else past their cap the words' narrowed to the widest circle's states and the filters' tokens (`TextRingsList.narrowed`). */
  listed: number;
  /** That list was past what the statement reads (`countedWords()`, narrowed `NarrowedCap`): no circle was read. */
  pastCap: boolean;
  /** Each circle's matches and the place's own among them, in `radii`'s order; null for those not counted (the nearest filled the page, or the list is past its cap). */
  counts: CircleCount[];
  /** The list's rows from position `from` (not the place's own, nearest first), each with its exact distance. */
  rows: (Row & { miles: number })[];
}

/** The page the statement reads for (rings.ts `textRingsPage`). */
export interface TextRingsAsk {
  /** The place's own matches, at least (the nearest circle read alone when it fills the page with these). */
  ownLeast: number;
  /** offset + limit. */
  wanted: number;
  /** Positions of the list of matches not the place's own, nearest first, read: [from, from + rows). */
  from: number;
  rows: number;
  /** The place, as its own search reads it, when some of its own may be in the rings. */
  place?: SearchPlace;
}

/**
 * Where the statement lists the circles' matches from, past the words' cap: `narrowed`, the words
 * with the widest circle's states (every circle lies in them) and none to all of the filters'
 * tokens (each match has them), as a circle's own plan narrows them (plans/pointSource.server.ts
 * `textInBox`): of its `choices` (tokenShares.server.ts `narrowedLists`), the cheapest, its rows
 * (the words' matches, estimated past the cap from their reach in a directory of `size`, times its
 * share) and its tokens' entries, among those few enough to list (PLAN_TUNING.ringsNarrowedMargin);
 * `words`, the words' list when the request counted it already past the cap (not read again).
 */
export interface TextRingsList {
  narrowed?: { size: number; choices: readonly NarrowedChoice[]; circleRows?: number };
  words?: Pick<TextList, 'n' | 'reach'>;
  /**
   * With open now, the widest circle's open ranges (resolve.server.ts `openRangesWithin`), read up to
   * `most`: within it, a match is looked up only when a range that meets the filters holds it (at
   * night a few of thousands are open); past it every match is, its open now checked on its row.
   */
  open?: { ranges: RawBuilder<{ seq: number; hit: number }>; most: number };
}

/**
 * The words' list (`w`), then the list the circles read (`l`, `whole` when the circles are read from
 * it): the words', or past their cap the narrowed one, read only then and up to a cap of its own.
 * Each circle's own plan built the narrowed list again, merging the words' whole lists each time.
 */
function listsOf(match: string, { narrowed, words, open }: TextRingsList, { most: narrowedCap, boxEntries }: NarrowedCap) {
  const cap = countedWords();
  const w = words
    ? sql`w AS MATERIALIZED (SELECT ${words.n} AS n, ${words.reach} AS reach, NULL AS rowids)`
    : sql`w AS MATERIALIZED (SELECT count(*) AS n, max(rowid) AS reach, json_group_array(rowid) AS rowids
      FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${match} LIMIT ${cap + 1}))`;
  // None open in the widest circle (its open ranges `o` within their bound, none a hit): no match is, the list is read whole and empty.
  const none = open ? sql<SqlBool>`((SELECT count(*) FROM o) <= ${open.most} AND NOT EXISTS (SELECT 1 FROM o WHERE hit))` : sql<SqlBool>`0`;
  if (!narrowed)
    return sql`${w}, l AS (SELECT CASE WHEN ${none} THEN 0 ELSE n END AS n, CASE WHEN ${none} THEN '[]' ELSE rowids END AS rowids,
      ${none} OR n <= ${cap} AS whole FROM w)`;
  const { choices, size } = narrowed;
  // Past the cap, the words' matches estimated from their reach in a directory of `size`.
  const rows = sql`w.n * ${size} / max(1, w.reach)`;
  const list = sql.join(choices.map(({ share, entries, match }) => sql`(${share}, ${entries}, ${match})`));
  // The words' count and estimate are tested on `w`, the outer loop, before the full-text index is
  // read: a narrowed list is chosen (`c`) and read only past the words' cap, when likely few enough;
  // else the list is the words' (past the cap: no circle is read).
  const few = sql`(SELECT count(*) FROM c)`;
  return sql`${w}, c AS MATERIALIZED (SELECT t.column3 AS m FROM w CROSS JOIN (VALUES ${list}) t
      WHERE w.n > ${cap} AND NOT ${none} AND ${narrowedWithin(sql`${rows} * t.column1 / ${PLAN_TUNING.ringsNarrowedMargin}`, narrowedCap, boxEntries)} ORDER BY ${rows} * t.column1 + t.column2 LIMIT 1),
    v AS MATERIALIZED (SELECT count(*) AS n, json_group_array(rowid) AS rowids
      FROM (SELECT f.rowid FROM c CROSS JOIN providers_fts f WHERE f.providers_fts MATCH c.m LIMIT ${narrowedCap + 1})),
    l AS MATERIALIZED (SELECT CASE WHEN ${none} THEN 0 WHEN ${few} THEN v.n ELSE w.n END AS n,
      CASE WHEN ${none} THEN '[]' WHEN ${few} THEN v.rowids ELSE w.rowids END AS rowids,
      CASE WHEN ${none} THEN 1 WHEN ${few} THEN ${narrowedWithin(sql`v.n`, narrowedCap, boxEntries)} ELSE w.n <= ${cap} END AS whole FROM w CROSS JOIN v)`;
}

/**
 * How far the narrowed list is read (`most`): `narrowedListedMost()`, each match a row read; with the
 * box's entries known (`boxEntries`), as far as `PLAN_TUNING.ringsBoxedMost` when the box is read
 * instead (the list then costs its decoding, not a row a match).
 */
interface NarrowedCap {
  most: number;
  boxEntries?: number;
}

/** Whether a narrowed list of `n` matches is read (`NarrowedCap`): within the rows' cap, or past it within `most` and read from the box. */
const narrowedWithin = (n: RawBuilder<unknown>, most: number, boxEntries: number | undefined) =>
  boxEntries === undefined || most <= narrowedListedMost()
    ? sql<SqlBool>`${n} <= ${most}`
    : sql<SqlBool>`(${n} <= ${narrowedListedMost()} OR (${n} <= ${most} AND ${n} > ${boxEntries}))`;

/**
 * The NarrowedCap of a widest circle holding `circleRows` providers (the token sample's share: the
 * narrowed lists', `TextRingsList.narrowed`; unknown without them), its box's entries each costing
 * `PLAN_TUNING.ringsBoxEntryCost` of a listed match's row: past them the list is read from the box;
 * so is a list past the rows' cap when the box holds at most `ringsBoxedMost` (else each circle's own
 * plan lists the words again, circle after circle).
 */
function narrowedCapOf(circleRows: number | undefined): NarrowedCap {
  if (circleRows === undefined) return { most: narrowedListedMost() };
  const most = Math.max(narrowedListedMost(), PLAN_TUNING.ringsBoxedMost);
  const entries = circleRows * PLAN_TUNING.ringsBoxEntryCost;
  return { most, boxEntries: circleRows <= most ? Math.min(entries, narrowedListedMost()) : entries };
}

/** Whether the rings' list `l` is read from the box (SQL, constant): its matches past the box's entries (`narrowedCapOf`; none known: never). */
const fromBox = (boxEntries: number | undefined) => (boxEntries === undefined ? sql<SqlBool>`0` : sql<SqlBool>`((SELECT n FROM l) > ${boxEntries})`);

/**
 * The matches of the list `l` with the other filters of `s` in the box of the widest circle (`miles`
 * around `point`), as the rings' statement keeps them (`cl`: seq, distance, whether the place's own,
 * coordinates; those within the circle are `ci`, their distance tested once it is worked out): each
 * listed match's row read, or past `boxEntries` (`fromBox`) the box's entries read from the coordinate
 * index, each checked against the list (the index carries every filter's column: a row is read only
 * for a match in it). With `open`, a match is checked against the open-now list first. Undefined when
 * the place's own cannot be told on the rows.
 */
function circleList(
  s: SearchRun,
  { point, miles }: { point: Point; miles: number },
  place: SearchPlace | undefined,
  open: TextRingsList['open'],
  boxEntries: number | undefined,
) {
  const inPlace = place ? inPlaceOf({ rowOf: 'p' }, place) : sql`0`;
  if (!inPlace) return undefined;
  const columns = sql`p.seq, ${distanceSql(point)} AS miles, ${inPlace} AS own, p.latitude AS lat, p.longitude AS lng`;
  // The circle's box on the row, its distance only as the column (`miles`, tested by the statement's
  // readers of the list: ringsByText's `ci`): in the row's conditions too, it was worked out twice a match.
  const conds = [inBoxCondition(point, miles), ...rowConditions({ ...s.r, match: null, within: undefined })];
  // The open ranges within their bound test each match before its row is read (a constant past it).
  const inOpen = (seq: RawBuilder<unknown>) =>
    open ? [sql<SqlBool>`((SELECT count(*) FROM o) > ${open.most} OR ${seq} IN (SELECT seq FROM o WHERE hit))`] : [];
  const fromList = sql`SELECT ${columns} FROM l CROSS JOIN json_each(l.rowids) m CROSS JOIN provider_search p ON p.seq = m.value`;
  if (boxEntries === undefined) return sql`${fromList} ${and([sql<SqlBool>`l.whole`, ...inOpen(sql`m.value`), ...listedConditions(conds)])}`;
  const boxed = fromBox(boxEntries);
  // The box's latitudes are sought only when it is read (its condition in their first seek).
  return sql`${fromList} ${and([sql<SqlBool>`l.whole AND NOT ${boxed}`, ...inOpen(sql`m.value`), ...listedConditions(conds)])}
    UNION ALL SELECT ${columns} ${boxTables(point, miles, undefined, sql`(SELECT whole FROM l) AND ${boxed}`)}
    ${and([sql<SqlBool>`p.seq IN (SELECT value FROM json_each((SELECT rowids FROM l)))`, ...inOpen(sql`p.seq`), ...conds])}`;
}

/**
 * The rings around `point` (`radii`) of the text of `match` (the words alone: `listedMatch` with no
 * token and no region) with the other filters of `s` (the widest circle's search), one statement.
 * `list`: where its matches are listed from past the words' cap (`TextRingsList`). Undefined when
 * the place's own cannot be told on the rows.
 */
export async function ringsByText(
  s: SearchRun,
  match: string,
  point: Point,
  radii: readonly number[],
  ask: TextRingsAsk,
  list: TextRingsList = {},
): Promise<TextRingsRead | undefined> {
  const last = radii.length - 1;
  const cap = countedWords();
  const narrowedCap = narrowedCapOf(list.narrowed?.circleRows);
  // One pass over the list, in the widest circle: the nearest's matches are those of its rows within
  // the nearest's box and radius (a second pass looked every match up again).
  const { open } = list;
  const cl = circleList(s, { point, miles: radii[last]! }, ask.place, open, narrowedCap.boxEntries);
  if (!cl) return undefined;
  const fills0 = sql`(${ask.ownLeast} + k0.n - k0.o >= ${ask.wanted})`;
  const wider = last > 0;
  const box0 = boundingBox(point, radii[0]!);
  const c0 = wider
    ? sql`c0 AS (SELECT seq, miles, own FROM ci WHERE lat BETWEEN ${box0.minLat} AND ${box0.maxLat} AND lng BETWEEN ${box0.minLng} AND ${box0.maxLng} AND miles <= ${radii[0]!})`
    : sql`c0 AS (SELECT seq, miles, own FROM ci)`;
  // Constant conditions (the list's count): SQLite tests them before reading a row.
  const openList = open ? sql`o AS MATERIALIZED (SELECT seq, hit FROM (${open.ranges}) LIMIT ${open.most + 1}), ` : sql``;
  const rows = (await s.run(sql`WITH ${openList}${listsOf(match, list, narrowedCap)},
    cl AS MATERIALIZED (${cl}),
    ci AS (SELECT seq, miles, own, lat, lng FROM cl WHERE miles <= ${radii[last]!}),
    ${c0},
    k0 AS MATERIALIZED (SELECT count(*) AS n, total(own) AS o FROM c0)
    ${wider ? sql`, kl AS (SELECT count(*) AS n, total(own) AS o ${betweenCounts(radii)} FROM ci)` : sql``},
    pg AS (SELECT seq, miles FROM (SELECT seq, miles FROM c0 WHERE NOT own AND ${wider ? sql`(SELECT ${fills0} FROM k0)` : sql`1`}
      ${wider ? sql`UNION ALL SELECT seq, miles FROM ci WHERE NOT own AND NOT (SELECT ${fills0} FROM k0)` : sql``}) ORDER BY miles, seq LIMIT ${ask.rows} OFFSET ${ask.from})
    SELECT w.n AS wordsN, w.reach AS wordsReach, l.n AS listN, l.whole AS listWhole, ${fromBox(narrowedCap.boxEntries)} AS fromBox,
      CASE WHEN w.n <= ${cap} AND max(k0.n, ${wider ? sql`kl.n` : sql`0`}) > ${LIMITS.countedTotal} THEN w.rowids END AS wordsRowids, k0.n AS n0, k0.o AS o0, (SELECT ${fills0} FROM k0) AS filled0,
      ${wider ? sql`kl.*,` : sql``} pg.miles AS ringMiles, p.*${s.distance}
    FROM w CROSS JOIN l CROSS JOIN k0 ${wider ? sql`CROSS JOIN kl` : sql``} LEFT JOIN pg ON 1 LEFT JOIN providers p ON p.seq = pg.seq`)) as (Row &
    Record<string, number | string | null>)[];
  const first = rows[0]!;
  const num = (key: string) => Number(first[key] ?? 0);
  // Past the list's cap no circle was read: the circles' own plans answer.
  const listed = num('listWhole') === 1;
  const counts: TextRingsRead['counts'] = radii.map((_, i) => {
    if (!listed) return null;
    if (i === 0) return { n: num('n0'), o: num('o0') };
    if (!wider || first.filled0) return null;
    return i === last ? { n: num('n'), o: num('o') } : { n: num(`m${i}`), o: num(`mo${i}`) };
  });
  const found = rows
    .filter((row) => row.seq !== null)
    .map(
      ({
        wordsN: _,
        wordsReach: __,
        wordsRowids: _r,
        listN: _l,
        listWhole: _lw,
        fromBox: _fb,
        n0: ___,
        o0: ____,
        filled0: _____,
        n: ______,
        o: _______,
        ringMiles,
        ...row
      }) => {
        for (const key of Object.keys(row)) if (/^mo?\d+$/.test(key)) delete (row as Record<string, unknown>)[key];
        return { ...(row as Row), miles: Number(ringMiles) };
      },
    )
    // In the list's order (sorted here: an ORDER BY over the joined rows would count them again on sqld).
    .sort((a, b) => a.miles - b.miles || a.seq - b.seq);
  const rowids = first.wordsRowids === null || first.wordsRowids === undefined ? null : String(first.wordsRowids);
  return { words: { n: num('wordsN'), reach: num('wordsReach'), rowids }, listed: num('listN'), pastCap: !listed, counts, rows: found };
}
