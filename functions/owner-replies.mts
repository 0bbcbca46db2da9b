/** POST /api/owners/replies: the listing's owner responds publicly to a review (one response per review). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { createReply, providerOfReview } from '../src/features/owners/index.server';
import { requireListingOwner, requireSameOrigin } from '../src/features/owners/index.server';
import { replyCreateSchema } from '../src/features/owners/schemas';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, readJsonObject, route } from '../src/server/http';

export default route({
  async POST(req, context) {
    requireSameOrigin(req);
    const database = await getDb();
    const input = parseWith(replyCreateSchema, await readJsonObject(req));
    const owner = await requireListingOwner(req, await providerOfReview(database, input.reviewId));
    const { providerId, reply } = await createReply(database, { ...input, userId: owner.userId, actor: owner.email });
    // The provider's page and its reviews API show the response.
    await purgeTags([CACHE_TAGS.provider(providerId)], context);
    return json(reply, 201);
  },
});

export const config: Config = { path: '/api/owners/replies' };
