/**
 * `openNow=true` as SQL: the provider has an hours range (provider_hours, in minutes of its local
 * week) around the current minute of the week in its own time zone. The zones are few
 * (src/features/places/timeZone.ts), so "now" is worked out once per zone per request.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import type { Point } from '../places';
import { boxCells } from './near.server';
import type { Circle } from './searchTypes.server';
import { TIME_ZONES } from '../places';
import { minuteOfWeek } from '../providers';
import { MINUTES_PER_DAY } from '../providers';
import { todayIn } from '../providers';
import { INDEXES, indexSql } from './indexes.server';
import type { HoursAsked, HoursClasses, HoursNear, HoursPresent } from './searchTypes.server';
import { readOnce, type RequestReads } from './requestReads.server';

/** Providers without a known zone are read in New York time. */
const FALLBACK_ZONE = 'America/New_York';

/**
 * The zones in the order the row check's CASE tries them: the four mainland zones first, where most
 * of the country lives, so most rows stop at the first or second comparison (the check runs on each
 * row a walk or a count visits).
 */
const BUSIEST_FIRST = [...new Set(['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Denver', ...TIME_ZONES])];

/** Hours of the week each of the bit columns holds (migrations/0091: openWeek0 hours 0-41, openWeek1 42-83, openWeek2 84-125, openWeek3 126-167). */
const HOURS_PER_WEEK_COLUMN = 42;

/**
 * The bit of the provider row `p` for the hour `date` is in on its zone's clock: 1 when it is open
 * throughout that hour (migrations/0091), read from the row (or an order index's entry) itself. One
 * CASE naming only the zones whose bit is another than New York's (the fallback's): the zones share
 * a few clocks, and a statement that checks open now at a thousand points (plans/spots.server.ts)
 * takes longer to prepare with every arm.
 */
function openThisHour(date: Date, row: string) {
  const bitAt = (hour: number) =>
    sql`((${sql.ref(`${row}.openWeek${Math.floor(hour / HOURS_PER_WEEK_COLUMN)}`)} >> ${sql.lit(hour % HOURS_PER_WEEK_COLUMN)}) & 1)`;
  const fallback = Math.floor(minuteOfWeek(date, FALLBACK_ZONE) / 60);
  // The zones by their hour now, each zone's worked out once.
  const others = new Map<number, string[]>();
  for (const zone of BUSIEST_FIRST) {
    const hour = Math.floor(minuteOfWeek(date, zone) / 60);
    if (hour !== fallback) others.set(hour, [...(others.get(hour) ?? []), zone]);
  }
  if (!others.size) return bitAt(fallback);
  const arms = [...others].map(([hour, zones]) => sql`WHEN ${sql.ref(`${row}.timeZone`)} IN (${sql.join(zones)}) THEN ${bitAt(hour)}`);
  return sql`(CASE ${sql.join(arms, sql` `)} ELSE ${bitAt(fallback)} END)`;
}

/**
 * Whether a sampled provider (tokenShares.server.ts) is open throughout the hour `date` is in on its
 * zone's clock (a zone that is none of TIME_ZONES, or none, on New York's): its bit as `openThisHour`
 * reads it in SQL. A bit set is a range around now, so the ranges the open-now list reads hold at least
 * the sample's set bits (a bit clear may still be open part of the hour: never more).
 */
export function sampledOpenThisHour(date: Date): (row: { timeZone: string | null; openWeek: readonly number[] }) => boolean {
  const hours = new Map(BUSIEST_FIRST.map((zone) => [zone, Math.floor(minuteOfWeek(date, zone) / 60)]));
  const fallback = hours.get(FALLBACK_ZONE)!;
  return ({ timeZone, openWeek }) => {
    const hour = (timeZone !== null ? hours.get(timeZone) : undefined) ?? fallback;
    // 42 bits a column: past 32, so no bitwise operator (a JavaScript number holds 53).
    return Math.floor((openWeek[Math.floor(hour / HOURS_PER_WEEK_COLUMN)] ?? 0) / 2 ** (hour % HOURS_PER_WEEK_COLUMN)) % 2 === 1;
  };
}

