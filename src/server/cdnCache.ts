/**
 * How on-request responses are cached at Netlify's CDN, and the cache tags that writes purge
 * (README "Caching"). Browsers always revalidate; the CDN keeps a response until its tag is purged
 * or its lifetime runs out, whichever comes first.
 */

/** Cache tags: one name per thing a write can change. */
export const CACHE_TAGS = {
  /** One provider's page (and later its API reads). */
  provider: (id: string) => `provider-${id}`,
  /** Every provider page at once: an operator's purge after a layout fix without a deploy. */
  allProviders: 'providers',
  /** Provider pages answered 404: a new listing may now own one of those slugs. */
  missingProvider: 'provider-missing',
  /** The on-request sitemap files listing provider URLs. */
  providerSitemap: 'sitemap-providers',
  /** Search suggestions (not purged: their short lifetime is enough). */
  suggestions: 'suggest',
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
} as const;

export interface CdnCachePolicy {
  tags: string[];
  sMaxAge: number;
  staleWhileRevalidate: number;
}

/**
 * Headers of a CDN-cached response: the browser revalidates every time (max-age=0), Netlify's CDN
 * keeps it (`durable` shares it across edge nodes) under the given tags.
 */
export function cdnCacheHeaders({ tags, sMaxAge, staleWhileRevalidate }: CdnCachePolicy): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`,
    'Netlify-Cache-Tag': tags.join(','),
  };
}
