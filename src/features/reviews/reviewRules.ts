/**
 * Limits of review text and review reports, without zod: the reviews island shows them (a character
 * counter) before the form's schema loads, and the schemas in src/lib/schemas/ check against the
 * same constants (docs/api.md: forms load their validators on first interaction). Also how a
 * rating is written, for the API and for the page that updates its summary after a review.
 */

/** Most characters of a review's comment. */
export const COMMENT_MAX = 500;

/** Most characters of the optional details of a report. */
export const REPORT_DETAILS_MAX = 500;

/** Why a visitor reports a review, with the words the Report dialog shows. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or hateful',
  conflict_of_interest: 'Conflict of interest (written by the business, a competitor or someone paid)',
  not_a_real_experience: 'Not a real experience',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_VALUES = Object.keys(REPORT_REASONS) as ReportReason[];

/** Orders of a provider's reviews; the first is the default. */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
