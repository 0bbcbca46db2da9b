/**
 * The token sample (src/features/search/tokenShares.server.ts) over a directory whose size is no
 * multiple of its 2,000: the step between sampled seqs is then a fraction, and a sample that
 * compared seqs with it matched one provider (seq 1) and took every share from that one.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { tokenShares } from '../../src/features/search/tokenShares.server';
import { withTempDatabase } from '../helpers/database';

const SIZE = 3253;
let database: Db;
withTempDatabase(
  async (db) => {
    database = db;
    // The first 1,000 in Texas, the rest in California, each rated by its seq's last digit.
    await db.client.execute({
      sql: `WITH RECURSIVE n (seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM n WHERE seq < ?)
            INSERT INTO provider_search (seq, id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount)
            SELECT seq, 'p' || seq, 'Provider ' || seq, 'Springfield', CASE WHEN seq <= 1000 THEN 'TX' ELSE 'CA' END, '00000', 0, '$$', (seq % 10) / 2.0, 0 FROM n`,
      args: [SIZE],
    });
  },
  { seed: false },
);

describe('the token sample', () => {
  it('holds 2,000 providers spread over the whole directory, its shares near the truth', async () => {
    const { size, standings, shares } = await tokenShares(database);
    expect(size).toBe(SIZE);
    expect(standings.length).toBe(2000);
    expect(Math.abs((shares.get('stx') ?? 0) - 1000 / SIZE)).toBeLessThan(0.02);
    expect(Math.abs((shares.get('sca') ?? 0) - (SIZE - 1000) / SIZE)).toBeLessThan(0.02);
  });
});
