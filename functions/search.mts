/** GET /api/search: query, service, location, priceRange, rating, openNow, near, radius, sort, limit, offset. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { placeHeaders, SEARCH_CACHE, searchNearPlace, type SearchTrace } from '../src/features/search/index.server';
import { searchParamsFromUrl, searchParamsSchema } from '../src/features/search/schemas';
import { cdnCacheHeaders } from '../src/server/cdnCache';
import { page, parseWith, route } from '../src/server/http';

/** Search answers are cached under one of two policies (open now or not): their headers are written once. */
const CACHE_HEADERS = cdnCacheHeaders(SEARCH_CACHE.any);
const OPEN_NOW_CACHE_HEADERS = cdnCacheHeaders(SEARCH_CACHE.openNow);

export default route({
  async GET(req) {
    const params = parseWith(searchParamsSchema, searchParamsFromUrl(new URL(req.url).searchParams));
    const trace: SearchTrace = {};
    const { items, total, capped, corrected, place } = await searchNearPlace(await getDb(), params, new Date(), trace);
    const cache = params.openNow ? OPEN_NOW_CACHE_HEADERS : CACHE_HEADERS;
    // The plan that ran (docs/search.md "Plans"), for whoever reads a slow answer's headers.
    const timing = { 'Server-Timing': `plan;desc="${trace.plan}"` };
    return page(items, total, {
      capped,
      headers: { ...cache, ...timing, ...(corrected ? { 'X-Corrected-Query': corrected } : {}), ...placeHeaders(place) },
    });
  },
});

export const config: Config = { path: '/api/search' };
