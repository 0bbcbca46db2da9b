/**
 * One libSQL client and kysely instance per database URL. Local `file:` databases use the native
 * client in WAL mode; remote Turso/sqld URLs use the web client, which bundles without a native
 * binary (Netlify Functions).
 */
import type { Client } from '@libsql/client';
import type { Kysely } from 'kysely';
import { BUSY_TIMEOUT_MS, retryWhileBusy } from './busyRetry';
import type { Database } from './schema';
import { kyselyOver } from './kysely';
import { env } from '../env.server';

export interface Db {
  url: string;
  client: Client;
  db: Kysely<Database>;
}

const open = new Map<string, Promise<Db>>();

export function databaseUrl(): string {
  return env().DATABASE_URL;
}

async function connect(url: string, authToken?: string): Promise<Db> {
  const local = url.startsWith('file:') || url === ':memory:';
  const { createClient } = local ? await import('@libsql/client') : await import('@libsql/client/web');
  const path = url.replace(/^file:/, '');
  const inMemory = path === ':memory:';
  if (local && !inMemory) {
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(path), { recursive: true });
  }
  const created = createClient({ url, authToken });
  let client = local ? created : retryWhileBusy(created);
  if (local) {
    // WAL lets readers go on during writes and survives a killed process; the timeout makes
    // concurrent writers from other processes wait instead of failing with SQLITE_BUSY.
    await client.execute('PRAGMA journal_mode = WAL');
    const pragmas = [`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`, 'PRAGMA foreign_keys = ON'];
    for (const pragma of pragmas) await client.execute(pragma);
    // A second connection to a file is the same database; to an in-memory one it would be another.
    if (!inMemory && !path.includes('?')) {
      const { withCachedReads } = await import('./cachedReads');
      client = withCachedReads(client, path, pragmas);
    }
  }
  return { url, client, db: kyselyOver(client) };
}

/** The database of DATABASE_URL (or the given URL), opened once per process. */
export function getDb(url = databaseUrl()): Promise<Db> {
  let db = open.get(url);
  if (!db) {
    db = connect(url, env().DATABASE_AUTH_TOKEN);
    open.set(url, db);
    db.catch(() => open.delete(url));
  }
  return db;
}

/** Closes a database opened by getDb (tests and scripts). */
export async function closeDb(url = databaseUrl()): Promise<void> {
  const db = open.get(url);
  open.delete(url);
  if (db) (await db).client.close();
}
