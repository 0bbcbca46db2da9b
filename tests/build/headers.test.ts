/**
 * Security headers (issue "Hardening"): a CSP with no third-party origin and no inline script
 * without a hash, HSTS, nosniff, Referrer-Policy and Permissions-Policy, in netlify.toml for pages,
 * on every function response, and served the same way by `npm start`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS } from '../../src/server/http';
import { loadFunctionRoutes, type FunctionModule } from '../../src/local-server/functionRoutes';
import { createSiteServer, readNetlifyConfig } from '../../src/local-server/staticSite';
import { startApi, type TestApi } from '../helpers/api';

const DIST = join(process.cwd(), 'dist');
const REQUIRED = ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy'];
const netlify = readNetlifyConfig();
const pageHeaders = Object.assign({}, ...netlify.headers.filter((h) => h.pattern.test('/')).map((h) => h.values)) as Record<string, string>;
const csp = pageHeaders['Content-Security-Policy'] ?? '';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );
}
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('netlify.toml', () => {
  it('sets every security header for pages', () => {
    for (const h of REQUIRED) expect(pageHeaders[h], h).toBeTruthy();
    expect(pageHeaders['X-Content-Type-Options']).toBe('nosniff');
    expect(pageHeaders['Strict-Transport-Security']).toMatch(/max-age=\d{7,}/);
  });

  it('the CSP allows no third-party origin, no wildcard and no unhashed inline script', () => {
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/https?:|\*|'unsafe-eval'|data:[^;]*script/);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'self' data:/);
    // Only styles may be inline (each page carries its CSS).
    expect(csp.match(/'unsafe-inline'/g)?.length ?? 0).toBeLessThanOrEqual(1);
    if (csp.includes("'unsafe-inline'")) expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
  });

  it('every inline script of the build has its hash in the CSP', () => {
    const missing = new Set<string>();
    for (const file of htmlFiles(DIST)) {
      const html = readFileSync(file, 'utf8');
      for (const m of html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g))
        if (!csp.includes(sha(m[1]!))) missing.add(`script ${sha(m[1]!)}`);
      expect(html, file).not.toMatch(/\son[a-z]+="/);
    }
    expect([...missing], 'add these to netlify.toml').toEqual([]);
  });
});

describe('served headers', () => {
  let api: TestApi;
  let base: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    api = await startApi({ seed: false });
    const routes = await loadFunctionRoutes((file) => import(file) as Promise<FunctionModule>);
    const server = createSiteServer({ distDir: DIST, routes });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((r) => server.close(() => r()));
  });
  afterAll(async () => {
    await close();
    await api.close();
  });

  it('npm start serves pages with the netlify.toml headers, the 404 page included', async () => {
    for (const path of ['/', '/faq', '/provider/no-such-provider-here', '/no/such/page']) {
      const res = await fetch(base + path);
      for (const h of REQUIRED) expect(res.headers.get(h), `${path} ${h}`).toBe(pageHeaders[h]);
    }
  });

  it('npm start compresses text as Netlify does, and caches hashed assets for a year', async () => {
    const page = await fetch(`${base}/faq`, { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<h1');
    const plain = await fetch(`${base}/faq`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const html = await plain.text();
    const asset = /\/_astro\/[^"]+\.js/.exec(html)![0];
    const js = await fetch(base + asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const image = await fetch(`${base}/images/hero-home.webp`);
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('cache-control')).toBe('public, max-age=604800');
  });

  it('every function response carries the security headers, errors included', async () => {
    for (const h of REQUIRED) expect(API_HEADERS[h], h).toBeTruthy();
    expect(API_HEADERS['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const answers = [
      await fetch(`${base}/api/providers`),
      await fetch(`${base}/api/search?rating=9`),
      await fetch(`${base}/api/providers/by-slug/none`),
      await fetch(`${base}/api/reviews`),
      await fetch(`${base}/api/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' }),
      await fetch(`${base}/api/unknown`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 400, 404, 405, 400, 404]);
    for (const res of answers) for (const h of REQUIRED) expect(res.headers.get(h), `${res.url} ${h}`).toBe(API_HEADERS[h]);
  });
});
