/**
 * A database whose every statement (also each of a batch's) is shown to `seen` before it runs, for tests that count what a
 * search reads (how many statements read a source, whether a count is repeated); with `answered`, each statement
 * and its first row once it has run, alone or in a batch (what a statement chose).
 */
import type { Client } from '@libsql/client';
import { Kysely } from 'kysely';
import { LibsqlDialect } from '@libsql/kysely-libsql';
import type { Db } from '../../src/db/client';
import type { Database } from '../../src/db/schema';

export function watchedDatabase(
  database: Db,
  seen: (sql: string, args: unknown) => void,
  answered?: (sql: string, row: Record<string, unknown> | undefined) => void,
): Db {
  const client = new Proxy(database.client, {
    get(target, key) {
      if (key === 'execute')
        return async (stmt: { sql: string; args?: unknown } | string, args?: unknown) => {
          const text = typeof stmt === 'string' ? stmt : stmt.sql;
          seen(text, typeof stmt === 'string' ? args : stmt.args);
          const result = await target.execute(stmt as never, args as never);
          answered?.(text, result.rows[0] as Record<string, unknown> | undefined);
          return result;
        };
      // Reads sent together go out as one batch (src/db/batchedReads.ts): each of its statements is seen.
      // Over the network (sqld) a search's reads go out as batches: each statement's first row is answered too.
      if (key === 'batch')
        return async (stmts: ({ sql: string; args?: unknown } | string)[], mode?: unknown) => {
          const texts = stmts.map((stmt) => (typeof stmt === 'string' ? stmt : stmt.sql));
          for (const [i, stmt] of stmts.entries()) seen(texts[i]!, typeof stmt === 'string' ? [] : stmt.args);
          const results = await target.batch(stmts as never, mode as never);
          if (answered) for (const [i, result] of results.entries()) answered(texts[i]!, result.rows[0] as Record<string, unknown> | undefined);
          return results;
        };
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Client;
  return { url: database.url, client, db: new Kysely<Database>({ dialect: new LibsqlDialect({ client: client as never }) }) };
}
