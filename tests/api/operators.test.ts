/**
 * The operator console's calls (docs/moderation.md "Operators", "Queues", "Audit") over real HTTP, a
 * real SMTP server and the test database (a file, and sqld in the sqld project): only operators get
 * a code; every call refuses a signed-out visitor (401), an owner (403) and another Origin (403);
 * a revoked operator or a session past 8 hours stops at once; queues page and order; a decision in
 * each queue changes what the public API shows, audited with the operator's email; bad input is a
 * 400 that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, validListing, type TestApi } from '../helpers/api';
import { type SignedInOwner, signInOwner, startOwnerApi } from '../helpers/owners';
import { operatorCalls, signInOperator } from '../helpers/operators';
import type { TestMailbox } from '../helpers/smtp';
import { grantOperator, revokeOperator } from '../../src/features/operators/index.server';
import { reportReview } from '../../src/features/reviews/reviewReports.server';
import { createReply, reportReply } from '../../src/features/owners/replies.server';
import { reportPhoto, visiblePhotos } from '../../src/features/photos/photos.server';
import type { AuditPage, QueuePage } from '../../src/features/moderation/schemas/queue';

let api: TestApi;
let mail: TestMailbox;
let stop: (() => Promise<void>) | undefined;
let operator: SignedInOwner;
let owner: SignedInOwner;
let listing: { id: string; slug: string; email: string };
let reviews: { id: string; rating: number }[];

const OPERATOR = 'moderator@glow-team.example.com';
const EVIL = 'https://evil.example.net';

beforeAll(async () => {
  ({ api, mail, stop } = await startOwnerApi());
  const [a] = await api.database.db
    .selectFrom('providers')
    .select(['id', 'slug', 'email'])
    .where('email', 'is not', null)
    .where('reviewCount', '>=', 3)
    .orderBy('seq')
    .limit(1)
    .execute();
  listing = a as typeof listing;
  reviews = (await (await api.get(`/api/providers/${listing.id}/reviews?limit=50`)).json()) as typeof reviews;
  owner = await signInOwner(api, mail, api.base, listing.email, listing.id);
  await grantOperator(api.database, { email: OPERATOR, actor: 'ops-jordan', reason: 'On call this week' });
  operator = await signInOperator(api, mail, OPERATOR);
  ({ call, decide, queue } = operatorCalls(api, () => operator.headers));
});
afterAll(async () => {
  await stop?.();
});

let call: ReturnType<typeof operatorCalls>['call'];
let decide: ReturnType<typeof operatorCalls>['decide'];
let queue: ReturnType<typeof operatorCalls>['queue'];
const auditRows = async () => Number((await api.database.client.execute('SELECT count(*) AS n FROM moderation_actions')).rows[0]!.n);
const publicReviews = async () => (await (await api.get(`/api/providers/${listing.id}/reviews?limit=50`)).json()) as { id: string }[];

/** Every operator call, as the console makes it. */
const CALLS: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/operator/session'],
  ['GET', '/api/operator/queues'],
  ['GET', '/api/operator/queues/reviews'],
  ['GET', '/api/operator/audit'],
  ['POST', '/api/operator/decisions', { action: 'hide-review', target: 'x', reason: 'Spam' }],
];

