/** Search parameters as the /search page and GET /api/search read them. */
import { z } from '../../../lib/zod';
import { LIMITS } from '../../../config';
import { PRICE_RANGES } from '../../providers';
import { DEFAULT_SORT, RADIUS_MILES, SEARCH_KEYS, SORTS } from '../params';
import { providerSchema } from '../../providers/schemas';
import { FACET_FILTERS, FACET_GROUPS, FACET_PARAMS, type FacetParam, filterValuesOf } from '../../facets';

/** Query values arrive as text, trimmed and checked; an empty or blank value means the parameter is absent. */
const present = (...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), ...checks)),
    z.transform((v: string | undefined) => v || undefined),
  );

const presentText = (max: number, name: string) =>
  present(
    z.maxLength(max, `${name} must be at most ${max} characters`),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
    z.regex(/^[^\u0000-\u001f\u007f]*$/, `${name} must not contain control characters`),
  );

export const intParam = (name: string, min: number, max: number) => {
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

/**
 * One parameter per facet group (docs/facets.md): `walkIns=true`, `access=stepFree`, `lang=vi,es`, …
 * Several values of a group are separated by commas; a listing must hold every one asked for.
 */
const facetField = (param: FacetParam) => {
  const values = filterValuesOf(param) as [string, ...string[]];
  const group = FACET_GROUPS.find((g) => g.param === param)!;
  const one = values.length === 1;
  const message = one ? `${param} must be true` : `${param} must be one or more of ${values.join(', ')}, separated by commas`;
  return z
    .pipe(
      present(),
      z.optional(
        z.pipe(
          z.transform((v: string) => (one && v === 'false' ? [] : v.split(',').map((part) => part.trim()))),
          z.array(z.enum(values, { error: message })),
        ),
      ),
    )
    .check(
      z.describe(
        one
          ? `\`true\`: only listings whose business says ${FACET_FILTERS.find((f) => f.param === param)!.chip.toLowerCase()} (docs/facets.md).`
          : `${group.label}: only listings that say each of these, comma-separated: ${FACET_FILTERS.filter((f) => f.param === param)
              .map((f) => `\`${f.value}\` (${f.chip})`)
              .join(', ')}.`,
      ),
    );
};
const facetFields = Object.fromEntries(FACET_PARAMS.map((p) => [p, facetField(p)])) as Record<FacetParam, ReturnType<typeof facetField>>;

const searchFields = z.object({
  query: presentText(200, 'query').check(
    z.describe('Free text over name, description, services and city (prefix match, case-insensitive); `q` is accepted too. At most 200 characters.'),
  ),
  service: presentText(100, 'service').check(
    z.describe(
      'A service category as the search form names it (e.g. "Nail Salon", "Hair Salon") or any text contained in a service name. At most 100 characters.',
    ),
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
  openNow: z
    .pipe(
      present(),
      z.pipe(
        z.optional(z.enum(['true', 'false'], { error: 'openNow must be true or false' })),
        z.transform((v: 'true' | 'false' | undefined) => v === 'true'),
      ),
    )
    .check(
      z.describe(
        "`true`: only providers open at request time, on each provider's own clock (its time zone, from where it is). Never a listing temporarily closed that day on its clock (`status` `temporarily_closed` before `closedUntil`).",
      ),
    ),
  verified: z
    .pipe(
      present(),
      z.pipe(
        z.optional(z.enum(['true', 'false'], { error: 'verified must be true or false' })),
        z.transform((v: 'true' | 'false' | undefined) => v === 'true'),
      ),
    )
    .check(z.describe('`true`: only vetted listings their business has claimed ("Verified business", docs/owners.md).')),
  ...facetFields,
  near: z
    .pipe(
      present(z.regex(/^-?\d{1,3}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, 'near must be "LAT,LNG" in decimal degrees, e.g. 41.88,-87.63')),
      z.optional(
        z.pipe(
          z.transform((v: string) => {
            const [latitude, longitude] = v.split(',').map(Number);
            return { latitude: latitude!, longitude: longitude! };
          }),
          z.object({
            latitude: z.number().check(z.minimum(-90, 'near: latitude must be from -90 to 90'), z.maximum(90, 'near: latitude must be from -90 to 90')),
            longitude: z
              .number()
              .check(z.minimum(-180, 'near: longitude must be from -180 to 180'), z.maximum(180, 'near: longitude must be from -180 to 180')),
          }),
        ),
      ),
    )
    .check(
      z.describe(
        'A point "LAT,LNG" (decimal degrees): only providers within `radius` miles of it, each result with its `distanceMiles`. Never stored or logged.',
      ),
    ),
  radius: z
    .pipe(
      present(),
      z.optional(
        z.pipe(
          z.pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/, `radius must be a number of miles from 1 to ${RADIUS_MILES.max}`)), z.transform(Number)),
          z
            .number()
            .check(
              z.minimum(1, `radius must be a number of miles from 1 to ${RADIUS_MILES.max}`),
              z.maximum(RADIUS_MILES.max, `radius must be a number of miles from 1 to ${RADIUS_MILES.max}`),
            ),
        ),
      ),
    )
    .check(z.describe(`Miles around \`near\`, from 1 to ${RADIUS_MILES.max}; ${RADIUS_MILES.default} when \`near\` is given without it. Only with \`near\`.`)),
  sort: z
    .pipe(present(), z._default(z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }), DEFAULT_SORT))
    .check(
      z.describe(
        'Result order. `recommended` (default): promoted first, then rating, review count, name. `rating`: highest rated first. `reviews`: most reviewed first. `distance`: nearest first, from `near`, else from the ZIP or city in `location` (400 when there is neither).',
      ),
    ),
  limit: z
    .prefault(intParam('limit', 1, LIMITS.maxPageSize), String(LIMITS.defaultPageSize))
    .check(z.describe(`Page size, a whole number from 1 to ${LIMITS.maxPageSize}.`)),
  offset: z.prefault(intParam('offset', 0, MAX_OFFSET), '0').check(z.describe(`Results to skip, a whole number from 0 to ${MAX_OFFSET}.`)),
});
export const searchParamsSchema = searchFields.check(
  z.refine((p) => p.radius === undefined || p.near !== undefined, { message: 'radius needs near=LAT,LNG', path: ['radius'] }),
);
export type SearchParams = z.output<typeof searchParamsSchema>;

/** A search result: a provider, and how far it is when the search had a point (`near`, or `sort=distance`). */
export const searchResultSchema = z.extend(providerSchema, {
  distanceMiles: z.optional(z.number()).check(z.describe('Miles from the search point, one decimal; only when the search had one.')),
});
export type SearchResult = z.output<typeof searchResultSchema>;

/** Paging of GET /api/providers. */
export const pageParamsSchema = z.pick(searchFields, { limit: true, offset: true });

/** Reads search parameters from a URL's query string (first value wins; `q` is `query`). */
export function searchParamsFromUrl(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of [...SEARCH_KEYS, 'limit', 'offset']) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  if (raw.query === undefined && params.get('q') !== null) raw.query = params.get('q')!;
  return raw;
}
