/** GET /api/providers/{id}/reviews: one page of published reviews (sort, limit, offset), total in X-Total-Count; 404 when the provider is unknown. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { NotFoundError } from '../src/lib/errors';
import { reviewPage } from '../src/features/reviews/index.server';
import { reviewListParamsFromUrl, reviewListParamsSchema } from '../src/features/reviews/schemas';
import { API_CACHE, cdnCacheHeaders } from '../src/server/cdnCache';
import { page, parseWith, route, pathParam } from '../src/server/http';

export default route({
  async GET(req, { params }) {
    const id = pathParam(params, 'id');
    const query = parseWith(reviewListParamsSchema, reviewListParamsFromUrl(new URL(req.url).searchParams));
    const result = await reviewPage(await getDb(), id, query);
    if (!result) throw new NotFoundError('Provider not found');
    return page(result.items, result.total, { headers: cdnCacheHeaders(API_CACHE.provider(id)) });
  },
});

export const config: Config = { path: '/api/providers/:id/reviews' };
