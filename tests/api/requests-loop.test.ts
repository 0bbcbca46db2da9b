/**
 * Time requests (docs/requests.md) over real HTTP, over a file and over sqld, with every email read
 * from a real SMTP server and every calendar parsed with ical.js: the whole loop from a shopper's
 * code to a confirmation and a cancellation; replayed and foreign links; another owner, no session
 * and another Origin on every owner call; concurrent accept and cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { calendarOf, countMail, json, linkToken, mailTo, sendRequest, type Window } from '../helpers/requests';
import { requestNotice, type RequestOptions } from '../../src/features/requests';
import { readQueue } from '../../src/features/moderation/queues.server';
import { decide } from '../../src/features/moderation/decisions.server';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let other: SignedInOwner;
let mine: { id: string; name: string; email: string; address: string };
let theirs: { id: string; name: string; email: string };
let options: RequestOptions;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const rows = await api.database.db
    .selectFrom('providers')
    .select(['id', 'name', 'email', 'address'])
    .where('email', 'is not', null)
    .where('vetted_at', 'is not', null)
    .orderBy('slug', 'desc')
    .limit(3)
    .execute();
  mine = rows[0] as typeof mine;
  theirs = rows[1] as typeof theirs;
  owner = await signInOwner(api, mail, api.base, mine.email, mine.id);
  other = await signInOwner(api, mail, api.base, theirs.email, theirs.id);
  options = (await (await api.get(`/api/providers/${mine.id}/request-options`)).json()) as RequestOptions;
});
afterAll(async () => {
  await stop?.();
});

const windows = (): Window[] => [
  { date: options.openDates[3]!, part: 'morning' },
  { date: options.openDates[4]!, part: 'exact', time: '14:30' },
];
const ask = (email: string, extra: Record<string, unknown> = {}) =>
  sendRequest(api, mail, {
    providerId: mine.id,
    service: options.services[0]!,
    windows: windows(),
    name: 'Dana Example',
    email,
    phone: '212-555-0199',
    note: 'First visit',
    ...extra,
  });
const preview = async (token: string) =>
  (await (await api.get(`/api/requests/action?token=${token}`)).json()) as { action: string; usable: boolean; request: { state: string; shopper?: unknown } };
const use = async (token: string, body: Record<string, unknown> = {}, headers = json(api.base)) =>
  api.post('/api/requests/action', { token, ...body }, { headers });
const ownerPost = (id: string, body: unknown, headers: Record<string, string>) => api.post(`/api/owners/requests/${id}`, body, { headers });

describe('a listing that takes requests', () => {
  it('offers its services, its open days in its own time zone and no reply time yet; a new claim takes requests', async () => {
    expect(options.takesRequests).toBe(true);
    expect(options.claimed).toBe(true);
    expect(options.businessName).toBe(mine.name);
    expect(options.services.length).toBeGreaterThan(0);
    expect(options.openDates.length).toBeGreaterThan(30);
    expect(options.openDates.length).toBeLessThanOrEqual(60);
    expect(options.replyTime).toBeNull();
    const page = (await (
      await api.get(
        `/api/providers/by-slug/${(await api.database.db.selectFrom('providers').select('slug').where('id', '=', mine.id).executeTakeFirstOrThrow()).slug}`,
      )
    ).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ takesRequests: true, replyTime: null, bookingUrl: null });
  });

  it('an unclaimed listing takes none: 409 for a code, and the options say so', async () => {
    const unclaimed = await api.database.db
      .selectFrom('providers')
      .select('id')
      .where('id', 'not in', [mine.id, theirs.id])
      .where('email', 'is not', null)
      .executeTakeFirstOrThrow();
    const got = (await (await api.get(`/api/providers/${unclaimed.id}/request-options`)).json()) as RequestOptions;
    expect(got).toMatchObject({ takesRequests: false, claimed: false, openDates: [] });
    const res = await api.post('/api/requests/code', { providerId: unclaimed.id, email: 'x@example.com' }, { headers: json(api.base) });
    expect(res.status).toBe(409);
  });
});

describe('the whole loop', () => {
  let requestId: string;
  let acceptToken: string;
  let declineToken: string;

  it('takes a request after the email code, tells the shopper it is a request, and mails the owner a link per time', async () => {
    const res = await ask('dana@example.com');
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as { id: string; state: string; message: string };
    expect(body).toMatchObject({ state: 'requested', message: requestNotice(mine.name) });
    expect(body.message).toBe(`This is a request. It is not booked until ${mine.name} confirms.`);
    requestId = body.id;
    const toOwner = await mailTo(mail, mine.email, /^Time request:/);
    expect(toOwner.text).toContain('Dana Example');
    expect(toOwner.text).toContain('(212) 555-0199');
    acceptToken = linkToken(toOwner, 'Time 1:');
    linkToken(toOwner, 'Time 2:');
    declineToken = linkToken(toOwner, 'Decline:');
    // No personal data in the address, and only the hash is stored.
    expect(toOwner.text).not.toMatch(/respond\?[^\n]*dana/);
    const stored = await api.database.db.selectFrom('request_tokens').select('hash').where('requestId', '=', requestId).execute();
    expect(stored.map((t) => t.hash)).not.toContain(acceptToken);
    expect(stored.every((t) => /^[0-9a-f]{64}$/.test(t.hash))).toBe(true);
    const receipt = await mailTo(mail, 'dana@example.com', /^Your request to/);
    expect(receipt.text).toContain(requestNotice(mine.name));
  });

  it('a link opened changes nothing (mail scanners); the owner’s accept confirms with a calendar file for both', async () => {
    const seen = await preview(acceptToken);
    expect(seen).toMatchObject({ action: 'accept', usable: true, request: { state: 'requested' } });
    expect(seen.request.shopper).toBeUndefined();
    expect(await preview(acceptToken)).toMatchObject({ usable: true });
    const res = await use(acceptToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ changed: true, request: { state: 'accepted' } });
    const confirmation = await mailTo(mail, 'dana@example.com', /^Confirmed:/);
    const calendar = calendarOf(confirmation);
    expect(calendar).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED', tzid: options.timeZone, uid: `request-${requestId}@glow`, sequence: 0 });
    expect(calendar.timezones).toContain(options.timeZone);
    expect(calendar.location).toContain(mine.address);
    expect(calendar.start).toMatch(new RegExp(`^${windows()[0]!.date}T08:00:00`));
    const toOwner = await mailTo(mail, mine.email, /^Confirmed:/);
    expect(calendarOf(toOwner).uid).toBe(calendar.uid);
  });

  it('a replayed link and a link of the same request that no longer applies show the current state and change nothing', async () => {
    const again = await use(acceptToken);
    expect(await again.json()).toMatchObject({ changed: false, request: { state: 'accepted' } });
    expect(await preview(acceptToken)).toMatchObject({ usable: false, request: { state: 'accepted' } });
    const decline = await use(declineToken, { reason: 'fully-booked' });
    expect(await decline.json()).toMatchObject({ changed: false, request: { state: 'accepted' } });
    const audit = await api.database.db
      .selectFrom('request_audit')
      .select(['action', 'toState', 'actor'])
      .where('requestId', '=', requestId)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'accept']);
  });

  it('an unknown or malformed token is refused (400), from another Origin (403)', async () => {
    expect((await api.get('/api/requests/action?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(400);
    expect((await api.get('/api/requests/action?token=bad')).status).toBe(400);
    expect((await use(acceptToken, {}, json('https://evil.example.com'))).status).toBe(403);
  });

  it('the owner sees the request with the shopper’s details; nobody else does', async () => {
    const res = await api.get(`/api/owners/requests?listing=${mine.id}`, { headers: { Cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { items: { id: string; shopper: { email: string } }[]; total: number };
    expect(list.items.find((i) => i.id === requestId)?.shopper.email).toBe('dana@example.com');
    expect((await api.get(`/api/owners/requests?listing=${mine.id}`)).status).toBe(401);
    expect((await api.get(`/api/owners/requests?listing=${mine.id}`, { headers: { Cookie: other.cookie } })).status).toBe(403);
    const theirList = (await (await api.get('/api/owners/requests', { headers: { Cookie: other.cookie } })).json()) as { items: unknown[] };
    expect(theirList.items).toEqual([]);
  });

  it('refuses every owner answer without a session (401), from another owner (403) and another Origin (403)', async () => {
    for (const body of [{ action: 'cancel' }, { action: 'decline' }, { action: 'report' }]) {
      expect((await ownerPost(requestId, body, json(api.base))).status).toBe(401);
      expect((await ownerPost(requestId, body, other.headers)).status).toBe(403);
      expect((await ownerPost(requestId, body, { ...owner.headers, Origin: 'https://evil.example.com' })).status).toBe(403);
    }
    for (const [method, path] of [
      ['GET', `/api/owners/listings/${mine.id}/requests-settings`],
      ['PUT', `/api/owners/listings/${mine.id}/requests-settings`],
    ] as const) {
      const body = method === 'PUT' ? JSON.stringify({ takesRequests: false, bookingUrl: null, cancellationPolicy: null }) : undefined;
      expect((await fetch(api.base + path, { method, headers: json(api.base), body })).status).toBe(401);
      expect((await fetch(api.base + path, { method, headers: other.headers, body })).status).toBe(403);
      if (method === 'PUT')
        expect((await fetch(api.base + path, { method, headers: { ...owner.headers, Origin: 'https://evil.example.com' }, body })).status).toBe(403);
    }
    const row = await api.database.db.selectFrom('requests').select(['state', 'spamReportedAt']).where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'accepted', spamReportedAt: null });
  });

  it('the shopper cancels by the link in the confirmation: the owner gets the same event CANCELLED with a higher SEQUENCE', async () => {
    const confirmation = await mailTo(mail, 'dana@example.com', /^Confirmed:/);
    const token = linkToken(confirmation, 'Cancel:');
    const res = await use(token);
    expect(await res.json()).toMatchObject({ changed: true, request: { state: 'cancelled', cancelledBy: 'shopper' } });
    const cancelled = calendarOf(await mailTo(mail, mine.email, /^Cancelled:/));
    expect(cancelled).toMatchObject({ method: 'PUBLISH', status: 'CANCELLED', uid: `request-${requestId}@glow`, sequence: 1 });
    expect((await use(token)).status).toBe(200);
    expect(await preview(token)).toMatchObject({ usable: false, request: { state: 'cancelled' } });
  });
});

describe('proposals and declines', () => {
  it('the owner proposes another time in the dashboard; the shopper accepts it by link; the owner then cannot answer again (409)', async () => {
    const res = await ask('lee@example.com');
    const { id } = (await res.json()) as { id: string };
    const proposed = await ownerPost(id, { action: 'propose', proposedStart: `${options.openDates[5]}T11:15` }, owner.headers);
    expect(proposed.status, await proposed.clone().text()).toBe(200);
    expect(await proposed.json()).toMatchObject({ request: { state: 'proposed', proposedLabel: expect.stringContaining('11:15 AM') } });
    const offer = await mailTo(mail, 'lee@example.com', /proposes/);
    const accepted = await use(linkToken(offer, 'Accept this time:'));
    expect(await accepted.json()).toMatchObject({ changed: true, request: { state: 'accepted' } });
    const calendar = calendarOf(await mailTo(mail, 'lee@example.com', /^Confirmed:/));
    expect(calendar.start).toMatch(new RegExp(`^${options.openDates[5]}T11:15:00`));
    const again = await ownerPost(id, { action: 'decline' }, owner.headers);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toContain('confirmed');
  });

  it('the owner declines with a reason; the shopper is told with the phone number', async () => {
    const { id } = (await (await ask('kim@example.com')).json()) as { id: string };
    const res = await ownerPost(id, { action: 'decline', reason: 'fully-booked' }, owner.headers);
    expect(await res.json()).toMatchObject({ request: { state: 'declined', declineReason: 'Fully booked at those times' } });
    const told = await mailTo(mail, 'kim@example.com', /cannot take your request/);
    expect(told.text).toContain(options.phone);
  });
});

describe('concurrent accept and cancel', () => {
  it('leave exactly one outcome, each time', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `race${round}@example.com`;
      const { id } = (await (await ask(email)).json()) as { id: string };
      const receipt = await mailTo(mail, email, /^Your request to/);
      const cancel = linkToken(receipt, 'Cancel the request:');
      const [accept, cancelled] = await Promise.all([ownerPost(id, { action: 'accept', windowIndex: 1 }, owner.headers), use(cancel)]);
      const acceptWon = accept.status === 200;
      const cancelWon = ((await cancelled.json()) as { changed: boolean }).changed;
      expect(acceptWon !== cancelWon, `round ${round}: accept ${accept.status}, cancel ${cancelWon}`).toBe(true);
      const row = await api.database.db.selectFrom('requests').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.state).toBe(acceptWon ? 'accepted' : 'cancelled');
      const changes = await api.database.db.selectFrom('request_audit').select('action').where('requestId', '=', id).where('action', '!=', 'create').execute();
      expect(changes).toHaveLength(1);
      expect(countMail(mail, email, /^Confirmed:/)).toBe(acceptWon ? 1 : 0);
    }
  });
});

describe('owner settings', () => {
  it('turns requests off and on, keeps an https booking link and a policy, refuses http and a long policy', async () => {
    const url = `/api/owners/listings/${mine.id}/requests-settings`;
    const put = (body: unknown) => fetch(api.base + url, { method: 'PUT', headers: owner.headers, body: JSON.stringify(body) });
    expect((await put({ takesRequests: true, bookingUrl: 'http://book.example.com', cancellationPolicy: null })).status).toBe(400);
    expect((await put({ takesRequests: true, bookingUrl: null, cancellationPolicy: 'x'.repeat(301) })).status).toBe(400);
    const saved = await put({ takesRequests: false, bookingUrl: 'https://book.example.com/x', cancellationPolicy: 'Cancel 24 hours ahead.' });
    expect(await saved.json()).toEqual({ takesRequests: false, bookingUrl: 'https://book.example.com/x', cancellationPolicy: 'Cancel 24 hours ahead.' });
    expect(((await (await api.get(`/api/providers/${mine.id}/request-options`)).json()) as RequestOptions).takesRequests).toBe(false);
    expect((await api.post('/api/requests/code', { providerId: mine.id, email: 'late@example.com' }, { headers: json(api.base) })).status).toBe(409);
    await put({ takesRequests: true, bookingUrl: null, cancellationPolicy: 'Cancel 24 hours ahead.' });
    expect(((await (await api.get(`/api/providers/${mine.id}/request-options`)).json()) as RequestOptions).cancellationPolicy).toBe('Cancel 24 hours ahead.');
    const audit = await api.database.db.selectFrom('owner_audit').select('after').where('providerId', '=', mine.id).where('action', '=', 'edit').execute();
    expect(audit.some((a) => a.after?.includes('requestSettings'))).toBe(true);
  });
});

describe('what reaches the business', () => {
  it('quotes the shopper’s name and note unlinkable: no stranger’s link in Glow’s mail (issue 37 item 4)', async () => {
    const sent = await ask('quoted@example.com', { name: 'Ana from glow-support.example', note: 'Log in at https://glow-verify.example/owner first' });
    expect(sent.status).toBe(201);
    await expect.poll(() => mail.messages.filter((m) => (m.text ?? '').includes('Note: Log in at')).length, { timeout: 10_000 }).toBe(1);
    const message = mail.messages.find((m) => (m.text ?? '').includes('Note: Log in at'))!;
    expect(message.subject).toMatch(/^Time request/);
    const text = message.text ?? '';
    expect(text).toContain('Ana from glow-support[.]example asks');
    expect(text).toContain('Note: Log in at https[:]//glow-verify[.]example/owner first');
    expect(text).not.toMatch(/glow-verify\.example|glow-support\.example/);
    expect(message.html).not.toMatch(/href="https?:\/\/glow-verify/);
  });
});

describe('spam', () => {
  it('an owner reports a request as spam; it waits in the operators’ queue until dismissed (or its sender blocked: tests/api/operator-spam.test.ts) with a reason', async () => {
    const { id } = (await (await ask('spam@example.com', { note: 'Buy followers at spam.example.com' })).json()) as { id: string };
    expect((await ownerPost(id, { action: 'report' }, other.headers)).status).toBe(403);
    const reported = await ownerPost(id, { action: 'report' }, owner.headers);
    expect(reported.status).toBe(200);
    const page = await readQueue(api.database, 'spam-requests', { order: 'newest', limit: 20, offset: 0 });
    const item = page.items.find((i) => i.id === id);
    expect(item).toMatchObject({ kind: 'request', text: 'Buy followers at spam.example.com', decisions: ['block-sender', 'dismiss-spam'] });
    expect(item?.details).toContainEqual({ label: 'Email', value: 'spam@example.com' });
    const result = await decide(api.database, { action: 'dismiss-spam', target: id, reason: 'Seen: spam', actor: 'operator@example.com' });
    expect(result.changed).toBe(true);
    expect((await readQueue(api.database, 'spam-requests', { order: 'newest', limit: 20, offset: 0 })).items.map((i) => i.id)).not.toContain(id);
    const audit = await api.database.db.selectFrom('request_audit').select(['action', 'actor']).where('requestId', '=', id).orderBy('createdAt').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'report', 'dismiss-spam']);
  });
});
