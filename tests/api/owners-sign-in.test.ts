/**
 * Owner sign-in and claim over real HTTP, a real SMTP server and the test's database (a file, and
 * sqld in the sqld project): codes (wrong, expired, reused, sixth), cookies, Origin, rate limits,
 * and requireListingOwner for no session, another owner and another Origin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, validListing, type TestApi } from '../helpers/api';
import { requestFrom, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { requireListingOwner } from '../../src/features/owners/index.server';
import { HttpError } from '../../src/server/http';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let listing: { id: string; name: string; slug: string; email: string };
let other: { id: string; name: string; slug: string; email: string };
let third: { id: string; name: string; slug: string; email: string };

beforeAll(async () => {
  // The site's origin is SITE_URL (npm start builds every request URL on it): here, the test server's.
  ({ api, mail, stop } = await startOwnerApi({ mailFrom: 'Glow <no-reply@glow.example.com>' }));
  const rows = await api.database.db
    .selectFrom('providers')
    .select(['id', 'name', 'slug', 'email'])
    .where('email', 'is not', null)
    .orderBy('seq')
    .limit(3)
    .execute();
  [listing, other, third] = rows as (typeof listing)[];
});

afterAll(async () => {
  await stop?.();
});

beforeEach(() => {
  mail.messages.length = 0;
});

const origin = () => api.base;
const send = (path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
  fetch(api.base + path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: origin(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function claim(target: typeof listing): Promise<string> {
  expect((await send('/api/owners/code', { email: target.email, providerId: target.id })).status).toBe(202);
  const code = await mail.code(target.email);
  const res = await send('/api/owners/sign-in', { email: target.email, code, providerId: target.id });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

describe('codes', () => {
  it('mails a 6-digit code with a plain-text part that says who asked and what to do if it was not them', async () => {
    const res = await send('/api/owners/code', { email: listing.email.toUpperCase(), providerId: listing.id });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true, email: listing.email.toLowerCase(), expiresInMinutes: 10 });
    const message = await mail.latest(listing.email);
    expect(message.subject).toMatch(/^\d{6} is your Glow code$/);
    expect(message.from?.text).toContain('no-reply@glow.example.com');
    expect(message.text).toContain(`claim the listing ${api.base}/provider/${listing.slug} on Glow`);
    expect(message.text).not.toContain(listing.name);
    expect(message.text).toContain('If this was not you, ignore this email');
    expect(message.text).toContain('10 minutes');
  });

  it('sends nothing to an address that is neither the listing’s nor at its website’s domain, and says which can claim', async () => {
    const res = await send('/api/owners/code', { email: 'someone@elsewhere.example.net', providerId: listing.id });
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.error).toContain(`Only the listing's email (${listing.email})`);
    expect(body.error).toContain('/contact');
    expect(body.issues[0]?.path).toBe('email');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.messages).toHaveLength(0);
  });

  it('refuses a wrong code; stops one network before the code is used up; refuses a sixth attempt even with the right code', async () => {
    await send('/api/owners/code', { email: listing.email, providerId: listing.id });
    const code = await mail.code(listing.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const from = (address: string, guess: string) =>
      requestFrom(api, address, 'POST', '/api/owners/sign-in', { email: listing.email, code: guess, providerId: listing.id });
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await from('127.0.0.4', wrong);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('That code is not right. Check the latest email from Glow and try again.');
    }
    // One network is stopped before the code's own five attempts run out (codeLimits.server.ts).
    expect((await from('127.0.0.4', code)).status).toBe(429);
    // From a second network the fifth wrong attempt uses the code up: even the right code is refused after it.
    expect((await from('127.0.0.5', wrong)).status).toBe(400);
    const sixth = await send('/api/owners/sign-in', { email: listing.email, code, providerId: listing.id });
    expect(sixth.status).toBe(403);
    expect((await errorOf(sixth)).error).toBe('Too many wrong codes. Ask for a new code.');
    expect(sixth.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a reused code (a replay) and an expired one', async () => {
    const cookie = await claim(listing);
    expect(cookie).toContain('glow.session_token=');
    const code = await mail.code(listing.email);
    const replay = await send('/api/owners/sign-in', { email: listing.email, code, providerId: listing.id });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).error).toBe('That code was already used or replaced by a newer one. Ask for a new code.');

    mail.messages.length = 0;
    await send('/api/owners/code', { email: listing.email, providerId: listing.id });
    const late = await mail.code(listing.email);
    await api.database.db
      .updateTable('auth_verifications')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('identifier', '=', `sign-in-otp-${listing.email.toLowerCase()}`)
      .execute();
    const expired = await send('/api/owners/sign-in', { email: listing.email, code: late, providerId: listing.id });
    expect(expired.status).toBe(400);
    expect((await errorOf(expired)).error).toBe('That code has expired (codes last 10 minutes). Ask for a new code.');
  });

  it('stores codes hashed, sessions in the database and never a password', async () => {
    await send('/api/owners/code', { email: listing.email, providerId: listing.id });
    const code = await mail.code(listing.email);
    const stored = await api.database.db.selectFrom('auth_verifications').select('value').execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.value).not.toContain(code);
    const accounts = await api.database.db.selectFrom('auth_accounts').select('password').execute();
    for (const row of accounts) expect(row.password).toBeNull();
    await expect(
      api.database.client.execute({
        sql: `INSERT INTO auth_accounts (id, accountId, providerId, userId, password, createdAt, updatedAt)
              SELECT 'x', 'x', 'credential', id, 'hunter2', 'now', 'now' FROM auth_users LIMIT 1`,
        args: [],
      }),
    ).rejects.toThrow(/CHECK/i);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax cookie (not Secure on plain-http localhost) that the session call reads, and signs out', async () => {
    await send('/api/owners/code', { email: listing.email, providerId: listing.id });
    const res = await send('/api/owners/sign-in', { email: listing.email, code: await mail.code(listing.email), providerId: listing.id });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('glow.session_token='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/i);
    const body = await res.json();
    expect(body).toEqual({ email: listing.email.toLowerCase(), listings: [{ id: listing.id, name: listing.name, slug: listing.slug }] });
    const cookie = cookieOf(res);
    const me = await api.get('/api/owners/session', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(listing.email.toLowerCase());

    expect((await send('/api/owners/session', undefined, { Cookie: cookie, Origin: 'https://evil.example.net' }, 'DELETE')).status).toBe(403);
    const out = await send('/api/owners/session', undefined, { Cookie: cookie }, 'DELETE');
    expect(out.status).toBe(204);
    expect((await api.get('/api/owners/session', { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('records the claim once, in the audit table', async () => {
    const owners = await api.database.db.selectFrom('listing_owners').selectAll().where('providerId', '=', listing.id).execute();
    expect(owners).toHaveLength(1);
    expect(owners[0]!.via).toBe('listed-email');
    const audit = await api.database.db.selectFrom('owner_audit').selectAll().where('providerId', '=', listing.id).execute();
    expect(audit.filter((a) => a.action === 'claim')).toHaveLength(1);
    expect(audit[0]!.actor).toBe(listing.email.toLowerCase());
  });
});

describe('a listing from the business popup', () => {
  it('is claimed, not vetted, by its applicant entering the code mailed to the address they typed: no badge', async () => {
    const applied = await api.post('/api/providers', validListing({ name: 'Juniper Lane Lash Loft', email: 'hello@juniperlane.example.com' }));
    expect(applied.status).toBe(201);
    const created = (await applied.json()) as { id: string };
    const vetted = () => api.database.db.selectFrom('providers').select(['vetted_at', 'vetted_by']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect((await vetted()).vetted_at).toBeNull();
    await send('/api/owners/code', { email: 'hello@juniperlane.example.com', providerId: created.id });
    const res = await send('/api/owners/sign-in', {
      email: 'hello@juniperlane.example.com',
      code: await mail.code('hello@juniperlane.example.com'),
      providerId: created.id,
    });
    expect(res.status).toBe(200);
    expect(await vetted()).toEqual({ vetted_at: null, vetted_by: null });
  });
});

describe('requireListingOwner', () => {
  const request = (cookie: string | null, requestOrigin: string | null = origin()) =>
    new Request(`${api.base}/api/anything`, {
      method: 'POST',
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(requestOrigin ? { Origin: requestOrigin } : {}) },
    });
  const statusOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 200;
    } catch (error) {
      if (error instanceof HttpError) return error.status;
      throw error;
    }
  };

  it('answers with the owner, and 401 / 403 for no session, another owner, another or no Origin', async () => {
    const mine = await claim(listing);
    const theirs = await claim(other);
    await expect(requireListingOwner(request(mine), listing.id)).resolves.toMatchObject({ email: listing.email.toLowerCase() });
    expect(await statusOf(requireListingOwner(request(null), listing.id))).toBe(401);
    expect(await statusOf(requireListingOwner(request(theirs), listing.id))).toBe(403);
    expect(await statusOf(requireListingOwner(request(mine, 'https://evil.example.net'), listing.id))).toBe(403);
    expect(await statusOf(requireListingOwner(request(mine, null), listing.id))).toBe(403);
    expect(await statusOf(requireListingOwner(request('glow.session_token=forged.value'), listing.id))).toBe(401);
  });

  it('refuses another account’s claim of a listing already managed', async () => {
    // The other owner's address is not this listing's, so it cannot even ask.
    const res = await send('/api/owners/code', { email: other.email, providerId: listing.id });
    expect(res.status).toBe(400);
  });
});

describe('Origin and limits', () => {
  it('refuses a code request or a sign-in from another Origin, or with none', async () => {
    for (const path of ['/api/owners/code', '/api/owners/sign-in']) {
      const res = await send(path, { email: listing.email, code: '123456', providerId: listing.id }, { Origin: 'https://evil.example.net' });
      expect(res.status).toBe(403);
      const none = await fetch(api.base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: listing.email }),
      });
      expect(none.status).toBe(403);
    }
    expect(mail.messages).toHaveLength(0);
  });

  it('limits code requests per email address and per client address', async () => {
    process.env.RATE_LIMIT_CODES_PER_EMAIL = '2';
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send('/api/owners/code', { email: third.email, providerId: third.id })).status);
      expect(statuses).toEqual([202, 202, 429]);
      // Counted per address: another address is not held back by it.
      const orchard = await api.database.db
        .selectFrom('providers')
        .select('id')
        .where('slug', '=', 'little-orchard-nail-parlor-new-york')
        .executeTakeFirstOrThrow();
      expect((await send('/api/owners/code', { email: 'frontdesk@littleorchard.example.com', providerId: orchard.id })).status).toBe(202);
    } finally {
      process.env.RATE_LIMIT_CODES_PER_EMAIL = '100000';
    }
    process.env.RATE_LIMIT_CODES = '1';
    try {
      const res = await send('/api/owners/code', { email: listing.email, providerId: listing.id });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      process.env.RATE_LIMIT_CODES = '100000';
    }
  });

  it('refuses to send codes with a clear error where no mail server is configured', async () => {
    delete process.env.SMTP_URL;
    try {
      const res = await send('/api/owners/code', { email: listing.email, providerId: listing.id });
      expect(res.status).toBe(503);
      expect((await errorOf(res)).error).toBe(
        'Sign-in codes cannot be sent right now: this site has no mail server configured (SMTP_URL). Please contact support.',
      );
    } finally {
      process.env.SMTP_URL = mail.url;
    }
  });
});
