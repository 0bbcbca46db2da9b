/**
 * The half-degree cell's token of the full-text index (migrations/0094): the index holds, for each
 * listing, the token filters.server.ts `cellToken` spells for the cell near.server.ts `boxCells`
 * counts its coordinates in, so text in a box narrowed to its cells' tokens lists every listing
 * of the box (plans/pointSource.server.ts `textInBox`); and the update triggers move it with them.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { cellToken, filterToken } from '../../src/features/search/filters.server';
import { cellOfDegrees } from '../../src/features/search/near.server';
import { boxCellTokens } from '../../src/features/search/tokenShares.server';
import { withTempDatabase } from '../helpers/database';

let database: Db;
withTempDatabase((db) => {
  database = db;
});

/** The token of the cell `latitude`, `longitude` lie in, as the search spells it. */
const tokenAt = (latitude: number, longitude: number) => cellToken(cellOfDegrees(latitude, 90), cellOfDegrees(longitude, 180));

/** The seqs the full-text index lists for the cell token `token`. */
async function listed(token: string): Promise<number[]> {
  const { rows } = await database.client.execute({ sql: 'SELECT rowid AS seq FROM providers_fts WHERE providers_fts MATCH ?', args: [filterToken(token)] });
  return rows.map((row) => Number(row.seq));
}

describe('the cell token (migrations/0094, filters.server.ts cellToken)', () => {
  it("lists every seeded listing under its own cell's token, and the cell's listings only", async () => {
    const { rows } = await database.client.execute('SELECT seq, latitude, longitude FROM providers WHERE latitude IS NOT NULL AND longitude IS NOT NULL');
    expect(rows.length).toBeGreaterThan(10);
    const byToken = new Map<string, number[]>();
    for (const row of rows) {
      const token = tokenAt(Number(row.latitude), Number(row.longitude));
      byToken.set(token, [...(byToken.get(token) ?? []), Number(row.seq)]);
    }
    for (const [token, seqs] of byToken) expect((await listed(token)).sort((a, b) => a - b)).toEqual(seqs.sort((a, b) => a - b));
  });

  it('is a cell boxCellTokens counts a box around the listing in, west and south of the prime meridian and the equator too', () => {
    for (const [latitude, longitude] of [
      [40.7128, -74.006],
      [-33.87, 151.21],
      [21.3069, -157.8583],
    ] as const) {
      expect(boxCellTokens({ point: { latitude, longitude }, miles: 1 })).toContain(tokenAt(latitude, longitude));
    }
  });

  it("moves with a listing's coordinates (the update triggers)", async () => {
    const { rows } = await database.client.execute('SELECT seq, latitude, longitude FROM providers WHERE latitude IS NOT NULL LIMIT 1');
    const { seq, latitude, longitude } = rows[0]!;
    const [from, to] = [tokenAt(Number(latitude), Number(longitude)), tokenAt(Number(latitude) + 3, Number(longitude) - 3)];
    await database.client.execute({ sql: 'UPDATE providers SET latitude = latitude + 3, longitude = longitude - 3 WHERE seq = ?', args: [seq] });
    expect(await listed(from)).not.toContain(Number(seq));
    expect(await listed(to)).toContain(Number(seq));
    await database.client.execute({ sql: 'UPDATE providers SET latitude = ?, longitude = ? WHERE seq = ?', args: [latitude, longitude, seq] });
    expect(await listed(from)).toContain(Number(seq));
  });
});
