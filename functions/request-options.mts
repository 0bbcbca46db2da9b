/** GET /api/providers/{id}/request-options: what the "Request a time" dialog offers (docs/requests.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requestOptions } from '../src/features/requests/index.server';
import { json, pathParam, route } from '../src/server/http';

export default route({
  async GET(_req, context) {
    return json(await requestOptions(await getDb(), pathParam(context.params, 'id')));
  },
});

export const config: Config = { path: '/api/providers/:id/request-options' };
