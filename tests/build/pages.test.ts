/**
 * The build output (issue "Every page"): every route of the site is emitted as static HTML, or
 * rendered on request (provider pages), with its title, description, canonical and valid JSON-LD
 * of the right schema.org types. Reads dist/, which `npm test` builds from a fresh seeded
 * database, and renders provider pages through `npm start`'s server on another fresh one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_PAGES } from '../../src/config';
import { env } from '../../src/env.server';
import { readSeed, type SeedProvider } from '../../src/setup/seed';
import { slugify } from '../../src/features/providers/slugify';
import { startApi, type TestApi } from '../helpers/api';

const DIST = join(process.cwd(), 'dist');
const SITE = env().SITE_URL;
let seed: SeedProvider[];
let files: string[];
let site: TestApi;
/** Rendered provider pages by slug. */
const providerPages = new Map<string, string>();

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );
}
const route = (file: string) =>
  '/' +
  relative(DIST, file)
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '');
const read = (path: string) => readFileSync(join(DIST, path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8');
const meta = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
const types = (html: string) => jsonLd(html).map((d) => d['@type']);

beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  seed = await readSeed();
  files = htmlFiles(DIST);
  site = await startApi({ site: true });
  for (const p of seed) {
    const res = await site.get(`/provider/${p.slug}`);
    if (res.status !== 200) throw new Error(`/provider/${p.slug} answered ${res.status}`);
    providerPages.set(p.slug, await res.text());
  }
});
afterAll(() => site?.close());

const providerPage = (slug: string) => providerPages.get(slug) ?? '';

