/**
 * Reports of reviews: stored for an operator to look at (`npm run moderate -- list`). A report
 * never hides or changes a review by itself (docs/moderation.md).
 */
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Report, ReportCreate } from './schemas/reviewReport';

/**
 * Stores a report of a published review of a listed provider; NotFoundError for any other id. With
 * the reporter's address hash (`clientKey`), one report of a review per address: a second is
 * refused with ConflictError and stores nothing (docs/security.md "Limits").
 */
export async function reportReview({ client }: Db, reviewId: string, input: ReportCreate, now = new Date(), clientKey: string | null = null): Promise<Report> {
  const report: Report = { id: crypto.randomUUID(), reviewId, reason: input.reason, details: input.details, createdAt: now.toISOString() };
  // One statement: the review's existence is checked where the report is written, and the unique
  // index (reviewId, clientKey) of migrations/0015 keeps a second report from the same address out.
  const { rowsAffected } = await client.execute({
    sql: `INSERT INTO review_reports (id, reviewId, reason, details, createdAt, clientKey)
          SELECT :id, r.id, :reason, :details, :createdAt, :clientKey FROM reviews r JOIN providers p ON p.id = r.providerId
          WHERE r.id = :reviewId AND r.status = 'published' AND p.isHidden = 0
          ON CONFLICT DO NOTHING`,
    args: { ...report, clientKey },
  });
  if (rowsAffected === 1) return report;
  const reported = clientKey
    ? (await client.execute({ sql: 'SELECT 1 FROM review_reports WHERE reviewId = ? AND clientKey = ?', args: [reviewId, clientKey] })).rows.length > 0
    : false;
  if (reported) throw new ConflictError('You have already reported this review. Our moderators will look at it.');
  throw new NotFoundError('Review not found');
}
