/**
 * A newcomer runs `npm start` and opens http://localhost:PORT (or 127.0.0.1) without setting
 * SITE_URL: owner calls accept that origin (docs/security.md "Requests"), with cookies a plain-http
 * page keeps. The attacks it must not let in: another local port, another Host naming a loopback
 * name on another port, a site named by DNS that points at 127.0.0.1, and a deploy, which accepts
 * only its own origin. Real HTTP on the local server, a real SMTP server, a file or sqld.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';
import { editOf } from '../helpers/owners';
import { startSmtp, type TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let port: number;
let listing: { id: string; email: string };

beforeAll(async () => {
  mail = await startSmtp();
  process.env.SMTP_URL = mail.url;
  delete process.env.SITE_URL;
  api = await startApi();
  port = Number(new URL(api.base).port);
  listing = (await api.database.db
    .selectFrom('providers')
    .select(['id', 'email'])
    .where('email', 'is not', null)
    .where('vetted_at', 'is not', null)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirstOrThrow()) as typeof listing;
});
afterAll(async () => {
  await api.close();
  await mail.close();
  delete process.env.SMTP_URL;
});

interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

/** A request to the local server (on 127.0.0.1) with the Host and Origin a browser at `host` sends. */
function call(
  method: string,
  path: string,
  { host, origin, cookie, body }: { host: string; origin?: string; cookie?: string; body?: unknown },
): Promise<Answer> {
  const headers: Record<string, string> = { Host: host, 'Content-Type': 'application/json' };
  if (origin) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        const raw = res.headers['set-cookie'];
        resolve({ status: res.statusCode ?? 0, body: text, setCookies: raw ?? [] });
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function signIn(host: string, origin: string): Promise<string> {
  mail.messages.length = 0;
  const asked = await call('POST', '/api/owners/code', { host, origin, body: { email: listing.email, providerId: listing.id } });
  expect(asked.status, asked.body).toBe(202);
  const code = await mail.code(listing.email);
  const signedIn = await call('POST', '/api/owners/sign-in', { host, origin, body: { email: listing.email, code, providerId: listing.id } });
  expect(signedIn.status, signedIn.body).toBe(200);
  // A plain-http page keeps only cookies without Secure (and without the __Secure- prefix).
  for (const cookie of signedIn.setCookies) {
    expect(cookie).not.toMatch(/;\s*secure/i);
    expect(cookie).not.toMatch(/^__Secure-/);
  }
  return signedIn.setCookies.map((c) => c.split(';')[0]).join('; ');
}

describe('npm start opened at a loopback origin without SITE_URL', () => {
  for (const name of ['localhost', '127.0.0.1', '[::1]']) {
    it(`signs an owner in and saves an edit from http://${name}:PORT`, async () => {
      const host = `${name}:${port}`;
      const origin = `http://${host}`;
      const cookie = await signIn(host, origin);
      const session = await call('GET', '/api/owners/session', { host, cookie });
      expect(JSON.parse(session.body).email).toBe(listing.email.toLowerCase());
      const current = await call('GET', `/api/owners/listings/${listing.id}`, { host, cookie });
      expect(current.status, current.body).toBe(200);
      const saved = await call('PUT', `/api/owners/listings/${listing.id}`, { host, origin, cookie, body: editOf(JSON.parse(current.body)) });
      expect(saved.status, saved.body).toBe(200);
      expect((await call('DELETE', '/api/owners/session', { host, origin, cookie })).status).toBe(204);
      // A replay of the save with the signed-out cookie is refused.
      expect((await call('PUT', `/api/owners/listings/${listing.id}`, { host, origin, cookie, body: editOf(JSON.parse(current.body)) })).status).toBe(401);
    });
  }

  it('refuses another local port, a loopback Host on another port, and a DNS name pointing at this machine', async () => {
    const body = { email: listing.email, providerId: listing.id };
    for (const [host, origin] of [
      [`localhost:${port}`, `http://localhost:${port + 1}`],
      [`localhost:${port + 1}`, `http://localhost:${port + 1}`],
      [`rebind.evil.example:${port}`, `http://rebind.evil.example:${port}`],
      [`localhost:${port}`, `https://localhost:${port}`],
      [`localhost:${port}`, 'null'],
    ]) {
      const res = await call('POST', '/api/owners/code', { host, origin, body });
      expect(res.status, `${host} ${origin}`).toBe(403);
    }
    expect((await call('POST', '/api/owners/code', { host: `localhost:${port}`, body })).status).toBe(403);
  });

  it('a deploy accepts only its own origin, never a loopback one', async () => {
    Object.assign(process.env, { SITE_NAME: 'glow', URL: 'https://glow.example.com', AUTH_SECRET: 'a-real-secret-of-forty-characters-000000' });
    try {
      const res = await call('POST', '/api/owners/code', {
        host: `localhost:${port}`,
        origin: `http://localhost:${port}`,
        body: { email: listing.email, providerId: listing.id },
      });
      expect(res.status, res.body).toBe(403);
    } finally {
      delete process.env.SITE_NAME;
      delete process.env.URL;
      delete process.env.AUTH_SECRET;
    }
  });
});
