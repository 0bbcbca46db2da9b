/** Search parameters (SPEC.md §3) as the /search page and GET /api/search read them. */
import { z } from '../zod';
import { LIMITS } from '../../config';
import { PRICE_RANGES } from '../providerFields';

/** Query values arrive as text, trimmed and checked; an empty or blank value means the parameter is absent. */
const present = (...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(z.optional(z.string().check(z.trim(), ...checks)), z.transform((v: string | undefined) => v || undefined));

const presentText = (max: number, name: string) =>
  present(z.maxLength(max, `${name} must be at most ${max} characters`), z.regex(/^[^\u0000-\u001f\u007f]*$/, `${name} must not contain control characters`));

const intParam = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/, message)), z.transform(Number)),
    z.number().check(z.minimum(min, message), z.maximum(max, message)),
  );
};

/**
 * Defaults are written as query text (prefault), so they go through the same parsing as a sent
 * value and the OpenAPI document shows them as a client would send them.
 */
const MAX_OFFSET = 1_000_000;

export const searchParamsSchema = z.object({
  query: presentText(200, 'query').check(
    z.describe('Free text over name, description, services and city (prefix match, case-insensitive); `q` is accepted too. At most 200 characters.'),
  ),
  service: presentText(100, 'service').check(
    z.describe('A service category as the search form names it (e.g. "Nail Salon", "Hair Salon") or any text contained in a service name. At most 100 characters.'),
  ),
  location: presentText(100, 'location').check(z.describe('City, "City, ST", two-letter state code or ZIP prefix, case-insensitive. At most 100 characters.')),
  priceRange: z
    .pipe(present(), z.optional(z.enum(PRICE_RANGES, { error: `priceRange must be one of ${PRICE_RANGES.join(', ')}` })))
    .check(z.describe(`Exact price range, one of ${PRICE_RANGES.join(', ')}.`)),
  rating: z
    .pipe(
      present(),
      z.optional(
        z.pipe(
          z.pipe(z.string().check(z.regex(/^\d(\.\d+)?$/, 'rating must be a number from 0 to 5')), z.transform(Number)),
          z.number().check(z.maximum(5, 'rating must be a number from 0 to 5')),
        ),
      ),
    )
    .check(z.describe('Minimum rating, a number from 0 to 5.')),
  limit: z
    .prefault(intParam('limit', 1, LIMITS.maxPageSize), String(LIMITS.defaultPageSize))
    .check(z.describe(`Page size, a whole number from 1 to ${LIMITS.maxPageSize}.`)),
  offset: z.prefault(intParam('offset', 0, MAX_OFFSET), '0').check(z.describe(`Results to skip, a whole number from 0 to ${MAX_OFFSET}.`)),
});
export type SearchParams = z.output<typeof searchParamsSchema>;

/** Paging of GET /api/providers. */
export const pageParamsSchema = z.pick(searchParamsSchema, { limit: true, offset: true });

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
