/**
 * A listing from the business popup is claimed by its applicant (docs/owners.md "New listings"),
 * over real HTTP, a real SMTP server and the test's database (a file, and sqld in the sqld
 * project): the code mailed when the listing is made, with its link to /business; the claim, its
 * audit and vetting; a wrong code, a reused one, another address, a claim by someone else first,
 * held copies and the code limits. And owner sign-in on a deploy without AUTH_SECRET.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, validListing, type TestApi } from '../helpers/api';
import { startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
});

afterAll(async () => {
  await stop?.();
});

beforeEach(() => {
  mail.messages.length = 0;
});

const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(api.base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: api.base, ...headers },
    body: JSON.stringify(body),
  });

let phone = 100;
/** Lists a business as the popup does (a name and phone of its own, so it is no copy); returns its id. */
async function list(name: string, email: string, extra: Record<string, unknown> = {}): Promise<string> {
  phone += 1;
  const res = await send('/api/providers', validListing({ name, email, phone: `(208) 555-0${phone}`, ...extra }));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const ownerRow = (providerId: string) => api.database.db.selectFrom('listing_owners').selectAll().where('providerId', '=', providerId).executeTakeFirst();
const vetting = (providerId: string) =>
  api.database.db.selectFrom('providers').select(['vetted_at', 'vetted_by']).where('id', '=', providerId).executeTakeFirstOrThrow();
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('the applicant of a new listing', () => {
  it('is mailed a code with a link to the claim step, and entering it claims the listing (audited) but does not vet it: the applicant typed that address themselves', async () => {
    const email = 'hello@marigoldmews.example.com';
    const id = await list('Marigold Mews Brow Studio', email);
    const message = await mail.latest(email);
    expect(message.subject).toMatch(/^\d{6} is your Glow code$/);
    expect(message.text).toMatch(/Someone listed a business on Glow at http:\/\/\S+\/provider\/\S+ and gave this email address\./);
    expect(message.text).not.toContain('Marigold Mews');
    const link = /(http:\/\/\S+\/business\?\S+?)\s/.exec(message.text ?? '')?.[1];
    expect(link, 'a link to the claim step').toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(api.base);
    expect(Object.fromEntries(url.searchParams)).toEqual({ claim: id, email });
    expect(message.html).toContain(`<a href="${link!.replaceAll('&', '&#38;')}">`);
    expect(message.text).toContain('If this was not you, ignore this email');
    expect((await vetting(id)).vetted_at).toBeNull();

    const res = await send('/api/owners/sign-in', { email, code: await mail.code(email), providerId: id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email, listings: [expect.objectContaining({ id, name: 'Marigold Mews Brow Studio' })] });
    expect(res.headers.getSetCookie().join()).toContain('glow.session_token=');
    expect(await ownerRow(id)).toMatchObject({ email, via: 'new-listing' });
    expect(await vetting(id)).toEqual({ vetted_at: null, vetted_by: null });
    const audits = await api.database.db.selectFrom('owner_audit').selectAll().where('providerId', '=', id).execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'claim', actor: email });
    expect(JSON.parse(audits[0]!.after ?? '{}')).toMatchObject({ via: 'new-listing', email });
  });

  it('refuses a wrong code and keeps the listing unclaimed; the right one still works', async () => {
    const email = 'desk@copperkettle.example.com';
    const id = await list('Copper Kettle Nail Lounge', email);
    const code = await mail.code(email);
    const wrong = await send('/api/owners/sign-in', { email, code: wrongOf(code), providerId: id });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).error).toBe('That code is not right. Check the latest email from Glow and try again.');
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(await ownerRow(id)).toBeUndefined();
    expect((await vetting(id)).vetted_at).toBeNull();
    expect((await send('/api/owners/sign-in', { email, code, providerId: id })).status).toBe(200);
  });

  it('refuses a reused code (a replay)', async () => {
    const email = 'studio@quillandpetal.example.com';
    const id = await list('Quill and Petal Lash Bar', email);
    const code = await mail.code(email);
    expect((await send('/api/owners/sign-in', { email, code, providerId: id })).status).toBe(200);
    const replay = await send('/api/owners/sign-in', { email, code, providerId: id });
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).error).toBe('That code was already used or replaced by a newer one. Ask for a new code.');
  });

  it('claims nothing for another address: its code is not this one, and it cannot claim the listing', async () => {
    const email = 'owner@saffronsquare.example.com';
    const id = await list('Saffron Square Skin Clinic', email);
    const code = await mail.code(email);
    const other = 'someone@elsewhere.example.net';
    const res = await send('/api/owners/sign-in', { email: other, code, providerId: id });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error).toBe(
      "Only the listing's email (owner@saffronsquare.example.com) can claim Saffron Square Skin Clinic. If you cannot use it, contact support at /contact and we will check it by hand.",
    );
    const asked = await send('/api/owners/code', { email: other, providerId: id });
    expect(asked.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.messages, 'only the applicant’s own code').toHaveLength(1);
    expect(await ownerRow(id)).toBeUndefined();
    // The applicant's own code was not spent by the refusals.
    expect((await send('/api/owners/sign-in', { email, code, providerId: id })).status).toBe(200);
  });

  it('is told the listing is managed when someone at its website’s domain claimed it first', async () => {
    const email = 'bookings@willowarch.example.com';
    const id = await list('Willow Arch Hair Studio', email, { website: 'https://www.willowarch.example.com' });
    const applicantCode = await mail.code(email);
    const colleague = 'manager@willowarch.example.com';
    expect((await send('/api/owners/code', { email: colleague, providerId: id })).status).toBe(202);
    expect((await send('/api/owners/sign-in', { email: colleague, code: await mail.code(colleague), providerId: id })).status).toBe(200);
    // The website was typed by the applicant too: proving it claims, but as a new listing's claim.
    expect(await ownerRow(id)).toMatchObject({ email: colleague, via: 'new-listing' });

    const late = await send('/api/owners/sign-in', { email, code: applicantCode, providerId: id });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).error).toBe('Willow Arch Hair Studio is already managed by its business. If that is not you, contact support at /contact.');
    expect(late.headers.getSetCookie()).toEqual([]);
    expect(await ownerRow(id)).toMatchObject({ email: colleague });
  });

  it('gets no code for a held copy of an existing listing (202)', async () => {
    const first = 'hello@juniperhollow.example.com';
    await list('Juniper Hollow Spa', first);
    mail.messages.length = 0;
    const copy = await send(
      '/api/providers',
      validListing({ name: 'Juniper Hollow Spa', address: '40 Orchard Lane', email: 'copy@juniperhollow.example.com', phone: '(208) 555-0199' }),
    );
    expect(copy.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages).toHaveLength(0);
  });

  it('keeps to the code limits: past the per-email limit the listing is made but no code goes', async () => {
    process.env.RATE_LIMIT_CODES_PER_EMAIL = '1';
    try {
      const email = 'team@lindenloft.example.com';
      await list('Linden Loft Barbers', email);
      await mail.latest(email);
      mail.messages.length = 0;
      await list('Linden Loft Beauty Annex', email);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mail.messages).toHaveLength(0);
    } finally {
      process.env.RATE_LIMIT_CODES_PER_EMAIL = '100000';
    }
  });
});

