/** GET /api/suggest?q=: cities and services for the search form's comboboxes, cached at the CDN. */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { suggestParamsSchema } from '../src/features/suggestions/schemas';
import { suggest } from '../src/features/suggestions/index.server';
import { CACHE_TAGS, CDN_LIFETIMES, cdnCacheHeaders } from '../src/server/cdnCache';
import { json, parseWith, route } from '../src/server/http';

export default route({
  async GET(req) {
    const { q } = parseWith(suggestParamsSchema, { q: new URL(req.url).searchParams.get('q') ?? undefined });
    return json(await suggest(await getDb(), q), 200, cdnCacheHeaders({ tags: [CACHE_TAGS.suggestions], ...CDN_LIFETIMES.suggest }));
  },
});

export const config: Config = { path: '/api/suggest' };
