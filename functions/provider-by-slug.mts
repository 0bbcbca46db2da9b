/** GET /api/providers/by-slug/{slug}: one provider with whether it takes time requests and its reply time, 404 when unknown. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { NotFoundError } from '../src/lib/errors';
import { getProviderBySlug } from '../src/features/providers/index.server';
import { requestSummary } from '../src/features/requests/index.server';
import { API_CACHE, cdnCacheHeaders } from '../src/server/cdnCache';
import { json, route, pathParam } from '../src/server/http';

export default route({
  async GET(_req, { params }) {
    const provider = await getProviderBySlug(await getDb(), pathParam(params, 'slug'));
    if (!provider) throw new NotFoundError('Provider not found');
    return json({ ...provider, ...(await requestSummary(await getDb(), provider.id)) }, 200, cdnCacheHeaders(API_CACHE.provider(provider.id)));
  },
});

export const config: Config = { path: '/api/providers/by-slug/:slug' };
