/** Reviews: posting one, which updates the provider's rating in the same transaction (reading them: ./reviewReads.server.ts). */
import type { InStatement } from '@libsql/client';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { ReviewsTable } from '../../db/schema';
import { NotFoundError, TooManyError } from '../../lib/errors';
import { normaliseForComparison } from '../../lib/schemas/storedText';
import type { Review, ReviewCreate } from './schemas/review';

/** A review row in API form (status, address hash and duplicate key stay inside: only published reviews ever leave); its response, if any, is added by the reads. */
export function toReview({ id, providerId, customerName, rating, comment, createdAt }: Selectable<ReviewsTable>): Review {
  return { id, providerId, customerName, rating: Number(rating), comment, createdAt, reply: null };
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

/** How long the per-address limit of reviews of one provider counts back. */
export const PER_PROVIDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Name and text in comparison form (docs/security.md "Stored text"): a zero-width space or full-width letters make no new review. */
export const dedupeKey = (review: Pick<Review, 'customerName' | 'comment'>): string =>
  `${normaliseForComparison(review.customerName)}\n${normaliseForComparison(review.comment ?? '')}`;

/** Where a review came from, for the per-provider limit (docs/security.md "Limits"). */
export interface ReviewSource {
  /** Hash of the client's address (rateLimit.server.ts clientKey). */
  clientKey: string;
  /** Most reviews of one provider from that address in PER_PROVIDER_WINDOW_MS. */
  perProvider: number;
}

/**
 * The insert of a review. It inserts nothing when the provider does not exist, when the same name
 * posted the same text (compared by dedupeKey) for the provider within the duplicate window, or
 * when the address already posted `perProvider` reviews of it in the last day. One statement, so
 * concurrent posts cannot pass the limits together (SQLite runs writes one at a time).
 */
export function insertReviewStatement(
  { reply: _, ...review }: Omit<Review, 'reply'> & { reply?: unknown },
  duplicateSince?: string,
  source?: ReviewSource,
  now = new Date(),
): InStatement {
  return {
    sql: `INSERT INTO reviews (id, providerId, customerName, rating, comment, createdAt, clientKey, dedupeKey)
          SELECT :id, :providerId, :customerName, :rating, :comment, :createdAt, :clientKey, :dedupeKey
          WHERE EXISTS (SELECT 1 FROM providers WHERE id = :providerId AND isHidden = 0)
            AND NOT EXISTS (
              SELECT 1 FROM reviews WHERE providerId = :providerId AND dedupeKey = :dedupeKey AND createdAt >= :since)
            AND (:clientKey IS NULL OR (
              SELECT count(*) FROM reviews WHERE providerId = :providerId AND clientKey = :clientKey AND createdAt >= :daySince) < :perProvider)`,
    // Without a window (the seed) the "since" is in the future, so nothing counts as a duplicate.
    args: {
      ...review,
      since: duplicateSince ?? '9999',
      dedupeKey: dedupeKey(review),
      clientKey: source?.clientKey ?? null,
      perProvider: source?.perProvider ?? 0,
      daySince: new Date(now.getTime() - PER_PROVIDER_WINDOW_MS).toISOString(),
    },
  };
}

/**
 * Posts a review. The insert and the rating update run as one write batch (one transaction), so
 * concurrent posts never lose a count and a failure writes nothing. A repeat of a review posted
 * within the duplicate window returns the stored one with created: false.
 */
export async function createReview(database: Db, input: ReviewCreate, now = new Date(), source?: ReviewSource): Promise<{ review: Review; created: boolean }> {
  const review: Review = {
    id: crypto.randomUUID(),
    providerId: input.providerId,
    customerName: input.customerName,
    rating: input.rating,
    comment: input.comment,
    createdAt: now.toISOString(),
    // A new review has no response yet (docs/owners.md "Replies").
    reply: null,
  };
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_MS).toISOString();
  const [inserted] = await database.client.batch([insertReviewStatement(review, since, source, now), refreshRatingStatement(review.providerId)], 'write');
  if (inserted!.rowsAffected === 1) return { review, created: true };
  const existing = await database.db
    .selectFrom('reviews')
    .selectAll()
    .where('providerId', '=', review.providerId)
    .where('dedupeKey', '=', dedupeKey(review))
    .where('createdAt', '>=', since)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (existing) return { review: toReview(existing), created: false };
  const listed = await database.db.selectFrom('providers').select('id').where('id', '=', review.providerId).where('isHidden', '=', 0).executeTakeFirst();
  if (!listed) throw new NotFoundError('Provider not found');
  throw new TooManyError(
    `You have already posted ${source?.perProvider} reviews of this business today. Thank you: one visit, one review.`,
    Math.ceil(PER_PROVIDER_WINDOW_MS / 1000),
  );
}
