/**
 * A search's state lives in its request (docs/search.md "How a search runs"): each statement it
 * reads is compiled once where it is read, its key and its run taken from that one compile
 * (requestReads.server.ts `statementOf`), and nothing a request read or failed to read is kept in a
 * module for the next.
 */
import { DefaultQueryExecutor, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchNearPlace } from '../../src/features/search/nearPlace.server';
import type { Client } from '@libsql/client';
import type { Db } from '../../src/db/client';
import { kyselyOver } from '../../src/db/kysely';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { PAGE_SIZE } from '../../src/features/search/searchRequest';
import { OverBudgetError } from '../../src/lib/errors';
import { startApi, type TestApi } from '../helpers/api';
import { watchedDatabase } from '../helpers/statements';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** Wednesday noon in the East: open now is the same at every run. */
const AT = new Date('2026-11-25T17:00:00Z');

/** Kinds whose statements are kept by key in the request: counts, the words' list, a ZIP prefix's states and count, a place's circles, open now, a correction. */
const SEARCHES = [
  'query=balayage',
  'service=Nail Salon&location=Chicago',
  'location=Brooklyn',
  'location=606&query=nail',
  'query=gel&location=Miami&priceRange=$$$',
  'service=Nail Salon&openNow=true&sort=reviews&offset=990',
  'openNow=true&location=Arlington&offset=48',
  'query=balayge',
  'location=Chicago&sort=distance&offset=480',
];

/** The database with a search's budget already spent: every statement, alone or in a batch (over the network), refused. */
function spent(): Db {
  const refuse = () => Promise.reject(new OverBudgetError('spent', 1));
  const client = new Proxy(api.database.client, {
    get(target, key) {
      if (key === 'execute' || key === 'batch') return refuse;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Client;
  return { url: api.database.url, client, db: kyselyOver(client) };
}

const paramsOf = (search: string) => searchParamsSchema.parse({ limit: String(PAGE_SIZE), ...Object.fromEntries(new URLSearchParams(search)) });

describe('per-request state', () => {
  it.each(SEARCHES)('%s: compiles each statement once', async (search) => {
    const params = paramsOf(search);
    await searchNearPlace(api.database, params, AT);
    const compiles = vi.spyOn(DefaultQueryExecutor.prototype, 'compileQuery');
    try {
      await searchNearPlace(api.database, params, AT);
      const nodes = compiles.mock.calls.map(([node]) => node as RootOperationNode);
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.length - new Set(nodes).size).toBe(0);
    } finally {
      compiles.mockRestore();
    }
  });

  // First pages: one of their providers is hidden between the requests.
  it.each(SEARCHES.map((search) => search.replace(/&offset=\d+/, '')))(
    '%s: a request after one that failed reads the data as it is now, through its own client',
    async (search) => {
      const params = paramsOf(search);
      let sent = 0;
      const first = await searchNearPlace(
        watchedDatabase(api.database, () => sent++),
        params,
        AT,
      );
      const hidden = first.items[0]?.id;
      expect(hidden).toBeDefined();
      await expect(searchNearPlace(spent(), params, AT)).rejects.toBeInstanceOf(OverBudgetError);
      const before = sent;
      await api.database.client.execute({ sql: 'UPDATE providers SET isHidden = 1 WHERE id = ?', args: [hidden!] });
      try {
        const again = await searchNearPlace(api.database, params, AT);
        expect(again.items.map((item) => item.id)).not.toContain(hidden);
        expect(again.total).toBe(first.total - 1);
        expect(sent).toBe(before);
      } finally {
        await api.database.client.execute({ sql: 'UPDATE providers SET isHidden = 0 WHERE id = ?', args: [hidden!] });
      }
    },
  );
});
