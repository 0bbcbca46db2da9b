/** Abuse (issue "Hardening"): rate limits in the database, the honeypot, duplicate reviews, 200 concurrent posts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '../../src/db/client';
import { setupDatabase } from '../../src/setup/setup';
import { hit } from '../../src/lib/rateLimit.server';
import { errorOf, startApi, tempDatabaseUrl, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
let providerId: string;
let slug: string;
beforeAll(async () => {
  api = await startApi({ seed: false });
  const created = (await (await api.post('/api/providers', validListing())).json()) as { id: string; slug: string };
  providerId = created.id;
  slug = created.slug;
});
afterAll(() => api.close());

const count = async (sql: string, args: string[] = []) => Number((await api.database.client.execute({ sql, args })).rows[0]!.n);

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client passes the limit, and stores nothing more', async () => {
    process.env.RATE_LIMIT_REVIEWS = '3';
    try {
      const before = await count('SELECT count(*) AS n FROM reviews');
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await api.post('/api/reviews', { providerId, customerName: `Limit ${i}`, rating: 4, comment: null });
        statuses.push(res.status);
        if (res.status === 429) {
          const retry = Number(res.headers.get('retry-after'));
          expect(retry).toBeGreaterThan(0);
          expect(retry).toBeLessThanOrEqual(600);
          expect((await errorOf(res)).error).toMatch(/Too many submissions/);
        }
      }
      // Earlier posts in this file already counted against the same window.
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
      expect(statuses.at(-1)).toBe(429);
      expect(await count('SELECT count(*) AS n FROM reviews')).toBe(before + statuses.filter((s) => s === 201).length);
    } finally {
      process.env.RATE_LIMIT_REVIEWS = '100000';
    }
  });

  it('counts are kept in the database, so every process sees them, and addresses are stored hashed', async () => {
    const { url, dir } = tempDatabaseUrl();
    const one = await setupDatabase(url, { seed: false });
    const limit = { max: 2, windowSeconds: 600 };
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    expect((await hit(one, 'reviews', '203.0.113.9', limit, now)).allowed).toBe(true);
    // A second client (another function instance) on the same database.
    const { createClient } = await import('@libsql/client');
    const other = createClient({ url });
    const { Kysely } = await import('kysely');
    const { LibsqlDialect } = await import('@libsql/kysely-libsql');
    const second = { url, client: other, db: new Kysely<never>({ dialect: new LibsqlDialect({ client: other as never }) }) } as never;
    expect((await hit(second, 'reviews', '203.0.113.9', limit, now)).allowed).toBe(true);
    const third = await hit(second, 'reviews', '203.0.113.9', limit, now + 1000);
    expect(third.allowed).toBe(false);
    expect(third.retryAfter).toBe(599);
    // Another address is not affected; a new window starts afresh.
    expect((await hit(one, 'reviews', '198.51.100.7', limit, now)).allowed).toBe(true);
    expect((await hit(one, 'reviews', '203.0.113.9', limit, now + 600_000)).allowed).toBe(true);
    const rows = await one.client.execute('SELECT bucket FROM rate_limits');
    for (const r of rows.rows) expect(String(r.bucket)).not.toContain('203.0.113.9');
    // Windows older than a day (the longest window) are deleted.
    await hit(one, 'reviews', '192.0.2.1', limit, now + 26 * 3600_000);
    const left = await one.client.execute({ sql: 'SELECT count(*) AS n FROM rate_limits WHERE windowStart < ?', args: [Math.floor(now / 1000) + 3600] });
    expect(Number(left.rows[0]!.n)).toBe(0);
    other.close();
    await closeDb(url);
    (await import('node:fs')).rmSync(dir, { recursive: true, force: true });
  });
});

describe('honeypot', () => {
  it('a review or listing with the hidden field filled is refused and stores nothing', async () => {
    const reviews = await count('SELECT count(*) AS n FROM reviews');
    const providers = await count('SELECT count(*) AS n FROM providers');
    const review = await api.post('/api/reviews', { providerId, customerName: 'Bot', rating: 5, comment: 'Great!', fax: 'http://spam.example' });
    expect(review.status).toBe(400);
    expect((await errorOf(review)).error).toBe('This submission was not accepted.');
    const listing = await api.post('/api/providers', validListing({ name: 'Spam Salon', slug: 'spam-salon', address: '1 Spam St', fax: '555' }));
    expect(listing.status).toBe(400);
    expect(await count('SELECT count(*) AS n FROM reviews')).toBe(reviews);
    expect(await count('SELECT count(*) AS n FROM providers')).toBe(providers);
  });
});

describe('duplicate reviews', () => {
  it('the same text from the same name for the same provider within minutes is stored once', async () => {
    const body = { providerId, customerName: 'Repeat Ruth', rating: 5, comment: 'Posted twice by a double click.' };
    const first = await api.post('/api/reviews', body);
    expect(first.status).toBe(201);
    const [second, third] = await Promise.all([api.post('/api/reviews', body), api.post('/api/reviews', body)]);
    expect(second.status).toBe(200);
    expect(third.status).toBe(200);
    const id = ((await first.json()) as { id: string }).id;
    expect(((await second.json()) as { id: string }).id).toBe(id);
    expect(await count('SELECT count(*) AS n FROM reviews WHERE customerName = ?', ['Repeat Ruth'])).toBe(1);
    // Another name, or other text, is a new review.
    expect((await api.post('/api/reviews', { ...body, customerName: 'Ruth Again' })).status).toBe(201);
    expect((await api.post('/api/reviews', { ...body, comment: 'A different visit.' })).status).toBe(201);
  });
});

describe('concurrency', () => {
  it('200 concurrent review posts to one provider leave every review stored and rating and reviewCount exact', async () => {
    const before = await count('SELECT count(*) AS n FROM reviews WHERE providerId = ?', [providerId]);
    const posts = Array.from({ length: 200 }, (_, i) => ({ providerId, customerName: `Crowd ${i}`, rating: ((i * 7) % 5) + 1, comment: `Visit number ${i}` }));
    const responses = await Promise.all(posts.map((p) => api.post('/api/reviews', p)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(200);
    const { rows } = await api.database.client.execute({
      sql: 'SELECT count(*) AS n, avg(rating) AS mean FROM reviews WHERE providerId = ?',
      args: [providerId],
    });
    expect(Number(rows[0]!.n)).toBe(before + 200);
    const provider = (await (await api.get(`/api/providers/by-slug/${slug}`)).json()) as { rating: string; reviewCount: number };
    expect(provider.reviewCount).toBe(before + 200);
    expect(provider.rating).toBe((Math.round(Number(rows[0]!.mean) * 10) / 10).toFixed(1));
  });
});
