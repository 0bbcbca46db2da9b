/**
 * The full-text index kept in one segment (src/features/search/textIndex.server.ts): each write adds
 * a segment, the daily scheduled merge (functions/text-index-merge.mts) folds them into one, and a
 * search finds the same providers before and after.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import merge, { config } from '../../functions/text-index-merge.mts';
import { textIndexSegments } from '../../src/features/search/textIndex.server';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const found = async (query: string) => {
  const res = await api.get(`/api/search?query=${encodeURIComponent(query)}&limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { slug: string }[]).map((p) => p.slug).sort();
};

describe('text index merge', () => {
  it('runs once a day', () => {
    expect(config.schedule).toBe('@daily');
  });

  it('a setup database starts merged', async () => {
    expect(await textIndexSegments(api.database)).toBe(1);
  });

  it('writes add segments; the scheduled merge folds them into one and search finds the same providers', async () => {
    const { rows } = await api.database.client.execute('SELECT seq FROM providers ORDER BY seq LIMIT 4');
    // Each statement is a transaction of its own: a segment each.
    for (const row of rows) await api.database.client.execute({ sql: "UPDATE providers SET name = name || ' Zinn' WHERE seq = ?", args: [row.seq] });
    expect(await textIndexSegments(api.database)).toBeGreaterThan(1);
    const before = await found('zinn');
    expect(before).toHaveLength(4);

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await merge();
    expect(res.status).toBe(204);
    expect(log.mock.calls.flat().join(' ')).toMatch(/\[text-index\] \d+ segment\(s\) merged into 1/);
    log.mockRestore();

    expect(await textIndexSegments(api.database)).toBe(1);
    expect(await found('zinn')).toEqual(before);
    expect(await found('nail')).not.toHaveLength(0);
  });

  it('a merged index is left as it is', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await merge();
    expect(log.mock.calls.flat().join(' ')).toContain('1 segment(s) merged into 1');
    log.mockRestore();
  });
});
