/**
 * POST /api/operator/decisions: an operator's decision on a queue item, with its reason; the same
 * domain call as `npm run moderate` (decideAny(), docs/moderation.md "One definition"), audited with
 * the operator's email.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { decisionInputSchema } from '../src/features/moderation/schemas';
import { decideAny, requireOperator } from '../src/features/operators/index.server';
import { json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    const operator = await requireOperator(req);
    const input = parseWith(decisionInputSchema, await readJsonObject(req));
    const result = await decideAny(await getDb(), { ...input, actor: operator.email }, { waitUntil: context.waitUntil });
    return json({ action: result.action, summary: result.summary, changed: result.changed, purged: result.purged, rebuild: result.rebuild });
  },
});

export const config: Config = { path: '/api/operator/decisions' };
