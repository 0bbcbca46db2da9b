/** POST /api/owners/sign-in: enter the emailed code; opens a session and, with providerId, claims the listing. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { ownerErrors } from '../src/features/owners/index.server';
import { requireSameOrigin } from '../src/features/owners/index.server';
import { signInSchema } from '../src/features/owners/schemas';
import { enterCode } from '../src/features/owners/index.server';
import { sessionOf } from '../src/features/owners/index.server';
import { clientLimitApplies } from '../src/features/owners/index.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { enforceRateLimit, json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  POST: ownerErrors(async (req, context) => {
    requireSameOrigin(req);
    const database = await getDb();
    const input = parseWith(signInSchema, await readJsonObject(req));
    if (clientLimitApplies(await sessionOf(req), input.email))
      await enforceRateLimit(database, context, 'codes', { message: 'Too many codes tried from your network. Please wait a few minutes and try again.' });
    const { session, setCookies, claimed } = await enterCode(database, new URL(req.url).origin, input, req.headers, context.ip || 'unknown');
    // A claimed listing shows "Verified business" on its page and in search; a new one, now vetted, joins the sitemap.
    if (claimed && input.providerId) await purgeTags([CACHE_TAGS.provider(input.providerId), CACHE_TAGS.search, CACHE_TAGS.providerSitemap], context);
    const response = json(session, 200);
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  }),
});

export const config: Config = { path: '/api/owners/sign-in' };
