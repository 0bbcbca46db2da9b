/**
 * sort=distance within `near`'s radius, one point at a time (docs/search.md "Places"). Providers sit
 * at their ZIP area's centre, so a radius of thousands of providers holds a few dozen points: these
 * are listed nearest first (spotsNear), the matches counted at them, and the page read point by point,
 * at each the first matches in seq order (their order at one distance) from the coordinate index, or
 * a service's from its category rows (migrations/0023), stopping at a page's worth. Circles read every
 * match of the box they needed: around a borough with no provider of its own, the last circle before
 * the radius held the thousands of the next borough over, and a service's count read every provider
 * of the radius (docs/BENCHMARKS.md "Places"). Text listed in the box is read so too (nearest.server.ts):
 * its list, built once per statement, is checked at each point's rows, where the box was walked whole
 * to count and again to sort every match, each walk building the list.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { cappedTotal } from '../../providers/index.server';
import { LIMITS } from '../../../config';
import type { Circle, Count, Resolved, SpotNear } from '../searchTypes.server';
import type { SearchPlace } from '../../places/index.server';
import type { Point } from '../../places';
import { cellKey, cellOf, distanceSql, spotsCtes, spotsNearOnce } from '../near.server';
import { carriedByAll, categoryConditions, FILTERS, isListed, rowConditions } from '../filters.server';
import { INDEXES, indexedBy } from '../indexes.server';
import { and, type PlanResult, type Row, type SearchRun } from './context.server';
import { countOnce, remembered, statementKey } from '../requestReads.server';
import { ZONELESS_OPEN_CELL } from '../openNow.server';
import { statesNear } from '../textFacts.server';
import { PLAN_TUNING } from '../tuning.server';

interface SpotSource {
  /** The match's seq. */
  seq: RawBuilder<unknown>;
  /** The tables, without FROM. */
  tables: RawBuilder<unknown>;
  /** The condition that a match sits at (latitude, longitude). */
  at(latitude: unknown, longitude: unknown): Expression<SqlBool>;
  conds: Expression<SqlBool>[];
  /** Whether a provider's row (`p`) is read, or a service's category rows alone (`c`). */
  rowOf: 'p' | 'c';
}

/**
 * Where the matches at one point are read in seq order: a service's category rows, else the
 * coordinate index. `listText`: text is checked against its list (`rowConditions`), not row by row.
 */
export function spotSource(s: SearchRun, listText = false): SpotSource {
  const r = { ...s.r, within: undefined };
  if (r.category) {
    const carried = carriedByAll(r, 'categoryRows');
    return {
      seq: sql`c.providerSeq`,
      tables: sql`provider_categories c ${indexedBy(INDEXES.categoryGeo)} ${carried ? sql`` : sql`CROSS JOIN provider_search p ON p.seq = c.providerSeq`}`,
      at: (latitude, longitude) => sql<SqlBool>`c.latitude = ${latitude} AND c.longitude = ${longitude}`,
      // Only the hidden-listing lookup when category rows carry every filter: no provider row is read.
      conds: carried
        ? [isListed(sql`c.providerSeq`), ...categoryConditions(r)]
        : [...categoryConditions(r), ...rowConditions(r, { skip: 'categoryRows', listText })],
      rowOf: carried ? 'c' : 'p',
    };
  }
  return {
    seq: sql`p.seq`,
    tables: sql`providers p ${indexedBy(INDEXES.geo)}`,
    at: (latitude, longitude) => sql<SqlBool>`p.latitude = ${latitude} AND p.longitude = ${longitude}`,
    conds: rowConditions(r, { listText }),
    rowOf: 'p',
  };
}

