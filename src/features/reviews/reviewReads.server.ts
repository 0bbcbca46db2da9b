/**
 * Reading a provider's published reviews: one sorted page with the total, and the rating breakdown.
 * Hidden reviews (docs/moderation.md) are never read here, and a hidden listing reads as unknown.
 */
import type { Db } from '../../db/client';
import type { IdOf } from '../../db/batchedReads';
import type { Page } from '../providers/index.server';
import { listedProviders } from '../providers/index.server';
import { toReview } from './reviews.server';
import { publishedReplies } from '../owners/index.server';
import type { ReviewSort } from './reviewRules';
import type { Review } from './schemas/review';
import type { ReviewSummary } from './schemas/reviewList';

function publishedReviews({ db }: Db, providerId: IdOf) {
  return db.selectFrom('reviews').where('providerId', '=', providerId).where('status', '=', 'published');
}

const isListed = async (database: Db, providerId: IdOf) =>
  Boolean(await listedProviders(database).select('id').where('id', '=', providerId).executeTakeFirst());

/** One page of a provider's published reviews in the given order (ties: newest first). */
export async function sortedReviews(
  database: Db,
  providerId: IdOf,
  { sort, limit, offset }: { sort: ReviewSort; limit: number; offset: number },
): Promise<Review[]> {
  let query = publishedReviews(database, providerId).selectAll();
  if (sort !== 'newest') query = query.orderBy('rating', sort === 'highest' ? 'desc' : 'asc');
  query = query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset);
  // The business's responses go with their reviews (docs/owners.md "Replies"), read beside them.
  const [rows, replies] = await Promise.all([query.execute(), publishedReplies(database, query.clearSelect().select('id'))]);
  return rows.map((row) => ({ ...toReview(row), reply: replies.get(row.id) ?? null }));
}

/** GET /api/providers/{id}/reviews: a page and the total; null when the provider is unknown or hidden. */
export async function reviewPage(database: Db, providerId: string, params: { sort: ReviewSort; limit: number; offset: number }): Promise<Page<Review> | null> {
  const [listed, items, count] = await Promise.all([
    isListed(database, providerId),
    sortedReviews(database, providerId, params),
    publishedReviews(database, providerId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return listed ? { total: Number(count.n), items } : null;
}

/** Published reviews per star, their number and mean (one decimal, as the provider's rating is kept). */
export async function reviewSummary(database: Db, providerId: IdOf): Promise<ReviewSummary | null> {
  const [listed, rows] = await Promise.all([
    isListed(database, providerId),
    publishedReviews(database, providerId)
      .select(['rating', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('rating')
      .execute(),
  ]);
  if (!listed) return null;
  const counts: ReviewSummary['counts'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let sum = 0;
  for (const row of rows) {
    const n = Number(row.n);
    counts[String(row.rating) as keyof typeof counts] = n;
    count += n;
    sum += n * Number(row.rating);
  }
  return { average: count ? Math.round((sum * 10) / count) / 10 : 0, counts, count };
}
