/** Reviews: posting one, which updates the provider's rating in the same transaction (reading them: ./reviewReads.ts). */
import type { InStatement } from '@libsql/client';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { ReviewsTable } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Review, ReviewCreate } from './schemas/review';

/** A review row in API form (the status stays inside: only published reviews ever leave). */
export function toReview({ status: _, ...row }: Selectable<ReviewsTable>): Review {
  return { ...row, rating: Number(row.rating) };
}

/** Recomputes a provider's rating (mean, one decimal) and reviewCount from its published reviews. */
export function refreshRatingStatement(providerId: string): InStatement {
  return {
    sql: `UPDATE providers SET
            reviewCount = (SELECT count(*) FROM reviews WHERE providerId = :id AND status = 'published'),
            rating = coalesce((SELECT round(avg(rating), 1) FROM reviews WHERE providerId = :id AND status = 'published'), 0)
          WHERE id = :id`,
    args: { id: providerId },
  };
}

/** A review of the same text by the same name for the same provider within this window is stored once. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * The insert of a review. It inserts nothing when the provider does not exist, or when the same
 * name posted the same text for the provider within the duplicate window.
 */
export function insertReviewStatement(review: Review, duplicateSince?: string): InStatement {
  return {
    sql: `INSERT INTO reviews (id, providerId, customerName, rating, comment, createdAt)
          SELECT :id, :providerId, :customerName, :rating, :comment, :createdAt
          WHERE EXISTS (SELECT 1 FROM providers WHERE id = :providerId AND isHidden = 0)
            AND NOT EXISTS (
              SELECT 1 FROM reviews WHERE providerId = :providerId AND createdAt >= :since
                AND customerName = :customerName AND comment IS :comment)`,
    // Without a window (the seed) the "since" is in the future, so nothing counts as a duplicate.
    args: { ...review, since: duplicateSince ?? '9999' },
  };
}

/**
 * Posts a review. The insert and the rating update run as one write batch (one transaction), so
 * concurrent posts never lose a count and a failure writes nothing. A repeat of a review posted
 * within the duplicate window returns the stored one with created: false.
 */
export async function createReview(database: Db, input: ReviewCreate, now = new Date()): Promise<{ review: Review; created: boolean }> {
  const review: Review = {
    id: crypto.randomUUID(),
    providerId: input.providerId,
    customerName: input.customerName,
    rating: input.rating,
    comment: input.comment,
    createdAt: now.toISOString(),
  };
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  const [inserted] = await database.client.batch([insertReviewStatement(review, since), refreshRatingStatement(review.providerId)], 'write');
  if (inserted!.rowsAffected === 1) return { review, created: true };
  const existing = await database.db
    .selectFrom('reviews')
    .selectAll()
    .where('providerId', '=', review.providerId)
    .where('customerName', '=', review.customerName)
    .where('createdAt', '>=', since)
    .where((eb) => (review.comment === null ? eb('comment', 'is', null) : eb('comment', '=', review.comment)))
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!existing) throw new NotFoundError('Provider not found');
  return { review: toReview(existing), created: false };
}
