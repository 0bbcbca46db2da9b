/**
 * One owner per copied column (docs/search.md "Copied columns and their owners"): after writes
 * through the app (a new listing, an owner's edit of services and hours, a review, a moderator's
 * hiding, a change of city, price and promotion) and after the benchmark generator, every copy
 * equals what its source rows say (tests/helpers/copies.ts works that out from the sources).
 */
import { saveFacets } from '../../src/features/owners/facetEdits.server';
import { facetsSchema } from '../../src/features/facets';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb } from '../../src/db/client';
import { setupDatabase } from '../../src/setup/setup';
import { insertProviderStatements, type NewProvider } from '../../src/features/listings/newListing.server';
import { saveListingEdit } from '../../src/features/owners/listingEdits.server';
import { listingEditSchema } from '../../src/features/owners/schemas/listingEdit';
import { createReview } from '../../src/features/reviews/reviews.server';
import { reviewCreateSchema } from '../../src/features/reviews/schemas/review';
import { moderateListing } from '../../src/features/moderation/moderation.server';
import { ensureBenchDb } from '../../bench/generate';
import { textIndexSegments } from '../../src/features/search/textIndex.server';
import { copyDrift } from '../helpers/copies';
import { tempDatabaseUrl } from '../helpers/api';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('copied columns', () => {
  it('equal their sources after writes through the app, and drift is caught', async () => {
    const { url, dir } = tempDatabaseUrl();
    dirs.push(dir);
    const database = await setupDatabase(url, { seed: true });
    try {
      expect(await copyDrift(database)).toEqual([]);
      const base = (await database.db.selectFrom('providers').selectAll().limit(1).executeTakeFirstOrThrow()) as Record<string, unknown>;
      const { seq: _s, rating: _r, reviewCount: _c, latitude: _la, longitude: _lo, timeZone: _t, ...rest } = base;
      const row = {
        ...rest,
        id: 'copies-1',
        name: 'Copies Test Studio',
        slug: 'copies-test-studio',
        services: JSON.stringify(['Manicure', 'Balayage']),
        openingHours: JSON.stringify({ monday: '9:00 AM - 5:00 PM', saturday: '10:00 PM - 2:00 AM', sunday: 'Closed' }),
      } as unknown as NewProvider;
      await database.client.batch(insertProviderStatements(database, row), 'write');
      // Hours the open bits leave to the hours rows (migrations/0091): half past, and a whole day overlapping the next morning.
      const partly = {
        ...row,
        id: 'copies-2',
        name: 'Copies Half Past',
        slug: 'copies-half-past',
        openingHours: JSON.stringify({ monday: '9:00 AM - 9:00 AM', tuesday: '8:00 AM - 6:00 PM', wednesday: '9:30 AM - 5:00 PM', sunday: 'Closed' }),
      } as unknown as NewProvider;
      await database.client.batch(insertProviderStatements(database, partly), 'write');
      expect(await copyDrift(database)).toEqual([]);

      // An owner's edit: other services (other categories) and other hours.
      const edit = listingEditSchema.parse({
        description: 'A calm studio for facials and massage, with late hours on Fridays.',
        phone: '(312) 555-0142',
        email: 'copies@example.com',
        website: '',
        services: ['Facial', 'Deep Tissue Massage'],
        openingHours: {
          monday: 'Closed',
          tuesday: '9:00 AM - 6:00 PM',
          wednesday: '9:00 AM - 6:00 PM',
          thursday: 'Closed',
          friday: '11:00 AM - 11:00 PM',
          // Owners' hours end on their day (docs/security.md "Input edges"); the row above keeps an overnight range stored before that rule.
          saturday: '10:00 PM - 12:00 AM',
          sunday: '12:00 AM - 12:00 AM',
        },
        menu: [],
        status: 'open',
      });
      await saveListingEdit(database, 'copies-1', edit, 'owner@example.com');
      // An owner's facets, then fewer of them (the facet rows follow both).
      await saveFacets(database, 'copies-1', facetsSchema.parse({ walkIns: ['both'], languages: ['en', 'vi'], identity: ['women'] }), 'owner@example.com');
      await saveFacets(database, 'copies-1', facetsSchema.parse({ languages: ['vi'] }), 'owner@example.com');
      // Services edited after the facets: the facet rows' categories follow the category rows (migrations/0092).
      await saveListingEdit(database, 'copies-1', { ...edit, services: ['Facial', 'Manicure'] }, 'owner@example.com');
      expect(await copyDrift(database)).toEqual([]);
      // A review, a moderator's change of city (and so of place and zone), price and promotion, and a hidden listing.
      await createReview(database, reviewCreateSchema.parse({ providerId: 'copies-1', customerName: 'Dana R.', rating: 4, comment: 'Lovely facial.' }));
      await database.client.execute(
        "UPDATE providers SET city = 'Evanston', latitude = 42.05, longitude = -87.69, timeZone = 'America/Chicago', priceRange = '$$$$', isPromoted = 1 WHERE id = 'copies-1'",
      );
      await moderateListing(database, 'hide-listing', { target: String(base.slug), reason: 'copies test', actor: 'moderator' });
      expect(await copyDrift(database)).toEqual([]);
      // The full-text index's order tokens follow a review count changed on its own (migrations/0036).
      await database.client.execute("UPDATE providers SET reviewCount = reviewCount + 40 WHERE id = 'copies-1'");
      expect((await copyDrift(database)).filter((d) => d.startsWith('providers_fts'))).toEqual([]);

      // The check can fail: a copy written past its owner is reported.
      await database.client.execute("UPDATE provider_categories SET city = 'Nowhere' WHERE providerSeq = (SELECT seq FROM providers WHERE id = 'copies-1')");
      expect((await copyDrift(database)).join('\n')).toMatch(/provider_categories copy/);
      await database.client.execute('DELETE FROM zone_cells');
      expect((await copyDrift(database)).join('\n')).toMatch(/zone_cells/);
      await database.client.execute('DELETE FROM state_cells');
      expect((await copyDrift(database)).join('\n')).toMatch(/state_cells/);
      await database.client.execute('UPDATE zone_hour_classes SET classes = 0');
      expect((await copyDrift(database)).join('\n')).toMatch(/zone_hour_classes/);
      await database.client.execute('DELETE FROM hours_category_sets');
      expect((await copyDrift(database)).join('\n')).toMatch(/hours_category_sets/);
      await database.client.execute("UPDATE provider_search SET facets = 1 WHERE seq = (SELECT seq FROM providers WHERE id = 'copies-1')");
      expect((await copyDrift(database)).join('\n')).toMatch(/provider_search/);
      await database.client.execute("UPDATE provider_facets SET rating = 0.5 WHERE providerSeq = (SELECT seq FROM providers WHERE id = 'copies-1')");
      expect((await copyDrift(database)).join('\n')).toMatch(/provider_facets copy/);
      await database.client.execute("UPDATE providers SET openWeek1 = 0 WHERE id = 'copies-1'");
      expect((await copyDrift(database)).join('\n')).toMatch(/providers openWeek/);
      await database.client.execute('DELETE FROM provider_facets WHERE bit = 7');
      expect((await copyDrift(database)).join('\n')).toMatch(/provider_facets missing/);
    } finally {
      await closeDb(url);
    }
  }, 120_000);

  it('equal their sources in a file of the benchmark generator', async () => {
    const { dir } = tempDatabaseUrl();
    dirs.push(dir);
    const generated = await ensureBenchDb(400, `${dir}/bench.db`, () => {}, { inProcess: true });
    try {
      expect(generated.providers).toBe(400);
      const database = await setupDatabase(generated.url, { seed: false });
      expect(await copyDrift(database)).toEqual([]);
      // The full-text index in one segment, as production's daily job keeps it: searches are measured on what they meet.
      expect(await textIndexSegments(database)).toBe(1);
    } finally {
      await closeDb(generated.url);
    }
  }, 300_000);
});