export async function nearestBySpot(s: SearchRun, within: Circle, listText = false, counted?: Count): Promise<PlanResult> {
  const { openCells } = s.r;
  const state = s.r.place?.state;
  // Open now checked row by row: the points of cells where nobody can be open are passed over, read
  // beside the points (one round trip): a circle with none open no longer checks each of its rows.
  // A place's state, the states of the circle's cells beside them: a state far from the point (AZ
  // around New York) matches none, where each of the circle's points was read for its rows.
  const [near, open, states] = await Promise.all([
    spotsNearOnce(s.q.database, s.q.reads, within.point, within.miles),
    openCells ? openCells.execute(s.q.database.db).then(({ rows }) => new Set(rows.map((c) => cellKey(c.latCell, c.lngCell)))) : null,
    state ? statesNear(s.q.database, s.q.reads, within.point, within.miles) : null,
  ]);
  if (state && states && !states.includes(state)) return { count: { total: 0, capped: false }, rows: [], step: 'spots' };
  const spots = open && !open.has(cellKey(ZONELESS_OPEN_CELL.latCell, ZONELESS_OPEN_CELL.lngCell)) ? near.filter((spot) => open.has(cellOf(spot))) : near;
  const source = spotSource(s, listText);
  if (!spots.length) return { count: s.r.openTotal ?? { total: 0, capped: false }, rows: [], step: 'spots' };
  const known = counted ?? s.r.openTotal;
  const both = known ? null : await countAndPageAtSpots(s, source, spots, listText);
  if (both) return both;
  // The count and the page side by side (one round trip); a further round only when the count found any.
  const counting = known ? Promise.resolve(known) : countAt(s, source, spots);
  const [count, rows] = await Promise.all([counting, pageAtSpots(s, source, spots, counting)]);
  return { count, rows: count.total === 0 ? [] : rows, step: 'spots' };
}

/**
 * The count and the page at `spots` in one statement, when its points are one statement's
 * (spotRounds): the matches listed nearest first as pageAtSpots lists them, up to the cap (or the
 * page's end past it), counted, and the page's rows read by their place in that list, as
 * ringsBySpot reads its page. Side by side, the count and the page each read the points up to where
 * they stopped: with nothing found, both the whole circle. Null when the points are more.
 * `listText`: text checked against its list, whose build (the words' long lists intersected) costs
 * more than the points' rows: a circle's count alone (a place's ring probed, `wanted` 0) keeps the
 * matches it listed, and its page is then taken from them, not the list built again to read it.
 */
async function countAndPageAtSpots(s: SearchRun, source: SpotSource, spots: SpotNear[], listText: boolean): Promise<PlanResult | null> {
  const rounds = spotRounds(spots);
  const { database, reads } = s.q;
  // A circle's count alone (a place's ring probed), or counted before in the request: countAt's, once.
  const counted = statementKey(database, countStatement(source, spots));
  if (rounds.length > 1) return null;
  if (reads.counts.has(counted)) return listText ? pageOfListed(s, counted) : null;
  if (s.wanted === 0 && !listText) return null;
  const most = Math.max(LIMITS.countedTotal + 1, s.wanted);
  const conds = inlined(s, source.conds);
  const arms = sql.join(
    rounds[0]!.map((arm) => spotArm(source, conds, arm, most)),
    sql` UNION ALL `,
  );
  const { offset } = s.q.params;
  const listed = sql`WITH w AS MATERIALIZED (SELECT count(*) AS n, json_group_array(seq) AS list FROM (${arms} LIMIT ${most}))`;
  if (s.wanted <= offset) {
    const [w] = (await s.run(sql`${listed} SELECT w.n AS spotsCount, w.list AS spotsList FROM w`)) as unknown as { spotsCount: number; spotsList: string }[];
    return keptListed(s, counted, Number(w!.spotsCount), listText ? w!.spotsList : null, []);
  }
  // Literals: a bound number may reach the server as a real (0.0), which no JSON path takes.
  const seqAt = Array.from({ length: s.wanted - offset }, (_, k) => sql`json_extract(w.list, ${sql.lit(`$[${offset + k}]`)})`);
  const position = sql`CASE p.seq ${sql.join(
    seqAt.map((seq, k) => sql`WHEN ${seq} THEN ${sql.lit(k)}`),
    sql` `,
  )} END`;
  const rows = (await s.run(sql`${listed}
    SELECT w.n AS spotsCount, ${position} AS position, p.*${s.distance} FROM w LEFT JOIN providers p ON p.seq IN (${sql.join(seqAt)})`)) as (Row & {
    spotsCount: number;
    position: number;
  })[];
  // In the page's order (sorted here: a sort in the statement would count its rows as read).
  rows.sort((a, b) => a.position - b.position);
  const page = rows.filter((row) => row.seq !== null).map(({ spotsCount: _, position: __, ...row }) => row);
  return keptListed(s, counted, Number(rows[0]!.spotsCount), null, page);
}

