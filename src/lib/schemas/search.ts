/** Search parameters (SPEC.md §3) as the /search page and GET /api/search read them. */
import { z } from '../zod';
import { LIMITS } from '../../config';
import { PRICE_RANGES } from '../providerFields';

const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, `${name} must not contain control characters`)
    .optional()
    .transform((v) => v || undefined);

const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be a whole number from ${min} to ${max}`).max(max, `${name} must be a whole number from ${min} to ${max}`));

export const searchParamsSchema = z.object({
  /** Free text over name, description, services and city. `q` is accepted too (SearchAction). */
  query: optionalText(200, 'query'),
  /** A dropdown or tile value (a category) or any text contained in a service name. */
  service: optionalText(100, 'service'),
  /** City, "City, ST", state code or ZIP prefix. */
  location: optionalText(100, 'location'),
  /** Exact price range. */
  priceRange: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(PRICE_RANGES, { error: 'priceRange must be one of $, $$, $$$, $$$$' }).optional()),
  /** Minimum rating, 0-5. */
  rating: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^\d(\.\d+)?$/, 'rating must be a number from 0 to 5')
        .transform(Number)
        .pipe(z.number().max(5, 'rating must be a number from 0 to 5'))
        .optional(),
    ),
  /** Page size. */
  limit: intParam('limit', 1, LIMITS.maxPageSize).optional().default(LIMITS.defaultPageSize),
  /** Rows to skip. */
  offset: intParam('offset', 0, 1_000_000).optional().default(0),
});
export type SearchParams = z.output<typeof searchParamsSchema>;

/** Paging of GET /api/providers. */
export const pageParamsSchema = searchParamsSchema.pick({ limit: true, offset: true });

/** Reads search parameters from a URL's query string (first value wins; `q` is `query`). */
export function searchParamsFromUrl(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of ['query', 'service', 'location', 'priceRange', 'rating', 'limit', 'offset']) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  if (raw.query === undefined && params.get('q') !== null) raw.query = params.get('q')!;
  return raw;
}
