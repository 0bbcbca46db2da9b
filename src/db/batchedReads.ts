/**
 * Reads sent together, one round trip (docs/SCALING.md "Round trips"): over HTTP (Turso, sqld) every
 * request is a trip across the network, and reads a page makes side by side (Promise.all) would each
 * be one. Through `batchedReads` the statements sent in the same turn of the event loop go to the
 * server as one batch (the client's `batch`, one HTTP request). A local file has no network: its
 * database is returned as it is.
 */
import type { Client, InStatement, ResultSet } from '@libsql/client';
import type { Expression } from 'kysely';
import type { Db } from './client';
import { kyselyOver } from './kysely';

/**
 * A row's id, or a subquery that reads it in the same statement (`providers WHERE slug = ?`): reads
 * that take one need not wait for the row, so a page's reads go out together (batchedReads).
 */
export type IdOf = string | Expression<string>;

interface Waiting {
  statement: InStatement;
  resolve(result: ResultSet): void;
  reject(error: unknown): void;
}

/** `client` with `execute` collected: the statements of one turn of the event loop run as one read batch. */
function batchingClient(client: Client): Client {
  let waiting: Waiting[] = [];
  const flush = async () => {
    const sent = waiting;
    waiting = [];
    if (sent.length === 1) {
      const [one] = sent;
      return client.execute(one!.statement).then(one!.resolve, one!.reject);
    }
    try {
      const results = await client.batch(
        sent.map((w) => w.statement),
        'read',
      );
      for (const [i, w] of sent.entries()) w.resolve(results[i]!);
    } catch {
      // One failed statement fails the batch: each is run again on its own, for its own answer or error.
      for (const w of sent) client.execute(w.statement).then(w.resolve, w.reject);
    }
  };
  const execute = (statement: InStatement | string, args?: unknown) =>
    new Promise<ResultSet>((resolve, reject) => {
      if (!waiting.length) setImmediate(flush);
      waiting.push({ statement: typeof statement === 'string' ? ({ sql: statement, args: args ?? [] } as InStatement) : statement, resolve, reject });
    });
  return new Proxy(client, {
    get(target, key) {
      if (key === 'execute') return execute;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Whether `database` is reached over the network (sqld, Turso), where each round trip costs; a local file's reads cost none. */
export const overNetwork = (database: Db): boolean => !(database.url.startsWith('file:') || database.url === ':memory:');

/**
 * `database` for reads made side by side: those sent in one turn of the event loop are one request
 * to the server. For reads only (a batch runs in a read-only transaction); a local file is returned as it is.
 */
export function batchedReads(database: Db): Db {
  if (!overNetwork(database)) return database;
  const client = batchingClient(database.client);
  return { url: database.url, client, db: kyselyOver(client) };
}
