/** GET /api/owners/requests: the signed-in owner's requests, with the shopper's details (docs/requests.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requireSession } from '../src/features/owners/index.server';
import { ownerRequests, ownerRequestsQuerySchema } from '../src/features/requests/index.server';
import { json, parseWith, route } from '../src/server/http';

export default route({
  async GET(req) {
    const owner = await requireSession(req);
    const query = parseWith(ownerRequestsQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return json(await ownerRequests(await getDb(), owner.userId, query));
  },
});

export const config: Config = { path: '/api/owners/requests' };
