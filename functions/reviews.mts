/** POST /api/reviews: store a review and update the provider's rating in one transaction. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { createReview } from '../src/features/reviews/index.server';
import { reviewCreateSchema } from '../src/features/reviews/schemas';
import { env } from '../src/env.server';
import { clientKey } from '../src/lib/rateLimit.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { enforceRateLimit, json, parseWith, readJsonObject, rejectHoneypot, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    const database = await getDb();
    await enforceRateLimit(database, context, 'reviews');
    const input = parseWith(reviewCreateSchema, await readJsonObject(req));
    rejectHoneypot(input, 'reviews');
    // At most RATE_LIMIT_REVIEWS_PER_PROVIDER reviews of one provider per address a day (docs/security.md "Limits").
    const source = { clientKey: clientKey(context.ip || 'unknown'), perProvider: env().RATE_LIMIT_REVIEWS_PER_PROVIDER };
    const { review, created } = await createReview(database, input, new Date(), source);
    // The provider's page and API reads show its rating, count and reviews, and searches order by
    // rating: their CDN copies are now stale.
    if (created) await purgeTags([CACHE_TAGS.provider(review.providerId), CACHE_TAGS.search], context);
    // The same review posted again within minutes (a double click, a retry) is stored once.
    return json(review, created ? 201 : 200);
  },
});

export const config: Config = { path: '/api/reviews' };
