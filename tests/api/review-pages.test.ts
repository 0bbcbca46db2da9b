/**
 * GET /api/providers/{id}/reviews (sort, limit, offset, X-Total-Count), GET .../reviews/summary and
 * POST /api/reviews/{id}/reports (docs/openapi.json), over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema } from '../../src/features/reviews/schemas/review';
import { reviewSummarySchema } from '../../src/features/reviews/schemas/reviewList';
import { reportSchema } from '../../src/features/reviews/schemas/reviewReport';
import { errorOf, startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let providerId: string;
/** Ratings posted in this order, one second apart, so "newest" is the reverse. */
const RATINGS = [5, 3, 4, 1, 5, 2, 4, 5];
const ids: string[] = [];

beforeAll(async () => {
  api = await startApi({ seed: false });
  providerId = ((await (await api.post('/api/providers', validListing())).json()) as { id: string }).id;
  for (const [i, rating] of RATINGS.entries()) {
    const review = (await (await api.post('/api/reviews', { providerId, customerName: `Reviewer ${i}`, rating, comment: `Visit number ${i}.` })).json()) as {
      id: string;
    };
    ids.push(review.id);
    // createdAt has millisecond precision; spread them so the order is certain.
    await api.database.client.execute({
      sql: 'UPDATE reviews SET createdAt = ? WHERE id = ?',
      args: [new Date(Date.UTC(2026, 0, 1, 12, 0, i)).toISOString(), review.id],
    });
  }
});
afterAll(() => api.close());

async function list(query: string) {
  const res = await api.get(`/api/providers/${providerId}/reviews${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as unknown[];
  return {
    total: Number(res.headers.get('x-total-count')),
    names: body.map((r) => reviewSchema.parse(r).customerName),
    ratings: body.map((r) => reviewSchema.parse(r).rating),
  };
}
const name = (i: number) => `Reviewer ${i}`;

describe('GET /api/providers/{id}/reviews', () => {
  it('is newest first by default, with the total in X-Total-Count', async () => {
    const { total, names } = await list('');
    expect(total).toBe(RATINGS.length);
    expect(names).toEqual(RATINGS.map((_, i) => name(i)).reverse());
  });

  it('pages with limit and offset, the total staying the same', async () => {
    const first = await list('?limit=3');
    const second = await list('?limit=3&offset=3');
    const last = await list('?limit=3&offset=6');
    expect([first.total, second.total, last.total]).toEqual([8, 8, 8]);
    expect([...first.names, ...second.names, ...last.names]).toEqual((await list('')).names);
    expect(last.names).toHaveLength(2);
    expect((await list('?offset=20')).names).toEqual([]);
  });

  it('sorts by highest and lowest rating, newest first among equal ratings', async () => {
    const highest = await list('?sort=highest');
    expect(highest.ratings).toEqual([...RATINGS].sort((a, b) => b - a));
    // The three 5-star reviews were posted 0, 4, 7: newest first.
    expect(highest.names.slice(0, 3)).toEqual([name(7), name(4), name(0)]);
    const lowest = await list('?sort=lowest&limit=2');
    expect(lowest).toMatchObject({ total: 8, ratings: [1, 2], names: [name(3), name(5)] });
  });

  it.each([
    ['sort=best', 'sort must be one of newest, highest, lowest'],
    ['limit=0', 'limit must be a whole number from 1 to 500'],
    ['offset=-1', 'offset must be a whole number from 0 to 1000000'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await api.get(`/api/providers/${providerId}/reviews?${query}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).issues.map((i) => i.message)).toContain(message);
  });
});

