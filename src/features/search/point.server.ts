/** The point a search measures distance from: `near`, else the ZIP or known city in `location`. */
import type { Db } from '../../db/client';
import { cityCentre, zipArea } from '../places/zipAreas.server';
import type { Point } from '../places/distance';
import { parseLocation } from './searchText';
import { statesOfCity } from './cityStates.server';

export async function searchPoint(database: Db, near: Point | undefined, location: string | undefined): Promise<Point | null> {
  if (near) return near;
  if (!location) return null;
  const loc = parseLocation(location);
  if (loc.zipPrefix?.length === 5) return zipArea(loc.zipPrefix);
  const city = loc.city ?? loc.cityElseState?.city;
  if (!city) return null;
  // A city named alone: the state where the directory lists most providers of that name.
  const state = loc.state ?? (await statesOfCity(database, city))[0] ?? loc.cityElseState?.state;
  return state ? cityCentre(city, state) : null;
}
