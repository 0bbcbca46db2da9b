/**
 * GET /api/search with a location that is a place (docs/search.md "Places"): each kind of place,
 * providers in the place first, then the nearest within a radius that widens to 50 miles and no
 * farther, the X-Place headers, and honesty: no result beyond the stated radius, no provider
 * counted in a place it is not in. Distances are checked against the seed's own coordinates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/features/places/distance';
import type { Gazetteer } from '../../src/features/places/gazetteer';
import { loadGazetteer } from '../../src/features/places/gazetteer.server';
import { startApi, type TestApi } from '../helpers/api';
import { watchedDatabase } from '../helpers/statements';

type Row = { slug: string; name: string; city: string; state: string; zipCode: string; latitude: number; longitude: number; distanceMiles?: number };

let api: TestApi;
let everyone: Row[];
let gazetteer: Gazetteer;
beforeAll(async () => {
  api = await startApi();
  everyone = (await (await api.get('/api/providers?limit=500')).json()) as Row[];
  gazetteer = await loadGazetteer();
});
afterAll(() => api.close());

async function search(query: string) {
  const res = await api.get(`/api/search?${query}`);
  expect(res.status, query).toBe(200);
  const header = (name: string) => res.headers.get(name);
  return {
    rows: (await res.json()) as Row[],
    total: Number(header('x-total-count')),
    place: header('x-place'),
    kind: header('x-place-kind'),
    within: header('x-place-within'),
    inPlace: header('x-place-count') === null ? null : Number(header('x-place-count')),
    radius: header('x-radius-miles') === null ? null : Number(header('x-radius-miles')),
    nearestCity: header('x-nearest-city'),
  };
}

/** Seed providers within `miles` of the place `text` names, by the seed's own coordinates. */
function within(text: string, miles: number, keep: (r: Row) => boolean = () => true): Row[] {
  const { point } = gazetteer.resolve(text)!;
  return everyone.filter((r) => keep(r) && haversineMiles(point, r) <= miles);
}

const slugs = (rows: { slug: string }[]) => rows.map((r) => r.slug).sort();

/**
 * The page holds the nearest of the providers within the radius around `text` (by the seed's own
 * coordinates), and the total counts them all.
 */
function expectNearestOf(r: Awaited<ReturnType<typeof search>>, text: string, keep?: (r: Row) => boolean) {
  const { point } = gazetteer.resolve(text)!;
  const all = within(text, r.radius!, keep);
  expect(r.total).toBe(all.length);
  const shown = new Set(r.rows.map((x) => x.slug));
  for (const slug of shown) expect(all.map((x) => x.slug)).toContain(slug);
  const farthestShown = Math.max(...r.rows.map((x) => haversineMiles(point, x)));
  for (const other of all.filter((x) => !shown.has(x.slug))) expect(haversineMiles(point, other)).toBeGreaterThanOrEqual(farthestShown - 0.01);
}

/** Every result carries its distance, nearest first after those in the place, none beyond the radius. */
function expectHonest(r: Awaited<ReturnType<typeof search>>) {
  expect(r.radius).not.toBeNull();
  expect(r.radius!).toBeLessThanOrEqual(50);
  const nearby = r.rows.slice(r.inPlace ?? 0);
  for (const row of r.rows) expect(row.distanceMiles, row.slug).toBeTypeOf('number');
  for (const row of nearby) expect(row.distanceMiles!, `${row.slug} lies within the stated radius`).toBeLessThanOrEqual(r.radius!);
  const distances = nearby.map((row) => row.distanceMiles!);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
}

