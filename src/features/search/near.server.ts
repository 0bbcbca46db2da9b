/**
 * Distance in SQL (docs/search.md: distance): a bounding box on the indexed coordinates
 * (providers_geo) keeps the candidates few, then the exact haversine distance decides.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../places';
import type { Db } from '../../db/client';
import { INDEXES, indexedBy } from './indexes.server';
import type { RequestReads } from './requestReads.server';
import type { SpotNear } from './searchTypes.server';

/** Miles from `point` to the provider row `p` (or another row with its coordinates, `row`: SQLite's math functions). */
export function distanceSql(point: Point, row = 'p'): RawBuilder<number> {
  const [lat, lng] = [sql.raw(`${row}.latitude`), sql.raw(`${row}.longitude`)];
  const dLat = sql`radians(${lat} - ${point.latitude}) / 2`;
  const dLng = sql`radians(${lng} - ${point.longitude}) / 2`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES} * asin(min(1, sqrt(sin(${dLat}) * sin(${dLat}) + ${Math.cos((point.latitude * Math.PI) / 180)} * cos(radians(${lat})) * sin(${dLng}) * sin(${dLng})))))`;
}

/** Providers in the bounding box of `miles` around `point` (the row `p`, or another: `row`): withinCondition but the exact distance. */
export function inBoxCondition(point: Point, miles: number, row = 'p'): Expression<SqlBool> {
  const box = boundingBox(point, miles);
  const [lat, lng] = [sql.raw(`${row}.latitude`), sql.raw(`${row}.longitude`)];
  return sql<SqlBool>`${lat} BETWEEN ${box.minLat} AND ${box.maxLat} AND ${lng} BETWEEN ${box.minLng} AND ${box.maxLng}`;
}

/** Providers within `miles` of `point` (the row `p`, or another with their coordinates: `row`). */
export function withinCondition(point: Point, miles: number, row = 'p'): Expression<SqlBool> {
  return sql<SqlBool>`${inBoxCondition(point, miles, row)} AND ${distanceSql(point, row)} <= ${miles}`;
}

/**
 * The providers of the box around `point` as a FROM clause, read from the coordinate index one
 * latitude at a time: a recursive step finds the box's next latitude in one seek, then the index
 * range of the box's longitudes at that latitude is read. Providers sit at their ZIP area's centre
 * (docs/search.md: coordinates come from the ZIP), so a box holds few latitudes. Read as one range
 * of latitudes, the box read every provider of that band across the whole country (rows read in
 * docs/BENCHMARKS.md). Pair it with withinCondition, which keeps the exact distance.
 *
 * With `category`, the category rows (alias `c`) of that service in the box instead, from their own
 * coordinate index (migrations/0023): a service's share of the box, not every provider there. With
 * `when`, a condition constant in the statement: false, no latitude is sought (a WHERE outside is
 * tested only once the latitudes are listed).
 */
export function boxTables(point: Point, miles: number, category?: string, when?: RawBuilder<unknown>): RawBuilder<unknown> {
  const box = boundingBox(point, miles);
  const [table, alias, index] = category
    ? [sql`provider_categories`, sql`c`, indexedBy(INDEXES.categoryGeo)]
    : [sql`providers`, sql`p`, indexedBy(INDEXES.geo)];
  const only = category ? sql`category = ${category} AND` : sql``;
  return sql`FROM (WITH RECURSIVE lat (v) AS (
      SELECT (SELECT min(latitude) FROM ${table} ${index} WHERE ${only} latitude BETWEEN ${box.minLat} AND ${box.maxLat}) ${when ? sql`WHERE ${when}` : sql``}
      UNION ALL
      SELECT (SELECT min(latitude) FROM ${table} ${index} WHERE ${only} latitude > lat.v AND latitude <= ${box.maxLat}) FROM lat WHERE lat.v IS NOT NULL
    ) SELECT v FROM lat WHERE v IS NOT NULL) lat
    CROSS JOIN ${table} ${alias} ${index} ON ${category ? sql`c.category = ${category} AND` : sql``} ${alias}.latitude = lat.v AND ${alias}.longitude BETWEEN ${box.minLng} AND ${box.maxLng}`;
}

/** The providers in the box of `miles` around `point`, counted up to `most` + 1 (plans/context.server.ts `listTextIn`, read ahead: textFacts.server.ts). */
export const boxRowsCount = (point: Point, miles: number, most: number) =>
  sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 ${boxTables(point, miles)} LIMIT ${most + 1})`;

/** Cells per degree of zone_cells and state_cells (migrations/0024 and 0037 compute the same). */
const CELLS_PER_DEGREE = 2;

/** The cell, counted from `from` degrees (90 for a latitude, 180 for a longitude), that `degrees` lies in. */
export const cellOfDegrees = (degrees: number, from: number) => Math.trunc((degrees + from) * CELLS_PER_DEGREE);

/** A cell of zone_cells and state_cells as one key, "latCell,lngCell". */
export const cellKey = (latCell: number, lngCell: number) => `${latCell},${lngCell}`;

/** The cell a point is in (`cellKey`). */
export const cellOf = (point: Point) => cellKey(cellOfDegrees(point.latitude, 90), cellOfDegrees(point.longitude, 180));

/**
 * The half-degree cells (counted from -90 and -180, as zone_cells and state_cells key them) that the
 * box of `miles` around `point` touches: its rows of latitude and its range of longitude; null for a
 * box over a pole or the antimeridian (no US provider is near either).
 */
