/** robots.txt pointing crawlers to the sitemap on the canonical host. */
import type { APIRoute } from 'astro';
import { SITE_URL } from '@/server/siteUrl';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${SITE_URL}/sitemap-index.xml\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
