/**
 * What a provider page reads (/provider/{slug}), in one round trip to the database (docs/SCALING.md
 * "Round trips"): every read names the provider by its slug (a subquery for its id) rather than
 * waiting for its row, and they go out side by side, one batch (src/db/batchedReads.ts).
 * The page's own module (not a route: Astro leaves `_` files out), so the round-trip test reads it as the page does.
 */
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import { batchedReads } from '../../db/batchedReads';
import { getProviderBySlug, listedIdOfSlug } from '../../features/providers/index.server';
import { removedListingId } from '../../features/moderation/index.server';
import { reviewSummary, sortedReviews } from '../../features/reviews/index.server';
import { visiblePhotos } from '../../features/photos/index.server';
import { ownerStanding } from '../../features/owners/index.server';
import { listingSource } from '../../features/imports/index.server';
import { requestSummary } from '../../features/requests/index.server';

/** The provider of `slug` and what its page shows; when it is not listed, the id of the removed listing of that slug, if any (410). */
export async function providerPageReads(database: Db, slug: string) {
  const reads = batchedReads(database);
  const id = listedIdOfSlug(reads, slug);
  const [provider, removedId, reviews, summary, photos, standing, source, requests] = await Promise.all([
    getProviderBySlug(reads, slug),
    removedListingId(reads, slug),
    sortedReviews(reads, id, { sort: 'newest', limit: LIMITS.reviewsOnPage, offset: 0 }),
    reviewSummary(reads, id),
    visiblePhotos(reads, id),
    ownerStanding(reads, id),
    listingSource(reads, id),
    // Time requests (docs/requests.md): "Request a time", "Book online" and the reply time.
    requestSummary(reads, id),
  ]);
  if (!provider) return { provider, removedId, reviews: [], summary: null, photos: [], standing: null, source: null, requests: null };
  return { provider, removedId: null, reviews, summary, photos, standing, source, requests };
}
