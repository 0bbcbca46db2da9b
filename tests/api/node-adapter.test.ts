/** Web Responses written to Node (src/local-server/nodeAdapter.ts): lengths, repeated headers and compression as sent. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/server/http';
import { sendWebResponse } from '../../src/local-server/nodeAdapter';

const RESPONSES: Record<string, () => Response> = {
  '/json': () => json({ text: 'é'.repeat(10) }, 201, { 'X-Extra': 'yes' }),
  '/page': () => {
    const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', Vary: 'Cookie', 'Content-Length': '999' });
    headers.append('Set-Cookie', 'a=1');
    headers.append('Set-Cookie', 'b=2');
    return new Response(`<p>${'x'.repeat(2000)}</p>`, { headers });
  },
  '/empty': () => new Response(null, { status: 204, headers: { 'X-Empty': '1' } }),
};

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => void sendWebResponse(res, RESPONSES[req.url!]!(), String(req.headers['accept-encoding'] ?? '')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The raw answer: status, headers as sent (repeated ones kept) and body bytes. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('sendWebResponse', () => {
  it("writes a function's JSON with its status, headers and byte length", async () => {
    const res = await get('/json');
    expect(res.status).toBe(201);
    expect(res.headers['x-extra']).toBe('yes');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ text: 'é'.repeat(10) });
  });

  it('keeps repeated headers and sends the length of the body as sent', async () => {
    const plain = await get('/page');
    expect(plain.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.headers.vary).toBe('Cookie');
    const packed = await get('/page', { 'Accept-Encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(gunzipSync(packed.body).toString()).toBe(plain.body.toString());
  });

  it('answers a response without a body with its headers only', async () => {
    const res = await get('/empty');
    expect(res.status).toBe(204);
    expect(res.headers['x-empty']).toBe('1');
    expect(res.body.length).toBe(0);
  });
});
