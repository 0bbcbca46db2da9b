/**
 * Smoke test under Netlify's own local emulation (netlify-cli `serve --offline`): the functions are
 * bundled by Netlify's bundler and routed by their config.path, and provider pages come from the
 * function @astrojs/netlify writes, so a bundling or routing problem shows up here rather than on
 * deploy.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDatabaseUrl } from '../helpers/api';
import { startServer, type Started } from '../../scripts/lib/processes';

/**
 * fetch, with the body read at once: a body left unread on a keep-alive socket that `netlify serve`
 * later closes trips an assertion inside Node's HTTP client (undici `assert(!this.paused)`).
 */
async function request(url: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  const body = await res.arrayBuffer();
  return new Response([101, 204, 205, 304].includes(res.status) ? null : body, { status: res.status, headers: res.headers });
}

let server: Started;
let base: string;
const { url, dir } = tempDatabaseUrl();

beforeAll(async () => {
  ({ base, server } = await startServer(
    (port) => ({
      command: join(process.cwd(), 'node_modules', '.bin', 'netlify'),
      args: ['serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)],
      env: {
        DATABASE_URL: url,
        RATE_LIMIT_REVIEWS: '1000',
        RATE_LIMIT_LISTINGS: '1000',
        BROWSER: 'none',
        NETLIFY_TELEMETRY_DISABLED: '1',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    }),
    '/api/providers?limit=1',
    // The build inside `netlify serve` bundles every function: ~3 min on a quiet machine, over 8 at load 12.
    15 * 60_000,
  ));
}, 16 * 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

// Each call through `netlify serve` costs about a second on a quiet machine and took 5-17 s on a
// loaded one (docs/testing.md): a test of several calls gets more than the default 30 s.
describe('functions under netlify serve', { timeout: 180_000 }, () => {
  it('search answers with the seeded providers and X-Total-Count', async () => {
    const res = await request(`${base}/api/search?location=Chicago&limit=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('10');
    expect(((await res.json()) as unknown[]).length).toBe(3);
  });

  it('path parameters route to the right function', async () => {
    const [first] = (await (await request(`${base}/api/providers?limit=1`)).json()) as { id: string; slug: string }[];
    const bySlug = await request(`${base}/api/providers/by-slug/${first!.slug}`);
    expect(((await bySlug.json()) as { id: string }).id).toBe(first!.id);
    const reviews = await request(`${base}/api/providers/${first!.id}/reviews`);
    expect(reviews.status).toBe(200);
    const list = (await reviews.json()) as { id: string }[];
    expect(list.length).toBeGreaterThan(0);
    const summary = (await (await request(`${base}/api/providers/${first!.id}/reviews/summary`)).json()) as { count: number };
    expect(summary.count).toBe(Number(reviews.headers.get('x-total-count')));
    const report = await request(`${base}/api/reviews/${list[0]!.id}/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'other' }),
    });
    expect(report.status).toBe(201);
    const missing = await request(`${base}/api/providers/by-slug/not-a-real-provider`);
    expect(missing.status).toBe(404);
  });

  it('writes go through: a review updates its provider', async () => {
    const created = await request(`${base}/api/providers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Netlify Smoke Nail Lounge',
        address: '1 Test Way',
        city: 'Reno',
        state: 'NV',
        zipCode: '89501',
        phone: '(775) 555-0101',
        email: 'smoke@example.com',
        website: null,
        services: JSON.stringify(['Manicure']),
      }),
    });
    expect(created.status).toBe(201);
    const provider = (await created.json()) as { id: string; slug: string; isPromoted: boolean };
    expect(provider.isPromoted).toBe(false);
    const review = await request(`${base}/api/reviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerId: provider.id, customerName: 'Smoke', rating: 4, comment: null }),
    });
    expect(review.status).toBe(201);
    const after = (await (await request(`${base}/api/providers/by-slug/${provider.slug}`)).json()) as { rating: string; reviewCount: number };
    expect(after).toMatchObject({ rating: '4.0', reviewCount: 1 });
  });

  it('provider pages are rendered by the Astro adapter’s function, beside the API functions', async () => {
    const [first] = (await (await request(`${base}/api/providers?limit=1`)).json()) as { slug: string; name: string }[];
    const page = await request(`${base}/provider/${first!.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('netlify-cache-tag')).toMatch(/^provider-[0-9a-f-]+,providers$/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="https://glow.example.com/provider/${first!.slug}"`);
    expect((await request(`${base}/provider/not-a-real-provider`)).status).toBe(404);
    // Pre-built pages stay static files.
    const home = await request(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('netlify-cache-tag')).toBeNull();
  });

  it('every API function answers its own path, the big ones too (owner calls, photos), not the renderer', async () => {
    for (const path of ['/api/owners/session', '/api/providers/not-a-provider/photos', '/api/providers?limit=1']) {
      const res = await request(`${base}${path}`);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('errors keep their status and JSON body', async () => {
    const res = await request(`${base}/api/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { message: string }[] }).issues.map((i) => i.message)).toContain('Name is required');
    const wrong = await request(`${base}/api/search`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
