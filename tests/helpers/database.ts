/**
 * A database of a test file's own, for tests that call domain code without an API server: a
 * temporary libSQL file, migrated and (unless `seed: false`) seeded with the repo's seed before the
 * file's tests, closed and deleted after them. Called at the top of a file, it registers those two
 * hooks and hands the open database to `ready` (tests keep their own `database` variable).
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { closeDb, type Db } from '../../src/db/client';
import { setupDatabase } from '../../src/setup/setup';
import { tempDatabaseUrl } from './api';

export function withTempDatabase(ready: (database: Db) => void | Promise<void>, options: { seed?: boolean } = {}): { url: string; dir: string } {
  const { url, dir } = tempDatabaseUrl();
  beforeAll(async () => {
    await ready(await setupDatabase(url, { seed: options.seed ?? true }));
  });
  afterAll(async () => {
    await closeDb(url);
    rmSync(dir, { recursive: true, force: true });
  });
  return { url, dir };
}