describe('a ZIP code', () => {
  it('with no provider in it (60614, Lincoln Park): the Chicago providers within 10 miles, nearest first, each with its distance', async () => {
    const r = await search('location=60614&limit=6');
    expect({ place: r.place, kind: r.kind, within: r.within, inPlace: r.inPlace, radius: r.radius }).toEqual({
      place: '60614',
      kind: 'zip',
      within: 'Chicago, IL',
      inPlace: 0,
      radius: 10,
    });
    expect(r.rows).toHaveLength(6);
    expectNearestOf(r, '60614');
    expectHonest(r);
    // A page the 10 miles cannot fill widens the radius: all ten Chicago providers are within 25.
    const wide = await search('location=60614&limit=12');
    expect(wide.radius).toBe(50);
    expectNearestOf(wide, '60614');
    expect(wide.rows.filter((x) => x.city === 'Chicago')).toHaveLength(10);
    expectHonest(wide);
    const first = r.rows[0]!;
    expect(first.distanceMiles).toBeCloseTo(haversineMiles(gazetteer.resolve('60614')!.point, first), 1);
  });

  it('10001 (Chelsea): Manhattan providers; sort=distance from the ZIP code works whether or not a provider is in it', async () => {
    const r = await search('location=10001&sort=distance&limit=50');
    expect(r.within).toBe('New York, NY');
    expect(r.rows.length).toBeGreaterThanOrEqual(20);
    expect(r.rows.every((row) => row.state === 'NY')).toBe(true);
    expectHonest(r);
  });

  it('with providers in it: they come first', async () => {
    const zip = everyone.find((p) => p.city === 'Chicago')!.zipCode;
    const r = await search(`location=${zip}&limit=50`);
    const own = everyone.filter((p) => p.zipCode === zip);
    expect(r.inPlace).toBe(own.length);
    expect(slugs(r.rows.slice(0, own.length))).toEqual(slugs(own));
    for (const row of r.rows.slice(0, own.length)) expect(row.distanceMiles).toBe(0);
    expectHonest(r);
  });
});

describe('a town, a borough, a county', () => {
  it('Evanston, IL has no nail salon: the Chicago ones within 12 miles follow, and none is said to be in Evanston', async () => {
    const r = await search('service=Nail%20Salon&location=Evanston&limit=2');
    expect({ place: r.place, kind: r.kind, inPlace: r.inPlace, radius: r.radius }).toEqual({ place: 'Evanston, IL', kind: 'city', inPlace: 0, radius: 12 });
    const nails = (await search('service=Nail%20Salon&limit=500')).rows.map((x) => x.slug);
    expectNearestOf(r, 'Evanston, IL', (x) => nails.includes(x.slug));
    expect(r.rows.length).toBe(2);
    expect(r.rows.every((row) => row.city === 'Chicago')).toBe(true);
    expectHonest(r);
  });

  it('Brooklyn (a borough the dataset names as its ZIP codes’ city), with or without its state', async () => {
    for (const text of ['Brooklyn', 'Brooklyn%2C%20NY']) {
      const r = await search(`location=${text}&limit=6`);
      expect({ place: r.place, kind: r.kind, inPlace: r.inPlace, radius: r.radius }).toEqual({ place: 'Brooklyn, NY', kind: 'city', inPlace: 0, radius: 16 });
      expectNearestOf(r, 'Brooklyn, NY');
      expect(r.rows.length).toBe(6);
      expectHonest(r);
    }
  });

  it('Santa Monica, CA and Coral Gables, FL find Los Angeles and Miami', async () => {
    const monica = await search('location=Santa%20Monica%2C%20CA&limit=50');
    expect(monica.rows.length).toBeGreaterThan(0);
    expect(monica.rows.every((row) => row.city === 'Los Angeles')).toBe(true);
    expectHonest(monica);
    const gables = await search('location=Coral%20Gables%2C%20FL&limit=50');
    expect(gables.rows.length).toBeGreaterThan(0);
    expect(gables.rows.every((row) => row.city === 'Miami')).toBe(true);
    expectHonest(gables);
  });

  it('Cook County, IL: searched around its centre, no provider counted as in it', async () => {
    const r = await search('location=Cook%20County%2C%20IL&limit=50');
    expect({ place: r.place, kind: r.kind, inPlace: r.inPlace }).toEqual({ place: 'Cook County, IL', kind: 'county', inPlace: 0 });
    expectNearestOf(r, 'Cook County, IL');
    expect(r.rows.filter((row) => row.city === 'Chicago')).toHaveLength(everyone.filter((p) => p.city === 'Chicago').length);
    expectHonest(r);
  });

  it('a neighbourhood of content/neighbourhoods.json (Wicker Park): searched around its point, within its city', async () => {
    const r = await search('location=Wicker%20Park&limit=4');
    expect({ place: r.place, kind: r.kind, within: r.within, inPlace: r.inPlace, radius: r.radius }).toEqual({
      place: 'Wicker Park',
      kind: 'neighbourhood',
      within: 'Chicago, IL',
      inPlace: 0,
      radius: 10,
    });
    expectNearestOf(r, 'Wicker Park');
    expect(r.rows.every((row) => row.city === 'Chicago')).toBe(true);
    expectHonest(r);
  });

  it('a state: its providers, as before, without a radius', async () => {
    const r = await search('location=Illinois&limit=50');
    expect({ place: r.place, kind: r.kind, radius: r.radius }).toEqual({ place: 'Illinois', kind: 'state', radius: null });
    expect(r.inPlace).toBe(r.total);
    expect(slugs(r.rows)).toEqual(slugs(everyone.filter((p) => p.state === 'IL')));
  });

  it('"Washington", a state’s name, is the city where the directory lists providers, and is named so', async () => {
    const r = await search('location=Washington&limit=1');
    expect({ place: r.place, kind: r.kind }).toEqual({ place: 'Washington, DC', kind: 'city' });
    expect(r.rows.slice(0, r.inPlace!).every((row) => row.city === 'Washington' && row.state === 'DC')).toBe(true);
  });
});

