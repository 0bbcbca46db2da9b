/** GET /api/providers/{id}/reviews: newest first, 404 when the provider is unknown. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/lib/db/client';
import { NotFoundError } from '../src/lib/errors';
import { listReviews } from '../src/lib/reviews';
import { API_CACHE, cdnCacheHeaders } from '../src/server/cdnCache';
import { json, route } from '../src/server/http';

export default route({
  async GET(_req, { params }) {
    const id = decodeURIComponent(params.id ?? '');
    const reviews = await listReviews(await getDb(), id);
    if (!reviews) throw new NotFoundError('Provider not found');
    return json(reviews, 200, cdnCacheHeaders(API_CACHE.provider(id)));
  },
});

export const config: Config = { path: '/api/providers/:id/reviews' };
