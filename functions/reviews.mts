/** POST /api/reviews: store a review and update the provider's rating in one transaction. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/lib/db/client';
import { createReview } from '../src/lib/reviews';
import { reviewCreateSchema } from '../src/lib/schemas/review';
import { json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req) {
    const input = parseWith(reviewCreateSchema, await readJsonObject(req));
    return json(await createReview(await getDb(), input), 201);
  },
});

export const config: Config = { path: '/api/reviews' };