describe('a deploy without AUTH_SECRET', () => {
  const deployed = { SITE_NAME: 'glow-directory', URL: 'https://glow.example.com' };

  it('refuses owner sign-in with a clear error, still takes listings, and signs in once a real secret is set', async () => {
    Object.assign(process.env, deployed);
    try {
      delete process.env.AUTH_SECRET;
      const res = await send('/api/owners/code', { email: 'hello@velvetfern.example.com' });
      expect(res.status).toBe(503);
      expect((await errorOf(res)).error).toBe(
        'Business sign-in is off: this site has no AUTH_SECRET configured (32 or more random characters). Please contact support.',
      );
      const session = await api.get('/api/owners/session');
      expect(session.status).toBe(503);
      // The development stand-in is no secret on a deploy either.
      process.env.AUTH_SECRET = 'glow-local-development-secret-not-for-production';
      expect((await send('/api/owners/code', { email: 'hello@velvetfern.example.com' })).status).toBe(503);

      // A listing is still taken; its applicant's code waits for the secret.
      const email = 'hi@thistlecourt.example.com';
      const id = await list('Thistle Court Wax Bar', email);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mail.messages).toHaveLength(0);

      process.env.AUTH_SECRET = 'a-real-secret-of-thirty-two-or-more-characters';
      expect((await send('/api/owners/code', { email, providerId: id })).status).toBe(202);
      expect((await send('/api/owners/sign-in', { email, code: await mail.code(email), providerId: id })).status).toBe(200);
    } finally {
      delete process.env.SITE_NAME;
      delete process.env.URL;
      delete process.env.AUTH_SECRET;
    }
  });
});
