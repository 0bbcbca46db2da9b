/**
 * The search core's own contracts (docs/search.md): every index a plan names exists after the
 * migrations, and GET /api/search says which plan answered in Server-Timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES } from '../../src/features/search/indexes.server';
import { PLANS } from '../../src/features/search/plans/index.server';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('search indexes', () => {
  it('every index named in INDEXED BY exists after the migrations', async () => {
    const { rows } = await api.database.client.execute("SELECT name FROM sqlite_master WHERE type = 'index'");
    const existing = new Set(rows.map((r) => String(r.name)));
    const missing = Object.values(INDEXES).filter((name) => !existing.has(name));
    expect(missing).toEqual([]);
  });
});

describe('Server-Timing', () => {
  const planOf = (res: Response) => /^plan;desc="([^"]*)"$/.exec(res.headers.get('Server-Timing') ?? '')?.[1];

  it('names the plan that answered', async () => {
    const names = PLANS.map((p) => p.name);
    for (const [query, plan] of [
      ['service=Nail+Salon', 'category'],
      ['priceRange=%24%24&rating=4', 'place:walk'],
      ['sort=distance&near=40.7255,-73.9983', 'nearest'],
      ['q=zzzzzzzzz', 'none'],
    ] as const) {
      const res = await api.get(`/api/search?${query}`);
      expect(res.status, query).toBe(200);
      expect(planOf(res), query).toBe(plan);
      expect([...names, 'none']).toContain(plan.split(':')[0]);
    }
  });
});
