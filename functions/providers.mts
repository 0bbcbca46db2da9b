/** GET /api/providers (one page, X-Total-Count) and POST /api/providers (list a business). */
import type { Config } from '@netlify/functions';
import { getDb } from '../src/db/client';
import { mailApplicantCode } from '../src/features/owners/index.server';
import { submitListing } from '../src/features/listings/index.server';
import { listProviders } from '../src/features/providers/index.server';
import { HELD_MESSAGE, providerCreateSchema } from '../src/features/providers/schemas';
import { pageParamsSchema, searchParamsFromUrl } from '../src/features/search/schemas';
import { purgeTags } from '../src/server/cachePurge';
import { API_CACHE, CACHE_TAGS, cdnCacheHeaders } from '../src/server/cdnCache';
import { enforceRateLimit, json, page, parseWith, readJsonObject, rejectHoneypot, route } from '../src/server/http';

export default route({
  async GET(req) {
    const paging = parseWith(pageParamsSchema, searchParamsFromUrl(new URL(req.url).searchParams));
    const { items, total, capped } = await listProviders(await getDb(), paging);
    return page(items, total, { capped, headers: cdnCacheHeaders(API_CACHE.providers) });
  },
  async POST(req, context) {
    const database = await getDb();
    await enforceRateLimit(database, context, 'listings');
    const input = parseWith(providerCreateSchema, await readJsonObject(req));
    rejectHoneypot(input, 'listings');
    const submitted = await submitListing(database, input);
    // A copy of an existing listing waits for a moderator: nothing is published (docs/moderation.md).
    if (submitted.held) return json({ id: submitted.id, status: 'held', message: HELD_MESSAGE }, 202);
    const { provider } = submitted;
    // The new page may have been a cached 404, the provider sitemap is read again, and searches and
    // lists now find one more provider.
    await purgeTags([CACHE_TAGS.provider(provider.id), CACHE_TAGS.missingProvider, CACHE_TAGS.providerSitemap, CACHE_TAGS.search], context);
    // Its applicant gets a code to claim it (docs/owners.md "New listings"); the answer is the same either way.
    await mailApplicantCode(database, new URL(req.url).origin, provider, context.ip, req.headers);
    return json(provider, 201);
  },
});

export const config: Config = { path: '/api/providers' };
