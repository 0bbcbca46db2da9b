/**
 * Reports of reviews: stored for an operator to look at (`npm run moderate -- list`). A report
 * never hides or changes a review by itself (docs/moderation.md).
 */
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Report, ReportCreate } from './schemas/reviewReport';

/** Stores a report of a published review of a listed provider; NotFoundError for any other id. */
export async function reportReview({ client }: Db, reviewId: string, input: ReportCreate, now = new Date()): Promise<Report> {
  const report: Report = { id: crypto.randomUUID(), reviewId, reason: input.reason, details: input.details, createdAt: now.toISOString() };
  // One statement: the review's existence is checked where the report is written.
  const { rowsAffected } = await client.execute({
    sql: `INSERT INTO review_reports (id, reviewId, reason, details, createdAt)
          SELECT :id, r.id, :reason, :details, :createdAt FROM reviews r JOIN providers p ON p.id = r.providerId
          WHERE r.id = :reviewId AND r.status = 'published' AND p.isHidden = 0`,
    args: { ...report },
  });
  if (rowsAffected !== 1) throw new NotFoundError('Review not found');
  return report;
}
