/** GET /api/providers/{id}/reviews/summary: published reviews per star, their number and mean; 404 when the provider is unknown. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/lib/db/client';
import { NotFoundError } from '../src/lib/errors';
import { reviewSummary } from '../src/lib/reviewReads.server';
import { json, route } from '../src/server/http';

export default route({
  async GET(_req, { params }) {
    const summary = await reviewSummary(await getDb(), decodeURIComponent(params.id ?? ''));
    if (!summary) throw new NotFoundError('Provider not found');
    return json(summary);
  },
});

export const config: Config = { path: '/api/providers/:id/reviews/summary' };
