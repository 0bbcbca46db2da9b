/**
 * A remote libSQL server (sqld, Turso) answers SQLITE_BUSY when a write meets another write in
 * progress, where a local file waits (PRAGMA busy_timeout). Over HTTP the wait is ours: a
 * statement or batch that failed busy wrote nothing (a batch is one transaction), so it is
 * retried with jittered backoff for as long as a local file would wait. Found by the 200
 * concurrent review posts of tests/api/abuse.test.ts run against sqld.
 */
import type { Client } from '@libsql/client';

/** How long a write waits for another one, on a file (busy_timeout) and over HTTP alike. */
export const BUSY_TIMEOUT_MS = 5000;

const isBusy = (error: unknown) => /SQLITE_BUSY|database is locked/i.test(`${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message ?? ''}`);

async function retrying<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      const backoff = Math.min(100, 2 ** attempt) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, backoff));
    }
  }
}

/** The client, with execute and batch retried while the database is busy. */
export function retryWhileBusy(client: Client): Client {
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return key === 'execute' || key === 'batch' ? (...args: unknown[]) => retrying(() => method(...args) as Promise<unknown>) : method;
    },
  });
}
