/** Great-circle distance (haversine) and the bounding box that prefilters it (docs/search.md: distance). */

export const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_MILES) / 180;

export interface Point {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMiles(a: Point, b: Point): number {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "0.4 mi away", "12 mi away": tenths only where they matter (cards and the /search count line). */
export const milesAway = (miles: number) => `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;

/** Miles with one decimal, as results show them. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/** The latitude/longitude box holding every point within `miles` of `center` (no US place is near the poles or the date line). */
export function boundingBox(center: Point, miles: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const maxAbsLat = Math.min(89, Math.abs(center.latitude) + dLat);
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.cos(rad(maxAbsLat)));
  return { minLat: center.latitude - dLat, maxLat: center.latitude + dLat, minLng: center.longitude - dLng, maxLng: center.longitude + dLng };
}
