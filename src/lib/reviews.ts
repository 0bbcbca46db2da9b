/** Reviews: listing a provider's and posting one, which updates the provider's rating in the same transaction. */
import type { InStatement } from '@libsql/client';
import type { Db } from './db/client';
import { NotFoundError } from './errors';
import type { Review, ReviewCreate } from './schemas/review';

/** A provider's reviews, newest first; null when the provider is unknown. */
export async function listReviews({ db }: Db, providerId: string): Promise<Review[] | null> {
  const [provider, rows] = await Promise.all([
    db.selectFrom('providers').select('id').where('id', '=', providerId).executeTakeFirst(),
    db.selectFrom('reviews').selectAll().where('providerId', '=', providerId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute(),
  ]);
  if (!provider) return null;
  return rows.map((r) => ({ ...r, rating: Number(r.rating) }));
}

/** Recomputes a provider's rating (mean, one decimal) and reviewCount from its reviews. */
export function refreshRatingStatement(providerId: string): InStatement {
  return {
    sql: `UPDATE providers SET
            reviewCount = (SELECT count(*) FROM reviews WHERE providerId = :id),
            rating = coalesce((SELECT round(avg(rating), 1) FROM reviews WHERE providerId = :id), 0)
          WHERE id = :id`,
    args: { id: providerId },
  };
}

/** The insert of a review, which inserts nothing when the provider does not exist. */
export function insertReviewStatement(review: Review): InStatement {
  return {
    sql: `INSERT INTO reviews (id, providerId, customerName, rating, comment, createdAt)
          SELECT :id, :providerId, :customerName, :rating, :comment, :createdAt
          WHERE EXISTS (SELECT 1 FROM providers WHERE id = :providerId)`,
    args: { ...review },
  };
}

/**
 * Posts a review. The insert and the rating update run as one write batch (one transaction), so
 * concurrent posts never lose a count and a failure writes nothing.
 */
export async function createReview({ client }: Db, input: ReviewCreate, now = new Date()): Promise<Review> {
  const review: Review = {
    id: crypto.randomUUID(),
    providerId: input.providerId,
    customerName: input.customerName,
    rating: input.rating,
    comment: input.comment,
    createdAt: now.toISOString(),
  };
  const [inserted] = await client.batch([insertReviewStatement(review), refreshRatingStatement(review.providerId)], 'write');
  if (inserted!.rowsAffected === 0) throw new NotFoundError('Provider not found');
  return review;
}
