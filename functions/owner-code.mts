/** POST /api/owners/code: email a 6-digit sign-in code, to claim a listing or to open the dashboard. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requireSameOrigin } from '../src/features/owners/index.server';
import { codeRequestSchema } from '../src/features/owners/schemas';
import { requestCode } from '../src/features/owners/index.server';
import { sessionOf } from '../src/features/owners/index.server';
import { clientLimitApplies } from '../src/features/owners/index.server';
import { ownerErrors } from '../src/features/owners/index.server';
import { enforceRateLimit, json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  POST: ownerErrors(async (req, context) => {
    requireSameOrigin(req);
    const database = await getDb();
    const input = parseWith(codeRequestSchema, await readJsonObject(req));
    // Per client address, except for an owner signed in as this address (codeLimits.server.ts); per email, in requestCode.
    if (clientLimitApplies(await sessionOf(req), input.email))
      await enforceRateLimit(database, context, 'codes', { message: 'Too many codes asked for from your network. Please wait a few minutes and try again.' });
    return json(await requestCode(database, new URL(req.url).origin, input, req.headers), 202);
  }),
});

export const config: Config = { path: '/api/owners/code' };
