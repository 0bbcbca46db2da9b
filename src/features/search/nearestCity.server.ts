/**
 * The nearest city with providers, which a place's answer names when nothing matched at the place nor
 * within MAX_NEARBY_MILES of it (nearPlace.server.ts). The cities' list is read at most once a minute
 * per process, over the network beside the reads that may find nothing (a place's own search's and
 * its rings', rings.server.ts `readBeside`), not after them.
 */
import type { Db } from '../../db/client';
import { cityOfLabel, haversineMiles } from '../places';
import { loadGazetteer } from '../places/index.server';

/** The cities with providers ("City, ST") and their centres, read at most once a minute: they change with new listings only. */
let cities: { at: number; list: Promise<{ label: string; latitude: number; longitude: number }[]> } | undefined;
const CITIES_FOR_MS = 60_000;

/** The city with providers nearest to `point` ("City, ST"), or null when none has any. */
export async function nearestCityWithProviders(database: Db, point: { latitude: number; longitude: number }): Promise<string | null> {
  let best: { label: string; miles: number } | null = null;
  for (const c of await citiesWithProviders(database)) {
    const miles = haversineMiles(point, c);
    if (!best || miles < best.miles) best = { label: c.label, miles };
  }
  return best?.label ?? null;
}

/** The cities with providers and their centres (`cities`), read when the list kept is older than CITIES_FOR_MS. */
export function citiesWithProviders({ db }: Db): Promise<{ label: string; latitude: number; longitude: number }[]> {
  if (!cities || Date.now() - cities.at > CITIES_FOR_MS) {
    const list = (async () => {
      const [rows, gazetteer] = await Promise.all([db.selectFrom('search_terms').select('label').where('kind', '=', 'city').execute(), loadGazetteer()]);
      return rows.flatMap(({ label }) => {
        const { city, state } = cityOfLabel(label);
        const town = gazetteer.town(city, state);
        return town ? [{ label, ...town.point }] : [];
      });
    })();
    cities = { at: Date.now(), list };
    list.catch(() => {
      cities = undefined;
    });
  }
  return cities.list;
}
