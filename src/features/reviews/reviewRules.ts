/**
 * Limits of review text, without zod: the reviews island shows them (a character
 * counter) before the form's schema loads, and the schemas in src/lib/schemas/ check against the
 * same constants (docs/api.md: forms load their validators on first interaction). How a rating
 * is written is src/features/providers/rating.ts.
 */

/** Most characters of a review's comment. */
export const COMMENT_MAX = 500;

/** Orders of a provider's reviews; the first is the default. */
export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
