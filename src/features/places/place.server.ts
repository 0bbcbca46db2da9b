/** Where a provider is, for distance search and its opening hours: from its ZIP area, else its city's centre. */
import { cityCentre, zipArea } from './zipAreas.server';
import { timeZoneOf } from './timeZone';

export interface Place {
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
}

export async function placeOf({ zipCode, city, state }: { zipCode: string; city: string; state: string }): Promise<Place> {
  const area = await zipArea(zipCode, state);
  if (area) return area;
  const centre = await cityCentre(city, state);
  return { latitude: centre?.latitude ?? null, longitude: centre?.longitude ?? null, timeZone: timeZoneOf(state) };
}
