/**
 * GET /api/providers/{id}/photos: a listing's visible photos, cover first (docs/photos.md).
 * POST: its owner adds a photo (multipart/form-data: file, alt, category), checked and cleaned on
 * the server; 201 with the photo, or 200 with the one already there when it is the same picture.
 */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { cleanPhoto, PhotoRefusedError } from '../src/features/photos/index.server';
import { requireListingOwner } from '../src/features/owners/index.server';
import { addPhoto, checkUpload, photoSourceKey, visiblePhotos } from '../src/features/photos/index.server';
import { readPhotoUpload } from '../src/features/photos/index.server';
import { purgeTags } from '../src/server/cachePurge';
import { API_CACHE, CACHE_TAGS, cdnCacheHeaders } from '../src/server/cdnCache';
import { HttpError, json, pathParam, route } from '../src/server/http';
import { NotFoundError } from '../src/lib/errors';

export default route({
  async GET(_req, context) {
    const database = await getDb();
    const providerId = pathParam(context.params, 'id');
    const row = await database.db.selectFrom('providers').select('id').where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
    if (!row) throw new NotFoundError('Provider not found');
    return json(await visiblePhotos(database, providerId), 200, cdnCacheHeaders(API_CACHE.provider(providerId)));
  },
  async POST(req, context) {
    const providerId = pathParam(context.params, 'id');
    // The account's upload limit is counted before the body is read (docs/owners.md "Budgets").
    await requireListingOwner(req, providerId, { upload: true });
    const { bytes, fields } = await readPhotoUpload(req);
    const database = await getDb();
    // A file sent before and a full listing are answered before anything decodes the bytes.
    const sourceKey = photoSourceKey(bytes);
    const repeat = await checkUpload(database, providerId, sourceKey);
    if (repeat) return json({ photo: repeat, duplicate: true }, 200);
    const clean = await cleanPhoto(bytes).catch((error: unknown) => {
      throw error instanceof PhotoRefusedError ? new HttpError(error.status, error.message, [{ path: 'file', message: error.message }]) : error;
    });
    const result = await addPhoto(database, providerId, clean, fields, new Date(), sourceKey);
    // The page's gallery and count, and (a first photo) its cover on cards and in search answers.
    if (!result.duplicate) await purgeTags([CACHE_TAGS.provider(providerId), CACHE_TAGS.search], context);
    return json(result, result.duplicate ? 200 : 201);
  },
});

export const config: Config = { path: '/api/providers/:id/photos' };
