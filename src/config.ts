/** Site-wide constants: one place for names, hosts and limits the pages and functions share. */
export const SITE = {
  name: 'Glow',
  tagline: 'Find beauty services near you',
  description:
    'Glow is a free directory of nail salons, hair salons, beauty parlours, brows and lashes, makeup artists and skincare studios across the US. Compare prices, read real reviews and book.',
  themeColor: '#ec4899',
  ogImage: '/og-default.png',
  geo: { latitude: 40.7128, longitude: -74.006, region: 'US', country: 'US' },
  email: 'hello@glow.example.com',
  supportEmail: 'support@glow.example.com',
  phone: '(555) 014-2200',
  /** Terms and privacy policy effective date. */
  legalEffectiveDate: '2024-08-30',
} as const;

/** Limits of the API (docs/api.md, docs/openapi.json). */
export const LIMITS = {
  /** Bodies over this many bytes get 413 before they are parsed. */
  maxBodyBytes: 64 * 1024,
  /** Default and maximum page size of list and search calls. */
  defaultPageSize: 100,
  maxPageSize: 500,
  /**
   * Totals of a list or search are counted up to this many; past it the API answers this number
   * with `X-Total-Count-Capped: true` and the page says "1,000+". Counting every match of a broad
   * search would read every matching row (Turso bills rows read; docs/SCALING.md).
   */
  countedTotal: 1000,
  /** Reviews in a provider page's HTML (the island loads the rest). */
  reviewsOnPage: 10,
} as const;

/**
 * City pages: how many are pre-built (the largest cities, plus any with editorial copy in
 * content/cities/), and how many providers each shows before "See all" leads to the search. Both
 * are fixed so the build does not grow with the directory.
 */
export const CITY_PAGES = { prebuilt: 50, providersShown: 24 } as const;

/** Featured providers on home. */
export const FEATURED = { minRating: 4.8, max: 6 } as const;

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Day = (typeof DAYS)[number];
