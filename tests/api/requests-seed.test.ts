/**
 * A fresh local database (`npm start`, `npm run db:setup`) has fictional owners who take time
 * requests (docs/requests.md "Seed"), over a file and over sqld: each claimed by its own example.com
 * address, vetted, offering open days; a second setup changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';
import { setupDatabase } from '../../src/setup/setup';
import { SEED_OWNED_SLUGS, seedOwners } from '../../src/setup/seedOwners';
import { requestOptions } from '../../src/features/requests/index.server';

let api: TestApi;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

describe('seed owners', () => {
  it('claims a handful of seed listings by their example.com addresses, and they take requests', async () => {
    expect(await seedOwners(api.database)).toBe(SEED_OWNED_SLUGS.length);
    const owned = await api.database.db
      .selectFrom('listing_owners')
      .innerJoin('providers', 'providers.id', 'listing_owners.providerId')
      .select(['providers.id', 'providers.slug', 'listing_owners.email', 'providers.vetted_at'])
      .where('providers.slug', 'in', [...SEED_OWNED_SLUGS])
      .execute();
    expect(owned).toHaveLength(SEED_OWNED_SLUGS.length);
    for (const listing of owned) {
      expect(listing.email).toMatch(/example\.com$/);
      expect(listing.vetted_at).not.toBeNull();
      const options = await requestOptions(api.database, listing.id);
      expect(options.takesRequests, listing.slug).toBe(true);
      expect(options.openDates.length).toBeGreaterThan(0);
      expect(options.services.length).toBeGreaterThan(0);
    }
    expect(await seedOwners(api.database)).toBe(0);
  });

  it('setupDatabase seeds them only when asked and only into a fresh database', async () => {
    const again = await setupDatabase(api.database.url, { owners: true });
    expect(again.seeded).toBe(0);
  });
});
