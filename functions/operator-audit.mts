/** GET /api/operator/audit: every moderation action, newest first, optionally of one listing (read-only; docs/moderation.md "Audit"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { readAudit } from '../src/features/moderation/index.server';
import { auditParamsSchema } from '../src/features/moderation/schemas';
import { requireOperator } from '../src/features/operators/index.server';
import { json, parseWith, route } from '../src/server/http';

export default route({
  async GET(req) {
    await requireOperator(req);
    return json(await readAudit(await getDb(), parseWith(auditParamsSchema, Object.fromEntries(new URL(req.url).searchParams))));
  },
});

export const config: Config = { path: '/api/operator/audit' };
