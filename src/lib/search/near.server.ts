/**
 * Distance in SQL (README "Search": distance): a bounding box on the indexed coordinates
 * (providers_geo) keeps the candidates few, then the exact haversine distance decides.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../geo/distance';

/** Miles from `point` to the provider row `p` (SQLite's math functions). */
export function distanceSql(point: Point): RawBuilder<number> {
  const dLat = sql`radians(p.latitude - ${point.latitude}) / 2`;
  const dLng = sql`radians(p.longitude - ${point.longitude}) / 2`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES} * asin(min(1, sqrt(sin(${dLat}) * sin(${dLat}) + ${Math.cos((point.latitude * Math.PI) / 180)} * cos(radians(p.latitude)) * sin(${dLng}) * sin(${dLng})))))`;
}

/** Providers within `miles` of `point`. */
export function withinCondition(point: Point, miles: number): Expression<SqlBool> {
  const box = boundingBox(point, miles);
  return sql<SqlBool>`p.latitude BETWEEN ${box.minLat} AND ${box.maxLat} AND p.longitude BETWEEN ${box.minLng} AND ${box.maxLng} AND ${distanceSql(point)} <= ${miles}`;
}
