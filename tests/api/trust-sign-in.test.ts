/**
 * Sign-in codes no stranger can turn against an owner (issue 37, docs/owners.md "Cookies, Origin,
 * limits"), each test the attack it stops, over real HTTP with a real SMTP server, over a file and
 * over sqld. Strangers' networks are other local addresses (127.0.0.2, …).
 */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSecret } from '../../src/features/owners/auth.server';
import { LIMIT_MESSAGES } from '../../src/features/owners/codeLimits.server';
import { errorOf, type TestApi } from '../helpers/api';
import { requestFrom, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let listing: { id: string; email: string; name: string };
let owner: SignedInOwner;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  listing = (await (await api.get('/api/providers/by-slug/lacquer-lace-nail-studio-new-york')).json()) as typeof listing;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
});
afterAll(async () => {
  await stop?.();
});

const STRANGER = '127.0.0.2';
const OTHER_STRANGER = '127.0.0.3';
const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.post(path, body, { headers: { 'Content-Type': 'application/json', Origin: api.base, ...headers } });
const del = (path: string, init: RequestInit) => fetch(`${api.base}${path}`, { method: 'DELETE', ...init });
/** Runs `run` with one variable set, then puts the environment back as it was (a copy, not a read of the variable). */
const withEnv = async <T>(name: string, value: string, run: () => Promise<T>): Promise<T> => {
  const saved = { ...process.env };
  Object.assign(process.env, { [name]: value });
  try {
    return await run();
  } finally {
    process.env = saved;
  }
};

describe('no lock-out', () => {
  it("a stranger's wrong guesses from one network stop (429) before the owner's code is used up: it still signs the owner in", async () => {
    await send('/api/owners/code', { email: listing.email });
    const code = await mail.code(listing.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++)
      expect((await requestFrom(api, STRANGER, 'POST', '/api/owners/sign-in', { email: listing.email, code: wrong })).status).toBe(400);
    const fifth = await requestFrom(api, STRANGER, 'POST', '/api/owners/sign-in', { email: listing.email, code });
    expect(fifth.status).toBe(429);
    expect(fifth.json.error).toBe(LIMIT_MESSAGES.entries);
    expect((await send('/api/owners/sign-in', { email: listing.email, code })).status).toBe(200);
  });

  it('code requests that fail their checks never count against the owner: five bogus ones, then the owner still gets a code', async () => {
    const orchard = (await (await api.get('/api/providers/by-slug/little-orchard-nail-parlor-new-york')).json()) as { id: string };
    const address = 'frontdesk@littleorchard.example.com';
    await withEnv('RATE_LIMIT_CODES_PER_EMAIL', '2', async () => {
      for (let i = 0; i < 5; i++) {
        // The owner's address, claiming a listing it cannot prove, and signing in to a dashboard it does not have yet: nothing sent, nothing counted.
        expect((await requestFrom(api, STRANGER, 'POST', '/api/owners/code', { email: address, providerId: listing.id })).status).toBe(400);
        expect((await requestFrom(api, STRANGER, 'POST', '/api/owners/code', { email: address })).status).toBe(202);
      }
      const before = mail.messages.length;
      expect((await send('/api/owners/code', { email: address, providerId: orchard.id })).status).toBe(202);
      await mail.code(address);
      expect(mail.messages.length).toBe(before + 1);
    });
  });

  it('the answer never tells whether an address manages a listing: the same 202, and mail only to an owner', async () => {
    const before = mail.messages.length;
    const stranger = await requestFrom(api, OTHER_STRANGER, 'POST', '/api/owners/code', { email: 'nobody@not-an-owner.example.net' });
    const real = await requestFrom(api, OTHER_STRANGER, 'POST', '/api/owners/code', { email: listing.email });
    expect(stranger.status).toBe(202);
    expect(real.status).toBe(202);
    expect(Object.keys(stranger.json).sort()).toEqual(Object.keys(real.json).sort());
    expect({ ...stranger.json, email: null }).toEqual({ ...real.json, email: null });
    await mail.latest(listing.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.slice(before).map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text)).toEqual([listing.email]);
  });

  it('an owner with a live session is never blocked by a network full of strangers', async () => {
    await withEnv('RATE_LIMIT_CODES', '1', async () => {
      // The shared network's one request in this window is spent by someone else.
      await send('/api/owners/code', { email: 'someone@else.example.net' });
      expect((await send('/api/owners/code', { email: 'another@else.example.net' })).status).toBe(429);
      const res = await send('/api/owners/code', { email: listing.email, providerId: listing.id }, { Cookie: owner.cookie });
      expect(res.status).toBe(202);
    });
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account (a stolen cookie too), and needs a session and the site’s Origin', async () => {
    const laptop = await signInOwner(api, mail, api.base, listing.email);
    const stolen = await signInOwner(api, mail, api.base, listing.email);
    const session = (cookie: string) => api.get('/api/owners/session', { headers: { Cookie: cookie } });
    expect((await session(stolen.cookie)).status).toBe(200);

    const forged = await del('/api/owners/session?everywhere=true', { headers: { Cookie: laptop.cookie, Origin: 'https://evil.example.net' } });
    expect(forged.status).toBe(403);
    expect((await session(stolen.cookie)).status).toBe(200);
    const anonymous = await del('/api/owners/session?everywhere=true', { headers: { Origin: api.base } });
    expect(anonymous.status).toBe(401);
    const bad = await del('/api/owners/session?everywhere=maybe', { headers: { Cookie: laptop.cookie, Origin: api.base } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).error).toContain('everywhere must be true or false');

    const everywhere = await del('/api/owners/session?everywhere=true', { headers: { Cookie: laptop.cookie, Origin: api.base } });
    expect(everywhere.status).toBe(204);
    expect(everywhere.headers.getSetCookie().join()).toMatch(/glow\.session_token=;/);
    for (const cookie of [laptop.cookie, stolen.cookie, owner.cookie]) expect((await session(cookie)).status).toBe(401);
    const left = await api.database.db.selectFrom('auth_sessions').select('id').execute();
    expect(left).toEqual([]);
    owner = await signInOwner(api, mail, api.base, listing.email);
  });
});

describe('codes at rest', () => {
  it('a copy of the database signs no one in: the stored code is a keyed hash (HMAC with AUTH_SECRET), not one to try six digits against', async () => {
    await send('/api/owners/code', { email: listing.email });
    const code = await mail.code(listing.email);
    const row = await api.database.db
      .selectFrom('auth_verifications')
      .select('value')
      .where('identifier', '=', `sign-in-otp-${listing.email.toLowerCase()}`)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    const stored = row.value.slice(0, row.value.lastIndexOf(':'));
    expect(stored).toBe(createHmac('sha256', authSecret()).update(code).digest('base64url'));
    // The attack: hash six-digit codes the way an unkeyed store would until one matches. The real
    // code's unkeyed hash is not what is stored, so the million tries find nothing; the key is AUTH_SECRET.
    expect(stored).not.toBe(createHash('sha256').update(code).digest('base64url'));
    expect(stored).not.toContain(code);
    expect(stored).not.toBe(createHmac('sha256', 'a-guessed-secret').update(code).digest('base64url'));
  });
});
