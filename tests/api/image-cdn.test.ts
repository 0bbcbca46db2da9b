/**
 * The local Image CDN (docs/security.md "The local Image CDN") attacked as a CPU sink and a request
 * forger: out-of-bounds sizes and qualities, formats, fits and positions off the list, other hosts as
 * sources, repeated and unknown parameters, other methods. Runs `npm start`'s server
 * (createSiteServer) on a temporary dist/ holding one real image, over real HTTP.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../src/local-server/staticSite';

let dir: string;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'glow-image-cdn-'));
  mkdirSync(join(dir, 'img'));
  writeFileSync(
    join(dir, 'img', 'photo.png'),
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c48' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(join(dir, 'img', 'not-an-image.png'), 'hello');
  const server = createSiteServer({ distDir: dir, routes: [], netlify: { redirects: [], headers: [] } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const cdn = (query: string, init?: RequestInit) => fetch(`${base}/.netlify/images?${query}`, init);
const SOURCE = 'url=%2Fimg%2Fphoto.png';

describe('the local Image CDN', () => {
  it('resizes within bounds in every listed format, fit and position, never enlarging', async () => {
    for (const fm of ['avif', 'webp', 'jpg', 'png']) {
      const res = await cdn(`${SOURCE}&w=200&fm=${fm}&q=60`);
      expect(res.status, fm).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(200);
    }
    for (const fit of ['contain', 'cover', 'fill'])
      for (const position of ['center', 'top', 'bottom', 'left', 'right']) {
        const res = await cdn(`${SOURCE}&w=100&h=100&fit=${fit}&position=${position}&fm=webp`);
        expect(res.status, `${fit} ${position}`).toBe(200);
      }
    const huge = await cdn(`${SOURCE}&w=4096&h=4096&fit=fill&fm=png`);
    expect(huge.status).toBe(200);
    const meta = await sharp(Buffer.from(await huge.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });

  it('negotiates the format from Accept without fm, and says it varies', async () => {
    const res = await cdn(`${SOURCE}&w=100`, { headers: { Accept: 'image/avif,image/webp,*/*' } });
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('vary')).toBe('Accept');
    expect((await cdn(`${SOURCE}&w=100`, { headers: { Accept: 'image/webp' } })).headers.get('content-type')).toBe('image/webp');
  });

  it('refuses out-of-bounds and non-integer sizes and qualities before fetching anything', async () => {
    for (const bad of [
      'w=0',
      'w=4097',
      'w=-5',
      'w=1e3',
      'w=100.5',
      'w=0x10',
      'w=%20100',
      'w=99999999999999999999',
      'h=5000',
      'height=0',
      'q=0',
      'q=101',
      'quality=abc',
    ]) {
      const res = await cdn(`${SOURCE}&${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('takes fm, fit and position only from their lists', async () => {
    for (const bad of [
      'fm=gif',
      'fm=blurhash',
      'fm=svg',
      'fm=WEBP',
      'fit=inside',
      'fit=outside',
      'position=entropy',
      'position=attention',
      'position=top left',
    ])
      expect((await cdn(`${SOURCE}&w=10&${bad}`)).status, bad).toBe(400);
  });

  it('refuses unknown and repeated parameters', async () => {
    for (const bad of ['w=10&w=20', 'w=10&width=20', 'blur=50', 'url=%2Fimg%2Fphoto.png']) expect((await cdn(`${SOURCE}&${bad}`)).status, bad).toBe(400);
  });

  it('fetches only paths of this site: other hosts, protocol-relative and backslash sources are refused', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'https://evil.example/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'img/photo.png',
      '',
      'file:///etc/passwd',
    ])
      expect((await cdn(`url=${encodeURIComponent(url)}&w=10`)).status, url).toBe(400);
    expect((await cdn('w=10')).status).toBe(400);
  });

  it('answers a missing source 404 and a source that is not an image 400, with no internal address in the body', async () => {
    for (const [query, status] of [
      ['url=%2Fimg%2Fnope.png&w=10', 404],
      ['url=%2Fimg%2Fnot-an-image.png&w=10', 400],
      ['w=99999', 400],
    ] as const) {
      const res = await cdn(query);
      expect(res.status, query).toBe(status);
      const body = await res.text();
      expect(body).not.toMatch(/127\.0\.0\.1|localhost|\[::|http:/);
      expect(body.length).toBeLessThan(200);
    }
  });

  it('answers 405 to other methods, TRACE included', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'PATCH']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${base}/.netlify/images?${SOURCE}&w=10`, { method }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(status, method).toBe(405);
    }
  });
});