/**
 * Row check: the bit of now's hour in the provider row `p` (migrations/0091), and only when it is
 * clear for a provider whose bits leave hours out (`openPartly`: a range opening or closing inside
 * an hour, or overlapping another), one seek in the primary key of provider_hours at now on its
 * zone (each zone's now a row of a VALUES list, the provider's picked). The bits are in the order
 * indexes' entries, so a walk checks open now without a seek per entry (deep in an order at night,
 * a thousand open among tens of thousands checked).
 * Only the ranges opened within a day before now are read: none lasts longer (MAX_CLASS), so none
 * opened earlier is still open, and the seek no longer reads every range of the week before now
 * (on a Saturday evening, six days of them). `row` may be another row carrying the zone and bits,
 * whose provider's seq is its column `seq` (a facet's row, migrations/0092).
 */
export function openNowCondition(date: Date, row = 'p', seq = 'seq'): Expression<SqlBool> {
  const column = (name: string) => sql.ref(`${row}.${name}`);
  const nows = sql.join(BUSIEST_FIRST.map((zone) => sql`(${zone}, ${minuteOfWeek(date, zone)})`));
  const zone = sql`CASE WHEN ${column('timeZone')} IN (${sql.join(BUSIEST_FIRST)}) THEN ${column('timeZone')} ELSE ${FALLBACK_ZONE} END`;
  const seek = sql`EXISTS (SELECT 1 FROM (VALUES ${nows}) n CROSS JOIN provider_hours h WHERE n.column1 = ${zone} AND h.providerSeq = ${column(seq)}
    AND h.openMinute <= n.column2 AND h.openMinute > n.column2 - ${MINUTES_PER_DAY} AND h.closeMinute > n.column2)`;
  return sql<SqlBool>`(${openThisHour(date, row)} = 1 OR (${column('openPartly')} = 1 AND ${seek}))`;
}

/**
 * The same check on `p.seq` alone, for a source with no provider row (plans/context.server.ts
 * `textSourceOf`, a category's or a facet's rows by seq): one seek of provider_search by seq, whose
 * copy of the bits and zone the check reads (migrations/0091). The hours rows' seek it replaced
 * read each range opened within a day of now in any zone, once for each side of Monday 00:00.
 */
