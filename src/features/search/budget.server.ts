/**
 * A search's time budget (docs/search.md "Bounded cost"): every statement of one search goes through
 * a client that refuses to start one past the deadline and stops waiting for one that runs past it,
 * so a request answers 503 with Retry-After instead of holding a worker. Over HTTP (sqld, Turso)
 * the wait is what a worker spends, and it ends at the deadline. A local file's statements run
 * synchronously in the process and cannot be cut short from JavaScript (the native client exposes
 * no progress handler): there the plans' own bounds (listing few matches, capped counts and walks)
 * keep each statement short, and the budget stops the search at the next statement.
 */
import type { Client, InStatement, InValue } from '@libsql/client';
import type { Db } from '../../db/client';
import { overNetwork } from '../../db/batchedReads';
import { kyselyOver } from '../../db/kysely';
import { envValue } from '../../env.server';
import { OverBudgetError } from '../../lib/errors';

/** Seconds a client is asked to wait before trying a search that ran out of time again. */
export const RETRY_AFTER_SECONDS = 5;

const overBudget = () => new OverBudgetError('This search took too long. Please try again in a few seconds.', RETRY_AFTER_SECONDS);

/** `running`, or OverBudgetError once `ms` have passed: over HTTP the wait for a statement ends at the deadline. */
async function raced<T>(running: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(overBudget()), ms);
  });
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** `database` for one search of at most `ms` milliseconds (default SEARCH_BUDGET_MS) from now. */
export function withBudget(database: Db, ms = envValue('SEARCH_BUDGET_MS')): Db {
  const deadline = performance.now() + ms;
  // A local statement returns only when done: a timer could never end the wait for it first.
  const remote = overNetwork(database);
  const execute = async (stmt: InStatement | string, args?: InValue[]) => {
    const left = deadline - performance.now();
    if (left <= 0) throw overBudget();
    const running = database.client.execute(stmt as never, args as never);
    const result = await (remote ? raced(running, left) : running);
    // A local statement returns only when done: one that ran past the deadline still ends the search.
    if (performance.now() > deadline) throw overBudget();
    return result;
  };
  const client = new Proxy(database.client, {
    get(target, key) {
      if (key === 'execute') return execute;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Client;
  return { url: database.url, client, db: kyselyOver(client) };
}
