/**
 * A write transaction that waits its turn. Two changes at once (an owner's Accept and a shopper's
 * Cancel, two runs of the hourly job) each open a transaction; the second can be refused at BEGIN
 * with SQLITE_BUSY (a new connection of the local client has no busy_timeout; sqld refuses a
 * second writer at once). Nothing was written then, so it is begun again with jittered backoff for
 * as long as a local file would wait (src/db/busyRetry.ts); the conditional UPDATE inside decides.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { BUSY_TIMEOUT_MS } from '../../db/busyRetry';
import type { Database } from '../../db/schema';

const isBusy = (error: unknown) =>
  /SQLITE_BUSY|database is locked/i.test(
    `${(error as { code?: string })?.code ?? ''} ${(error as Error)?.message ?? ''} ${(error as { cause?: Error })?.cause?.message ?? ''}`,
  );

export async function writeTransaction<T>({ db }: Pick<Db, 'db'>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, 2 ** attempt) * (0.5 + Math.random())));
    }
  }
}
