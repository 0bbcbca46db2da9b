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

/**
 * Write batches of one process go to the server one at a time. The server takes one writer at a
 * time anyway, and refuses the others at once (SQLITE_BUSY) rather than queueing them, so 200
 * concurrent posts from one function instance would otherwise spend their time in backoff, some
 * past the busy timeout; queued here, they wait their turn. Writes from other instances still meet
 * SQLITE_BUSY and are retried.
 */
function serializeWrites(): <T>(run: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (run) => {
    const result = tail.then(run, run);
    tail = result.catch(() => {});
    return result;
  };
}

/** The client, with execute and batch retried while the database is busy, and write batches queued. */
export function retryWhileBusy(client: Client): Client {
  const queued = serializeWrites();
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (key === 'batch') {
        return (...args: unknown[]) => {
          const attempt = () => retrying(() => method(...args) as Promise<unknown>);
          return args[1] === 'write' ? queued(attempt) : attempt();
        };
      }
      return key === 'execute' ? (...args: unknown[]) => retrying(() => method(...args) as Promise<unknown>) : method;
    },
  });
}