describe('GET /api/providers/{id}/reviews/summary', () => {
  it('counts published reviews per star, with their number and mean', async () => {
    const res = await api.get(`/api/providers/${providerId}/reviews/summary`);
    expect(res.status).toBe(200);
    const summary = reviewSummarySchema.parse(await res.json());
    // 5,3,4,1,5,2,4,5: sum 29 over 8 = 3.625 → 3.6, as the provider's own rating.
    expect(summary).toEqual({ average: 3.6, count: 8, counts: { '1': 1, '2': 1, '3': 1, '4': 2, '5': 3 } });
    const provider = (await (await api.get(`/api/providers/by-slug/${validListing().slug}`)).json()) as { rating: string; reviewCount: number };
    expect(provider).toMatchObject({ rating: '3.6', reviewCount: 8 });
  });

  it('is all zeros for a provider without reviews, and 404 for an unknown provider', async () => {
    const other = (await (
      await api.post('/api/providers', validListing({ name: 'Quiet Quill Salon', slug: 'quiet-quill-salon', address: '9 Still Street' }))
    ).json()) as { id: string };
    expect(await (await api.get(`/api/providers/${other.id}/reviews/summary`)).json()).toEqual({
      average: 0,
      count: 0,
      counts: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    });
    const missing = await api.get('/api/providers/00000000-0000-4000-8000-000000000000/reviews/summary');
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).error).toBe('Provider not found');
  });
});

describe('POST /api/reviews/{id}/reports', () => {
  const reports = async () => Number((await api.database.client.execute('SELECT count(*) AS n FROM review_reports')).rows[0]!.n);

  it('stores a report with 201 and leaves the review published and counted', async () => {
    const before = await list('');
    const res = await api.post(`/api/reviews/${ids[3]}/reports`, { reason: 'not_a_real_experience', details: '  I work there; this visit never happened.  ' });
    expect(res.status).toBe(201);
    const report = reportSchema.parse(await res.json());
    expect(report).toMatchObject({ reviewId: ids[3], reason: 'not_a_real_experience', details: 'I work there; this visit never happened.' });
    const { rows } = await api.database.client.execute({ sql: 'SELECT reason, details, resolvedAt FROM review_reports WHERE id = ?', args: [report.id] });
    expect(rows[0]).toMatchObject({ reason: 'not_a_real_experience', details: 'I work there; this visit never happened.', resolvedAt: null });
    expect(await list('')).toEqual(before);
    expect((await (await api.get(`/api/providers/${providerId}/reviews/summary`)).json()).count).toBe(8);
  });

  it('accepts a report without details', async () => {
    const res = await api.post(`/api/reviews/${ids[0]}/reports`, { reason: 'spam' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { details: unknown }).details).toBeNull();
  });

  it('answers 404 for an unknown review and stores nothing', async () => {
    const before = await reports();
    const res = await api.post('/api/reviews/no-such-review/reports', { reason: 'spam' });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error).toBe('Review not found');
    expect(await reports()).toBe(before);
  });

  it.each([
    ['no reason', {}, 'Please choose a reason'],
    ['another reason', { reason: 'boring' }, 'Please choose a reason'],
    ['details over 500 characters', { reason: 'other', details: 'd'.repeat(501) }, 'Details must be at most 500 characters'],
  ])('answers 400 to %s and stores nothing', async (_case, body, message) => {
    const before = await reports();
    const res = await api.post(`/api/reviews/${ids[1]}/reports`, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).issues.map((i) => i.message)).toContain(message);
    expect(await reports()).toBe(before);
  });

  it('is rate limited like the other POSTs: 429 with Retry-After, and nothing stored past the limit', async () => {
    process.env.RATE_LIMIT_REPORTS = '2';
    try {
      const before = await reports();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await api.post(`/api/reviews/${ids[2]}/reports`, { reason: 'other' })).status);
      // Earlier reports in this file already counted against the window.
      expect(statuses.at(-1)).toBe(429);
      expect(await reports()).toBe(before + statuses.filter((s) => s === 201).length);
      const refused = await api.post(`/api/reviews/${ids[2]}/reports`, { reason: 'other' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      process.env.RATE_LIMIT_REPORTS = '100000';
    }
  });
});
