/** POST /api/reviews/{id}/reports: report a review to the moderators. The review stays published. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { clientKey } from '../src/lib/rateLimit.server';
import { reportReview } from '../src/features/reviews/index.server';
import { reportCreateSchema } from '../src/features/reports/schemas';
import { enforceRateLimit, json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    const database = await getDb();
    await enforceRateLimit(database, context, 'reports');
    const input = parseWith(reportCreateSchema, await readJsonObject(req));
    // One report of a review per address (docs/security.md "Limits").
    return json(await reportReview(database, pathParam(context.params, 'id'), input, new Date(), clientKey(context.ip || 'unknown')), 201);
  },
});

export const config: Config = { path: '/api/reviews/:id/reports' };
