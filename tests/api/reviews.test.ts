/** GET /api/providers/{id}/reviews and POST /api/reviews (docs/openapi.json). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema } from '../../src/features/reviews/schemas/review';
import { errorOf, startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let providerId: string;
let slug: string;
beforeAll(async () => {
  api = await startApi();
  const created = (await (await api.post('/api/providers', validListing())).json()) as { id: string; slug: string };
  providerId = created.id;
  slug = created.slug;
});
afterAll(() => api.close());

const provider = async () => (await (await api.get(`/api/providers/by-slug/${slug}`)).json()) as { rating: string; reviewCount: number };

describe('reviews', () => {
  it('a new provider has no reviews and rating "0"', async () => {
    const res = await api.get(`/api/providers/${providerId}/reviews`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(await provider()).toMatchObject({ rating: '0', reviewCount: 0 });
  });

  it('a posted review is stored, returned with 201 and updates rating and reviewCount', async () => {
    const res = await api.post('/api/reviews', { providerId, customerName: '  Dana K. ', rating: 5, comment: 'Spotless studio and a flawless gel manicure.' });
    expect(res.status).toBe(201);
    const review = reviewSchema.parse(await res.json());
    expect(review).toMatchObject({ providerId, customerName: 'Dana K.', rating: 5, comment: 'Spotless studio and a flawless gel manicure.' });
    expect(new Date(review.createdAt).toISOString()).toBe(review.createdAt);
    expect(await provider()).toMatchObject({ rating: '5.0', reviewCount: 1 });

    await api.post('/api/reviews', { providerId, customerName: 'Lee', rating: 4, comment: null });
    await api.post('/api/reviews', { providerId, customerName: 'Ana', rating: 4, comment: '' });
    // (5 + 4 + 4) / 3 = 4.33 → "4.3"
    expect(await provider()).toMatchObject({ rating: '4.3', reviewCount: 3 });
  });

  it('lists reviews newest first, with empty comments as null', async () => {
    const list = (await (await api.get(`/api/providers/${providerId}/reviews`)).json()) as {
      customerName: string;
      comment: string | null;
      createdAt: string;
    }[];
    expect(list.map((r) => r.customerName)).toEqual(['Ana', 'Lee', 'Dana K.']);
    expect(list[0]!.comment).toBeNull();
    const times = list.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for the reviews of an unknown provider, and for a review of one', async () => {
    const list = await api.get('/api/providers/00000000-0000-4000-8000-000000000000/reviews');
    expect(list.status).toBe(404);
    expect((await errorOf(list)).error).toBe('Provider not found');
    const post = await api.post('/api/reviews', { providerId: 'no-such-provider', customerName: 'Sam', rating: 5, comment: null });
    expect(post.status).toBe(404);
    const { rows } = await api.database.client.execute({ sql: 'SELECT count(*) AS n FROM reviews WHERE providerId = ?', args: ['no-such-provider'] });
    expect(rows[0]!.n).toBe(0);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['an empty name', { customerName: '' }, 'Name is required'],
    ['a blank name', { customerName: '   ' }, 'Name is required'],
    ['a missing name', { customerName: undefined }, 'Name is required'],
    ['a name over 50 characters', { customerName: 'n'.repeat(51) }, 'Name must be less than 50 characters'],
    ['no rating', { rating: undefined }, 'Please select a rating'],
    ['rating 0', { rating: 0 }, 'Please select a rating'],
    ['rating 6', { rating: 6 }, 'Rating must be between 1 and 5'],
    ['rating 3.5', { rating: 3.5 }, 'Rating must be between 1 and 5'],
    ['a rating as text', { rating: 'five' }, 'Please select a rating'],
    ['a comment over 500 characters', { comment: 'c'.repeat(501) }, 'Comment must be less than 500 characters'],
  ];
  it.each(cases)('rejects %s with the form message and writes nothing', async (_name, patch, message) => {
    const before = await provider();
    const res = await api.post('/api/reviews', { providerId, customerName: 'Valid Name', rating: 5, comment: 'Fine.', ...patch });
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.issues.map((i) => i.message)).toContain(message);
    expect(await provider()).toEqual(before);
  });

  it('accepts a name of exactly 50 and a comment of exactly 500 characters', async () => {
    const res = await api.post('/api/reviews', { providerId, customerName: 'n'.repeat(50), rating: 3, comment: 'c'.repeat(500) });
    expect(res.status).toBe(201);
  });

  it('twenty concurrent posts leave reviewCount and rating exact', async () => {
    const start = await provider();
    const ratings = Array.from({ length: 20 }, (_, i) => (i % 5) + 1);
    const responses = await Promise.all(
      ratings.map((rating, i) => api.post('/api/reviews', { providerId, customerName: `Guest ${i}`, rating, comment: null })),
    );
    expect(responses.map((r) => r.status)).toEqual(ratings.map(() => 201));
    const list = (await (await api.get(`/api/providers/${providerId}/reviews`)).json()) as { rating: number }[];
    expect(list).toHaveLength(start.reviewCount + 20);
    const expectedMean = list.reduce((s, r) => s + r.rating, 0) / list.length;
    expect(await provider()).toEqual({ ...(await provider()), reviewCount: list.length, rating: (Math.round(expectedMean * 10) / 10).toFixed(1) });
  });

  it('answers 405 with Allow to GET /api/reviews', async () => {
    const res = await api.get('/api/reviews');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
