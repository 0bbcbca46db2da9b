/**
 * A search whose database cannot be reached fails as a whole, and leaves nothing behind: the reads
 * it starts ahead (the words beside the place, the rings beside the own page; docs/SCALING.md
 * "Round trips") are kept by the request (requestReads.server.ts `kept`), so none is a rejection nobody
 * handles, which would end the server's process (tests/api/faults.test.ts answers 503 only if it lives).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/db/client';
import { searchNearPlace } from '../../src/features/search/index.server';
import { searchParamsSchema } from '../../src/features/search/schemas';

// Nothing listens on port 9 (discard): every statement fails to connect.
const UNREACHABLE = 'http://127.0.0.1:9';

afterAll(() => closeDb(UNREACHABLE));

describe('a search over an unreachable database', () => {
  it.each([
    'location=Chicago',
    'service=Nail Salon&location=Chicago',
    'query=gel&location=Miami&priceRange=$$$',
    'query=balayge',
    'service=Lash Lift&location=76010',
    'openNow=true&location=Arlington&offset=990',
    'query=zzqx&location=Chicago',
    'query=nail&location=606&openNow=true',
  ])('%s: fails, with no read left unhandled', async (search) => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      const params = searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(search)));
      await expect(searchNearPlace(await getDb(UNREACHABLE), params, new Date('2026-11-25T15:00:00Z'))).rejects.toThrow();
      // Reads started ahead settle after the search has failed: give them time to.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });
});
