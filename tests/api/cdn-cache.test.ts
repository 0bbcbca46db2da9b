/**
 * Read APIs are cached at Netlify's CDN (docs/caching.md): short lifetimes, browsers always
 * revalidate, `Netlify-Vary` on the parameters that matter, cache tags that writes purge. Errors
 * are never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_PARAMS } from '../../src/features/search/searchCache.server';
import { CDN_LIFETIMES } from '../../src/server/cdnCache';
import { searchParamsSchema } from '../../src/features/search/schemas/search';
import { startApi, validListing, type TestApi } from '../helpers/api';
import { recordPurges } from '../helpers/purges';

let api: TestApi;
const purges = recordPurges();
const SLUG = 'lacquer-lace-nail-studio-new-york';
const CDN = `public, durable, s-maxage=${CDN_LIFETIMES.api.sMaxAge}, stale-while-revalidate=${CDN_LIFETIMES.api.staleWhileRevalidate}`;

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const header = (res: Response, name: string) => res.headers.get(name);
async function providerId(): Promise<string> {
  return ((await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as { id: string }).id;
}

describe('read APIs carry CDN cache headers', () => {
  it('GET /api/search: tagged "search", varied on its own parameters only, browsers revalidate', async () => {
    const res = await api.get('/api/search?service=Nail%20Salon&location=Chicago&utm_source=mail');
    expect(res.status).toBe(200);
    expect(header(res, 'cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(header(res, 'netlify-cdn-cache-control')).toBe(CDN);
    expect(header(res, 'netlify-cache-tag')).toBe('search');
    expect(header(res, 'netlify-vary')).toBe(
      'query=query|service|location|priceRange|rating|openNow|verified|walkIns|access|lang|pay|kids|parking|owned|near|radius|sort|q|limit|offset',
    );
  });

  it('GET /api/search?openNow=true: at most a minute old and never stale (it changes with the clock, not with a write)', async () => {
    const res = await api.get('/api/search?openNow=true&location=Chicago');
    expect(res.status).toBe(200);
    expect(header(res, 'netlify-cdn-cache-control')).toBe('public, durable, s-maxage=60, stale-while-revalidate=0');
    expect(header(res, 'netlify-cache-tag')).toBe('search');
    expect(header(res, 'netlify-vary')).toBe(header(await api.get('/api/search?location=Chicago'), 'netlify-vary'));
    expect(header(await api.get('/api/search?openNow=false&location=Chicago'), 'netlify-cdn-cache-control')).toBe(CDN);
  });

  it('the Netlify-Vary list names every parameter the search schema reads (a new one must be added there)', () => {
    const read = [...Object.keys(searchParamsSchema.shape), 'q'];
    expect([...SEARCH_QUERY_PARAMS].sort()).toEqual(read.sort());
  });

  it('GET /api/providers: tagged "search", varied on paging', async () => {
    const res = await api.get('/api/providers?limit=5');
    expect(header(res, 'netlify-cdn-cache-control')).toBe(CDN);
    expect(header(res, 'netlify-cache-tag')).toBe('search');
    expect(header(res, 'netlify-vary')).toBe('query=limit|offset');
    expect(header(res, 'cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('by-slug, reviews and their summary: tagged with the provider, as its page is', async () => {
    const id = await providerId();
    for (const path of [`/api/providers/by-slug/${SLUG}`, `/api/providers/${id}/reviews`, `/api/providers/${id}/reviews/summary`]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      expect(header(res, 'netlify-cache-tag'), path).toBe(`provider-${id}`);
      expect(header(res, 'netlify-cdn-cache-control'), path).toBe(CDN);
      expect(header(res, 'cache-control'), path).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('errors are not cached anywhere', async () => {
    for (const path of ['/api/search?rating=9', '/api/providers?limit=0', '/api/providers/by-slug/no-such-provider', '/api/providers/no-such-id/reviews']) {
      const res = await api.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(header(res, 'cache-control'), path).toBe('no-store');
      expect(header(res, 'netlify-cdn-cache-control'), path).toBeNull();
    }
  });
});

describe('writes purge the read APIs they change', () => {
  it('a review purges its provider and every search (ratings order the results)', async () => {
    const id = await providerId();
    const res = await api.post('/api/reviews', { providerId: id, customerName: 'Orla Finch', rating: 4, comment: 'Neat work and on time.' });
    expect(res.status).toBe(201);
    expect(purges.calls).toEqual([[`provider-${id}`, 'search']]);
  });

  it('a new listing purges every search and list', async () => {
    const res = await api.post('/api/providers', validListing({ name: 'Marigold Fern Brow Bar', slug: 'marigold-fern-brow-bar' }));
    expect(res.status).toBe(201);
    expect(purges.calls.flat()).toContain('search');
  });
});