/** The count of `counted` kept for the request (and, text listed, the matches it listed nearest first, `list` as JSON): its result with `rows`. */
function keptListed(s: SearchRun, counted: string, n: number, list: string | null, rows: Row[]): PlanResult {
  const { reads } = s.q;
  remembered(reads.counts, counted, Promise.resolve(Math.min(n, LIMITS.countedTotal + 1)));
  if (list !== null) remembered(reads.sortedMatches, counted, Promise.resolve((JSON.parse(list) as unknown[]).map(Number)));
  return { count: cappedTotal(n), rows, step: 'spots' };
}

/**
 * The page from the matches a circle's count listed (countAndPageAtSpots, text listed), when they
 * reach the page's end or are all of them; null otherwise (the page read from the points).
 */
async function pageOfListed(s: SearchRun, counted: string): Promise<PlanResult | null> {
  const { reads } = s.q;
  const list = reads.sortedMatches.get(counted);
  if (!list) return null;
  const [seqs, n] = await Promise.all([list, reads.counts.get(counted)!]);
  if (seqs.length < s.wanted && n > LIMITS.countedTotal) return null;
  const rows = await s.rowsBySeq(seqs.slice(s.q.params.offset, s.wanted));
  return { count: cappedTotal(n), rows, step: 'spots' };
}

/**
 * The page's rows at `spots`, nearest first, matches at one distance in seq order. Points at distinct
 * distances are read as one arm: their VALUES, nearest first, CROSS JOINed to the source (SQLite
 * keeps that order of the loops), each point's matches in the index's seq order, the statement
 * stopping at the page's end (its LIMIT): the conditions are written once, not once a point (which
 * passed SQLite's bound on variables, or on references to a table, at a circle's 1,600 points). A
 * distance several points share is an arm of its own, their first matches merged by seq. The last
 * statement reads the page's own rows with it: the page is one round trip unless the arms or points
 * are more than a statement holds, when the rounds before it list their matches' seq (a further
 * round only when `count` found any) and their rows are read beside the last.
 */
async function pageAtSpots(s: SearchRun, source: SpotSource, spots: SpotNear[], count: Promise<Count>): Promise<Row[]> {
  const conds = inlined(s, source.conds);
  const rounds = spotRounds(spots);
  const listed: number[] = [];
  for (const [r, round] of rounds.entries()) {
    const need = s.wanted - listed.length;
    const arms = sql.join(
      round.map((arm) => spotArm(source, conds, arm, need)),
      sql` UNION ALL `,
    );
    const before = listed.slice(s.q.params.offset);
    if (r === rounds.length - 1) {
      const skip = Math.max(0, s.q.params.offset - listed.length);
      const [earlier, rows] = await Promise.all([
        s.rowsBySeq(before),
        s.run(sql`SELECT p.*${s.distance}, o.d FROM (${arms} LIMIT ${need - skip} OFFSET ${skip}) o CROSS JOIN providers p ON p.seq = o.seq`),
      ]);
      const inOrder = (rows as (Row & { d: number })[]).sort((a, b) => a.d - b.d || a.seq - b.seq).map(({ d: _, ...row }) => row);
      return [...earlier, ...inOrder];
    }
    const { rows } = await sql<{ seq: number; d: number }>`${arms} LIMIT ${need}`.execute(s.q.database.db);
    listed.push(...rows.map((row) => Number(row.seq)));
    if (listed.length >= s.wanted || (await count).total === 0) break;
  }
  return s.rowsBySeq(listed.slice(s.q.params.offset, s.wanted));
}

/** An arm of pageAtSpots: points at distinct distances (`run`), or the points of one distance (`shared`); `d`, the first's rank of distance. */
type SpotArm = { run: SpotNear[]; d: number } | { shared: SpotNear[]; d: number };

/**
 * The page's arms, nearest first, in statements of at most `PLAN_TUNING.spotArmsPerStatement` arms
 * and `spotsPerStatement` points: the points nearest first are one arm whatever their number, a
 * distance several points share one arm more (their matches merged by seq), so a page is one
 * statement unless a circle holds very many points or such distances.
 */
function spotRounds(spots: SpotNear[]): SpotArm[][] {
  const rounds: SpotArm[][] = [[]];
  let points = 0;
  let d = 0;
  for (let i = 0; i < spots.length; d++) {
    let j = i + 1;
    while (j < spots.length && spots[j]!.miles === spots[i]!.miles) j++;
    let round = rounds.at(-1)!;
    if (round.length >= PLAN_TUNING.spotArmsPerStatement || (points && points + j - i > PLAN_TUNING.spotsPerStatement)) {
      round = [];
      rounds.push(round);
      points = 0;
    }
    const last = round.at(-1);
    if (j - i > 1) round.push({ shared: spots.slice(i, j), d });
    else if (last && 'run' in last) last.run.push(spots[i]!);
    else round.push({ run: [spots[i]!], d });
    points += j - i;
    i = j;
  }
  return rounds;
}

