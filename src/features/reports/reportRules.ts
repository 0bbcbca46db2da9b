/**
 * What a visitor's report of a review, a response or a photo may say, without zod: the Report dialog
 * shows the reasons and the details' limit before the report's schema loads (./schemas/report.ts
 * checks against the same constants).
 */

/** Most characters of the optional details of a report. */
export const REPORT_DETAILS_MAX = 500;

/** Why a visitor reports something, with the words the Report dialog shows. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or hateful',
  conflict_of_interest: 'Conflict of interest (written by the business, a competitor or someone paid)',
  not_a_real_experience: 'Not a real experience',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_VALUES = Object.keys(REPORT_REASONS) as ReportReason[];
