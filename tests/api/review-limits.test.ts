/**
 * Review bombing (issue "Hardening", docs/security.md "Limits"): at most three reviews of one
 * provider per address a day (IPv6 by its /64), one report of a review per address, duplicates
 * compared without invisible characters, and rating and count exact under it all. Requests go to
 * the functions themselves with the client address Netlify would give them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reviewsFunction from '../../functions/reviews.mts';
import reportsFunction from '../../functions/review-reports.mts';
import { addressScope } from '../../src/lib/rateLimit.server';
import { errorOf, startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let providerId: string;
let slug: string;
beforeAll(async () => {
  api = await startApi({ seed: false });
  process.env.RATE_LIMIT_REVIEWS_PER_PROVIDER = '3';
  const created = (await (await api.post('/api/providers', validListing())).json()) as { id: string; slug: string };
  providerId = created.id;
  slug = created.slug;
});
afterAll(() => api.close());

const post = (ip: string, body: Record<string, unknown>) =>
  reviewsFunction(
    new Request('https://glow.example.com/api/reviews', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    {
      params: {},
      ip,
    },
  );
const report = (ip: string, reviewId: string) =>
  reportsFunction(
    new Request(`https://glow.example.com/api/reviews/${reviewId}/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"reason":"spam"}',
    }),
    { params: { id: reviewId }, ip },
  );
const stored = async () => {
  const { rows } = await api.database.client.execute({
    sql: 'SELECT count(*) AS n, avg(rating) AS mean FROM reviews WHERE providerId = ?',
    args: [providerId],
  });
  return { n: Number(rows[0]!.n), mean: Number(rows[0]!.mean ?? 0) };
};
const provider = async () => (await (await api.get(`/api/providers/by-slug/${slug}`)).json()) as { rating: string; reviewCount: number };

describe('reviews of one provider per address', () => {
  it('fifteen 1-star reviews from two addresses at once store three each; rating and count stay exact', async () => {
    for (let i = 0; i < 4; i++)
      expect((await post(`198.51.100.${10 + i}`, { providerId, customerName: `Regular ${i}`, rating: 5, comment: 'Lovely.' })).status).toBe(201);
    const bomb = Array.from({ length: 15 }, (_, i) =>
      post(i % 2 ? '203.0.113.7' : '203.0.113.8', { providerId, customerName: `Bomber ${i}`, rating: 1, comment: `Awful ${i}` }),
    );
    const statuses = (await Promise.all(bomb)).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    const { n, mean } = await stored();
    expect(n).toBe(10);
    const shown = await provider();
    expect(shown.reviewCount).toBe(10);
    expect(shown.rating).toBe((Math.round(mean * 10) / 10).toFixed(1));
    expect(shown.rating).toBe('2.6');
  });

  it('the fourth review of the day from one address is refused with 429 and a clear message; other providers are not affected', async () => {
    const res = await post('203.0.113.7', { providerId, customerName: 'Bomber again', rating: 1, comment: 'Again.' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).error).toBe('You have already posted 3 reviews of this business today. Thank you: one visit, one review.');
    const other = (await (
      await api.post('/api/providers', validListing({ name: 'Other Place Salon', address: '2 Other St', phone: '(208) 555-0177' }))
    ).json()) as { id: string };
    expect((await post('203.0.113.7', { providerId: other.id, customerName: 'Bomber', rating: 4, comment: null })).status).toBe(201);
  });

  it('IPv6 addresses are limited by their /64', async () => {
    const addresses = ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff::2', '2001:0db8:00aa:0001:1234:5678:9abc:def0', '2001:db8:aa:1::99'];
    const statuses = [];
    for (const [i, ip] of addresses.entries()) statuses.push((await post(ip, { providerId, customerName: `Six ${i}`, rating: 3, comment: null })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another /64 is another household.
    expect((await post('2001:db8:aa:2::1', { providerId, customerName: 'Neighbour', rating: 3, comment: null })).status).toBe(201);
    expect(addressScope('2001:db8:aa:1::1')).toBe('2001:db8:aa:1::/64');
    expect(addressScope('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressScope('::1')).toBe('0:0:0:0::/64');
  });

  it('names differing only by invisible characters, width or case are the same review', async () => {
    const first = await post('192.0.2.50', { providerId, customerName: 'Zed Quill', rating: 2, comment: 'Too slow.' });
    expect(first.status).toBe(201);
    const id = ((await first.json()) as { id: string }).id;
    for (const customerName of ['Zed\u200B Quill', 'ＺＥＤ Quill', 'zed  quill', 'Ze\u2060d Quill']) {
      const again = await post('192.0.2.51', { providerId, customerName, rating: 2, comment: 'Too\u200B slow.' });
      expect(again.status, customerName).toBe(200);
      expect(((await again.json()) as { id: string }).id).toBe(id);
    }
  });
});

describe('reports', () => {
  it('one report of a review per address: ten identical reports store one, another address adds one', async () => {
    const res = await post('192.0.2.60', { providerId, customerName: 'Reported Rae', rating: 1, comment: 'Bad.' });
    const reviewId = ((await res.json()) as { id: string }).id;
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => report('198.51.100.200', reviewId)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const conflict = await report('198.51.100.200', reviewId);
    expect((await errorOf(conflict)).error).toBe('You have already reported this review. Our moderators will look at it.');
    expect((await report('198.51.100.201', reviewId)).status).toBe(201);
    expect((await report('2001:db8:bb:1::1', reviewId)).status).toBe(201);
    expect((await report('2001:db8:bb:1::2', reviewId)).status).toBe(409);
    const { rows } = await api.database.client.execute({ sql: 'SELECT count(*) AS n FROM review_reports WHERE reviewId = ?', args: [reviewId] });
    expect(Number(rows[0]!.n)).toBe(3);
    expect((await report('198.51.100.200', crypto.randomUUID())).status).toBe(404);
  });
});