/** One arm's matches (`seq`, and `d` their rank of distance), nearest first, at most `need`. */
function spotArm(source: SpotSource, conds: Expression<SqlBool>[], arm: SpotArm, need: number) {
  const select = (at: Expression<SqlBool>, d: RawBuilder<unknown>, from = sql``) =>
    sql`SELECT ${source.seq} AS seq, ${d} AS d FROM ${from}${source.tables} ${and([at, ...conds])}`;
  if ('run' in arm) {
    const values = sql.join(arm.run.map((spot, k) => sql`(${spot.latitude}, ${spot.longitude}, ${sql.lit(arm.d + k)})`));
    return sql`SELECT * FROM (${select(source.at(sql`s.column1`, sql`s.column2`), sql`s.column3`, sql`(VALUES ${values}) s CROSS JOIN `)} LIMIT ${need})`;
  }
  const one = (spot: SpotNear) => sql`SELECT * FROM (${select(source.at(spot.latitude, spot.longitude), sql.lit(arm.d))} ORDER BY 1 LIMIT ${need})`;
  return sql`SELECT * FROM (${sql.join(arm.shared.map(one), sql` UNION ALL `)} ORDER BY 1)`;
}

/**
 * The conditions every arm of pageAtSpots repeats, their integers written into the SQL text: bound as
 * parameters, a round carried them once per arm (open now alone has each zone's clock), and a server
 * over the network took longer to prepare it. Only safe integers are written in (their text is exact;
 * in parentheses, so a minus cannot meet the SQL's own); strings and reals stay bound. A `?` count that does not match keeps the
 * conditions as they were.
 */
function inlined(s: SearchRun, conds: Expression<SqlBool>[]): Expression<SqlBool>[] {
  if (!conds.length) return conds;
  const { sql: text, parameters } = sql`(${sql.join(conds, sql` AND `)})`.compile(s.q.database.db);
  const pieces = text.split('?');
  if (pieces.length !== parameters.length + 1) return conds;
  const parts = pieces.map((piece, i) => {
    if (i === parameters.length) return sql.raw(piece);
    const v = parameters[i];
    return typeof v === 'number' && Number.isSafeInteger(v) ? sql.raw(`${piece}(${v})`) : sql`${sql.raw(piece)}${v}`;
  });
  return [sql<SqlBool>`${sql.join(parts, sql``)}`];
}

/**
 * The matches at `spots`, counted up to the cap (LIMITS.countedTotal), the points given as a VALUES
 * list; once per request (a place's ring is asked for its count, then read for its page).
 */
async function countAt({ q: { database, reads } }: SearchRun, source: SpotSource, spots: SpotNear[]) {
  return cappedTotal(await countOnce(database, reads.counts, countStatement(source, spots)));
}

