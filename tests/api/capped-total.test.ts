/**
 * Totals are counted up to LIMITS.countedTotal (src/config.ts): past it the API answers that number
 * with `X-Total-Count-Capped: true`, so a broad search never counts a million rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
const EXTRA = LIMITS.countedTotal + 50;

beforeAll(async () => {
  api = await startApi();
  // Copies of one seed provider in Boise, each with its own id and slug: more than the cap in all.
  await api.database.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO providers (id, name, slug, description, address, city, state, zipCode, phone, email, website, services, isPromoted, isOpen, priceRange, openingHours, imageUrl, rating, reviewCount, createdAt)
          SELECT 'copy-' || i, name || ' ' || i, slug || '-copy-' || i, description, address, 'Boise', 'ID', '83702', phone, email, website, services, 0, 1, priceRange, openingHours, imageUrl, 0, 0, createdAt
          FROM n, (SELECT * FROM providers ORDER BY seq LIMIT 1)`,
    args: [EXTRA],
  });
});
afterAll(() => api.close());

describe('capped totals', () => {
  it('a search matching more than the cap answers the cap and says so', async () => {
    for (const path of ['/api/search?limit=12', '/api/search?location=Boise&limit=12', '/api/search?query=boise&limit=12', '/api/providers?limit=12']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-total-count'), path).toBe(String(LIMITS.countedTotal));
      expect(res.headers.get('x-total-count-capped'), path).toBe('true');
      expect(res.headers.get('access-control-expose-headers'), path).toContain('X-Total-Count-Capped');
      expect(((await res.json()) as unknown[]).length, path).toBe(12);
    }
  });

  it('a search under the cap answers its exact total without the flag', async () => {
    const res = await api.get('/api/search?location=Chicago');
    expect(res.headers.get('x-total-count')).toBe('10');
    expect(res.headers.get('x-total-count-capped')).toBeNull();
  });

  it('pages past the counted total still come back', async () => {
    const res = await api.get(`/api/search?location=Boise&limit=10&offset=${LIMITS.countedTotal + 20}`);
    expect(((await res.json()) as unknown[]).length).toBe(10);
  });
});
