/** `npm run db:setup`: migrate DATABASE_URL (default file:data/glow.db) and seed it when empty. */
import { closeDb, databaseUrl } from '../src/db/client';
import { setupDatabase } from '../src/setup/setup';

const url = databaseUrl();
const { migrated, seeded } = await setupDatabase(url, { owners: true });
console.log(
  `[db] ${url.replace(/\/\/.*@/, '//***@')}: ${migrated.length ? `applied ${migrated.join(', ')}` : 'schema up to date'}${seeded ? `; seeded ${seeded} providers` : ''}`,
);
await closeDb(url);
