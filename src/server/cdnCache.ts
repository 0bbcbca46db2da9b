/**
 * How on-request responses are cached at Netlify's CDN, and the cache tags that writes purge
 * (docs/caching.md). Browsers always revalidate; the CDN keeps a response until its tag is purged
 * or its lifetime runs out, whichever comes first.
 */
/** Cache tags: one name per thing a write can change. */
export const CACHE_TAGS = {
  /** One provider's page and its API reads (by slug, reviews). */
  provider: (id: string) => `provider-${id}`,
  /** Every provider page at once: an operator's purge after a layout fix without a deploy. */
  allProviders: 'providers',
  /** Provider pages answered 404: a new listing may now own one of those slugs. */
  missingProvider: 'provider-missing',
  /** The on-request sitemap files listing provider URLs. */
  providerSitemap: 'sitemap-providers',
  /** Search suggestions (not purged: their short lifetime is enough). */
  suggestions: 'suggest',
  /** Every answer of GET /api/search and GET /api/providers: a new listing or a new rating changes them. */
  search: 'search',
} as const;

/** CDN lifetimes in seconds, by what the response is. */
export const CDN_LIFETIMES = {
  /** A provider page: purged on every change, so the lifetime only bounds a purge that failed. */
  page: { sMaxAge: 86_400, staleWhileRevalidate: 604_800 },
  /** A 404 for a provider slug: purged when any listing is created. */
  missing: { sMaxAge: 3_600, staleWhileRevalidate: 60 },
  /** Sitemaps: purged when a listing is created. */
  sitemap: { sMaxAge: 86_400, staleWhileRevalidate: 86_400 },
  /** Search suggestions: a new listing's city or service may show a few minutes late. */
  suggest: { sMaxAge: 300, staleWhileRevalidate: 60 },
  /**
   * Read APIs: purged on every write that changes them, so the short lifetime only bounds a failed
   * purge; a popular search is still answered by the database about once a minute per edge.
   */
  api: { sMaxAge: 60, staleWhileRevalidate: 300 },
  /**
   * `openNow=true` searches: their answer changes with the clock, not with a write, so no purge
   * would refresh it; at most a minute old, and never served stale (a provider that closed at 7:00
   * PM could otherwise stay listed as open until 7:06).
   */
  openNow: { sMaxAge: 60, staleWhileRevalidate: 0 },
} as const;

export interface CdnCachePolicy {
  tags: string[];
  sMaxAge: number;
  staleWhileRevalidate: number;
  /**
   * The query parameters the response depends on (`Netlify-Vary: query=a|b`): the CDN ignores the
   * rest (utm_* and the like) when it looks up a cached copy. Absent: the whole query string counts.
   */
  varyQuery?: readonly string[];
}

/** How each read API is cached at the CDN, and under which tags its writes purge it (search's own: src/features/search/searchCache.server.ts). */
export const API_CACHE = {
  providers: { tags: [CACHE_TAGS.search], ...CDN_LIFETIMES.api, varyQuery: ['limit', 'offset'] },
  /** By-slug and reviews of one provider: purged with its page. */
  provider: (id: string): CdnCachePolicy => ({ tags: [CACHE_TAGS.provider(id)], ...CDN_LIFETIMES.api }),
} satisfies Record<string, CdnCachePolicy | ((id: string) => CdnCachePolicy)>;

/**
 * Headers of a CDN-cached response: the browser revalidates every time (max-age=0), Netlify's CDN
 * keeps it (`durable` shares it across edge nodes) under the given tags.
 */
export function cdnCacheHeaders({ tags, sMaxAge, staleWhileRevalidate, varyQuery }: CdnCachePolicy): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`,
    'Netlify-Cache-Tag': tags.join(','),
    ...(varyQuery ? { 'Netlify-Vary': `query=${varyQuery.join('|')}` } : {}),
  };
}
