/** How GET /api/search is cached at the CDN (docs/caching.md): by the parameters it reads, purged with every listing change. */
import { CACHE_TAGS, CDN_LIFETIMES, type CdnCachePolicy } from '../../server/cdnCache';
import { SEARCH_KEYS } from './params';

/** Query parameters GET /api/search reads (`q` is the page's alias of `query`); the tests check the schema against it. */
export const SEARCH_QUERY_PARAMS = [...SEARCH_KEYS, 'q', 'limit', 'offset'] as const;

/** A search's CDN policy; an `openNow=true` search lives a minute and is never served stale. */
export const SEARCH_CACHE = {
  any: { tags: [CACHE_TAGS.search], ...CDN_LIFETIMES.api, varyQuery: SEARCH_QUERY_PARAMS },
  openNow: { tags: [CACHE_TAGS.search], ...CDN_LIFETIMES.openNow, varyQuery: SEARCH_QUERY_PARAMS },
} satisfies Record<string, CdnCachePolicy>;
