/**
 * A place's rings with words in one statement (plans/textRings.server.ts `ringsByText`) when the
 * nearest circle fills the page: its page is read from that circle's rows alone. 5a6351c read the
 * widest circle's rows beside them, so each row of the page was listed twice (at 100,000 providers:
 * service=Lash Lift&location=77007, service=Facial&location=43287&offset=12); bd98d77 fixed it. The
 * plan tests' places (tests/api/search-plans.test.ts, search-near-place.test.ts) never had a nearest
 * circle that filled the page, so here a ZIP area gets a few providers of its own and many more
 * just outside it, well within its nearest circle, and farther ones in the wider circles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProviderStatements, type NewProvider } from '../../src/features/listings/newListing.server';
import { RING_TUNING, searchNearPlace } from '../../src/features/search/nearPlace.server';
import type { SearchTrace } from '../../src/features/search/search.server';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { zipArea } from '../../src/features/places/zipAreas.server';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
/** Hays, KS: far from every seed provider, so only the providers added here are around it. */
const ZIP = '67601';
/** The ZIP area's own, then those just outside it (another ZIP code, within a mile or so), then those 20 to 30 miles off. */
const OWN = 4;
const NEAR = 60;
/** The ZIP area's nearest circle (rings.ts radiiFor), in miles: the NEAR all lie in it, the FAR past it. */
const NEAREST = 10;
const FAR = 30;
/** A word no seed provider has, and a service no catalog category is (typed, it is searched as words). */
const WORD = 'ringfill';
const SERVICE = 'Ringfill Lift';

beforeAll(async () => {
  api = await startApi();
  const { seq: _s, ...base } = (await api.database.db.selectFrom('providers').selectAll().limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
  const centre = (await zipArea(ZIP))!;
  const rows = Array.from({ length: OWN + NEAR + FAR }, (_, i) => {
    const [zipCode, north, east] = i < OWN ? [ZIP, 0.001 * i, 0] : i < OWN + NEAR ? ['67699', 0.0002 * i, 0.0003 * (i % 7)] : ['67698', 0.3 + 0.004 * i, 0];
    return {
      ...base,
      id: `fill-${i}`,
      name: `Ringfill Test ${String(i).padStart(3, '0')}`,
      slug: `ringfill-test-${i}`,
      description: `A ${WORD} studio.`,
      services: JSON.stringify([SERVICE, 'Manicure']),
      zipCode,
      city: i < OWN ? 'Hays' : 'Ringfill Township',
      state: 'KS',
      rating: ((i * 7) % 50) / 10,
      reviewCount: i % 13,
      latitude: centre.latitude + north,
      longitude: centre.longitude + east,
    } as unknown as NewProvider;
  });
  await api.database.client.batch(
    rows.flatMap((row) => insertProviderStatements(api.database, row)),
    'write',
  );
}, 120_000);
afterAll(() => api.close());

describe("a place's rings with words whose nearest circle fills the page (plans/textRings.server.ts ringsByText, bd98d77)", () => {
  it('lists no provider twice and gives the page the rings give read circle after circle', async () => {
    const saved = { ...RING_TUNING };
    let filled = 0;
    try {
      for (const raw of [{ service: SERVICE }, { query: WORD }, { query: WORD, sort: 'rating' }, { service: SERVICE, sort: 'reviews' }] as Record<
        string,
        string
      >[])
        for (const [offset, limit] of [
          [0, 20],
          [12, 12],
          [0, 50],
          [30, 20],
          [50, 30],
        ] as const)
          for (const probedFromRows of [100, 0]) {
            const params = searchParamsSchema.parse({ ...raw, location: ZIP, offset: String(offset), limit: String(limit) });
            const what = `${new URLSearchParams(raw)}&offset=${offset}&limit=${limit} (probed from ${probedFromRows})`;
            Object.assign(RING_TUNING, { probedFromRows, textAtOnce: true });
            const trace: SearchTrace = {};
            const atOnce = await searchNearPlace(api.database, params, new Date('2026-11-25T17:00:00Z'), trace);
            const ids = atOnce.items.map((p) => p.id);
            expect(new Set(ids).size, `${what}: ${ids.join(' ')}`).toBe(ids.length);
            RING_TUNING.textAtOnce = false;
            const circleByCircle = await searchNearPlace(api.database, params, new Date('2026-11-25T17:00:00Z'));
            expect(atOnce, what).toEqual(circleByCircle);
            if (trace.plan?.endsWith(`text-listed:rings within ${NEAREST} mi`)) filled++;
          }
    } finally {
      Object.assign(RING_TUNING, saved);
    }
    // The rings' one statement answered from the nearest circle, past the place's own, on most pages.
    expect(filled).toBeGreaterThan(20);
  }, 120_000);
});