describe('the build emits every route', () => {
  it('has every fixed route', () => {
    const routes = new Set(files.map(route));
    const fixed = [
      '/',
      '/search',
      '/nail-salon-near-me',
      '/hair-salon-near-me',
      '/beauty-parlour-near-me',
      '/city/new-york',
      '/city/los-angeles',
      '/city/chicago',
      '/city/miami',
      '/city/dallas',
      '/salon-pricing-guide',
      '/guides/nail-shapes',
      '/guides/hair-color-maintenance',
      '/guides/beauty-etiquette',
      '/about',
      '/how-it-works',
      '/faq',
      '/beauty-tips',
      '/help',
      '/contact',
      '/for-businesses',
      '/privacy',
      '/terms',
      '/data-sources',
      '/404',
    ];
    for (const r of fixed) expect(routes.has(r), r).toBe(true);
  });

  it('pre-builds no provider page, and a city page for the largest cities only', () => {
    const routes = files.map(route);
    expect(routes.filter((r) => r.startsWith('/provider'))).toEqual([]);
    const counts = new Map<string, number>();
    for (const p of seed) counts.set(slugify(p.city), (counts.get(slugify(p.city)) ?? 0) + 1);
    const cityPages = routes.filter((r) => r.startsWith('/city/'));
    expect(cityPages.length).toBe(Math.min(CITY_PAGES.prebuilt, counts.size));
    // The largest cities all have one.
    const sorted = [...counts].sort((a, b) => b[1] - a[1]);
    const cutoff = sorted[CITY_PAGES.prebuilt - 1]?.[1] ?? 0;
    for (const [slug] of sorted.filter(([, n]) => n > cutoff)) expect(cityPages, slug).toContain(`/city/${slug}`);
  });

  it('lists every pre-built indexable page in the pages sitemap, and robots.txt points to the index', () => {
    const sitemap = readFileSync(join(DIST, 'sitemap-pages-0.xml'), 'utf8');
    expect(existsSync(join(DIST, 'sitemap-pages-1.xml'))).toBe(false);
    for (const file of files) {
      const r = route(file);
      if (r === '/404') expect(sitemap).not.toContain(`${SITE}${r}<`);
      else expect(sitemap, r).toContain(`<loc>${SITE}${r === '/' ? '/' : r}</loc>`);
    }
    expect(readFileSync(join(DIST, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
  });

  it('renders a page for every provider, listed in the provider sitemap', async () => {
    const sitemap = await (await site.get('/sitemap-providers-0.xml')).text();
    for (const p of seed) {
      expect(providerPage(p.slug), p.slug).toContain(`<link rel="canonical" href="${SITE}/provider/${p.slug}"`);
      expect(sitemap, p.slug).toContain(`<loc>${SITE}/provider/${p.slug}</loc>`);
    }
  });
});

describe('every page has its metadata', () => {
  it('title, description, canonical on SITE_URL, theme colour, one h1, parseable JSON-LD', () => {
    const pages = [
      ...files.map((f) => [route(f), readFileSync(f, 'utf8')] as const),
      ...[...providerPages].map(([slug, html]) => [`/provider/${slug}`, html] as const),
    ];
    for (const [r, html] of pages) {
      expect(/<title>[^<]{10,}<\/title>/.test(html), `${r} title`).toBe(true);
      expect(meta(html, 'description')?.length ?? 0, `${r} description`).toBeGreaterThan(50);
      expect(html, `${r} canonical`).toMatch(new RegExp(`<link rel="canonical" href="${SITE}/`));
      expect(meta(html, 'theme-color')).toBe('#ec4899');
      expect(meta(html, 'robots')).toMatch(/follow/);
      if (r !== '/search') expect(html.match(/<h1[\s>]/g)?.length ?? 0, `${r} h1`).toBe(1);
      expect(() => jsonLd(html), r).not.toThrow();
    }
  });

  it('loads nothing from a third-party host', () => {
    const pages = [...files.map((f) => [route(f), readFileSync(f, 'utf8')] as const), ...providerPages];
    for (const [r, html] of pages) {
      const external = [...html.matchAll(/<(?:img|script|link|source|iframe)\b[^>]*?(?:src|href|srcset)="(https?:)?\/\/([^/"]+)/g)]
        .map((m) => m[2])
        .filter((host) => !SITE.includes(host!));
      expect(external, r).toEqual([]);
    }
  });

  it('home carries WebSite with a SearchAction and Organization', () => {
    const ld = jsonLd(read('/'));
    const site = ld.find((d) => d['@type'] === 'WebSite') as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toBe(`${SITE}/search?q={search_term}`);
    expect(types(read('/'))).toContain('Organization');
  });

  it('provider pages carry the right LocalBusiness subtype with address, phone, hours, price and rating', () => {
    for (const p of seed) {
      const html = providerPage(p.slug);
      const business = jsonLd(html).find((d) => ['NailSalon', 'HairSalon', 'BeautySalon', 'DaySpa'].includes(String(d['@type']))) as Record<string, any>;
      expect(business, p.slug).toBeTruthy();
      expect(business.address).toMatchObject({ streetAddress: p.address, addressLocality: p.city, addressRegion: p.state, postalCode: p.zipCode });
      expect(business.telephone).toBe(p.phone);
      expect(business.priceRange).toBe(p.priceRange);
      expect(business.aggregateRating.reviewCount).toBe(p.reviews.length);
      expect(business.aggregateRating).toMatchObject({ bestRating: 5, worstRating: 1 });
      expect(Array.isArray(business.openingHours)).toBe(true);
      expect(types(html)).toEqual(expect.arrayContaining(['BreadcrumbList', 'FAQPage']));
    }
    const nailOnly = seed.find((p) => p.services.every((s) => /nail|manicure|pedicure/i.test(s)));
    if (nailOnly) expect(types(providerPage(nailOnly.slug))).toContain('NailSalon');
  });

  it('FAQ pages carry FAQPage and breadcrumbs carry BreadcrumbList', () => {
    for (const r of ['/', '/faq', '/for-businesses', '/nail-salon-near-me', '/hair-salon-near-me']) expect(types(read(r)), r).toContain('FAQPage');
    expect(types(read('/beauty-parlour-near-me'))).not.toContain('FAQPage');
    for (const r of ['/city/new-york', '/guides/nail-shapes', '/nail-salon-near-me', '/about', '/terms']) expect(types(read(r)), r).toContain('BreadcrumbList');
    const crumbs = jsonLd(read('/guides/nail-shapes')).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement[0]).toMatchObject({ name: 'Guides', item: `${SITE}/beauty-tips` });
  });
});

