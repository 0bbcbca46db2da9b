/** GET /api/providers/{id}/reviews/summary: published reviews per star, their number and mean; 404 when the provider is unknown. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { NotFoundError } from '../src/lib/errors';
import { reviewSummary } from '../src/features/reviews/index.server';
import { API_CACHE, cdnCacheHeaders } from '../src/server/cdnCache';
import { json, route, pathParam } from '../src/server/http';

export default route({
  async GET(_req, { params }) {
    const id = pathParam(params, 'id');
    const summary = await reviewSummary(await getDb(), id);
    if (!summary) throw new NotFoundError('Provider not found');
    // Cached with the provider's page: a review or a moderation action purges them together.
    return json(summary, 200, cdnCacheHeaders(API_CACHE.provider(id)));
  },
});

export const config: Config = { path: '/api/providers/:id/reviews/summary' };