export const openNowBySeq = (date: Date): Expression<SqlBool> =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM provider_search o WHERE o.seq = p.seq AND ${openNowCondition(date, 'o')})`;

/**
 * Not temporarily closed at `date` (docs/owners.md "Statuses"): closed while today on the provider's
 * clock is before closedUntil, open again from that day without a write. One lookup in the partial
 * index of the few temporarily closed (migrations/0021), which carries closedUntil and the zone: a
 * lookup that finds nothing reads no row. Today is worked out once per zone, as "now" is above.
 */
export function notClosedCondition(seq: RawBuilder<unknown>, date: Date): Expression<SqlBool> {
  const cases = TIME_ZONES.map((zone) => sql`WHEN ${zone} THEN ${todayIn(zone, date)}`);
  const today = sql`(CASE t.timeZone ${sql.join(cases, sql` `)} ELSE ${todayIn(FALLBACK_ZONE, date)} END)`;
  return sql<SqlBool>`NOT EXISTS (SELECT 1 FROM providers t INDEXED BY ${indexSql(INDEXES.closed)}
    WHERE t.seq = ${seq} AND t.status = 'temporarily_closed' AND t.closedUntil > ${today})`;
}

/**
 * Length classes of the open-now indexes: a range of class k lasts at most k × CLASS_MINUTES (the
 * expression must be the indexes' own). A class is one short range of openMinute to read, in which
 * only the ranges that opened in its first hour may have closed already: with four-hour classes a
 * zone's list in the evening read every long day that opened that morning (migrations/0026). Every
 * zone × 24 classes is 312 arms of one compound SELECT (SQLite allows 500).
 */
const CLASS_MINUTES = 60;

/** Hours' length classes run from 1 to a day's (a range never passes the week's end or a day's length). */
const MAX_CLASS = Math.ceil(MINUTES_PER_DAY / CLASS_MINUTES);

type PresentRow = { cell: number; timeZone: string | null; classes: number | null; categories: string | null };

/** Rows of zone_hour_classes (and with `inSet`, of hours_category_sets) as `hoursPresent` answers them. */
function presentOf(rows: readonly PresentRow[], inSet: string | undefined): HoursPresent {
  const present = (bits: number) => Array.from({ length: MAX_CLASS }, (_, i) => i + 1).filter((k) => (bits & (1 << k)) !== 0);
  return {
    classes: new Map(rows.flatMap((row) => (row.cell || row.timeZone === null ? [] : [[row.timeZone, present(Number(row.classes))]]))),
    sets: inSet === undefined ? undefined : rows.flatMap((row) => (row.categories === null ? [] : [row.categories])),
  };
}

/**
 * The classes present in `zones` and among ranges without a zone: one row per zone, its classes as
 * bits, a superset of those present (kept by triggers). With `inSet` (a service in a city,
 * `OpenListConditions.inSet`), in the same statement, the sets of categories hours rows have carried
 * that hold it (hours_category_sets, migrations/0038, a superset kept by triggers): a handful.
 */
export async function hoursPresent({ db }: Db, zones?: readonly string[], inSet?: string): Promise<HoursPresent> {
  // Every zone: the table whole (a row a zone), where a list of every zone is a lookup each.
  const inZones = zones ? sql` WHERE timeZone IN (${sql.join([...zones, ''])})` : sql``;
  const sets = inSet === undefined ? sql`` : sql` UNION ALL SELECT NULL, NULL, categories FROM hours_category_sets WHERE instr(categories, ${inSet}) > 0`;
  const { rows } = await sql<Omit<PresentRow, 'cell'>>`
    SELECT timeZone, classes, NULL AS categories FROM zone_hour_classes${inZones}${sets}`.execute(db);
  // The table whole holds the zones of TIME_ZONES only (kept by triggers from providers' zones); kept to them all the same.
  const kept = new Set([...(zones ?? TIME_ZONES), '']);
  return presentOf(
    rows.filter((row) => row.timeZone === null || kept.has(row.timeZone)).map((row) => ({ ...row, cell: 0 })),
    inSet,
  );
}

/**
 * The time zones a provider within `miles` of `point` can be in (those of zone_cells' cells that the
 * circle's bounding box touches: a superset, kept by triggers, migrations/0024_zone_cells.sql), kept
 * to `placeZones` when given, and `hoursPresent` for them, in one statement: one round trip
 * (docs/SCALING.md "Round trips"). A `near` search's open-now list keeps to these zones, so "few
 * open" is decided where the search is: a ring around Chicago at 8 AM in New York lists Chicago's
 * few rather than checking every provider of the ring against the East's thousands.
 */
export async function hoursNear(
  database: Db,
  { point, miles }: { point: Point; miles: number },
  placeZones: readonly string[] | undefined,
  inSet?: string,
): Promise<HoursNear> {
  const inPlace = (zones: readonly string[]) => (placeZones ? zones.filter((z) => placeZones.includes(z)) : [...zones]);
  const cells = boxCells(point, miles);
  if (!cells) {
    const zones = inPlace(TIME_ZONES);
    return { zones, ...(await hoursPresent(database, zones, inSet)) };
  }
  const box = sql`FROM zone_cells WHERE latCell IN (${sql.join(cells.latCells)}) AND lngCell BETWEEN ${cells.minLngCell} AND ${cells.maxLngCell}`;
  const inCells = sql`SELECT DISTINCT timeZone ${box}`;
  const placed = placeZones ? sql` AND timeZone IN (${sql.join([...placeZones, ''])})` : sql``;
  const sets = inSet === undefined ? sql`` : sql` UNION ALL SELECT 0, NULL, NULL, categories FROM hours_category_sets WHERE instr(categories, ${inSet}) > 0`;
  // A cell row a cell and zone of the box, the cell (latCell × 1000 + lngCell) in `classes`.
  const { rows } = await sql<PresentRow>`SELECT 1 AS cell, timeZone, latCell * 1000 + lngCell AS classes, NULL AS categories ${box}
    UNION ALL SELECT 0, timeZone, classes, NULL FROM zone_hour_classes WHERE (timeZone = '' OR timeZone IN (${inCells}))${placed}${sets}`.execute(database.db);
  const inBox = rows.flatMap((row) => (row.cell && row.timeZone !== null ? [{ zone: row.timeZone, cell: Number(row.classes) }] : []));
  const held = new Set(inBox.map(({ cell }) => cell)).size;
  const zones = [...new Set(inBox.map(({ zone }) => zone))];
  const shares = new Map(zones.map((zone) => [zone, inBox.filter((c) => c.zone === zone).length / held]));
  return { zones: inPlace(zones), shares, ...presentOf(rows, inSet) };
}

/**
 * What a search's open-now list asks of the hours (resolve.server.ts `resolveOpenList`): around a
 * point, its circle's zones (`within`; `zones`, the place's, narrow them); else its place's zones
 * (every zone when undefined). `inSet`: the needle of the sets of categories a city's list reads by.
 * A place's reads ahead (rings.server.ts `hoursAhead`) are asks too: one key (`hoursKey`) for both.
 */
export interface HoursAsk {
  within?: { point: Point; miles: number };
  zones?: readonly string[];
  inSet?: string;
}

/** An ask's key in the request's reads: a read ahead serves a search only when their keys are equal. */
export const hoursKey = ({ within, zones, inSet }: HoursAsk): string =>
  JSON.stringify([within ? [within.point.latitude, within.point.longitude, within.miles] : null, zones ?? null, inSet ?? null]);

/** The ask of every zone's hours by the same sets: its read serves an ask of some zones (`hoursOnce`). */
export const everyZone = ({ inSet }: HoursAsk): HoursAsk => (inSet === undefined ? {} : { inSet });

/**
 * The hours an ask reads (hoursNear around a point, else hoursPresent of the place's zones), once in
 * a request: a place's rings ask for each circle's, and over the network they are read ahead beside
 * the place (rings.server.ts `readsAhead`), a city's own in every zone (`everyZone`): the zones of
 * the states the directory lists it in are known only with its place.
 */
export const hoursOnce = (database: Db, reads: RequestReads, ask: HoursAsk): Promise<HoursAsked> =>
  readOnce(reads.hours, hoursKey(ask), () => {
    if (ask.within) return hoursNear(database, ask.within, ask.zones, ask.inSet);
    // Some zones' of every zone's, when read (a city's read ahead, rings.server.ts `hoursAhead`): its rows for them.
    const every = ask.zones && reads.hours.get(hoursKey(everyZone(ask)));
    const present = every ? every.then((h) => inZones(h, ask.zones!)) : hoursPresent(database, ask.zones, ask.inSet);
    return present.then((h) => ({ ...h, zones: ask.zones, shares: undefined }));
  });

/** Every zone's hours (`hoursPresent`) as those of `zones` alone and of ranges without a zone would read them. */
const inZones = ({ classes, sets }: HoursPresent, zones: readonly string[]): HoursPresent => ({
  classes: new Map([...classes].filter(([zone]) => zone === '' || zones.includes(zone))),
  sets,
});

/** The open-now list of one zone alone ('' the providers without one, read on New York's clock). */
const zoneList = (date: Date, classes: HoursClasses, zone: string, conds: OpenListConditions) =>
  openNowList(date, new Map([[zone, classes.get(zone) ?? []]]), zone ? [zone] : [], conds);

/** The cell `cellsWithOpen` answers while a provider without a zone (in no cell) may be open: then every cell counts (plans/spots.server.ts). */
export const ZONELESS_OPEN_CELL = { latCell: -1, lngCell: -1 } as const;

/**
 * The half-degree cells of `within`'s box (zone_cells, a superset of the zones in each) that hold a
 * zone where someone may be open now, by the list's keyed conditions (a service): a point in another
 * cell holds nobody open, so a row check of the circle passes over it (plans/spots.server.ts). When
 * many are open in one zone and nobody in the circle's own (8 AM in New York, a circle around
 * Chicago with a provider on New York time in one cell), only that cell's points are checked. A
 * provider without a zone is in no cell and reads New York time: while one may be open, the row
 * ZONELESS_OPEN_CELL says every cell counts. Null for a box over a pole (no cells).
 */
export function cellsWithOpen(
  date: Date,
  within: Circle,
  { zones, classes }: { zones: readonly string[]; classes: HoursClasses },
  conds: OpenListConditions,
): RawBuilder<{ latCell: number; lngCell: number }> | null {
  const cells = boxCells(within.point, within.miles);
  if (!cells) return null;
  const keyed = { ...conds, scanned: [] };
  // Each zone's list alone (no arm for the zoneless), and the zoneless' alone: EXISTS stops at the first.
  const anyOpen = (zone: string) => sql`EXISTS (${zoneList(date, classes, zone, keyed)})`;
  const byZone = zones.length
    ? sql`CASE timeZone ${sql.join(
        zones.map((zone) => sql`WHEN ${zone} THEN ${anyOpen(zone)}`),
        sql` `,
      )} ELSE 0 END`
    : sql`0`;
  const zoneless = zoneList(date, classes, '', keyed);
  return sql<{ latCell: number; lngCell: number }>`SELECT DISTINCT latCell, lngCell FROM zone_cells
    WHERE latCell IN (${sql.join(cells.latCells)}) AND lngCell BETWEEN ${cells.minLngCell} AND ${cells.maxLngCell} AND ${byZone}
    UNION ALL SELECT ${sql.lit(ZONELESS_OPEN_CELL.latCell)}, ${sql.lit(ZONELESS_OPEN_CELL.lngCell)} WHERE EXISTS (${zoneless})`;
}

/** The rows of `list` counted up to one past `most`: more than `most` is all a bound needs to know. */
export const countUpTo = (list: RawBuilder<unknown>, most: number) => sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM (${list}) LIMIT ${most + 1})`;