describe('pages say what the data says', () => {
  it('home shows the city counts from the data and up to six featured providers', () => {
    const html = read('/');
    for (const city of ['New York', 'Los Angeles', 'Chicago', 'Miami', 'Houston']) {
      const n = seed.filter((p) => p.city === city).length;
      expect(html, city).toMatch(new RegExp(`${city}</span><span[^>]*>${n} providers`));
    }
    const featured = [...html.matchAll(/<section[^>]*aria-labelledby="featured"[\s\S]*?<\/section>/g)][0]![0];
    const cards = featured.match(/<article/g)?.length ?? 0;
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(6);
  });

  it('the marketing claims of the copy are true of the data', () => {
    const reviews = seed.flatMap((p) => p.reviews.map((r) => r.rating));
    const average = Math.round((reviews.reduce((a, b) => a + b, 0) / reviews.length) * 10) / 10;
    const cities = new Set(seed.map((p) => `${p.city}, ${p.state}`)).size;
    // The home page's claims: 77+ verified providers, 50+ cities, a 4.8 average rating.
    expect(seed.length).toBeGreaterThanOrEqual(77);
    expect(cities).toBeGreaterThanOrEqual(50);
    expect(average).toBe(4.8);
    const about = read('/about');
    expect(about).toContain(`>${seed.length}<`);
    expect(about).toContain(`>${cities}<`);
    expect(about).toContain('>4.8<');
  });

  it('city pages show the top providers of the city, their total, and lead to the search for the rest', () => {
    for (const city of ['New York', 'Los Angeles', 'Chicago', 'Miami', 'Dallas']) {
      const html = read(`/city/${slugify(city)}`);
      const total = seed.filter((p) => p.city === city).length;
      expect(html.match(/<article/g)?.length, city).toBe(Math.min(total, CITY_PAGES.providersShown));
      expect(html, city).toContain(`>${total} providers listed`);
      if (total > CITY_PAGES.providersShown) expect(html, city).toContain(`href="/search?location=${encodeURIComponent(city)}"`);
    }
  });

  it('provider pages show the nail FAQ only with Nail Care or Manicure, the hair FAQ only with Hair Cut, Hair Styling or Hair Color', () => {
    const templates = JSON.parse(readFileSync(join(process.cwd(), 'content/faq/provider.json'), 'utf8')) as Record<'nails' | 'hair', { question: string }>;
    for (const p of seed) {
      const faq = jsonLd(providerPage(p.slug)).find((d) => d['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
      const hasNails = p.services.some((s) => s === 'Nail Care' || s === 'Manicure');
      const hasHair = p.services.some((s) => ['Hair Cut', 'Hair Styling', 'Hair Color'].includes(s));
      expect(faq.mainEntity.length, p.slug).toBe(3 + (hasNails ? 1 : 0) + (hasHair ? 1 : 0));
      const asked = (kind: 'nails' | 'hair') =>
        faq.mainEntity.some((q) => q.name === templates[kind].question.replaceAll('{name}', p.name).replaceAll('{city}', p.city));
      expect(asked('nails'), p.slug).toBe(hasNails);
      expect(asked('hair'), p.slug).toBe(hasHair);
    }
  });

  it('privacy and terms are effective August 30, 2024 with seven and nine sections', () => {
    const privacy = read('/privacy');
    const terms = read('/terms');
    expect(privacy).toContain('August 30, 2024');
    expect(terms).toContain('August 30, 2024');
    const h2 = (html: string) => html.slice(html.indexOf('class="prose'), html.indexOf('</main>')).match(/<h2[\s>]/g)?.length;
    expect(h2(privacy)).toBe(7);
    expect(h2(terms)).toBe(9);
  });
});
