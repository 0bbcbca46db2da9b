/** PUT /api/owners/replies/{id}: edit the owner's response. DELETE: remove it. Only the listing's owner. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { deleteReply, editReply, providerOfReply } from '../src/features/owners/index.server';
import { requireListingOwner, requireSameOrigin } from '../src/features/owners/index.server';
import { replyEditSchema } from '../src/features/owners/schemas';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { API_HEADERS, json, parseWith, pathParam, readJsonObject, route, type FunctionContext } from '../src/server/http';

/** The reply's owner, after the Origin check (a 404 for an unknown id comes after it). */
async function owned(req: Request, context: FunctionContext) {
  requireSameOrigin(req);
  const id = pathParam(context.params, 'id');
  const database = await getDb();
  const owner = await requireListingOwner(req, await providerOfReply(database, id));
  return { id, database, owner };
}

export default route({
  async PUT(req, context) {
    const { id, database, owner } = await owned(req, context);
    const { body } = parseWith(replyEditSchema, await readJsonObject(req));
    const { providerId, reply } = await editReply(database, id, body, owner.email);
    await purgeTags([CACHE_TAGS.provider(providerId)], context);
    return json(reply);
  },
  async DELETE(req, context) {
    const { id, database, owner } = await owned(req, context);
    const providerId = await deleteReply(database, id, owner.email);
    await purgeTags([CACHE_TAGS.provider(providerId)], context);
    return new Response(null, { status: 204, headers: API_HEADERS });
  },
});

export const config: Config = { path: '/api/owners/replies/:id' };
