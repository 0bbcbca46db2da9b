/**
 * The committed Overture fixture (docs/imports.md "The format") as the browser specs import it into
 * the e2e server's one database, and the roll back that takes it out again.
 */
import { join } from 'node:path';
import type { Db } from '../../src/db/client';
import { decideImport } from '../../src/features/imports/index.server';

export const OVERTURE_FIXTURE = join(process.cwd(), 'tests/fixtures/overture/places.geojsonseq');

/**
 * Rolls back a batch a spec applied, as an operator does (`npm run import -- rollback BATCH`, one
 * domain call either way): its new listings hidden, its matches unlinked, its open holds dropped.
 * The specs share the server's database and run in any order, so a spec that imports undoes its
 * batch when it ends, and no other spec counts its listings (New York, Chicago, Austin...).
 */
export async function rollBackImport(db: Db, batchId: string): Promise<void> {
  await decideImport(db, { action: 'rollback-batch', target: batchId, reason: 'The spec that imported it is done', actor: 'ops-jordan' });
}
