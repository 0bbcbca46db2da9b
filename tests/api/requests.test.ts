/**
 * Requests a stranger crafts (issue "Hardening", docs/security.md "Requests"), sent to `npm start`'s
 * server (dist/, the functions, the built renderer; needs a build): no request forgery through
 * Astro's image endpoint or a `//host/` path or the Host header, bad percent-encoding and a
 * malformed Host answer 4xx, and every kind of answer carries the security headers.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../../src/env.server';
import { headersFor } from '../../src/local-server/netlifyConfig';
import { loadSsrFunction } from '../../src/local-server/ssrFunction';
import { readNetlifyConfig } from '../../src/local-server/staticSite';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
let port: string;
/** A server standing for an internal service on this machine: it counts what reaches it. */
let internal: Server;
let internalPort: number;
let internalHits = 0;
const SLUG = 'lacquer-lace-nail-studio-new-york';
const SECURITY = headersFor(readNetlifyConfig(), '/');
const REQUIRED = ['Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options', 'Strict-Transport-Security', 'Referrer-Policy'];

beforeAll(async () => {
  api = await startApi({ site: true });
  port = new URL(api.base).port;
  internal = createServer((_req, res) => {
    internalHits++;
    res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => internal.close(r));
  await api.close();
});

/** A raw request: the path exactly as given (no normalising of "//" or bad escapes), any method and Host. */
function raw(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: !('Host' in headers) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request forgery', () => {
  it('a //host/ path answers 404 and fetches nothing from the host it names', async () => {
    const res = await raw('GET', `//127.0.0.1:${internalPort}/_image?href=/images/x.svg`);
    expect(res.status).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/31536000/);
    expect((await raw('GET', `/\\127.0.0.1:${internalPort}/_image?href=/x.svg`)).status).toBe(404);
    expect((await raw('GET', `http://127.0.0.1:${internalPort}/_image?href=/x.svg`)).status).toBe(404);
    expect(internalHits).toBe(0);
  });

  it('/_image answers 404 at once, whatever the Host header names, and fetches nothing', async () => {
    for (const host of [`127.0.0.1:${port}`, `127.0.0.1:${internalPort}`, 'localhost']) {
      const started = Date.now();
      const res = await raw('GET', '/_image?href=/images/hero-home.webp&w=1600&f=avif&q=100', { Host: host });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/^image\//);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect((await raw('GET', `/_image?href=http://127.0.0.1:${internalPort}/x.svg`)).status).toBe(404);
    expect(internalHits).toBe(0);
  });

  it("the built renderer itself (Netlify's function) answers /_image with 404, without encoding anything", async () => {
    const render = (await loadSsrFunction())!;
    const started = Date.now();
    const res = await render(new Request(`${env().SITE_URL}/_image?href=/images/hero-home.webp&w=1600&f=avif&q=100`), { params: {}, ip: '' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/^image\//);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('pages are built on SITE_URL whatever the Host header says', async () => {
    const res = await raw('GET', `/provider/${SLUG}`, { Host: `127.0.0.1:${internalPort}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${env().SITE_URL}/provider/${SLUG}"`);
    expect(res.body).not.toContain(`127.0.0.1:${internalPort}`);
  });
});

describe('malformed requests', () => {
  it('bad percent-encoding answers 400 from the API (by-slug, reviews, summary, reports), never 500', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/providers/by-slug/%E0%A4%A'],
      ['GET', '/api/providers/%E0%A4%A/reviews'],
      ['GET', '/api/providers/%E0%A4%A/reviews/summary'],
    ];
    for (const [method, path] of calls) {
      const res = await raw(method, path);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).error).toBe('The address has invalid percent-encoding');
    }
    const report = await fetch(`${api.base}/api/reviews/%E0%A4%A/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'spam' }),
    });
    expect(report.status).toBe(400);
  });

  it('bad percent-encoding in a page path answers 400', async () => {
    for (const path of ['/provider/%E0%A4%A', '/%E0%A4%A', '/city/%FF']) expect((await raw('GET', path)).status, path).toBe(400);
  });

  it('a malformed Host header answers 400', async () => {
    for (const host of ['a b', 'a/b', 'a@b', '[::1', '']) expect((await raw('GET', '/', { Host: host })).status, JSON.stringify(host)).toBe(400);
    expect((await raw('GET', '/', { Host: 'glow.example.com' })).status).toBe(200);
    expect((await raw('GET', '/', { Host: '[::1]:4321' })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('every kind of answer carries them: 200, 404, 301, 405, 400 and 500, pages and API', async () => {
    const { client } = api.database;
    const provider = (await (await fetch(`${api.base}/api/providers/by-slug/${SLUG}`)).json()) as { id: string };
    const kinds: { kind: number; send: () => ReturnType<typeof raw> }[] = [
      { kind: 200, send: () => raw('GET', '/faq') },
      { kind: 200, send: () => raw('GET', `/provider/${SLUG}`) },
      { kind: 404, send: () => raw('GET', '/no/such/page') },
      { kind: 404, send: () => raw('GET', '/provider/no-such-provider-here') },
      { kind: 404, send: () => raw('GET', '//evil.example/') },
      { kind: 404, send: () => raw('GET', '/_image?href=/images/hero-home.webp') },
      { kind: 404, send: () => raw('GET', '/api/unknown') },
      { kind: 301, send: () => raw('GET', `/provider/${SLUG}/`) },
      { kind: 301, send: () => raw('GET', '/provider/3f1c2a9e-5b7d-5c1a-a2e4-9d8b7c6a5f40') },
      { kind: 405, send: () => raw('POST', '/about') },
      { kind: 405, send: () => raw('OPTIONS', '/about') },
      { kind: 405, send: () => raw('TRACE', '/about') },
      { kind: 405, send: () => raw('GET', '/api/reviews') },
      { kind: 400, send: () => raw('GET', '/', { Host: 'a b' }) },
      { kind: 400, send: () => raw('GET', '/%E0%A4%A') },
      { kind: 400, send: () => raw('GET', '/api/providers/by-slug/%E0%A4%A') },
      // A real fault: a column the reads need is gone (undone below).
      { kind: 500, send: () => raw('GET', `/api/providers/${provider.id}/reviews`) },
      { kind: 500, send: () => raw('GET', `/provider/${SLUG}`) },
    ];
    const seen = new Set<number>();
    try {
      for (const { kind, send } of kinds) {
        if (kind === 500) await client.execute('ALTER TABLE reviews RENAME COLUMN createdAt TO createdAtGone').catch(() => {});
        const res = await send();
        expect(res.status, `${kind} #${kinds.findIndex((k) => k.send === send)}`).toBe(kind);
        seen.add(res.status);
        for (const h of REQUIRED) expect(res.headers[h.toLowerCase()], `${kind} ${h}`).toBeTruthy();
        if (!res.headers['content-type']?.toString().includes('json')) {
          for (const h of REQUIRED) expect(res.headers[h.toLowerCase()], `${kind} ${h}`).toBe(SECURITY[h]);
        }
      }
    } finally {
      await client.execute('ALTER TABLE reviews RENAME COLUMN createdAtGone TO createdAt').catch(() => {});
    }
    expect([...seen].sort()).toEqual([200, 301, 400, 404, 405, 500]);
  });
});
