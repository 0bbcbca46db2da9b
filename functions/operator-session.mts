/** GET /api/operator/session: the signed-in operator and when their session ends (docs/moderation.md "Operators"). */
import type { Config } from '@netlify/functions';
import { operatorSession, requireOperator } from '../src/features/operators/index.server';
import { json, route } from '../src/server/http';

export default route({
  async GET(req) {
    return json(operatorSession(await requireOperator(req)));
  },
});

export const config: Config = { path: '/api/operator/session' };
