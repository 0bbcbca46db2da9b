/**
 * Reports of reviews: stored for an operator to look at (`npm run moderate -- list`). A report
 * never hides or changes a review by itself (docs/moderation.md).
 */
import type { Db } from '../../db/client';
import { fileReport, type Reportable } from '../reports/index.server';
import type { ReportCreate } from '../reports/schemas';
import type { Report } from './schemas/reviewReport';

const REVIEWS: Reportable<'reviewId'> = {
  table: 'review_reports',
  key: 'reviewId',
  up: "reviews r JOIN providers p ON p.id = r.providerId WHERE r.id = :reviewId AND r.status = 'published' AND p.isHidden = 0",
  noun: 'review',
  notFound: 'Review not found',
};

/**
 * Stores a report of a published review of a listed provider; NotFoundError for any other id. With
 * the reporter's address hash (`clientKey`), one report of a review per address (migrations/0015):
 * a second is refused with ConflictError and stores nothing (docs/security.md "Limits").
 */
export async function reportReview(database: Db, reviewId: string, input: ReportCreate, now = new Date(), clientKey: string | null = null): Promise<Report> {
  return fileReport(database, REVIEWS, reviewId, input, now, clientKey);
}
