/**
 * PUT /api/providers/{id}/photos/{photoId}: its owner changes a photo's alt text or category, or
 * makes it the cover. DELETE: removes it (row, then bytes). Both purge the listing's page and the
 * search answers that show its cover (docs/photos.md).
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { requireListingOwner } from '../src/features/owners/index.server';
import { deletePhoto, updatePhoto } from '../src/features/photos/index.server';
import { photoUpdateSchema } from '../src/features/photos/schemas';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';
import { json, parseWith, pathParam, readJsonObject, route } from '../src/server/http';

const ids = (params: Record<string, string>) => ({ providerId: pathParam(params, 'id'), photoId: pathParam(params, 'photoId') });

export default route({
  async PUT(req, context) {
    const { providerId, photoId } = ids(context.params);
    await requireListingOwner(req, providerId);
    const update = parseWith(photoUpdateSchema, await readJsonObject(req));
    const photo = await updatePhoto(await getDb(), providerId, photoId, update);
    await purgeTags([CACHE_TAGS.provider(providerId), ...(update.isCover ? [CACHE_TAGS.search] : [])], context);
    return json(photo);
  },
  async DELETE(req, context) {
    const { providerId, photoId } = ids(context.params);
    await requireListingOwner(req, providerId);
    await deletePhoto(await getDb(), providerId, photoId);
    await purgeTags([CACHE_TAGS.provider(providerId), CACHE_TAGS.search], context);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
  },
});

export const config: Config = { path: '/api/providers/:id/photos/:photoId' };
