/**
 * The gazetteer (src/features/places/gazetteer.ts) over the real ZIP dataset: every kind of place,
 * ambiguous names, what it must not take for a place, and suggestions by prefix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Gazetteer, placeKey } from '../../src/features/places/gazetteer';
import { loadGazetteer } from '../../src/features/places/gazetteer.server';
import { haversineMiles } from '../../src/features/places/distance';
import { parseLocation } from '../../src/features/places/location';
import { neighbourhoodsSchema } from '../../src/features/places/schemas/neighbourhood';
import neighbourhoodsJson from '../../content/neighbourhoods.json' with { type: 'json' };

let g: Gazetteer;
beforeAll(async () => {
  g = await loadGazetteer();
});

const summary = (text: string) => {
  const p = g.resolve(text);
  return p && { kind: p.kind, name: p.name, within: p.within, state: p.state };
};

describe('resolve', () => {
  it('a ZIP code is its own centre, within its town; ZIP+4 too; an unknown ZIP is nothing', () => {
    expect(summary('60614')).toEqual({ kind: 'zip', name: '60614', within: 'Chicago, IL', state: 'IL' });
    expect(summary(' 10001-1234 ')).toEqual({ kind: 'zip', name: '10001', within: 'New York, NY', state: 'NY' });
    const p = g.resolve('60614')!;
    expect(p.point.latitude).toBeCloseTo(41.92, 1);
    expect(p.point.longitude).toBeCloseTo(-87.65, 1);
    expect(p.extentMiles).toBe(0);
    expect(g.resolve('00000')).toBeNull();
  });

  it('reads the text with the search\u2019s one grammar (location.ts parseLocation): a form the conditions read alike names the same place', () => {
    // A county or parish with its state after a space reads as it does after a comma, and the ZIP of an unfinished ZIP+4 is that ZIP.
    for (const [a, b] of [
      ['Orleans Parish LA', 'Orleans Parish, LA'],
      ['Cook County IL', 'Cook County, IL'],
      ['60614-12', '60614'],
      ['Kansas City MO', 'Kansas City, MO'],
    ])
      expect(summary(a), a).toEqual(summary(b));
    for (const text of ['Evanston, IL', 'New York', 'Washington', 'IL', 'Lincoln Park, IL', 'Austin, TX 78701', '787'])
      expect(g.lookUp(parseLocation(text)), text).toEqual(g.resolve(text));
    // A ZIP code beside a town or a state names no one place: the search keeps the text's own reading.
    expect(g.resolve('Austin, TX 78701')).toBeNull();
    expect(g.resolve('TX 78701')).toBeNull();
  });

  it('a town with or without its state, in any of the ways people write it', () => {
    for (const text of ['Evanston', 'Evanston, IL', 'evanston il', 'Evanston, Illinois', 'EVANSTON,IL'])
      expect(summary(text), text).toEqual({ kind: 'city', name: 'Evanston, IL', within: undefined, state: 'IL' });
    expect(summary('Santa Monica, CA')?.name).toBe('Santa Monica, CA');
    expect(summary('Coral Gables, FL')?.name).toBe('Coral Gables, FL');
  });

  it('an ambiguous name is the town with the most ZIP codes, or the one in the state given', () => {
    expect(summary('Portland')?.name).toBe('Portland, OR');
    expect(summary('Portland, ME')?.name).toBe('Portland, ME');
    expect(summary('Portland ME')?.name).toBe('Portland, ME');
    expect(summary('Springfield, MA')?.name).toBe('Springfield, MA');
    expect(summary('Brooklyn')?.name).toBe('Brooklyn, NY');
    expect(summary('Brooklyn, CT')?.name).toBe('Brooklyn, CT');
  });

  it('boroughs the dataset gives as their ZIPs’ city, and Queens as a county', () => {
    expect(summary('Brooklyn')).toEqual({ kind: 'city', name: 'Brooklyn, NY', within: undefined, state: 'NY' });
    expect(summary('Bronx')?.name).toBe('Bronx, NY');
    expect(summary('Staten Island')?.name).toBe('Staten Island, NY');
    expect(summary('Queens')).toEqual({ kind: 'county', name: 'Queens County, NY', within: undefined, state: 'NY' });
  });

  it('a county, with or without its state', () => {
    expect(summary('Cook County, IL')).toEqual({ kind: 'county', name: 'Cook County, IL', within: undefined, state: 'IL' });
    expect(summary('Cook County')?.state).toBe('IL');
    expect(summary('Orleans Parish, LA')?.name).toBe('Orleans Parish, LA');
    const cook = g.resolve('Cook County, IL')!;
    expect(haversineMiles(cook.point, g.resolve('Chicago')!.point), 'Cook County centres near Chicago').toBeLessThan(15);
    expect(cook.extentMiles).toBeGreaterThan(10);
  });

  it('a state by name or code; "New York" alone is the city, "Washington" alone the state', () => {
    expect(summary('Illinois')).toEqual({ kind: 'state', name: 'Illinois', within: undefined, state: 'IL' });
    expect(summary('il')?.kind).toBe('state');
    expect(summary('New York')).toEqual({ kind: 'city', name: 'New York, NY', within: undefined, state: 'NY' });
    expect(summary('New York, NY')?.kind).toBe('city');
    expect(summary('Washington')?.kind).toBe('state');
    expect(summary('West Virginia')).toEqual({ kind: 'state', name: 'West Virginia', within: undefined, state: 'WV' });
  });

  it('"St." and "Saint" alike, accents and punctuation aside', () => {
    expect(placeKey('St. Louis')).toBe(placeKey('Saint Louis'));
    expect(summary('St. Louis, MO')?.name).toBe('Saint Louis, MO');
  });

  it('a city’s extent: Chicago’s ZIP centres reach about 14 miles from its centre, a one-ZIP town’s none', () => {
    expect(g.resolve('Chicago')!.extentMiles).toBeGreaterThan(8);
    expect(g.resolve('Chicago')!.extentMiles).toBeLessThan(25);
    expect(g.resolve('Coral Gables, FL')!.zips).toBeGreaterThanOrEqual(1);
  });

  it('text that names no place is nothing, so the search keeps its own reading of it', () => {
    for (const text of ['', '   ', 'Nowhereville', 'Qqqqqq', 'Chicgo', '123', 'Evanston, ZZ']) expect(g.resolve(text), text).toBeNull();
  });

  it('neighbourhoods given to it, within their town', () => {
    const rows = [{ zip: '60614', city: 'Chicago', state: 'IL', county: 'Cook', latitude: 41.9229, longitude: -87.6483 }];
    const small = Gazetteer.fromRows(rows, [{ name: 'Lincoln Park', city: 'Chicago', state: 'IL', latitude: 41.92, longitude: -87.65 }]);
    expect(small.resolve('Lincoln Park')).toMatchObject({ kind: 'neighbourhood', name: 'Lincoln Park', within: 'Chicago, IL', city: 'Chicago' });
    expect(small.resolve('lincoln park, il')?.kind).toBe('neighbourhood');
  });
});

describe('content/neighbourhoods.json', () => {
  const listed = neighbourhoodsSchema.parse(neighbourhoodsJson);

  it('each neighbourhood is found, with its state and, where no town has its name, alone; and lies in its city', () => {
    expect(listed.length).toBeGreaterThan(10);
    for (const n of listed) {
      const withState = g.resolve(`${n.name}, ${n.state}`);
      expect(withState, n.name).toMatchObject({ kind: 'neighbourhood', name: n.name, within: `${n.city}, ${n.state}` });
      const alone = g.resolve(n.name);
      if (alone?.kind !== 'neighbourhood') expect(alone?.kind, `${n.name} alone is a town`).toBe('city');
      const city = g.town(n.city, n.state)!;
      expect(haversineMiles(city.point, withState!.point), `${n.name} is in ${n.city}`).toBeLessThanOrEqual(city.extentMiles + 2);
    }
    expect(g.resolve('Wicker Park')?.kind).toBe('neighbourhood');
    expect(g.resolve('Lincoln Park')?.name, 'a town of the name wins').toBe('Lincoln Park, MI');
    expect(g.resolve('Lincoln Park, IL')?.within).toBe('Chicago, IL');
  });
});

describe('suggest', () => {
  const names = (text: string) => g.suggest(text, 8).map((p) => p.name);

  it('ZIP codes by their first digits', () => {
    expect(names('6061')).toEqual(['60610', '60611', '60612', '60613', '60614', '60615', '60616', '60617'].filter((z) => g.resolve(z)));
    expect(g.suggest('60614', 8)).toMatchObject([{ kind: 'zip', name: '60614', within: 'Chicago, IL' }]);
  });

  it('towns and boroughs by their start, most ZIP codes first, a complete name before longer ones', () => {
    expect(names('chic')[0]).toBe('Chicago, IL');
    expect(names('evans')).toContain('Evanston, IL');
    expect(names('brooklyn')[0]).toBe('Brooklyn, NY');
    expect(names('s')).toHaveLength(8);
    expect(names('portland, m')).toEqual(['Portland, ME', 'Portland, MI', 'Portland, MO']);
    expect(names('qqqq')).toEqual([]);
  });
});
