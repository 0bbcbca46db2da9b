/**
 * The place of a search's location, resolved once per request (src/features/places/searchPlace.server.ts):
 * the parts the plans, the open-now list, distance and spelling correction read, worked out from
 * the seed's own providers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeed, type SeedProvider } from '../../src/setup/seed';
import { resolvePlace } from '../../src/features/places/searchPlace.server';
import { timeZonesOfStates } from '../../src/features/places/timeZone';
import { zipArea } from '../../src/features/places/zipAreas.server';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
let seed: SeedProvider[];
beforeAll(async () => {
  api = await startApi();
  seed = await readSeed();
});
afterAll(() => api.close());

const statesOf = (city: string) => [...new Set(seed.filter((p) => p.city === city).map((p) => p.state))];

describe('resolvePlace', () => {
  it('a city named alone: the states the directory lists it in, their zones, and no point unless asked', async () => {
    const { city } = seed.find((p) => !['New York', 'Washington'].includes(p.city))!;
    const place = await resolvePlace(api.database, city);
    expect(place).toMatchObject({ text: city, city, cityName: city, state: undefined, zipPrefix: undefined });
    expect([...place.states].sort()).toEqual(statesOf(city).sort());
    expect(place.zones).toEqual(timeZonesOfStates(place.states));
    expect(place.point).toBeUndefined();
    const withPoint = await resolvePlace(api.database, city, { withPoint: true });
    expect(withPoint.point).toEqual(expect.objectContaining({ latitude: expect.any(Number), longitude: expect.any(Number) }));
  });

  it('a city with its state keeps to that state', async () => {
    const { city, state } = seed[0]!;
    const place = await resolvePlace(api.database, `${city}, ${state}`);
    expect(place).toMatchObject({ city, state, states: [state], zones: timeZonesOfStates([state]) });
  });

  it('"New York" is the city where providers are listed in it, else the state', async () => {
    const hasCity = seed.some((p) => p.city === 'New York');
    const place = await resolvePlace(api.database, 'New York');
    expect(place.cityName).toBe('New York');
    expect(hasCity ? place.city : place.state).toBe(hasCity ? 'New York' : 'NY');
    expect(place.states).toContain('NY');
  });

  it('a ZIP prefix may be in any state and zone; a whole ZIP has the centre of its area', async () => {
    const prefix = await resolvePlace(api.database, '787');
    expect(prefix).toMatchObject({ zipPrefix: '787', states: [] });
    expect(prefix.zones).toBeUndefined();
    const zip = await resolvePlace(api.database, '67601', { withPoint: true });
    const area = (await zipArea('67601'))!;
    expect(zip.point).toEqual({ latitude: area.latitude, longitude: area.longitude });
  });

  it('a whole ZIP is listed as the search reads ZIP codes: a provider at a ZIP+4 in it counts, and nobody near none (listed)', async () => {
    const { slug, zipCode } = seed[0]!;
    const zip = zipCode.slice(0, 5);
    await api.database.client.execute({ sql: 'UPDATE providers SET zipCode = ? WHERE slug = ?', args: [`${zip}-1234`, slug] });
    try {
      const others = seed.some((p) => p.slug !== slug && p.zipCode.startsWith(zip));
      expect(others).toBe(false);
      expect((await resolvePlace(api.database, zip, { withListed: true })).listed).toBe(true);
      expect((await resolvePlace(api.database, '59101', { withListed: true })).listed).toBe(false);
    } finally {
      await api.database.client.execute({ sql: 'UPDATE providers SET zipCode = ? WHERE slug = ?', args: [zipCode, slug] });
    }
  });

  it('a place the dataset does not know has no point, and a city no provider is in any zone', async () => {
    const place = await resolvePlace(api.database, 'Nowhereville', { withPoint: true });
    expect(place).toMatchObject({ city: 'Nowhereville', states: [], point: null });
    expect(place.zones).toBeUndefined();
  });
});