export function boxCells(point: Point, miles: number): { latCells: number[]; minLngCell: number; maxLngCell: number } | null {
  const box = boundingBox(point, miles);
  if (box.minLat < -90 || box.maxLat > 90 || box.minLng < -180 || box.maxLng >= 180) return null;
  const first = cellOfDegrees(box.minLat, 90);
  return {
    latCells: Array.from({ length: cellOfDegrees(box.maxLat, 90) - first + 1 }, (_, i) => first + i),
    minLngCell: cellOfDegrees(box.minLng, 180),
    maxLngCell: cellOfDegrees(box.maxLng, 180),
  };
}

/** The tables kept by cell (migrations/0024, 0037), each with the column it keeps. */
const CELL_TABLES = { zone_cells: 'timeZone', state_cells: 'state' } as const;

/**
 * The values `table` keeps in the cells the box of `miles` around `point` touches (a superset of
 * those of the providers within it: cells are kept by triggers, never removed), one seek per row of
 * cells; null for a box over a pole or the antimeridian.
 */
export async function inCellsNear({ db }: Db, table: keyof typeof CELL_TABLES, point: Point, miles: number): Promise<string[] | null> {
  const read = cellsNearRead(table, point, miles);
  return read ? (await read.execute(db)).rows.map((r) => r.value) : null;
}

/** inCellsNear's statement; null when the box has no cells to read (then it lists none). */
export function cellsNearRead(table: keyof typeof CELL_TABLES, point: Point, miles: number) {
  const cells = boxCells(point, miles);
  if (!cells) return null;
  return sql<{ value: string }>`SELECT DISTINCT ${sql.ref(CELL_TABLES[table])} AS value FROM ${sql.table(table)}
    WHERE latCell IN (${sql.join(cells.latCells)}) AND lngCell BETWEEN ${cells.minLngCell} AND ${cells.maxLngCell}`;
}

/**
 * The distinct points providers sit at within `miles` of `point`, nearest first, in one statement:
 * the box's latitudes one seek each (as boxTables), then each latitude's longitudes one seek each,
 * so it reads about one index entry per point rather than one per provider. Providers sit at their
 * ZIP area's centre (docs/search.md: coordinates come from the ZIP): a box of thousands of providers
 * holds a few dozen points. The distance is the same SQL expression a provider's row gets, so the
 * points' order and the radius decide exactly as they would row by row.
 */
export async function spotsNear({ db }: Db, point: Point, miles: number): Promise<SpotNear[]> {
  const { rows } = await sql<SpotNear>`WITH RECURSIVE ${spotsCtes(point, miles)}
    SELECT p.latitude, p.longitude, ${distanceSql(point)} AS miles FROM spot p WHERE p.longitude IS NOT NULL AND miles <= ${miles} ORDER BY miles`.execute(db);
  return rows;
}

/**
 * The common table expressions of spotsNear: `lat` (the box's latitudes) and `spot` (its points,
 * with a NULL longitude ending each latitude), named `lat<suffix>` and `spot<suffix>`; `when`, a
 * condition on which anything is read at all (a place's wider rings, plans/spots.server.ts).
 */
export function spotsCtes(point: Point, miles: number, { suffix = '', when }: { suffix?: string; when?: RawBuilder<unknown> } = {}): RawBuilder<unknown> {
  const box = boundingBox(point, miles);
  const geo = indexedBy(INDEXES.geo);
  const [lat, spot] = [sql.raw(`lat${suffix}`), sql.raw(`spot${suffix}`)];
  return sql`${lat} (v) AS (
      SELECT (SELECT min(latitude) FROM providers ${geo} WHERE latitude BETWEEN ${box.minLat} AND ${box.maxLat}) ${when ? sql`WHERE ${when}` : sql``}
      UNION ALL
      SELECT (SELECT min(latitude) FROM providers ${geo} WHERE latitude > ${lat}.v AND latitude <= ${box.maxLat}) FROM ${lat} WHERE ${lat}.v IS NOT NULL
    ), ${spot} (latitude, longitude) AS (
      SELECT v, w FROM (SELECT v, (SELECT min(longitude) FROM providers ${geo} WHERE latitude = ${lat}.v AND longitude BETWEEN ${box.minLng} AND ${box.maxLng}) AS w FROM ${lat} WHERE v IS NOT NULL) WHERE w IS NOT NULL
      UNION ALL
      SELECT ${spot}.latitude, (SELECT min(longitude) FROM providers ${geo} WHERE latitude = ${spot}.latitude AND longitude > ${spot}.longitude AND longitude <= ${box.maxLng})
      FROM ${spot} WHERE ${spot}.longitude IS NOT NULL
    )`;
}

/**
 * spotsNear, once per request for a point: a circle within one read already (a place's rings, a
 * circle's count then its page) takes that read's points nearer than its radius, the same points in
 * the same order of distance, without a round trip.
 */
export function spotsNearOnce(database: Db, reads: RequestReads, point: Point, miles: number): Promise<SpotNear[]> {
  const wider = reads.spots.find((r) => r.point.latitude === point.latitude && r.point.longitude === point.longitude && r.miles >= miles);
  if (wider) return wider.miles === miles ? wider.read : wider.read.then((spots) => spots.filter((spot) => spot.miles <= miles));
  const read = spotsNear(database, point, miles);
  reads.spots.push({ point, miles, read });
  return read;
}
