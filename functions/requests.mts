/** POST /api/requests: send a time request, with the emailed code (docs/requests.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deliverSoon } from '../src/features/mail/index.server';
import { ownerErrors, requireSameOrigin } from '../src/features/owners/index.server';
import { createRequest, requestCreateSchema, requestNotice } from '../src/features/requests/index.server';
import { json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  POST: ownerErrors(async (req, context) => {
    requireSameOrigin(req);
    const database = await getDb();
    const input = parseWith(requestCreateSchema, await readJsonObject(req));
    const { id, listing } = await createRequest(database, new URL(req.url).origin, input, context.ip);
    deliverSoon(database, context);
    return json({ id, state: 'requested', message: requestNotice(listing.name) }, 201);
  }),
});

export const config: Config = { path: '/api/requests' };
