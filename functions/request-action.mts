/**
 * GET /api/requests/action?token=T: what an email link would do (changes nothing: mail scanners
 * prefetch). POST: do it, once; a used or expired link answers the current state (docs/requests.md "Links").
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deliverSoon } from '../src/features/mail/index.server';
import { requireSameOrigin } from '../src/features/owners/index.server';
import { actionPostSchema, actionQuerySchema, previewLink, followLink } from '../src/features/requests/index.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  async GET(req) {
    const { token } = parseWith(actionQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
    return json(await previewLink(await getDb(), token), 200, { 'Referrer-Policy': 'no-referrer' });
  },
  async POST(req, context) {
    requireSameOrigin(req);
    const database = await getDb();
    const { token, ...extra } = parseWith(actionPostSchema, await readJsonObject(req));
    const result = await followLink(database, token, extra);
    if (result.changed) {
      deliverSoon(database, context);
      // An answer can change the reply time its page shows.
      await purgeTags([CACHE_TAGS.provider(result.request.providerId)], context);
    }
    return json(result);
  },
});

export const config: Config = { path: '/api/requests/action' };