describe('who may use the console', () => {
  it('only an operator’s address gets a code, and every address gets the same answer', async () => {
    const before = mail.messages.length;
    for (const email of [listing.email, 'nobody@example.com']) {
      const res = await call('POST', '/api/operator/code', { Origin: api.base }, { email });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ sent: true, email, expiresInMinutes: 10 });
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.length).toBe(before);
    expect((await call('POST', '/api/operator/code', { Origin: api.base }, { email: OPERATOR })).status).toBe(202);
    expect((await mail.latest(OPERATOR)).text).toContain('sign in to Glow’s operator console');
    expect((await call('POST', '/api/operator/code', { Origin: EVIL }, { email: OPERATOR })).status).toBe(403);
    expect((await errorOf(await call('POST', '/api/operator/code', { Origin: api.base }, { email: 'not-an-email' }))).issues[0]!.path).toBe('email');
  });

  it('every call: 401 signed out, 403 for an owner, 403 from another Origin, and nothing changes', async () => {
    const before = await auditRows();
    for (const [method, path, body] of CALLS) {
      expect((await call(method, path, { Origin: api.base }, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await call(method, path, owner.headers, body)).status, `${method} ${path} as an owner`).toBe(403);
      expect((await call(method, path, { ...operator.headers, Origin: EVIL }, body)).status, `${method} ${path} from another Origin`).toBe(403);
      if (method === 'GET') {
        const { Origin: _origin, ...noOrigin } = operator.headers;
        expect((await call(method, path, { ...noOrigin, 'Sec-Fetch-Site': 'cross-site' }, body)).status, `${method} ${path} cross-site`).toBe(403);
        expect((await call(method, path, noOrigin)).status, `${method} ${path} same-origin without Origin`).toBe(200);
      }
    }
    const { Origin: _origin, ...noOrigin } = operator.headers;
    expect((await call('POST', '/api/operator/decisions', noOrigin, CALLS[4]![2])).status).toBe(403);
    expect(await auditRows()).toBe(before);
    expect(await (await call('GET', '/api/operator/session', operator.headers)).json()).toMatchObject({ email: OPERATOR });
  });

  it('an owner never becomes an operator by accident: granting the role to an account that manages listings needs saying so', async () => {
    await expect(grantOperator(api.database, { email: listing.email, actor: 'ops-jordan', reason: 'Typo' })).rejects.toThrow(/manages 1 listing/);
    expect((await call('GET', '/api/operator/queues', owner.headers)).status).toBe(403);
  });

  it('a session opened more than 8 hours ago stops working, and ends', async () => {
    const second = await signInOperator(api, mail, OPERATOR);
    const token = decodeURIComponent(second.cookie.split('=')[1]!).split('.')[0]!;
    const nineHoursAgo = new Date(Date.now() - 9 * 3600_000).toISOString();
    await api.database.client.execute({ sql: 'UPDATE auth_sessions SET createdAt = ? WHERE token = ?', args: [nineHoursAgo, token] });
    const res = await call('GET', '/api/operator/queues', second.headers);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error).toContain('lasts 8 hours');
    expect((await api.database.client.execute({ sql: 'SELECT count(*) AS n FROM auth_sessions WHERE token = ?', args: [token] })).rows[0]!.n).toBe(0);
  });
});

describe('queues', () => {
  it('count, page and order each queue; bad parameters are a 400', async () => {
    const base = Date.parse('2026-11-20T10:00:00Z');
    for (const [i, review] of reviews.slice(0, 3).entries())
      await reportReview(api.database, review.id, { reason: 'spam', details: `Report ${i}` }, new Date(base + i * 60_000));
    const counts = (await (await call('GET', '/api/operator/queues', operator.headers)).json()) as { queues: { queue: string; total: number }[] };
    expect(counts.queues.find((q) => q.queue === 'reviews')!.total).toBe(3);
    const first = await queue('reviews', '?limit=2');
    expect(first).toMatchObject({ total: 3, order: 'newest', offset: 0 });
    expect(first.items.map((i) => i.id)).toEqual([reviews[2]!.id, reviews[1]!.id]);
    expect(first.items[0]).toMatchObject({ kind: 'review', status: 'published', listing: { slug: listing.slug }, decisions: ['hide-review', 'keep-review'] });
    expect(first.items[0]!.reports).toEqual([{ reason: 'spam', details: 'Report 2', createdAt: new Date(base + 120_000).toISOString() }]);
    expect((await queue('reviews', '?limit=2&offset=2')).items.map((i) => i.id)).toEqual([reviews[0]!.id]);
    expect((await queue('reviews', '?order=oldest')).items.map((i) => i.id)).toEqual(reviews.slice(0, 3).map((r) => r.id));
    for (const bad of ['/reviews?order=sideways', '/reviews?limit=0', '/reviews?limit=101', '/reviews?offset=-1', '/everything']) {
      const res = await call('GET', `/api/operator/queues${bad}`, operator.headers);
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).error).not.toBe('');
    }
  });
});