function countStatement(source: SpotSource, spots: SpotNear[]) {
  const values = sql.join(spots.map((spot) => sql`(${spot.latitude}, ${spot.longitude})`));
  return sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM (VALUES ${values}) s CROSS JOIN ${source.tables}
    ${and([source.at(sql`s.column1`, sql`s.column2`), ...source.conds])} LIMIT ${LIMITS.countedTotal + 1})`;
}

/** The rings read as one statement (ringsBySpot): the ring that fills the page, else the last; its count net of the place's own; the page. */
export interface RingsRead {
  /** Index in `radii` of the ring answered with. */
  ring: number;
  /** Its matches, counted up to the cap. */
  count: Count;
  /** With open now (OpenRings), the widest circle's open-now count the statement read (-1: not known). */
  openCount?: number;
  /** The place's own among them, or null when past the cap and not known by id (to be counted apart). */
  own: number | null;
  rows: Row[];
}

/** The page the rings fill (rings.ts `RingStart`) and the place's own search, whose matches the rings leave out. */
export interface RingsPage {
  skip: number;
  take: number;
  wanted: number;
  /** The matches each ring's pass lists, at least one past the counted cap (rings.ts `ringsListed`). */
  listed: number;
  /** The place's own matches, all counted (0: none is in the rings). */
  own: number;
  /** The place, as its own search reads it (its city, state or ZIP prefix), when some of its own are in the rings. */
  place?: SearchPlace;
  /** The ids of all of the place's own matches (its own page held them all), for their exact count in a circle past the cap. */
  ownIds?: readonly string[];
}

/**
 * Whether a match is one of the place's own, as its own search reads the place (filters.server.ts
 * FILTERS' city, state and ZIP prefix), on the source's row: the coordinate index carries city,
 * state and ZIP code; a service's category rows carry the city (the state and a ZIP prefix are looked
 * up in the match's provider row, only for a match in that city when the place has one).
 */
export function inPlaceOf(source: Pick<SpotSource, 'rowOf'>, place: SearchPlace): RawBuilder<unknown> {
  const r = { place } as Resolved;
  const conds = [
    ...(place.city ? [source.rowOf === 'c' ? FILTERS.city.categoryRow!(r) : FILTERS.city.row(r)] : []),
    ...(place.state
      ? [source.rowOf === 'c' ? sql<SqlBool>`(SELECT state FROM providers WHERE seq = c.providerSeq) = ${place.state}` : FILTERS.state.row(r)]
      : []),
    ...(place.zipPrefix
      ? [
          source.rowOf === 'c'
            ? sql<SqlBool>`EXISTS (SELECT 1 FROM providers p WHERE p.seq = c.providerSeq AND ${FILTERS.zipPrefix.row(r)})`
            : FILTERS.zipPrefix.row(r),
        ]
      : []),
  ];
  return conds.length ? sql`(${sql.join(conds, sql` AND `)})` : sql`0`;
}

/**
 * A place's rings (rings.ts) read as ONE statement, nearest first, reading what the rings read circle
 * after circle: the nearest circle's points (spotsNear's) and, nearest first, its matches up to the
 * cap (countAt's), listed as they are read, those of the place's own counted and left out; only when
 * they fall short of the page (`wanted`, with the place's own), the widest circle's, whose pass also
 * counts each circle between (its matches nearer than that circle's radius come first). The page is
 * taken from the list of the ring answered with (the first that fills the page, else the widest) and
 * its rows read in the same statement. Nothing is kept in a table or sorted along the way (libSQL
 * counts a temporary table's or a sort's rows as read), and the page is not read again. Points at
 * exactly the same distance, which real coordinates never are, are taken point by point rather than
 * merged by seq. `s` is the widest circle's search; rings.ts `readAtOnce` says when it applies.
 */
export async function ringsBySpot(s: SearchRun, point: Point, radii: readonly number[], page: RingsPage, open?: OpenRings): Promise<RingsRead> {
  const source = spotSource(s);
  const inPlace = page.place ? inPlaceOf(source, page.place) : sql`0`;
  const passes = ringPasses(source, point, radii, page, inPlace, open);
  // Literals: a bound number may reach the server as a real (0.0), which no JSON path takes.
  const positions = sql.join(Array.from({ length: page.take }, (_, k) => sql`(${sql.lit(page.skip + k)})`));
  // With open now the rings often hold fewer than a page: the page's seq read as one IN list of their
  // JSON paths, where a VALUES row a position counted a row read each on sqld (one row more for a full page).
  const seqAt = Array.from({ length: page.take }, (_, k) => sql`json_extract(c.list, ${sql.lit(`$[${page.skip + k}][1]`)})`);
  const atPosition = sql`CASE p.seq ${sql.join(
    seqAt.map((seq, k) => sql`WHEN ${seq} THEN ${sql.lit(page.skip + k)}`),
    sql` `,
  )} END`;
  // The place's own in the ring answered with, when its count stopped at the cap: none when none is
  // in the rings (no place given: its pass counted 0), exactly when known by id, else unknown (NULL:
  // counted apart by the caller, a round trip and a circle's rows).
  const ownIn = !page.place
    ? sql`c.o`
    : page.ownIds === undefined
      ? sql`NULL`
      : page.ownIds.length
        ? sql`(SELECT count(*) FROM providers p WHERE p.id IN (${sql.join(page.ownIds)}) AND ${distanceSql(point)} <= c.miles)`
        : sql`0`;
  const rows = (await s.run(sql`WITH ${sql.join(passes)}, chosen AS MATERIALIZED (${chosenRing(page, radii)})
    SELECT c.ring AS ringIndex, c.n AS ringCount, CASE WHEN c.n > ${LIMITS.countedTotal} THEN ${ownIn} ELSE c.o END AS ringOwn, ${open ? sql`${atPosition} AS position, g.n AS openCount` : sql`v.column1 AS position`}, p.*${s.distance}
    FROM ${
      open
        ? sql`chosen c CROSS JOIN g LEFT JOIN providers p ON p.seq IN (${sql.join(seqAt)})`
        : sql`(VALUES ${positions}) v CROSS JOIN chosen c
    LEFT JOIN providers p ON v.column1 < c.n - c.o AND p.seq = json_extract(c.list, '$[' || v.column1 || '][1]')`
    }`)) as (Row & {
    ringIndex: number;
    ringCount: number;
    ringOwn: number | null;
    position: number;
    openCount: number | null;
  })[];
  // In the page's order (sorted here: a sort in the statement would count its rows as read).
  rows.sort((a, b) => a.position - b.position);
  const first = rows[0]!;
  return {
    ring: Number(first.ringIndex),
    count: cappedTotal(Number(first.ringCount)),
    own: first.ringOwn === null ? null : Number(first.ringOwn),
    rows: rows.filter((row) => row.seq !== null).map(({ ringIndex: _, ringCount: __, ringOwn: ___, position: ____, openCount: _____, ...row }) => row),
    ...(open ? { openCount: Number(first.openCount) } : {}),
  };
}

/** Whether a ring of `n` matches (`o` of them the place's own) fills the page, or stopped at the cap. */
const ringFills = (page: RingsPage, n: RawBuilder<unknown>, o: RawBuilder<unknown>) =>
  sql`(${n} > ${LIMITS.countedTotal} OR ${page.own} + ${n} - ${o} >= ${page.wanted})`;

/**
 * One circle's pass (`c<i>`): its points nearest first, its matches at each in seq order (the
 * index's) up to the cap, counted (`n`, `o` of them the place's own) and listed but for the place's
 * own, and counted within each circle between (`m<j>`, `mo<j>`); `when`, whether it is read at all.
 */
function ringPass(
  source: SpotSource,
  point: Point,
  radii: readonly number[],
  i: number,
  inPlace: RawBuilder<unknown>,
  most: number,
  { when, listed }: { when?: RawBuilder<unknown>; listed?: ListedArm } = {},
) {
  const miles = radii[i]!;
  const spots = sql`SELECT s.miles, ${source.seq} AS seq, ${inPlace} AS own
      FROM (SELECT p.latitude, p.longitude, ${distanceSql(point)} AS miles FROM spot p WHERE p.longitude IS NOT NULL AND miles <= ${miles} ORDER BY miles LIMIT -1) s
      CROSS JOIN ${source.tables} ${and([source.at(sql`s.latitude`, sql`s.longitude`), ...source.conds])}`;
  return sql`${sql.raw(`c${i}`)} AS MATERIALIZED (WITH RECURSIVE ${spotsCtes(point, miles, { when })}
    SELECT count(*) AS n, total(own) AS o, json_group_array(json_array(miles, seq)) FILTER (WHERE NOT own) AS list ${betweenCounts(radii)} FROM (
      ${listed ? sql`SELECT * FROM (${listedRows(listed, point, miles)}) UNION ALL SELECT * FROM (${spots})` : spots} LIMIT ${most}))`;
}

/**
 * The counts of each circle between the nearest and the widest, from the widest's rows (`miles`,
 * `own`): `m<j>` of them within the j-th radius, `mo<j>` of those the place's own.
 */
export const betweenCounts = (radii: readonly number[]) =>
  sql.join(
    radii.slice(1, -1).map((r, j) => sql`, total(miles <= ${r}) AS ${sql.raw(`m${j + 1}`)}, total(miles <= ${r} AND own) AS ${sql.raw(`mo${j + 1}`)}`),
    sql``,
  );

/**
 * Open now around a place (rings.server.ts `ringsAtOnce`): the widest circle's open-now count, read
 * in the statement (`g`), says how the rings are read, as it says how each circle's own search is:
 * few open (at most `most`), each circle's open listed (the open-now list, each open looked up and
 * kept when within the circle: `few`, the widest circle's search as open-listed runs it); many, or
 * not known (-1), each point's rows checked (`s`, as nearestBySpot does); none, nothing read.
 */
export interface OpenRings {
  count: RawBuilder<{ n: number }>;
  most: number;
  few: SearchRun;
}

/** A ring's open listed (OpenRings' few): read instead of its points when `when` holds. */
interface ListedArm {
  few: SearchRun;
  inPlace: RawBuilder<unknown>;
  when: RawBuilder<unknown>;
}

/**
 * A circle's open listed: the open-now list's providers within it (the few search's conditions, as
 * open-listed reads them), nearest first and in seq order at one distance, as ringPass reads its
 * points' matches; nothing read unless `when` (the row `w` leads the join: a condition of the
 * WHERE alone would not keep SQLite from reading the list).
 */
function listedRows({ few, inPlace, when }: ListedArm, point: Point, miles: number) {
  const conds = rowConditions({ ...few.r, within: { point, miles } }, { skip: 'openList' });
  return sql`SELECT miles, seq, own FROM (SELECT p.seq AS seq, ${distanceSql(point)} AS miles, ${inPlace} AS own
      FROM (SELECT 1 WHERE ${when}) w CROSS JOIN provider_search p ${and(conds)}) ORDER BY miles, seq`;
}

/**
 * The nearest circle's pass and the widest's (`c0`, `c<last>`), the widest read only when the
 * nearest falls short; with open now (`open`), the count first (`g`), and each pass reading its
 * points (many open) or its open listed (few), as the count says.
 */
function ringPasses(source: SpotSource, point: Point, radii: readonly number[], page: RingsPage, inPlace: RawBuilder<unknown>, open?: OpenRings) {
  const last = radii.length - 1;
  const wider = sql`NOT (SELECT ${ringFills(page, sql`c0.n`, sql`c0.o`)} FROM c0)`;
  const [few, many] = [sql`(SELECT few FROM g)`, sql`(SELECT many FROM g)`];
  const listedInPlace = open && page.place ? inPlaceOf({ rowOf: 'p' }, page.place) : sql`0`;
  // The widest is read only when the nearest falls short; with open now, each reads its points (many open) or its open listed (few).
  const armOf = (i: number): { when?: RawBuilder<unknown>; listed?: ListedArm } => {
    const widest = i > 0;
    if (!open) return widest ? { when: wider } : {};
    const listed = { few: open.few, inPlace: listedInPlace, when: widest ? sql`${few} AND ${wider}` : few };
    return { when: widest ? sql`${many} AND ${wider}` : many, listed };
  };
  const passes = (last > 0 ? [0, last] : [0]).map((i) => ringPass(source, point, radii, i, inPlace, page.listed, armOf(i)));
  if (!open) return passes;
  return [sql`g AS MATERIALIZED (SELECT n, n BETWEEN 1 AND ${open.most} AS few, (n < 0 OR n > ${open.most}) AS many FROM (${open.count}))`, ...passes];
}

/** The ring answered with (`ring`, its `miles`, counts `n` and `o`, and `list`): the nearest when it fills the page, else the first between that does, else the widest. */
function chosenRing(page: RingsPage, radii: readonly number[]) {
  const last = radii.length - 1;
  if (last === 0) return sql`SELECT 0 AS ring, ${radii[0]} AS miles, c0.n AS n, c0.o AS o, c0.list AS list FROM c0`;
  const f0 = ringFills(page, sql`c0.n`, sql`c0.o`);
  const pick = (ofRing: (j: number) => RawBuilder<unknown>) =>
    sql`CASE WHEN ${f0} THEN ${ofRing(0)} ${sql.join(
      radii.slice(1, -1).map((_, j) => sql`WHEN ${ringFills(page, sql.raw(`cl.m${j + 1}`), sql.raw(`cl.mo${j + 1}`))} THEN ${ofRing(j + 1)}`),
      sql` `,
    )} ELSE ${ofRing(last)} END`;
  const column = (name: 'n' | 'o') => (j: number) =>
    j === 0 ? sql.raw(`c0.${name}`) : j === last ? sql.raw(`cl.${name}`) : sql.raw(`cl.${name === 'n' ? 'm' : 'mo'}${j}`);
  return sql`SELECT ${pick((j) => sql`${j}`)} AS ring, ${pick((j) => sql`${radii[j]}`)} AS miles, ${pick(column('n'))} AS n, ${pick(column('o'))} AS o,
    CASE WHEN ${f0} THEN c0.list ELSE cl.list END AS list FROM c0 LEFT JOIN ${sql.raw(`c${last}`)} cl`;
}
