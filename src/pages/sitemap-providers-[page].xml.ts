/** /sitemap-providers-{n}.xml, rendered on request: up to 50,000 provider page URLs per file. */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/client';
import { providerSitemapCount, providerSitemapUrls, urlsetXml } from '@/features/seo/index.server';
import { CACHE_TAGS, CDN_LIFETIMES, cdnCacheHeaders } from '@/server/cdnCache';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const database = await getDb();
  const page = /^\d{1,6}$/.test(params.page ?? '') ? Number(params.page) : -1;
  const cache = cdnCacheHeaders({ tags: [CACHE_TAGS.providerSitemap], ...CDN_LIFETIMES.sitemap });
  if (page < 0 || page >= (await providerSitemapCount(database))) {
    return new Response('No such sitemap\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...cache } });
  }
  return new Response(urlsetXml(await providerSitemapUrls(database, page)), { headers: { 'Content-Type': 'application/xml; charset=utf-8', ...cache } });
};