describe('decisions', () => {
  it('refuse bad input with a 400 naming the field, an unknown target with a 404, and change nothing', async () => {
    const before = await auditRows();
    const target = reviews[0]!.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'hide-review', target }, 'reason'],
      [{ action: 'hide-review', target, reason: '   ' }, 'reason'],
      [{ action: 'hide-review', target, reason: 'x'.repeat(501) }, 'reason'],
      [{ action: 'hide-review', target, reason: 'Bad\u202Eword' }, 'reason'],
      [{ action: 'delete-review', target, reason: 'Spam' }, 'action'],
      [{ action: 'assign', target: listing.slug, reason: 'Support' }, 'email'],
      [{ action: 'hide-review', target, reason: 'Spam', email: 'a@example.com' }, 'email'],
    ];
    for (const [body, path] of cases) {
      const res = await decide(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).issues.map((i) => i.path)).toContain(path);
    }
    expect((await decide({ action: 'hide-review', target: 'no-such-review', reason: 'Spam' })).status).toBe(404);
    expect((await call('POST', '/api/operator/decisions', { ...operator.headers, 'Content-Type': 'text/plain' }, 'hi')).status).toBe(415);
    expect(await auditRows()).toBe(before);
    expect((await publicReviews()).map((r) => r.id)).toContain(target);
  });

  it('reviews: hide takes it off the public reviews at once, restore brings it back, keep closes the reports; all in the audit with the operator’s email', async () => {
    const [a, b] = [reviews[2]!.id, reviews[1]!.id];
    const hidden = await decide({ action: 'hide-review', target: a, reason: 'Written by a competitor' });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ action: 'hide-review', changed: true, purged: [`provider-${listing.id}`, 'search'], rebuild: null });
    expect((await publicReviews()).map((r) => r.id)).not.toContain(a);
    expect((await queue('hidden')).items.find((i) => i.id === a)).toMatchObject({ kind: 'review', decisions: ['restore-review'] });
    expect((await decide({ action: 'restore-review', target: a, reason: 'Receipt shown' })).status).toBe(200);
    expect((await publicReviews()).map((r) => r.id)).toContain(a);
    expect((await decide({ action: 'keep-review', target: b, reason: 'Within the guidelines' })).status).toBe(200);
    expect((await queue('reviews')).items.map((i) => i.id)).toEqual([reviews[0]!.id]);
    const audit = (await (await call('GET', `/api/operator/audit?listing=${listing.slug}`, operator.headers)).json()) as AuditPage;
    expect(audit.items.slice(0, 3).map((e) => [e.action, e.actor, e.reason])).toEqual([
      ['keep-review', OPERATOR, 'Within the guidelines'],
      ['restore-review', OPERATOR, 'Receipt shown'],
      ['hide-review', OPERATOR, 'Written by a competitor'],
    ]);
    expect(audit.items.every((e) => e.listing?.slug === listing.slug)).toBe(true);
    expect(((await (await call('GET', '/api/operator/audit?listing=no-such-listing', operator.headers)).json()) as AuditPage).total).toBe(0);
  });

  it('responses and photos: hide, restore and keep from their report queues', async () => {
    const owned = await api.database.db.selectFrom('listing_owners').select('userId').where('providerId', '=', listing.id).executeTakeFirstOrThrow();
    const { reply } = await createReply(api.database, {
      reviewId: reviews[3]?.id ?? reviews[0]!.id,
      body: 'Thanks for coming in!',
      userId: owned.userId,
      actor: listing.email,
    });
    await reportReply(api.database, reply.id, { reason: 'offensive', details: null });
    expect((await queue('replies')).items.map((i) => [i.id, i.decisions])).toEqual([[reply.id, ['hide-reply', 'keep-reply']]]);
    expect((await decide({ action: 'hide-reply', target: reply.id, reason: 'Shares the reviewer’s phone number' })).status).toBe(200);
    const withReply = async () => ((await publicReviews()) as { id: string; reply: unknown }[]).some((r) => r.reply !== null);
    expect(await withReply()).toBe(false);
    expect((await decide({ action: 'restore-reply', target: reply.id, reason: 'Number removed' })).status).toBe(200);
    expect(await withReply()).toBe(true);

    const photoId = crypto.randomUUID();
    const at = new Date().toISOString();
    await api.database.client.execute({
      sql: `INSERT INTO photos (id, providerId, key, width, height, alt, category, position, isCover, createdAt, updatedAt) VALUES (?, ?, ?, 800, 600, 'The front desk', 'interior', 0, 0, ?, ?)`,
      args: [photoId, listing.id, `${'a'.repeat(40)}.webp`, at, at],
    });
    await reportPhoto(api.database, photoId, { reason: 'other', details: 'Not this salon' });
    const reported = (await queue('photo-reports')).items[0]!;
    expect(reported).toMatchObject({ id: photoId, photo: { url: `/photos/${'a'.repeat(40)}.webp`, alt: 'The front desk' } });
    expect((await decide({ action: 'keep-photo', target: photoId, reason: 'It is this salon' })).status).toBe(200);
    expect((await queue('photo-reports')).total).toBe(0);
    expect((await queue('photos')).items.find((i) => i.id === photoId)!.decisions).toEqual(['hide-photo']);
    expect((await decide({ action: 'hide-photo', target: photoId, reason: 'Blurry' })).status).toBe(200);
    expect((await visiblePhotos(api.database, listing.id)).map((p) => p.id)).not.toContain(photoId);
    expect((await decide({ action: 'restore-photo', target: photoId, reason: 'Blur was the preview' })).status).toBe(200);
    expect((await visiblePhotos(api.database, listing.id)).map((p) => p.id)).toContain(photoId);
  });

  it('new listings, held copies and claims: approve, hide, approve as new, reject, revoke, assign', async () => {
    const created = (await (
      await api.post('/api/providers', validListing({ name: 'Quince Row Brow Bar', city: 'Boise', state: 'ID', zipCode: '83702', phone: '(208) 555-0161' }))
    ).json()) as {
      id: string;
      slug: string;
    };
    const waiting = await queue('listings');
    expect(waiting.items.map((i) => [i.id, i.decisions])).toContainEqual([created.slug, ['approve-listing', 'hide-listing']]);
    const approved = (await (await decide({ action: 'approve-listing', target: created.slug, reason: 'Called the number on its website' })).json()) as {
      purged: string[];
    };
    expect(approved.purged).toEqual([`provider-${created.id}`, 'search', 'sitemap-providers']);
    expect((await queue('listings')).items.map((i) => i.id)).not.toContain(created.slug);

    for (const [address, action] of [
      ['40 Quince Row', 'reject-held'],
      ['41 Quince Row', 'approve-held'],
    ] as const) {
      const held = await api.post(
        '/api/providers',
        validListing({ name: 'Quince Row Brow Bar', address, city: 'Boise', state: 'ID', zipCode: '83702', phone: '(208) 555-0161' }),
      );
      expect(held.status).toBe(202);
      const item = (await queue('held')).items[0]!;
      expect(item).toMatchObject({ kind: 'held', beside: { slug: created.slug }, decisions: ['approve-held', 'reject-held'] });
      expect((await decide({ action, target: item.id, reason: action === 'approve-held' ? 'A second shop of the same owner' : 'A copy' })).status).toBe(200);
    }
    expect((await queue('held')).total).toBe(0);
    const boise = (await (await api.get('/api/search?query=Quince%20Row&location=Boise%2C%20ID')).json()) as { slug: string }[];
    expect(boise.length).toBe(2);

    expect((await decide({ action: 'hide-listing', target: created.slug, reason: 'Closed for good' })).status).toBe(200);
    expect((await api.get(`/api/providers/by-slug/${created.slug}`)).status).toBe(404);
    expect((await decide({ action: 'restore-listing', target: created.slug, reason: 'Reopened' })).status).toBe(200);
    expect((await api.get(`/api/providers/by-slug/${created.slug}`)).status).toBe(200);

    const claims = await queue('claims');
    expect(claims.items.find((i) => i.id === listing.slug)!.details).toContainEqual({ label: 'Claimed by', value: listing.email });
    expect((await decide({ action: 'revoke-claim', target: listing.slug, reason: 'Sold the business' })).status).toBe(200);
    expect((await call('GET', `/api/owners/listings/${listing.id}`, owner.headers)).status).toBe(403);
    expect((await decide({ action: 'assign', target: listing.slug, email: 'New.Owner@example.com', reason: 'Bill of sale checked' })).status).toBe(200);
    expect((await queue('claims')).items.find((i) => i.id === listing.slug)!.details).toContainEqual({ label: 'Claimed by', value: 'new.owner@example.com' });
  });
});

describe('revoking', () => {
  it('a revoked operator’s session stops working at once; a replayed decision after sign-out is refused', async () => {
    const replay = await signInOperator(api, mail, OPERATOR);
    const out = await call('POST', '/api/operator/sign-out', replay.headers);
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/operator');
    expect((await decide({ action: 'keep-review', target: reviews[0]!.id, reason: 'Fine' }, replay.headers)).status).toBe(401);

    expect((await call('GET', '/api/operator/queues', operator.headers)).status).toBe(200);
    await revokeOperator(api.database, { email: OPERATOR, actor: 'ops-jordan', reason: 'Left the team' });
    for (const [method, path, body] of CALLS) expect((await call(method, path, operator.headers, body)).status, `${method} ${path}`).toBe(401);
  });
});