/**
 * How many the open-now list of a circle's zones holds, for whether they are few (resolve.server.ts).
 * A zone in only some of the circle's cells (`shares`: the share of the box's cells that hold it,
 * zone_cells) is counted alone, up to that share of `most`: its list is read across the whole zone
 * while the circle holds its providers only in those cells. A zone in one cell at the circle's edge
 * (8 AM in New York, a circle around Chicago) cost a count of the East's thousands to find them many.
 * The others and the zoneless are counted together up to `most`, as one list. -1 when a zone holds
 * more than its share (each row is then checked).
 */
export function openCountByZone(
  date: Date,
  classes: HoursClasses,
  { zones, shares }: { zones: readonly string[]; shares: ReadonlyMap<string, number> },
  conds: OpenListConditions,
  most: number,
): RawBuilder<{ n: number }> {
  const counted = (list: RawBuilder<unknown>, bound: number) => sql`(${countUpTo(list, bound)})`;
  const some = zones.filter((zone) => (shares.get(zone) ?? 1) < 1);
  const bounds = some.map((zone) => Math.floor(most * shares.get(zone)!));
  const alone = some.map((zone, i) => counted(zoneList(date, classes, zone, conds), bounds[i]!));
  // The rest as one list, with its zoneless arm.
  const rest = counted(
    openNowList(
      date,
      new Map([...classes].filter(([zone]) => !some.includes(zone))),
      zones.filter((zone) => !some.includes(zone)),
      conds,
    ),
    most,
  );
  const columns = [...alone.map((n, i) => sql`${n} AS ${sql.ref(`z${i}`)}`), sql`${rest} AS zn`];
  const over = bounds.map((bound, i) => sql`${sql.ref(`z${i}`)} > ${bound}`);
  const sum = [...alone.map((_, i) => sql.ref(`z${i}`)), sql.ref('zn')];
  return sql<{ n: number }>`SELECT CASE WHEN ${sql.join([...over, sql`0`], sql` OR `)} THEN -1 ELSE ${sql.join(sum, sql` + `)} END AS n
    FROM (SELECT ${sql.join(columns)})`;
}

