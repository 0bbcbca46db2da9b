/** POST /api/operator/code: email an operator a 6-digit code for the console (the owners' sign-in; docs/moderation.md "Operators"). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requestOperatorCode } from '../src/features/operators/index.server';
import { operatorCodeRequestSchema } from '../src/features/operators/schemas';
import { requireSameOrigin } from '../src/features/owners/index.server';
import { ownerErrors } from '../src/features/owners/index.server';
import { enforceRateLimit, json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  POST: ownerErrors(async (req, context) => {
    requireSameOrigin(req);
    const database = await getDb();
    await enforceRateLimit(database, context, 'codes', { message: 'Too many codes asked for from your network. Please wait a few minutes and try again.' });
    const input = parseWith(operatorCodeRequestSchema, await readJsonObject(req));
    await enforceRateLimit(database, context, 'codesPerEmail', {
      key: `email ${input.email}`,
      message: 'Too many codes sent to this email address. Please wait an hour, or use the latest code you received.',
    });
    return json(await requestOperatorCode(database, new URL(req.url).origin, input, req.headers), 202);
  }),
});

export const config: Config = { path: '/api/operator/code' };
