/**
 * Sitemaps (sitemaps.org protocol): the pre-built pages' file comes from @astrojs/sitemap at build
 * time; provider URLs come from files rendered on request, at most 50,000 URLs each, so a provider
 * listed a minute ago is in them. /sitemap-index.xml lists both.
 */
import { SITE_URL } from '../../server/siteUrl';
import type { Db } from '../../db/client';
import { listedProviders } from '../providers/index.server';

/** The protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The build's sitemap of pre-built pages (@astrojs/sitemap with filenameBase "sitemap-pages"; far under 50,000 pages, so one file). */
export const PAGES_SITEMAP_PATH = '/sitemap-pages-0.xml';

export const providerSitemapPath = (page: number) => `/sitemap-providers-${page}.xml`;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** How many provider sitemap files there are (at least one, so the index never points nowhere). */
export async function providerSitemapCount(database: Db): Promise<number> {
  // Unvetted listings are noindex until vetted (src/features/listings/): not in the sitemap either.
  const row = await listedProviders(database)
    .where('vetted_at', 'is not', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Math.max(1, Math.ceil(Number(row.n) / SITEMAP_MAX_URLS));
}

/** The provider page URLs of one sitemap file (0-based), in listing order; empty past the last. */
export async function providerSitemapUrls(database: Db, page: number): Promise<string[]> {
  const rows = await listedProviders(database)
    .where('vetted_at', 'is not', null)
    .select('slug')
    .orderBy('seq')
    .limit(SITEMAP_MAX_URLS)
    .offset(page * SITEMAP_MAX_URLS)
    .execute();
  return rows.map((r) => `${SITE_URL}/provider/${encodeURIComponent(r.slug)}`);
}

export function urlsetXml(urls: string[]): string {
  const entries = urls.map((u) => `<url><loc>${escapeXml(u)}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</urlset>\n`;
}

export function sitemapIndexXml(paths: string[]): string {
  const entries = paths.map((p) => `<sitemap><loc>${escapeXml(`${SITE_URL}${p}`)}</loc></sitemap>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>\n`;
}