/**
 * What the open-now list applies besides the moment and the zones: the conditions on its hours row
 * `h` of the filters it carries (filters.server.ts `hoursRow`, on columns copied into the hours rows
 * and covered by both indexes, migrations/0014, 0032), and whether the search has a city, whose
 * own index (city first) is then read.
 */
export interface OpenListConditions {
  byCity: boolean;
  /**
   * A set of categories every listed range holds, as the needle of its `categories` (a service,
   * filters.server.ts `hoursSet`): with a city, the list reads the city's ranges one set of
   * categories at a time, each set that holds it (`hoursPresent`).
   */
  inSet?: string;
  /** The sets of categories that hold `inSet`, as `hoursPresent` read them (with a city only). */
  sets?: readonly string[];
  /** Conditions the index applies within each zone's and class's range of openMinute. */
  keyed: Expression<SqlBool>[];
  /** Conditions the index passes over range by range (a price, a minimum rating): see `openNowRanges`. */
  scanned: Expression<SqlBool>[];
}

/**
 * The providers open now as a list of `seq` (a provider appears once per range that holds now),
 * read from provider_hours_open (migrations/0010): for each zone and length class present
 * (`classes`, migrations/0029 and 0031), the zone's ranges of that class that opened at most its longest
 * length ago and close after now. Reads about as many index entries as there are open ranges
 * (ranges split at the week's end never wrap), and one seek per zone and class: every zone times
 * every class of a day was 312 seeks, most of them finding nothing.
 * `zones` keeps to the zones a place can be in (the place's `zones`, src/features/places/searchPlace.server.ts): at 8 AM in New York most of the East
 * is opening while Chicago is not yet, and Chicago's few are then listed rather than every Chicago
 * row checked. With every filter's condition (`conds`), "open now" with a service in a city, at a
 * price, rated 4.5 and up is listed, and counted, from one index alone; with the sets of categories
 * holding the service (`conds.sets`) the service's ranges are the only ones read there.
 */
