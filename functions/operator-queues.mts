/** GET /api/operator/queues: every moderation queue with its count (docs/moderation.md "Queues"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { queueCounts } from '../src/features/moderation/index.server';
import { requireOperator } from '../src/features/operators/index.server';
import { json, route } from '../src/server/http';

export default route({
  async GET(req) {
    await requireOperator(req);
    return json({ queues: await queueCounts(await getDb()) });
  },
});

export const config: Config = { path: '/api/operator/queues' };
