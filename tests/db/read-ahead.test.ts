/**
 * A place's reads ahead (rings.server.ts `readAhead`) are worth their statement only when the place's
 * own search and its rings then ask for the same reads (openNow.server.ts `hoursKey`): here the
 * searches run over a local file, where nothing is read ahead, and every ask the searches made must
 * be among those the reads ahead make (`hoursAhead`): a key that diverged would be read twice, one
 * round trip more. (The rings may pass over a circle, so not every ask ahead is asked.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/db/client';
import { setupDatabase } from '../../src/setup/setup';
import { answerOf, radiiFor } from '../../src/features/search/nearPlace.server';
import { hoursAhead } from '../../src/features/search/rings.server';
import { hoursKey } from '../../src/features/search/openNow.server';
import { searchRequest } from '../../src/features/search/request.server';
import { searchParamsSchema } from '../../src/features/search/schemas/search';

const dir = mkdtempSync(join(tmpdir(), 'glow-ahead-'));
const url = `file:${join(dir, 'glow.db')}`;
let database: Db;
beforeAll(async () => {
  database = await setupDatabase(url, { seed: true });
});
afterAll(async () => {
  await closeDb(url);
  rmSync(dir, { recursive: true, force: true });
});

/** 3 AM in the East: few are open, so the rings are read. */
const AT = new Date('2026-11-25T08:00:00Z');

describe('reads ahead', () => {
  it.each([{ location: 'Chicago, IL', service: 'Nail Salon' }, { location: 'Chicago, IL' }, { location: '60614' }])(
    '%o: what the place and its rings ask of the hours is what is read ahead for them',
    async (raw) => {
      const q = await searchRequest(database, searchParamsSchema.parse({ ...raw, openNow: 'true' }), AT, {});
      const found = q.located!.found!;
      await answerOf(q);
      const asked = [...q.reads.hours.keys()];
      const ahead = hoursAhead(q.params, found, radiiFor(found)).map(hoursKey);
      // The place's own and at least one ring asked: the searches went past the place.
      expect(asked.length).toBeGreaterThanOrEqual(2);
      for (const key of asked) expect(ahead).toContain(key);
    },
  );
});