describe('widening and its limits', () => {
  it('a city with providers: its own first, in the same order as a page they fill, then the nearest beyond it', async () => {
    const own = await search('location=Chicago&limit=10');
    expect(own.radius, 'ten Chicago providers fill a page of ten: nothing else is looked for').toBeNull();
    expect(own.inPlace).toBe(10);
    const wider = await search('location=Chicago&limit=12');
    expect(wider.rows.slice(0, 10).map((r) => r.slug)).toEqual(own.rows.map((r) => r.slug));
    expect(wider.inPlace).toBe(10);
    expect(wider.total).toBe(10 + wider.rows.slice(10).length);
    expectHonest(wider);
  });

  it('Dallas widens past 25 miles to 50 to reach Fort Worth, and says so', async () => {
    const r = await search('location=Dallas%2C%20TX&limit=12');
    expect(r.inPlace).toBe(everyone.filter((p) => p.city === 'Dallas').length);
    expect(r.radius).toBe(50);
    expect(r.rows.slice(r.inPlace!).map((x) => x.city)).toContain('Fort Worth');
    expectHonest(r);
  });

  it('a ring short of the page, none of the place\u2019s own in the rings: every ring in one statement, the same answer', async () => {
    const { searchNearPlace, radiiFor } = await import('../../src/features/search/nearPlace.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    const rings: string[] = [];
    const database = watchedDatabase(api.database, (text) => {
      if (/WITH RECURSIVE lat/.test(text)) rings.push(text);
    });
    // Plano has no provider of its own and fewer within its first ring (17 miles) than within 25.
    const place = 'Plano, TX';
    const found = gazetteer.resolve(place)!;
    const radii = radiiFor(found);
    expect(radii).toEqual([17, 25, 50]);
    const limit = within(place, 25).length;
    expect(within(place, 17).length).toBeLessThan(limit);
    const trace: { plan?: string } = {};
    const answer = await searchNearPlace(database, searchParamsSchema.parse({ location: place, limit: String(limit) }), new Date(), trace);
    // One statement (plans/spots.server.ts ringsBySpot): the nearest circle's points, then the widest's
    // (the one between is counted at them), each wider read only when the one before falls short.
    expect(rings.length).toBe(1);
    expect(rings[0]).toMatch(/^WITH c0 AS MATERIALIZED \(WITH RECURSIVE lat .*, c2 AS MATERIALIZED \(WITH RECURSIVE lat /s);
    expect(trace.plan).toBe('none, then nearest:rings within 25 mi');
    const r = { rows: answer.items as Row[], total: answer.total, radius: answer.place?.radiusMiles ?? null, inPlace: answer.place?.inPlace ?? null };
    expect(r.radius).toBe(25);
    expectNearestOf({ ...r, place: null, kind: null, within: null, nearestCity: null }, place);
    expect(r.rows.length).toBe(limit);
  });

  it('pages through the place and then the nearby without repeating anyone', async () => {
    const whole = await search('location=Brooklyn&limit=20');
    const first = await search('location=Brooklyn&limit=7');
    const second = await search('location=Brooklyn&limit=7&offset=7');
    expect([...first.rows, ...second.rows].map((r) => r.slug)).toEqual(whole.rows.slice(0, 14).map((r) => r.slug));
    const dallas = await search('location=Dallas%2C%20TX&limit=12');
    const dallasSecond = await search('location=Dallas%2C%20TX&limit=3&offset=6');
    expect(dallasSecond.rows.map((r) => r.slug)).toEqual(dallas.rows.slice(6, 9).map((r) => r.slug));
  });

  it('a page past those in the place: the same rows and radius whether each ring is first counted or read at once', async () => {
    const { RING_TUNING } = await import('../../src/features/search/nearPlace.server');
    const saved = RING_TUNING.probedFromRows;
    // Chicago has its own (left out of the rings); 60614 has none (the ring's page is the page).
    for (const place of ['Chicago', '60614']) {
      const whole = await search(`location=${place}&limit=100`);
      expectNearestOf(whole, place);
      expect(whole.rows.length, place).toBe(whole.total);
      for (const [offset, limit] of [
        [2, 3],
        [5, 100],
        [(whole.inPlace ?? 0) + 1, 4],
      ] as const) {
        const query = `location=${place}&limit=${limit}&offset=${offset}`;
        const read = await search(query);
        // Every ring counted first (as a page of over 100 rows is).
        RING_TUNING.probedFromRows = 0;
        try {
          const counted = await search(query);
          expect(counted, query).toEqual(read);
        } finally {
          RING_TUNING.probedFromRows = saved;
        }
        expect(
          read.rows.map((r) => r.slug),
          query,
        ).toEqual(whole.rows.slice(offset, offset + limit).map((r) => r.slug));
        expect(read.total, query).toBe(read.radius === null ? whole.inPlace : within(place, read.radius).length);
      }
    }
  });

  it('a deep page, none of the place\u2019s own in the rings: one statement, whatever the probe threshold, the nearest ring when it fills the page', async () => {
    const { searchNearPlace, RING_TUNING, radiiFor } = await import('../../src/features/search/nearPlace.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    const place = gazetteer.resolve('60614')!;
    const [nearest, ...wider] = radiiFor(place);
    expect(wider.length).toBeGreaterThan(0);
    // The page fits in the nearest ring (the seed's Chicago providers within it).
    expect(within('60614', nearest!).length).toBeGreaterThanOrEqual(5);
    const statements: string[] = [];
    const database = watchedDatabase(api.database, (text) => statements.push(text));
    const saved = RING_TUNING.probedFromRows;
    RING_TUNING.probedFromRows = 0;
    try {
      const answer = await searchNearPlace(database, searchParamsSchema.parse({ location: '60614', limit: '3', offset: '2' }));
      expect(answer.place?.radiusMiles).toBe(nearest);
      expect(answer.items.map((p) => p.slug)).toEqual((await search('location=60614&limit=5')).rows.slice(2).map((p) => p.slug));
    } finally {
      RING_TUNING.probedFromRows = saved;
    }
    // No count of a circle on its own, nor a circle's points read apart from it: the rings' one statement.
    expect(statements.filter((text) => /SELECT count\(\*\) AS n FROM \(SELECT 1 FROM \(VALUES/.test(text))).toEqual([]);
    expect(statements.filter((text) => /WITH RECURSIVE lat /.test(text)).length).toBe(1);
  });

  it('a short page that no ring fills: the widest circle is searched once, for the page', async () => {
    const { searchNearPlace, radiiFor } = await import('../../src/features/search/nearPlace.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    const { boundingBox } = await import('../../src/features/places/distance');
    // Plano has no provider of its own, and a page one longer than all within 50 miles.
    const place = 'Plano, TX';
    const found = gazetteer.resolve(place)!;
    const widest = radiiFor(found).at(-1)!;
    const all = within(place, widest).length;
    const minLat = boundingBox(found.point, widest).minLat;
    const statements: string[] = [];
    const database = watchedDatabase(api.database, (text, args) => {
      if ((args as unknown[]).includes(minLat)) statements.push(text);
    });
    const answer = await searchNearPlace(database, searchParamsSchema.parse({ location: place, limit: String(all + 1) }));
    expect(answer.place?.radiusMiles).toBe(widest);
    expect(answer.total).toBe(all);
    expect(answer.items.length).toBe(all);
    // Each statement that reads the widest circle runs once: its count and its page were two searches.
    expect(statements.length).toBeGreaterThan(0);
    expect(new Set(statements).size).toBe(statements.length);
  });

  it('nothing within 50 miles (Bismarck, ND): no results, and the nearest city with providers named', async () => {
    const r = await search('location=Bismarck%2C%20ND');
    expect(r.total).toBe(0);
    expect(r.rows).toEqual([]);
    expect(r.radius).toBe(50);
    const from = gazetteer.resolve('Bismarck, ND')!.point;
    const cities = [...new Set(everyone.map((p) => `${p.city}, ${p.state}`))].flatMap((c) => {
      const town = gazetteer.resolve(c);
      return town ? [{ c, miles: haversineMiles(from, town.point) }] : [];
    });
    expect(r.nearestCity).toBe(cities.sort((a, b) => a.miles - b.miles)[0]!.c);
  });

  it('nothing within 50 miles of a place with providers: the place’s own search is not read again for the answer', async () => {
    const { searchNearPlace } = await import('../../src/features/search/nearPlace.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    // A word of a Los Angeles provider's name that no Chicago provider within 50 miles has.
    let word: string | undefined;
    for (const row of everyone.filter((r) => r.city === 'Los Angeles')) {
      for (const w of row.name
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((x) => x.length >= 5)) {
        if ((await search(`query=${w}&location=Chicago`)).total === 0 && (await search(`query=${w}`)).total > 0) word = w;
        if (word) break;
      }
      if (word) break;
    }
    expect(word).toBeDefined();
    const statements: string[] = [];
    const database = watchedDatabase(api.database, (text, args) => statements.push(`${text} ${JSON.stringify(args)}`));
    const answer = await searchNearPlace(database, searchParamsSchema.parse({ location: 'Chicago', query: word }));
    expect(answer.total).toBe(0);
    expect(answer.place?.radiusMiles).toBe(50);
    const own = statements.filter((s) => s.includes('city : (\\"chicago\\")'));
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own).size).toBe(own.length);
    // The place and each ring resolve the same words: their vocabulary is read once for the request
    // (textMatch.server.ts reads up to MAX_EXPANSION + 1 words of the data a word starts).
    const { MAX_EXPANSION } = await import('../../src/features/search/textMatch.server');
    const vocabulary = statements.filter((s) => /from "?search_terms"?/i.test(s) && s.endsWith(`"${word}\u{10FFFF}",${MAX_EXPANSION + 1}]`));
    expect(vocabulary.length).toBe(1);
  });

  it('near keeps its meaning; text that names no place keeps its typo correction', async () => {
    const near = await search('location=60614&near=41.88,-87.63&radius=5');
    expect(near.place).toBeNull();
    const typo = await api.get('/api/search?location=Chicgo');
    expect(typo.headers.get('x-corrected-query')).toBe('location=Chicago');
    expect(typo.headers.get('x-place')).toBeNull();
  });
});

describe('open now around a place', () => {
  it('the widening rings count their zones open-now list once, not once per ring, with the same answer', async () => {
    const { searchNearPlace } = await import('../../src/features/search/nearPlace.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    const counts: string[] = [];
    const database = watchedDatabase(api.database, (text, args) => {
      // The open-now list's count: of providers (distinct) when it is the total, of ranges when it only decides the plan.
      if (/SELECT 1 FROM \((SELECT DISTINCT seq FROM \()?SELECT h\.providerSeq/.test(text)) counts.push(`${text} ${JSON.stringify(args)}`);
    });
    // Wednesday 3:30 AM in Chicago: Evanston has no nail salon, so the search widens to 12, 25 and 50 miles.
    const params = searchParamsSchema.parse({ location: 'Evanston, IL', service: 'Nail Salon', openNow: 'true' });
    const when = new Date('2026-11-25T09:30:00Z');
    const answer = await searchNearPlace(database, params, when);
    expect(answer.place?.radiusMiles ?? 50).toBe(50);
    expect(counts.length).toBeGreaterThan(0);
    expect(new Set(counts).size).toBe(counts.length);
  });

  it('a city whose own open do not fill the page: its own first, then the nearest open beyond it, the own within a ring taken from its page', async () => {
    const { searchNearPlace } = await import('../../src/features/search/nearPlace.server');
    const { searchProviders } = await import('../../src/features/search/search.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    const when = new Date('2026-11-25T17:00:00Z');
    const raw = { service: 'Nail Salon', openNow: 'true', limit: '12' };
    const answer = await searchNearPlace(api.database, searchParamsSchema.parse({ ...raw, location: 'Chicago' }), when);
    const own = await searchProviders(api.database, searchParamsSchema.parse({ ...raw, location: 'Chicago' }), when);
    expect(own.total, 'the seed\u2019s open Chicago nail salons fall short of the page').toBeLessThan(12);
    expect(answer.place?.inPlace).toBe(own.total);
    const miles = answer.place!.radiusMiles!;
    const { point } = gazetteer.resolve('Chicago')!;
    // The circle as typed, nearest first, with the place's own in it left out: what the rings must answer.
    const circle = await searchProviders(
      api.database,
      searchParamsSchema.parse({ ...raw, near: `${point.latitude},${point.longitude}`, radius: String(miles), sort: 'distance', limit: '100' }),
      when,
    );
    const ownIds = new Set(own.items.map((p) => p.id));
    const nearby = circle.items.filter((p) => !ownIds.has(p.id));
    expect(answer.items.map((p) => p.id)).toEqual([...own.items, ...nearby].slice(0, 12).map((p) => p.id));
    expect(answer.total).toBe(own.total + nearby.length);
  });
});

describe('words around a place: the rings in one statement (plans/textRings.server.ts ringsByText)', () => {
  it('the same page, total and radius as the rings read circle after circle, at every page, whatever the probe threshold', async () => {
    const { searchNearPlace, RING_TUNING } = await import('../../src/features/search/nearPlace.server');
    const { searchParamsSchema } = await import('../../src/features/search/schemas/search');
    const saved = { ...RING_TUNING };
    let once = 0;
    const database = watchedDatabase(api.database, (text) => {
      if (/^WITH w AS MATERIALIZED/.test(text)) once++;
    });
    const searches = [
      'query=gel&location=Miami&priceRange=$$$',
      'query=gel&location=Miami',
      'query=nail&location=Evanston, IL',
      'query=hair&location=60614',
      'query=salon&location=Brooklyn',
      'query=spa&location=Plano, TX',
      'service=Nail Art&location=Chicago',
      'service=Gel&location=Coral Gables, FL&rating=4',
      'query=massage&location=Cook County, IL',
      'query=gel&location=Miami&openNow=true',
      'query=nail&location=Evanston, IL&openNow=true',
    ];
    // Wednesday noon in the East: open now the same in both runs.
    const at = new Date('2026-11-25T17:00:00Z');
    const pages = [
      [0, 20],
      [3, 5],
      [0, 100],
      [40, 10],
      [150, 30],
    ] as const;
    try {
      for (const text of searches)
        for (const [offset, limit] of pages)
          for (const probedFromRows of [100, 0]) {
            const params = searchParamsSchema.parse({ ...Object.fromEntries(new URLSearchParams(text)), offset: String(offset), limit: String(limit) });
            const what = `${text}&offset=${offset}&limit=${limit} (probed from ${probedFromRows})`;
            Object.assign(RING_TUNING, { probedFromRows, textAtOnce: true });
            const trace: { plan?: string } = {};
            const atOnce = await searchNearPlace(database, params, at, trace);
            RING_TUNING.textAtOnce = false;
            const circleByCircle = await searchNearPlace(api.database, params, at);
            const ids = atOnce.items.map((p) => p.id);
            expect(new Set(ids).size, `${what}: none listed twice`).toBe(ids.length);
            expect(atOnce, what).toEqual(circleByCircle);
            // The rings answered (not the search as typed, when nothing is near): with their one statement.
            if (trace.plan?.includes(', then ')) expect(trace.plan, what).toMatch(/, then text-listed:rings within \d+ mi$/);
          }
    } finally {
      Object.assign(RING_TUNING, saved);
    }
    expect(once).toBeGreaterThan(0);
  });
});
