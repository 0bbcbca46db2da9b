/** POST /api/owners/requests/{id}: accept, propose, decline, cancel, or report as spam (docs/requests.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deliverSoon } from '../src/features/mail/index.server';
import { requireSession } from '../src/features/owners/index.server';
import { ownerAction, ownerActionSchema } from '../src/features/requests/index.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    const owner = await requireSession(req);
    const database = await getDb();
    const input = parseWith(ownerActionSchema, await readJsonObject(req));
    const result = await ownerAction(database, owner, pathParam(context.params, 'id'), input);
    deliverSoon(database, context);
    // An answer can change the reply time its page shows.
    await purgeTags([CACHE_TAGS.provider(result.request.providerId)], context);
    return json(result);
  },
});

export const config: Config = { path: '/api/owners/requests/:id' };
