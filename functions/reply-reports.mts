/** POST /api/replies/{id}/reports: report a business's response to the moderators. The response stays published. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { reportReply } from '../src/features/owners/index.server';
import { reportCreateSchema } from '../src/features/reports/schemas';
import { clientKey } from '../src/lib/rateLimit.server';
import { enforceRateLimit, json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    const replyId = pathParam(context.params, 'id');
    const database = await getDb();
    await enforceRateLimit(database, context, 'reports');
    const input = parseWith(reportCreateSchema, await readJsonObject(req));
    // One report of a response per client address (docs/security.md "Limits").
    const report = await reportReply(database, replyId, input, new Date(), clientKey(context.ip || 'unknown'));
    return json({ id: report.id, replyId: report.replyId, reason: report.reason, details: report.details, createdAt: report.createdAt }, 201);
  },
});

export const config: Config = { path: '/api/replies/:id/reports' };
