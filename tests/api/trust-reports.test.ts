/**
 * Everything moderators must see, they see (issue 37 item 7; docs/moderation.md "Reports"), as the
 * attacks it stops: an owner deleting a reported response to take it out of the queue, one address
 * filing the same report again and again, and a hidden picture uploaded again (by its owner after
 * deleting it, or by another listing's owner) to bring it back. Real HTTP from several client
 * addresses, real sign-in, `npm run moderate` as a process; over a file and over sqld.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '../../src/env.server';
import { decide } from '../../src/features/moderation/decisions.server';
import { readQueue } from '../../src/features/moderation/queues.server';
import type { TestApi } from '../helpers/api';
import { runModerate } from '../helpers/moderateCli';
import { requestFrom, type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import type { TestMailbox } from '../helpers/smtp';

let api: TestApi;
let mail: TestMailbox;
let stop: () => Promise<void>;
let owner: SignedInOwner;
let other: SignedInOwner;
let listing: { id: string; email: string; slug: string };
let otherListing: { id: string; email: string };

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const rows = await api.database.db
    .selectFrom('providers')
    .select(['id', 'email', 'slug'])
    .where('email', 'is not', null)
    .where('reviewCount', '>', 1)
    .orderBy('seq')
    .limit(2)
    .execute();
  [listing, otherListing] = rows as [typeof listing, typeof otherListing];
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  other = await signInOwner(api, mail, api.base, otherListing.email, otherListing.id);
}, 60_000);
afterAll(() => stop());

const call = (who: SignedInOwner, method: string, path: string, body?: unknown) =>
  fetch(api.base + path, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });

async function reply(body: string, reviewIndex: number): Promise<string> {
  const reviews = (await (await api.get(`/api/providers/${listing.id}/reviews`)).json()) as { id: string }[];
  const res = await call(owner, 'POST', '/api/owners/replies', { reviewId: reviews[reviewIndex]!.id, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const queue = (name: 'replies' | 'photo-reports') => readQueue(api.database, name, { order: 'newest', limit: 50, offset: 0 });

describe('reports of responses', () => {
  it('one per response and address: a second from the same address is 409, another address is counted', async () => {
    const id = await reply('Thanks, see you soon!', 0);
    expect((await requestFrom(api, '127.0.0.2', 'POST', `/api/replies/${id}/reports`, { reason: 'spam' })).status).toBe(201);
    const again = await requestFrom(api, '127.0.0.2', 'POST', `/api/replies/${id}/reports`, { reason: 'offensive', details: 'Again' });
    expect(again.status).toBe(409);
    expect((await requestFrom(api, '127.0.0.3', 'POST', `/api/replies/${id}/reports`, { reason: 'offensive' })).status).toBe(201);
    expect(await api.database.db.selectFrom('reply_reports').select('id').where('replyId', '=', id).execute()).toHaveLength(2);
    // Unknown or malformed ids.
    expect((await requestFrom(api, '127.0.0.2', 'POST', '/api/replies/nope/reports', { reason: 'spam' })).status).toBe(404);
    expect((await requestFrom(api, '127.0.0.2', 'POST', '/api/replies/%E0%A4%A/reports', { reason: 'spam' })).status).toBe(400);
    await decide(api.database, { action: 'keep-reply', target: id, reason: 'Polite', actor: 'ops' });
  });

  it('stay in the queue, with the words reported, when the owner deletes the response; npm run moderate lists and closes them', async () => {
    const words = 'Call 555-0100 to hear what we think of this reviewer.';
    const id = await reply(words, 1);
    expect((await requestFrom(api, '127.0.0.4', 'POST', `/api/replies/${id}/reports`, { reason: 'offensive', details: 'Threatening' })).status).toBe(201);
    expect((await call(owner, 'DELETE', `/api/owners/replies/${id}`)).status).toBe(204);

    const page = await queue('replies');
    const item = page.items.find((i) => i.id === id);
    expect(item).toMatchObject({ status: 'deleted', text: words, decisions: ['keep-reply'] });
    expect(item!.reports).toEqual([expect.objectContaining({ reason: 'offensive', details: 'Threatening' })]);

    const listed = runModerate(env().DATABASE_URL, 'list', 'replies');
    expect(listed.status, listed.out).toBe(0);
    expect(listed.out).toContain(id);
    expect(listed.out).toContain(words);

    const kept = runModerate(env().DATABASE_URL, 'keep-reply', id, '--reason', 'Deleted by the business; noted');
    expect(kept.status, kept.out).toBe(0);
    expect((await queue('replies')).items.find((i) => i.id === id)).toBeUndefined();
    // A deleted response cannot be reported any more.
    expect((await requestFrom(api, '127.0.0.5', 'POST', `/api/replies/${id}/reports`, { reason: 'spam' })).status).toBe(404);
  }, 120_000);
});

async function jpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function upload(who: SignedInOwner, providerId: string, file: Buffer) {
  const body = new FormData();
  body.set('alt', 'A picture of the salon');
  body.set('category', 'interior');
  body.set('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${api.base}/api/providers/${providerId}/photos`, { method: 'POST', headers: { Origin: api.base, Cookie: who.cookie }, body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { photo: { id: string } }).photo.id;
}

const statusOf = async (photoId: string) =>
  (await api.database.db.selectFrom('photos').select('status').where('id', '=', photoId).executeTakeFirstOrThrow()).status;
const visibleIds = async (providerId: string) => ((await (await api.get(`/api/providers/${providerId}/photos`)).json()) as { id: string }[]).map((p) => p.id);

describe('reports of reviews', () => {
  it('one per review and address (409); once the review is hidden, it is not there to report (404), as for responses and photos', async () => {
    const reviews = (await (await api.get(`/api/providers/${otherListing.id}/reviews`)).json()) as { id: string }[];
    const id = reviews[0]!.id;
    expect((await requestFrom(api, '127.0.0.8', 'POST', `/api/reviews/${id}/reports`, { reason: 'spam' })).status).toBe(201);
    expect((await requestFrom(api, '127.0.0.8', 'POST', `/api/reviews/${id}/reports`, { reason: 'spam' })).status).toBe(409);
    await decide(api.database, { action: 'hide-review', target: id, reason: 'Advertising', actor: 'ops' });
    expect((await requestFrom(api, '127.0.0.8', 'POST', `/api/reviews/${id}/reports`, { reason: 'spam' })).status).toBe(404);
    expect((await requestFrom(api, '127.0.0.9', 'POST', `/api/reviews/${id}/reports`, { reason: 'spam' })).status).toBe(404);
  });
});

describe('reports of photos and hidden pictures', () => {
  it('one report per photo and address', async () => {
    const id = await upload(owner, listing.id, await jpeg('#5a2'));
    expect((await requestFrom(api, '127.0.0.6', 'POST', `/api/photos/${id}/reports`, { reason: 'spam' })).status).toBe(201);
    expect((await requestFrom(api, '127.0.0.6', 'POST', `/api/photos/${id}/reports`, { reason: 'other', details: 'Again' })).status).toBe(409);
    expect((await requestFrom(api, '127.0.0.7', 'POST', `/api/photos/${id}/reports`, { reason: 'spam' })).status).toBe(201);
    expect((await queue('photo-reports')).items.find((i) => i.id === id)?.reports).toHaveLength(2);
    expect((await requestFrom(api, '127.0.0.6', 'POST', '/api/photos/%ZZ/reports', { reason: 'spam' })).status).toBe(400);
  });

  it('a hidden picture stays hidden by its content key, whoever uploads it again', async () => {
    const bytes = await jpeg('#e11');
    const id = await upload(owner, listing.id, bytes);
    await decide(api.database, { action: 'hide-photo', target: id, reason: 'Stock photo of another salon', actor: 'ops' });
    expect(await visibleIds(listing.id)).not.toContain(id);

    // Its owner deletes it and uploads it again: stored hidden.
    expect((await call(owner, 'DELETE', `/api/providers/${listing.id}/photos/${id}`)).status).toBe(204);
    const again = await upload(owner, listing.id, bytes);
    expect(await statusOf(again)).toBe('hidden');
    expect(await visibleIds(listing.id)).not.toContain(again);
    // Another listing's owner uploads the same picture: hidden too.
    const elsewhere = await upload(other, otherListing.id, bytes);
    expect(await statusOf(elsewhere)).toBe('hidden');
    expect(await visibleIds(otherListing.id)).not.toContain(elsewhere);
    // A moderator's restore lets the picture be shown again.
    await decide(api.database, { action: 'restore-photo', target: again, reason: 'The owner showed it is theirs', actor: 'ops' });
    expect(await visibleIds(listing.id)).toContain(again);
    const otherPicture = await upload(owner, listing.id, await jpeg('#1e1'));
    expect(await statusOf(otherPicture)).toBe('visible');
  });
});
