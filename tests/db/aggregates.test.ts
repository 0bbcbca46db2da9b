/**
 * The build's aggregates (city_counts, review_stats: migrations/0008_site_aggregates.sql and 0011_listed_aggregates.sql) always equal what a
 * full count of listed providers and published reviews would say, through listings, reviews,
 * hiding and restoring (docs/moderation.md, "Provider pages").
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { moderateListing, moderateReview } from '../../src/features/moderation/moderation.server';
import { createProvider } from '../../src/features/listings/newListing.server';
import { createReview } from '../../src/features/reviews/reviews.server';
import { withTempDatabase } from '../helpers/database';

let database: Db;
withTempDatabase((opened) => {
  database = opened;
});

async function kept() {
  const cities = (await database.client.execute('SELECT city, state, n FROM city_counts WHERE n > 0 ORDER BY city, state')).rows.map(
    (r) => `${r.city}, ${r.state}: ${r.n}`,
  );
  const stats = (await database.client.execute('SELECT n, ratingSum FROM review_stats')).rows[0]!;
  return { cities, reviews: Number(stats.n), ratingSum: Number(stats.ratingSum) };
}
async function counted() {
  const cities = (
    await database.client.execute(
      'SELECT city, state, count(*) AS n FROM providers WHERE isHidden = 0 AND vetted_at IS NOT NULL GROUP BY city, state ORDER BY city, state',
    )
  ).rows.map((r) => `${r.city}, ${r.state}: ${r.n}`);
  const stats = (
    await database.client.execute(
      "SELECT count(*) AS n, coalesce(sum(r.rating), 0) AS s FROM reviews r JOIN providers p ON p.id = r.providerId WHERE r.status = 'published' AND p.isHidden = 0",
    )
  ).rows[0]!;
  return { cities, reviews: Number(stats.n), ratingSum: Number(stats.s) };
}

describe('aggregates kept by triggers', () => {
  it('match a full count after the seed', async () => {
    expect(await kept()).toEqual(await counted());
  });

  it('follow a new listing, a review, a hidden and restored review, and a hidden and restored listing', async () => {
    const before = await counted();
    const provider = await createProvider(database, {
      name: 'Marigold Thread Studio',
      address: '40 Loom Street',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
      phone: '(208) 555-0144',
      email: 'hello@marigold.example.com',
      website: null,
      services: ['Eyebrow Threading'],
      priceRange: '$$',
      openingHours: {
        monday: 'Closed',
        tuesday: '9:00 AM - 6:00 PM',
        wednesday: '9:00 AM - 6:00 PM',
        thursday: '9:00 AM - 6:00 PM',
        friday: '9:00 AM - 6:00 PM',
        saturday: '9:00 AM - 5:00 PM',
        sunday: 'Closed',
      },
      description: null,
    } as never);
    const { review } = await createReview(database, { providerId: provider.id, customerName: 'Odile P.', rating: 2, comment: 'Rushed.' } as never);
    await createReview(database, { providerId: provider.id, customerName: 'Remy K.', rating: 5, comment: null } as never);
    expect(await kept()).toEqual(await counted());
    expect((await counted()).reviews).toBe(before.reviews + 2);

    const by = { actor: 'test', reason: 'Aggregates test' };
    await moderateReview(database, 'hide-review', { target: review.id, ...by });
    expect(await kept()).toEqual(await counted());
    await moderateListing(database, 'hide-listing', { target: provider.slug, ...by });
    const hidden = await counted();
    expect(hidden.cities).toEqual(before.cities);
    expect(await kept()).toEqual(hidden);
    await moderateListing(database, 'restore-listing', { target: provider.slug, ...by });
    await moderateReview(database, 'restore-review', { target: review.id, ...by });
    expect(await kept()).toEqual(await counted());
    expect((await counted()).reviews).toBe(before.reviews + 2);
  });
});
