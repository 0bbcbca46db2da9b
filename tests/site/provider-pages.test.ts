/**
 * Provider pages rendered on request (docs/architecture.md "Provider pages"): what the database says at request
 * time, 404 and redirect, the CDN cache and security headers, the purges that writes ask for, and
 * the provider sitemap. Runs `npm start`'s server (dist/, functions, the built renderer) on a
 * fresh seeded database; needs a build (`npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNetlifyConfig } from '../../src/local-server/staticSite';
import { headersFor } from '../../src/local-server/netlifyConfig';
import { startApi, validListing, type TestApi } from '../helpers/api';
import { recordPurges } from '../helpers/purges';
import { vetListing } from '../../src/features/listings/listings.server';

let api: TestApi;
const purges = recordPurges();
const SLUG = 'lacquer-lace-nail-studio-new-york';

beforeAll(async () => {
  api = await startApi({ site: true });
});
afterAll(() => api.close());

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
const business = (html: string) => jsonLd(html).find((d) => d.aggregateRating) as { aggregateRating: { ratingValue: number; reviewCount: number } };

async function providerOf(slug: string) {
  const res = await api.get(`/api/providers/by-slug/${slug}`);
  return (await res.json()) as { id: string; name: string; rating: string; reviewCount: number };
}

describe('a provider page is the database at request time', () => {
  it('shows a review posted a moment ago, with the new rating and count in the text and the JSON-LD', async () => {
    const before = await providerOf(SLUG);
    const first = await (await api.get(`/provider/${SLUG}`)).text();
    expect(business(first).aggregateRating.reviewCount).toBe(before.reviewCount);
    expect(first).not.toContain('Kestrel Vance');

    const posted = await api.post('/api/reviews', {
      providerId: before.id,
      customerName: 'Kestrel Vance',
      rating: 1,
      comment: 'Waited forty minutes past my booking.',
    });
    expect(posted.status).toBe(201);
    const after = await providerOf(SLUG);
    expect(after.reviewCount).toBe(before.reviewCount + 1);

    const html = await (await api.get(`/provider/${SLUG}`)).text();
    expect(business(html).aggregateRating).toMatchObject({ reviewCount: after.reviewCount, ratingValue: Number(after.rating) });
    expect(html).toContain('Kestrel Vance');
    expect(html).toContain('Waited forty minutes past my booking.');
    expect(html).toContain(`${after.reviewCount} reviews`);
    expect(purges.calls).toEqual([[`provider-${before.id}`, 'search']]);
  });

  it('a business listed through the API gets a page at once, noindex and marked new until vetted, then indexable and in the provider sitemap', async () => {
    const res = await api.post('/api/providers', validListing({ name: 'Juniper Wren Lash Loft', slug: 'juniper-wren-lash-loft' }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; slug: string };
    expect(purges.calls).toEqual([[`provider-${created.id}`, 'provider-missing', 'sitemap-providers', 'search']]);

    const unvetted = await (await api.get(`/provider/${created.slug}`)).text();
    expect(unvetted).toContain('<meta name="robots" content="noindex, follow"');
    expect(unvetted).toContain('New listing, not yet verified');
    expect(await (await api.get('/sitemap-providers-0.xml')).text()).not.toContain(`/provider/${created.slug}</loc>`);

    // Its owner confirms the emailed code (or a moderator approves it): src/features/listings/.
    expect(await vetListing(api.database, created.id, 'owner')).toBe(true);
    const page = await api.get(`/provider/${created.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<title>Juniper Wren Lash Loft - [^<]+ in Boise, ID \| Glow<\/title>/);
    expect(html).toContain('<meta name="robots" content="index, follow"');
    expect(html).not.toContain('New listing, not yet verified');
    expect(html).toMatch(/<h1[^>]*>Juniper Wren Lash Loft<\/h1>/);

    const index = await (await api.get('/sitemap-index.xml')).text();
    const files = [...index.matchAll(/<loc>[^<]*(\/sitemap-[^<]+\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual(['/sitemap-pages-0.xml', '/sitemap-providers-0.xml']);
    const sitemap = await api.get('/sitemap-providers-0.xml');
    expect(sitemap.headers.get('content-type')).toMatch(/application\/xml/);
    const body = await sitemap.text();
    expect(body).toContain(`/provider/${created.slug}</loc>`);
    expect(body).toContain(`/provider/${SLUG}</loc>`);
    expect((await api.get('/sitemap-pages-0.xml')).status).toBe(200);
    expect((await api.get('/sitemap-providers-1.xml')).status).toBe(404);
  });
});

describe('unknown and id-shaped slugs', () => {
  it('an unknown slug answers 404 with the site’s not-found page, cached under a tag new listings purge', async () => {
    const res = await api.get('/provider/no-such-salon-anywhere');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("We couldn't find that page");
    expect(html).toContain('<meta name="robots" content="noindex, follow"');
    expect(res.headers.get('netlify-cache-tag')).toBe('provider-missing');
  });

  it('a UUID-looking slug is redirected to / by the server', async () => {
    const { id } = await providerOf(SLUG);
    const res = await api.get(`/provider/${id}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/');
  });

  it('any other path under /provider/ is a 404, never a server error', async () => {
    for (const path of [`/provider/${SLUG}/index.html`, '/provider/no-such-salon/index.html', '/provider/a/b', '/provider/', '/provider/%E2%82%AC']) {
      expect((await api.get(path)).status, path).toBe(404);
    }
  });

  it('the client-rendered fallback page is gone', async () => {
    expect((await api.get('/provider-fallback')).status).toBe(404);
  });
});

describe('headers of a rendered page', () => {
  it('browsers revalidate; the CDN keeps it durably under the provider’s tag and the all-providers tag', async () => {
    const { id } = await providerOf(SLUG);
    const res = await api.get(`/provider/${SLUG}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(res.headers.get('netlify-cache-tag')).toBe(`provider-${id},providers`);
  });

  it('carries every security header netlify.toml sets for pages', async () => {
    const expected = headersFor(readNetlifyConfig(), `/provider/${SLUG}`);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options']));
    for (const path of [`/provider/${SLUG}`, '/provider/no-such-salon-anywhere', '/sitemap-index.xml']) {
      const res = await api.get(path);
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it('every inline script of a rendered page is allowed by the CSP hashes', async () => {
    const res = await api.get(`/provider/${SLUG}`);
    const csp = res.headers.get('content-security-policy')!;
    const html = await res.text();
    const { createHash } = await import('node:crypto');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('is sent compressed when the client accepts it', async () => {
    const res = await api.get(`/provider/${SLUG}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});
