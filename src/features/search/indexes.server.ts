/**
 * Every index the search names in `INDEXED BY` (docs/search.md "Indexes"), in one place: the plans
 * choose the index rather than SQLite, which has no statistics in production and would often start
 * from a far larger filter. tests/api/search-core.test.ts checks each exists after the migrations.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FilterName } from './searchTypes.server';

export const INDEXES = {
  /** Recommended order (migrations/0001). */
  order: 'providers_order',
  /** The few listings not listed for search: hidden, or permanently closed (migrations/0021). */
  unlisted: 'providers_unlisted',
  /** The few temporarily closed, with their reopening day and zone (migrations/0021). */
  closed: 'providers_closed',
  /** The few whose price is unknown, held as the stand-in "$$" (migrations/0043, 0060). */
  priceUnknown: 'providers_price_unknown',
  /** Coordinates, for `near` boxes and the nearest first, covering a box's filters and order (migrations/0009, 0028). */
  geo: 'providers_geo',
  /** ZIP codes, for listing the few providers of a ZIP prefix, covering its filters, zone and facets (migrations/0001, 0030, 0040, 0084). */
  zip: 'providers_zip',
  /** sort=rating and sort=reviews (migrations/0009). */
  ratingOrder: 'providers_rating_order',
  reviewsOrder: 'providers_reviews_order',
  /** A place, then the recommended order (migrations/0004, 0005, 0013), each ending in the row filters' columns (0084). */
  cityOrder: 'providers_city_order',
  cityPriceOrder: 'providers_city_price_order',
  cityStateOrder: 'providers_city_state_order',
  stateOrder: 'providers_state_order',
  priceOrder: 'providers_price_order',
  /** A service (category rows, migrations/0004, 0006, 0014, 0082), then the recommended order. */
  categoryOrder: 'provider_categories_order',
  /** A service, then sort=rating or sort=reviews (migrations/0082). */
  categoryRatingOrder: 'provider_categories_rating_order',
  categoryReviewsOrder: 'provider_categories_reviews_order',
  categoryCityOrder: 'provider_categories_city_order',
  categoryCityPriceOrder: 'provider_categories_city_price_order',
  /** A facet (its rows, provider_facets) in the recommended, rating and reviews orders, ending in the filters' columns (migrations/0087). */
  facetOrder: 'provider_facets_order',
  facetRatingOrder: 'provider_facets_rating_order',
  facetReviewsOrder: 'provider_facets_reviews_order',
  /** A provider's category rows (migrations/0001), for the token sample's categories (tokenShares.server.ts). */
  categoryProvider: 'provider_categories_provider',
  /** A service's providers by coordinates, for its nearest first and its boxes, covering (migrations/0023, 0028). */
  categoryGeo: 'provider_categories_geo',
  /** Open now: hours ranges by zone and length class, and the same within a city (migrations/0010, 0014). */
  hoursOpen: 'provider_hours_open',
  hoursCityOpen: 'provider_hours_city_open',
  /** Open now with a service in a city: the city's ranges by zone, class and set of categories (migrations/0038). */
  hoursCityCategoryOpen: 'provider_hours_city_category_open',
} as const;
export type IndexName = (typeof INDEXES)[keyof typeof INDEXES];

/**
 * Indexes in the rating or reviews order (after their key): none holds the promoted flag, so a
 * condition naming it reads each entry's row (filters.server.ts `ratingRange`).
 */
const RANKED: ReadonlySet<IndexName> = new Set([
  INDEXES.ratingOrder,
  INDEXES.reviewsOrder,
  INDEXES.categoryRatingOrder,
  INDEXES.categoryReviewsOrder,
  INDEXES.facetRatingOrder,
  INDEXES.facetReviewsOrder,
]);
/** Whether `index` is in the rating or reviews order (`RANKED`). */
export const ranked = (index: IndexName) => RANKED.has(index);

/** `INDEXED BY` one of INDEXES. */
export const indexedBy = (index: IndexName): RawBuilder<unknown> => sql`INDEXED BY ${sql.raw(index)}`;
/** An index's name as SQL (for `INDEXED BY ${…}` inside a longer clause). */
export const indexSql = (index: IndexName): RawBuilder<unknown> => sql.raw(index);

/**
 * Indexes led by filters: the first whose filters the search has all of leads the plan (most
 * selective first). The place indexes are on providers, the category ones on provider_categories.
 */
export interface LeadingIndex {
  index: IndexName;
  filters: readonly FilterName[];
  /** Not in result order (after its filters): it lists matches, it is not walked for a page. */
  unordered?: true;
}
export const PLACE_INDEXES: readonly LeadingIndex[] = [
  { index: INDEXES.cityPriceOrder, filters: ['city', 'priceRange'] },
  { index: INDEXES.cityStateOrder, filters: ['city', 'state'] },
  { index: INDEXES.cityOrder, filters: ['city'] },
  // Not in result order: a ZIP prefix's matches (many, else filter-listed took them) are read from it
  // to count or sort them, a smaller part of the directory than a state's or a price's; a page in
  // order is found along the order index (plans/order.server.ts). A one- or two-digit prefix spans
  // several states, a tenth or a hundredth of the directory: sorting it all for a page was the cost.
  { index: INDEXES.zip, filters: ['zipPrefix'], unordered: true },
  { index: INDEXES.stateOrder, filters: ['state'] },
  { index: INDEXES.priceOrder, filters: ['priceRange'] },
];
export const CATEGORY_INDEXES: readonly LeadingIndex[] = [
  { index: INDEXES.categoryCityPriceOrder, filters: ['category', 'city', 'priceRange'] },
  { index: INDEXES.categoryCityOrder, filters: ['category', 'city'] },
  { index: INDEXES.categoryOrder, filters: ['category'] },
];
