/**
 * GET /api/providers/{id}/photo-order: every photo of the listing in its order, hidden ones marked,
 * for its owner's dashboard (never cached). PUT: its owner puts them in a new order (docs/photos.md).
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requireListingOwner } from '../src/features/owners/index.server';
import { ownerPhotos, reorderPhotos } from '../src/features/photos/index.server';
import { photoOrderSchema } from '../src/features/photos/schemas';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

export default route({
  async GET(req, context) {
    const providerId = pathParam(context.params, 'id');
    await requireListingOwner(req, providerId);
    return json(await ownerPhotos(await getDb(), providerId));
  },
  async PUT(req, context) {
    const providerId = pathParam(context.params, 'id');
    await requireListingOwner(req, providerId);
    const { ids } = parseWith(photoOrderSchema, await readJsonObject(req));
    const photos = await reorderPhotos(await getDb(), providerId, ids);
    // Without a chosen cover the first photo leads the cards, so search answers may change too.
    await purgeTags([CACHE_TAGS.provider(providerId), CACHE_TAGS.search], context);
    return json(photos);
  },
});

export const config: Config = { path: '/api/providers/:id/photo-order' };
