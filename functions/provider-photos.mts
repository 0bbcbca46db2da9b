/** GET /api/providers/{id}/photos: a listing's visible photos, cover first (docs/photos.md). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { visiblePhotos } from '../src/features/photos/photos.server';
import { API_CACHE, cdnCacheHeaders } from '../src/server/cdnCache';
import { json, route } from '../src/server/http';
import { NotFoundError } from '../src/lib/errors';

export default route({
  async GET(_req, context) {
    const database = await getDb();
    const providerId = decodeURIComponent(context.params.id ?? '');
    const row = await database.db.selectFrom('providers').select('id').where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
    if (!row) throw new NotFoundError('Provider not found');
    return json(await visiblePhotos(database, providerId), 200, cdnCacheHeaders(API_CACHE.provider(providerId)));
  },
});

export const config: Config = { path: '/api/providers/:id/photos' };
