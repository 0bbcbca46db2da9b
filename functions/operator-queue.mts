/** GET /api/operator/queues/{queue}: one page of a moderation queue, newest or oldest first, with its count. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { readQueue } from '../src/features/moderation/index.server';
import { queueNameSchema, queueParamsSchema } from '../src/features/moderation/schemas';
import { requireOperator } from '../src/features/operators/index.server';
import { json, parseWith, pathParam, route } from '../src/server/http';

export default route({
  async GET(req, { params }) {
    await requireOperator(req);
    const queue = parseWith(queueNameSchema, pathParam(params, 'queue'));
    const query = parseWith(queueParamsSchema, Object.fromEntries(new URL(req.url).searchParams));
    return json(await readQueue(await getDb(), queue, query));
  },
});

export const config: Config = { path: '/api/operator/queues/:queue' };
