/**
 * The search parameters' names and the values the page offers: one definition that the API schema
 * (src/features/search/schemas/search.ts), the /search page's request (src/features/search/searchRequest.ts), its inline
 * early request (src/pages/search.astro) and the results island import. No zod: the browser loads it.
 */
import { LIMITS } from '../../config';
import { FACET_PARAMS } from '../facets';

/** Filters and order, in the order URLs carry them. `q` is read as `query`; the facets' parameters are the facet table's (docs/facets.md). */
export const SEARCH_KEYS = ['query', 'service', 'location', 'priceRange', 'rating', 'openNow', 'verified', ...FACET_PARAMS, 'near', 'radius', 'sort'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export const SORTS = ['recommended', 'rating', 'reviews', 'distance'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'recommended';
/** The Sort select's labels. */
export const SORT_LABELS: Record<Sort, string> = { recommended: 'Recommended', rating: 'Highest rated', reviews: 'Most reviewed', distance: 'Nearest' };

/** `radius` in miles around `near`. */
export const RADIUS_MILES = { default: 25, max: 100 } as const;

/**
 * Around a place (docs/search.md "Places"): the radii tried in turn, in miles, when the place alone
 * does not fill a page. A ZIP code or a one-ZIP town starts at the first, a bigger town at its extent
 * plus the first; never past the last.
 */
export const NEARBY_MILES = [10, 25, 50] as const;
export const MAX_NEARBY_MILES = NEARBY_MILES[NEARBY_MILES.length - 1];

/** The /search page asks for this many results, and this many more with each "Show more". */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = LIMITS.maxPageSize;

/** The minimum ratings the page's filter offers. */
export const RATING_STEPS = ['4.5', '4', '3'] as const;
