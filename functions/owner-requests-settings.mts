/** GET /api/owners/listings/{id}/requests-settings: "Take time requests", "Book online", cancellation policy. PUT: save them. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requireListingOwner } from '../src/features/owners/index.server';
import { requestSettings, requestSettingsSchema, saveRequestSettings } from '../src/features/requests/index.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async GET(req, context) {
    const id = pathParam(context.params, 'id');
    await requireListingOwner(req, id);
    return json(await requestSettings(await getDb(), id));
  },
  async PUT(req, context) {
    const id = pathParam(context.params, 'id');
    const owner = await requireListingOwner(req, id);
    const input = parseWith(requestSettingsSchema, await readJsonObject(req));
    const saved = await saveRequestSettings(await getDb(), id, input, owner.email);
    // The page shows "Request a time" and "Book online" from these.
    await purgeTags([CACHE_TAGS.provider(id)], context);
    return json(saved);
  },
});

export const config: Config = { path: '/api/owners/listings/:id/requests-settings' };
