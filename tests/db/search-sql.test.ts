/**
 * The SQL each plan sends for a representative search (docs/search.md "Plans"), committed beside this
 * file (search-sql/*.sql) as immich keeps its queries: a change to a plan's statements, their order
 * or their number shows in review as a diff of these files, and fails here until they are written
 * again on purpose (`npx vitest run tests/db/search-sql.test.ts -u`). The seed database and a fixed
 * moment make every statement and argument the same at every run.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { answerOf, radiiFor, searchNearPlace } from '../../src/features/search/nearPlace.server';
import { hoursAhead } from '../../src/features/search/rings.server';
import { tokenShares } from '../../src/features/search/tokenShares.server';
import { everyZone, hoursKey } from '../../src/features/search/openNow.server';
import { searchRequest } from '../../src/features/search/request.server';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { PAGE_SIZE } from '../../src/features/search/searchRequest';
import type { SearchTrace } from '../../src/features/search/search.server';
import { watchedDatabase } from '../helpers/statements';
import { withTempDatabase } from '../helpers/database';

let database: Db;
withTempDatabase((opened) => {
  database = opened;
});

/** Wednesday noon in the East: open now is the same at every run. */
const AT = new Date('2026-11-25T17:00:00Z');

/** One search per plan (the plan it takes on the seed, as the Server-Timing header names it). */
const SEARCHES: { file: string; plan: string; raw: Record<string, string> }[] = [
  { file: 'order', plan: 'order:listed', raw: { query: 'balayage' } },
  { file: 'text-listed', plan: 'text-listed', raw: { query: 'nail', priceRange: '$$', sort: 'reviews' } },
  { file: 'open-listed', plan: 'open-listed', raw: { openNow: 'true' } },
  { file: 'filter-listed', plan: 'filter-listed:zipPrefix', raw: { location: '100' } },
  { file: 'facet-listed', plan: 'facet-listed', raw: { owned: 'women', sort: 'rating' } },
  // A filter the facet rows do not carry (a state): each row of the facet's index looked up and checked (migrations/0087).
  { file: 'facet-listed-checked', plan: 'facet-listed', raw: { owned: 'women', location: 'NY', sort: 'reviews' } },
  { file: 'nearest-spots', plan: 'nearest:spots', raw: { near: '41.8781,-87.6298', sort: 'distance' } },
  { file: 'other-order', plan: 'other-order:sorted', raw: { sort: 'rating' } },
  { file: 'category', plan: 'category', raw: { service: 'Nail Salon' } },
  { file: 'category-sorted', plan: 'category', raw: { service: 'Nail Salon', sort: 'reviews', lang: 'en', offset: '12' } },
  { file: 'place', plan: 'place', raw: { location: 'TX' } },
  { file: 'place-rings', plan: 'category, then nearest:rings within 50 mi', raw: { service: 'Nail Salon', location: 'Chicago' } },
  { file: 'place-rings-once', plan: 'none, then nearest:rings within 50 mi', raw: { location: '60614' } },
  // The zones' open nail salons past the circle's (resolve.server.ts circleOpenMost): its rows checked nearest first.
  { file: 'place-rings-open', plan: 'open-listed, then nearest:rings within 50 mi', raw: { service: 'Nail Salon', location: 'Chicago', openNow: 'true' } },
  // Phoenix's zone holds no more open than its circle's providers: listed.
  { file: 'place-rings-open-listed', plan: 'open-listed, then open-listed:rings within 50 mi', raw: { location: 'Phoenix', openNow: 'true' } },
  { file: 'place-rings-text', plan: 'text-listed, then text-listed:rings within 50 mi', raw: { query: 'gel', location: 'Miami', priceRange: '$$$' } },
  // The spelling path: the word's candidates read with its terms, the corrected word's terms beside the corrected search's count.
  { file: 'corrected', plan: 'order:listed', raw: { query: 'balayge' } },
];

/** The statements a search sends, in order, each with its arguments. */
async function statementsOf(raw: Record<string, string>, trace: SearchTrace): Promise<string> {
  const seen: string[] = [];
  const watched = watchedDatabase(database, (text, args) => seen.push(`${text.replace(/\s+/g, ' ').trim()};\n-- args: ${JSON.stringify(args ?? [])}`));
  await searchNearPlace(watched, searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...raw }), AT, trace);
  return seen.join('\n\n');
}

describe('the SQL of each plan for a representative search', () => {
  for (const { file, plan, raw } of SEARCHES)
    it(`${plan}: ${new URLSearchParams(raw)}`, async () => {
      // Once for the process's own caches (the vocabulary's shares, the gazetteer), then as it runs warm,
      // the token sample kept (a search that reads none of its own, nearest first, uses it when kept).
      await Promise.all([statementsOf(raw, {}), tokenShares(database)]);
      const trace: SearchTrace = {};
      const statements = await statementsOf(raw, trace);
      expect(trace.plan).toBe(plan);
      await expect(`-- ${new URLSearchParams(raw)} (plan: ${plan})\n\n${statements}\n`).toMatchFileSnapshot(`./search-sql/${file}.sql`);
    });
});

/** 3 AM in the East: few are open, so the rings are read. */
const AT_NIGHT = new Date('2026-11-25T08:00:00Z');

/**
 * A place's reads ahead (rings.server.ts `readsAhead`) are worth their statement only when the place's
 * own search and its rings then ask for the same reads (openNow.server.ts `hoursKey`): here the
 * searches run over a local file, where nothing is read ahead, and every ask the searches made must
 * be among those the reads ahead make (`hoursAhead`): a key that diverged would be read twice, one
 * round trip more. (The rings may pass over a circle, so not every ask ahead is asked.)
 */
describe('reads ahead', () => {
  it.each([{ location: 'Chicago, IL', service: 'Nail Salon' }, { location: 'Chicago, IL' }, { location: '60614' }])(
    '%o: what the place and its rings ask of the hours is what is read ahead for them',
    async (raw) => {
      const q = await searchRequest(database, searchParamsSchema.parse({ ...raw, openNow: 'true' }), AT_NIGHT, {});
      const found = q.located!.found!;
      await answerOf(q);
      const asked = [...q.reads.hours.keys()];
      const ahead = hoursAhead(q.params, found, radiiFor(found)).map(hoursKey);
      // The place's own (none in 60614) and the rings' one statement asked: the searches went past the place.
      expect(asked.length).toBeGreaterThanOrEqual(raw.location === '60614' ? 1 : 2);
      // A city's own zones are taken from every zone's, read ahead (openNow.server.ts `everyZone`).
      const served = (key: string) => {
        const [within, , inSet] = JSON.parse(key) as [unknown, unknown, string | null];
        return ahead.includes(key) || (!within && ahead.includes(hoursKey(everyZone(inSet === null ? {} : { inSet }))));
      };
      for (const key of asked) expect(served(key), key).toBe(true);
    },
  );
});
