/** /sitemap-index.xml, rendered on request: the pre-built pages' sitemap and every provider sitemap file. */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/client';
import { PAGES_SITEMAP_PATH, providerSitemapCount, providerSitemapPath, sitemapIndexXml } from '@/features/seo/index.server';
import { CACHE_TAGS, CDN_LIFETIMES, cdnCacheHeaders } from '@/server/cdnCache';

export const prerender = false;

export const GET: APIRoute = async () => {
  const files = await providerSitemapCount(await getDb());
  const paths = [PAGES_SITEMAP_PATH, ...Array.from({ length: files }, (_, i) => providerSitemapPath(i))];
  return new Response(sitemapIndexXml(paths), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...cdnCacheHeaders({ tags: [CACHE_TAGS.providerSitemap], ...CDN_LIFETIMES.sitemap }) },
  });
};
