/**
 * Owners' public responses to reviews (docs/owners.md "Replies") over real HTTP and a real SMTP
 * server: one per review, at most 1,000 characters, in the reviews API as "Response from {business
 * name}"; edited and deleted by its owner only; 401, 403 for no session, another owner, another
 * Origin; reported like a review; hidden and restored by moderators; every step audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';
import { moderateReply } from '../../src/features/owners/replies.server';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let owner: SignedInOwner;
let stranger: SignedInOwner;
let listing: { id: string; name: string; email: string };
let reviewId: string;
let replyId: string;

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const [a, b] = await api.database.db
    .selectFrom('providers')
    .select(['id', 'name', 'email'])
    .where('email', 'is not', null)
    .where('reviewCount', '>', 0)
    .orderBy('seq')
    .limit(2)
    .execute();
  listing = a as typeof listing;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  stranger = await signInOwner(api, mail, api.base, b!.email!, b!.id);
  const reviews = (await (await api.get(`/api/providers/${listing.id}/reviews`)).json()) as { id: string }[];
  reviewId = reviews[0]!.id;
});
afterAll(async () => {
  await stop?.();
});

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  fetch(api.base + path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
const replyOf = async () =>
  ((await (await api.get(`/api/providers/${listing.id}/reviews`)).json()) as { id: string; reply: Record<string, string> | null }[]).find(
    (r) => r.id === reviewId,
  )!.reply;

describe('responding to a review', () => {
  it('refuses no session, another owner and another Origin, and writes nothing', async () => {
    const body = { reviewId, body: 'Thank you for visiting!' };
    expect((await call('POST', '/api/owners/replies', { Origin: api.base }, body)).status).toBe(401);
    expect((await call('POST', '/api/owners/replies', stranger.headers, body)).status).toBe(403);
    expect((await call('POST', '/api/owners/replies', { ...owner.headers, Origin: 'https://evil.example.net' }, body)).status).toBe(403);
    expect(await replyOf()).toBeNull();
  });

  it('publishes one response per review, in the reviews API as "Response from {business name}"', async () => {
    const res = await call('POST', '/api/owners/replies', owner.headers, { reviewId, body: '  Thank you for visiting! See you soon.  ' });
    expect(res.status).toBe(201);
    const reply = (await res.json()) as { id: string; body: string; businessName: string };
    replyId = reply.id;
    expect(reply).toMatchObject({ body: 'Thank you for visiting! See you soon.', businessName: listing.name });
    expect(await replyOf()).toMatchObject({ id: replyId, body: 'Thank you for visiting! See you soon.', businessName: listing.name });

    const again = await call('POST', '/api/owners/replies', owner.headers, { reviewId, body: 'A second one.' });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe('This review already has your response. Edit it instead.');
  });

  it('holds responses to 1,000 characters of visible text', async () => {
    const long = await call('PUT', `/api/owners/replies/${replyId}`, owner.headers, { body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).issues).toEqual([{ path: 'body', message: 'Response must be at most 1,000 characters' }]);
    const empty = await call('PUT', `/api/owners/replies/${replyId}`, owner.headers, { body: '   ' });
    expect((await errorOf(empty)).issues[0]).toEqual({ path: 'body', message: 'Write your response' });
    expect((await call('PUT', `/api/owners/replies/${replyId}`, owner.headers, { body: 'y'.repeat(1000) })).status).toBe(200);
  });

  it('is edited and deleted by its owner only', async () => {
    const edit = { body: 'Thanks again, we fixed the wait times.' };
    expect((await call('PUT', `/api/owners/replies/${replyId}`, { Origin: api.base }, edit)).status).toBe(401);
    expect((await call('PUT', `/api/owners/replies/${replyId}`, stranger.headers, edit)).status).toBe(403);
    expect((await call('DELETE', `/api/owners/replies/${replyId}`, stranger.headers)).status).toBe(403);
    expect((await call('DELETE', `/api/owners/replies/${replyId}`, { ...owner.headers, Origin: 'https://evil.example.net' })).status).toBe(403);
    const res = await call('PUT', `/api/owners/replies/${replyId}`, owner.headers, edit);
    expect(res.status).toBe(200);
    expect((await replyOf())!.body).toBe(edit.body);
  });

  it('can be reported, and hidden and restored by a moderator only', async () => {
    const report = await api.post(`/api/replies/${replyId}/reports`, { reason: 'offensive', details: 'Rude to the reviewer.' });
    expect(report.status).toBe(201);
    expect(await api.database.db.selectFrom('reply_reports').selectAll().where('replyId', '=', replyId).execute()).toHaveLength(1);
    expect(await replyOf()).not.toBeNull();

    await moderateReply(api.database, replyId, 'hide-reply', 'moderator', 'Personal attack on the reviewer');
    expect(await replyOf()).toBeNull();
    expect((await api.post(`/api/replies/${replyId}/reports`, { reason: 'spam' })).status).toBe(404);
    await moderateReply(api.database, replyId, 'restore-reply', 'moderator', 'Edited by the business');
    expect(await replyOf()).not.toBeNull();
  });

  it('is deleted by its owner, and every step is in the audit', async () => {
    expect((await call('DELETE', `/api/owners/replies/${replyId}`, owner.headers)).status).toBe(204);
    expect(await replyOf()).toBeNull();
    const actions = (await api.database.db.selectFrom('owner_audit').select('action').where('targetId', '=', replyId).orderBy('createdAt').execute()).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['reply', 'edit-reply', 'edit-reply', 'hide-reply', 'restore-reply', 'delete-reply']);
  });

  it('gives owners no way to hide, edit or delete a review', async () => {
    expect((await call('PUT', '/api/reviews', owner.headers, { id: reviewId })).status).toBe(405);
    expect((await call('DELETE', '/api/reviews', owner.headers)).status).toBe(405);
    expect((await call('DELETE', `/api/owners/replies/${reviewId}`, owner.headers)).status).toBe(404);
  });
});

describe('search: verified=true', () => {
  it('lists only listings their business has claimed, and refuses other values', async () => {
    const res = await api.get('/api/search?verified=true&limit=100');
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { id: string }[]).map((p) => p.id).sort();
    const claimed = (await api.database.db.selectFrom('listing_owners').select('providerId').execute()).map((o) => o.providerId).sort();
    expect(claimed.length).toBeGreaterThan(0);
    expect(ids).toEqual(claimed);
    expect(res.headers.get('x-total-count')).toBe(String(claimed.length));
    const all = Number((await api.get('/api/search?verified=false&limit=1')).headers.get('x-total-count'));
    expect(all).toBeGreaterThan(claimed.length);
    const bad = await api.get('/api/search?verified=yes');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).error).toBe('verified must be true or false');
  });
});
