/** GET /api/providers/{id}/reviews parameters and GET /api/providers/{id}/reviews/summary's answer. */
import { z } from '../../../lib/zod';
import { REVIEW_SORTS } from '../reviewRules';
import { pageParamsSchema } from '../../search/schemas';

export const reviewListParamsSchema = z.object({
  sort: z
    ._default(z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }), REVIEW_SORTS[0])
    .check(z.describe('`newest` (default) first, or `highest` or `lowest` rating first (newest first among equal ratings).')),
  ...pageParamsSchema.shape,
});
export type ReviewListParams = z.output<typeof reviewListParamsSchema>;

/** Reads the review list parameters from a query string (first value wins). */
export function reviewListParamsFromUrl(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of ['sort', 'limit', 'offset']) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

const starCount = z.int().check(z.minimum(0));
export const reviewSummarySchema = z.object({
  average: z.number().check(z.minimum(0), z.maximum(5), z.describe('Mean rating of the published reviews, one decimal; 0 with none.')),
  count: z.int().check(z.minimum(0), z.describe('Number of published reviews.')),
  counts: z
    .object({ '1': starCount, '2': starCount, '3': starCount, '4': starCount, '5': starCount })
    .check(z.describe('Published reviews per star rating, keys "1" to "5".')),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