export function openNowList(date: Date, classes: HoursClasses, zones: readonly string[] = TIME_ZONES, conds: OpenListConditions): RawBuilder<{ seq: number }> {
  return openArms<{ seq: number }>(date, classes, zones, conds, [...conds.keyed, ...conds.scanned], sql`h.providerSeq AS seq`);
}

/**
 * The open ranges of `openNowList` with only its keyed conditions applied, each with `hit`: whether
 * it meets the scanned ones. Read up to a bound and filtered on `hit`, they say how many of the list
 * the first ranges hold without reading past the bound (resolve.server.ts).
 */
export function openNowRanges(
  date: Date,
  classes: HoursClasses,
  zones: readonly string[] = TIME_ZONES,
  conds: OpenListConditions,
): RawBuilder<{ seq: number; hit: number }> {
  const hit = conds.scanned.length ? sql.join(conds.scanned, sql` AND `) : sql`1`;
  return openArms<{ seq: number; hit: number }>(date, classes, zones, conds, conds.keyed, sql`h.providerSeq AS seq, (${hit}) AS hit`);
}

/**
 * One arm per zone and class present, each a range of openMinute in the city's index or the zones'.
 * With a city and the sets of categories that hold the search's service (`sets`), each arm reads the
 * index that puts the set before openMinute, one range per set (an IN list SQLite seeks value by
 * value): only the service's ranges are read. An arm per set too was slower to prepare than the
 * rows it saved in process.
 * The arms are rows of a VALUES list (zone, class, earliest opening, now: bound values) joined to
 * the index, one seek per row in the rows' order, not a compound SELECT of one arm each: SQLite
 * plans every arm of a compound apart, so a statement with three hundred of them (and the filters'
 * conditions in each) took tens of milliseconds to prepare, and its text changed with the zones and
 * classes present; the join is planned once and its text depends on the number of arms alone.
 */
function openArms<Row>(
  date: Date,
  classes: HoursClasses,
  zones: readonly string[],
  { byCity, sets }: OpenListConditions,
  conds: Expression<SqlBool>[],
  select: RawBuilder<unknown>,
): RawBuilder<Row> {
  const minutes = CLASS_MINUTES;
  // Every stored zone is one of TIME_ZONES (timeZoneOf); a provider without one (NULL) reads New York time.
  const inZones: [string | null, number, readonly number[]][] = [
    ...zones.map((zone): [string, number, readonly number[]] => [zone, minuteOfWeek(date, zone), classes.get(zone) ?? []]),
    [null, minuteOfWeek(date, FALLBACK_ZONE), classes.get('') ?? []],
  ];
  const arms = inZones.flatMap(([zone, now, present]) => present.map((k) => sql`(${zone}, ${k}, ${now - k * minutes}, ${now})`));
  const bySet = byCity && sets;
  // No hours anywhere (a new directory), or no set holds the service: nobody is open.
  if (!arms.length || (bySet && !sets.length)) return sql<Row>`SELECT ${select} FROM provider_hours h WHERE 0`;
  const index = indexSql(bySet ? INDEXES.hoursCityCategoryOpen : byCity ? INDEXES.hoursCityOpen : INDEXES.hoursOpen);
  const inSets = bySet ? sql`AND h.categories IN (${sql.join(sets)})` : sql``;
  const carried = conds.map((cond) => sql`AND ${cond}`);
  // a.column1 the zone (IS: NULL for the zoneless), column2 the class, column3 and column4 the range of openMinute.
  return sql<Row>`SELECT ${select} FROM (VALUES ${sql.join(arms)}) a CROSS JOIN provider_hours h INDEXED BY ${index}
    WHERE h.timeZone IS a.column1 AND (h.closeMinute - h.openMinute + ${sql.lit(minutes - 1)}) / ${sql.lit(minutes)} = a.column2 ${inSets}
    AND h.openMinute BETWEEN a.column3 AND a.column4 AND h.closeMinute > a.column4 ${sql.join(carried, sql` `)}`;
}
