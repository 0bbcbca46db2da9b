/** Creates, migrates and seeds a database as needed: what `npm start`, the build and tests run first. */
import { getDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { backfillSearchData, refoldVocabulary } from '../features/search/index.server';
import { backfillNameKeys, unvetApplicantVetted } from '../features/listings/index.server';
import { mergeTextIndex } from '../features/search/index.server';
import { addServiceWords } from '../features/suggestions/index.server';
import { seedIfEmpty, type SeedProvider } from './seed';
import { seedOwners } from './seedOwners';

export async function setupDatabase(
  url?: string,
  options: { seed?: boolean | SeedProvider[]; owners?: boolean } = {},
): Promise<Db & { migrated: string[]; seeded: number }> {
  const database = await getDb(url);
  const migrated = await migrate(database);
  const seed = options.seed ?? true;
  const seeded = seed === false ? 0 : await seedIfEmpty(database, Array.isArray(seed) ? seed : undefined);
  await backfillSearchData(database);
  await refoldVocabulary(database);
  await addServiceWords(database);
  await backfillNameKeys(database);
  await unvetApplicantVetted(database);
  // Seeded row by row, the full-text index is in a segment per provider: merged as the daily job keeps it.
  if (seeded) await mergeTextIndex(database);
  // A fresh local database: fictional owners who take time requests (src/setup/seedOwners.ts).
  if (seeded && options.owners) await seedOwners(database);
  return { ...database, migrated, seeded };
}
