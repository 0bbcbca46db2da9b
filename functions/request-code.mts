/** POST /api/requests/code: email the shopper a 6-digit code (the sign-in code's rules and limits, docs/requests.md "Limits"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { ownerErrors, requireSameOrigin } from '../src/features/owners/index.server';
import { requestCodeSchema, requestEmailCode } from '../src/features/requests/index.server';
import { enforceRateLimit, json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  POST: ownerErrors(async (req, context) => {
    requireSameOrigin(req);
    const database = await getDb();
    const input = parseWith(requestCodeSchema, await readJsonObject(req));
    await enforceRateLimit(database, context, 'codes', { message: 'Too many codes asked for from your network. Please wait a few minutes and try again.' });
    return json(await requestEmailCode(database, new URL(req.url).origin, input), 202);
  }),
});

export const config: Config = { path: '/api/requests/code' };
