/**
 * One definition (docs/moderation.md "One definition"): the same scenario run through `npm run
 * moderate` (a real process) and through the console's POST /api/operator/decisions, on twin
 * listings of one database (a file, and sqld in the sqld project), changes the same things: the
 * listing's rating and count, the directory's total, the provider sitemap, its page by slug, the
 * CDN tags purged, the build hook called, and an audit row of the same action.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../helpers/api';
import { signInOperator } from '../helpers/operators';
import { type SignedInOwner, startOwnerApi } from '../helpers/owners';
import { recordPurges } from '../helpers/purges';
import { PURGE_LIMIT } from '../../src/server/cachePurge';
import { grantOperator } from '../../src/features/operators/index.server';
import { createProvider } from '../../src/features/listings/newListing.server';
import { providerSitemapUrls } from '../../src/features/seo/sitemap.server';
import { exampleOpeningHours } from '../../src/openapi/examples';

const purges = recordPurges();
let api: TestApi;
let stop: (() => Promise<void>) | undefined;
let operator: SignedInOwner;
let hooks = 0;
const hook = createServer((req, res) => {
  hooks++;
  req.resume();
  res.writeHead(200).end('{}');
});

interface Side {
  via: 'command line' | 'console';
  /** A seeded listing with reviews, and its lowest-rated review. */
  seeded: { id: string; slug: string };
  reviewId: string;
  /** A new listing, not yet vetted. */
  fresh: { id: string; slug: string };
}
const sides: Side[] = [];

beforeAll(async () => {
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  let mail: Awaited<ReturnType<typeof startOwnerApi>>['mail'];
  ({ api, mail, stop } = await startOwnerApi({ buildHookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/parity` }));
  await grantOperator(api.database, { email: 'parity@glow-team.example.com', actor: 'ops-jordan', reason: 'Parity test' });
  operator = await signInOperator(api, mail, 'parity@glow-team.example.com');
  const seeded = await api.database.db.selectFrom('providers').select(['id', 'slug']).where('reviewCount', '>=', 3).orderBy('seq').limit(2).execute();
  for (const [i, via] of (['command line', 'console'] as const).entries()) {
    const review = await api.database.db
      .selectFrom('reviews')
      .select('id')
      .where('providerId', '=', seeded[i]!.id)
      .orderBy('rating')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const fresh = await createProvider(api.database, {
      name: `Twin Peony Nail Bar ${i + 1}`,
      address: `${i + 10} Peony Lane`,
      city: 'Tulsa',
      state: 'OK',
      zipCode: '74103',
      phone: `(918) 555-01${i + 10}`,
      email: null,
      website: null,
      services: ['Nail Salon'],
      priceRange: '$$',
      openingHours: JSON.parse(JSON.stringify(exampleOpeningHours)),
      description: null,
    } as never);
    sides.push({ via, seeded: seeded[i]!, reviewId: review.id, fresh: { id: fresh.id, slug: fresh.slug } });
  }
});
afterAll(async () => {
  await stop?.();
  hook.close();
});

/** `npm run moderate` without blocking this process, which serves the API and the build hook. */
function moderate(...args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'moderate', '--', ...args], {
      env: { ...process.env, DATABASE_URL: api.database.url, USER: 'ops-jordan', NETLIFY_PURGE_API_TOKEN: '' },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => resolve({ status, out }));
  });
}

/** Runs one decision on a side; returns the CDN tags it purged (provider ids as "provider-X") and the build hooks it called. */
async function run(side: Side, action: string, target: string, reason: string): Promise<{ tags: string[]; hooks: number }> {
  const before = hooks;
  let tags: string[];
  if (side.via === 'command line') {
    const { status, out } = await moderate(action, target, '--reason', reason);
    expect(status, out).toBe(0);
    tags = /no CDN purge of (.+?) \(fine/.exec(out)![1]!.split(', ');
  } else {
    // The console runs in this process, whose purges are coalesced per tag (at most PURGE_LIMIT.perTag
    // in a window, src/server/cachePurge.ts): the window passes first, as it does between the
    // command line's runs (each a process of its own), so both sides purge at once and alike.
    await new Promise((resolve) => setTimeout(resolve, PURGE_LIMIT.windowMs));
    purges.calls = [];
    const res = await fetch(`${api.base}/api/operator/decisions`, {
      method: 'POST',
      headers: operator.headers,
      body: JSON.stringify({ action, target, reason }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    tags = purges.calls.flat();
  }
  return { tags: tags.map((t) => t.replace(/^provider-.+$/, 'provider-X')), hooks: hooks - before };
}

/** What a visitor and a search engine see of a side's listings. */
async function effects(side: Side) {
  const [seeded, fresh, total, sitemap] = await Promise.all([
    api.get(`/api/providers/by-slug/${side.seeded.slug}`),
    api.get(`/api/providers/by-slug/${side.fresh.slug}`),
    api.get('/api/providers?limit=1'),
    providerSitemapUrls(api.database, 0),
  ]);
  const reviews = (await (await api.get(`/api/providers/${side.seeded.id}/reviews?limit=100`)).json()) as { id: string; rating: number }[] | { error: string };
  const listed = seeded.status === 200 ? ((await seeded.json()) as { rating: string; reviewCount: number }) : null;
  const ratings = Array.isArray(reviews) ? reviews.map((r) => r.rating) : [];
  return {
    seededStatus: seeded.status,
    freshStatus: fresh.status,
    total: Number(total.headers.get('x-total-count')),
    reviewHidden: Array.isArray(reviews) && !reviews.some((r) => r.id === side.reviewId),
    countMatchesReviews: listed ? listed.reviewCount === ratings.length : null,
    ratingIsMean: listed ? listed.rating === (Math.round((ratings.reduce((s, r) => s + r, 0) * 10) / ratings.length) / 10).toFixed(1) : null,
    seededInSitemap: sitemap.some((u) => u.endsWith(`/provider/${side.seeded.slug}`)),
    freshInSitemap: sitemap.some((u) => u.endsWith(`/provider/${side.fresh.slug}`)),
  };
}

describe('one scenario through npm run moderate and through the console', () => {
  it('changes the same counts, sitemap, pages, purges and build hook either way, each audited', async () => {
    const steps: [action: string, target: (s: Side) => string][] = [
      ['hide-review', (s) => s.reviewId],
      ['approve-listing', (s) => s.fresh.slug],
      ['hide-listing', (s) => s.seeded.slug],
    ];
    for (const [action, target] of steps) {
      const results = [];
      for (const side of sides) {
        const totalBefore = (await effects(side)).total;
        const outcome = await run(side, action, target(side), `Parity: ${action}`);
        const after = await effects(side);
        results.push({ ...outcome, ...after, totalChange: after.total - totalBefore, total: undefined });
      }
      expect(results[1], `${action}: console as the command line`).toEqual(results[0]);
    }
    // Where the scenario ends, on both sides: the review and the seeded listing hidden, the new listing vetted and in the sitemap.
    for (const side of sides) {
      expect(await effects(side)).toMatchObject({ seededStatus: 404, freshStatus: 200, seededInSitemap: false, freshInSitemap: true });
    }
    const audit = await api.database.db
      .selectFrom('moderation_actions')
      .select(['action', 'actor'])
      .where('reason', 'like', 'Parity:%')
      .orderBy('createdAt')
      .execute();
    expect(audit.filter((a) => a.actor === 'ops-jordan').map((a) => a.action)).toEqual(steps.map(([a]) => a));
    expect(audit.filter((a) => a.actor === 'parity@glow-team.example.com').map((a) => a.action)).toEqual(steps.map(([a]) => a));
    expect(hooks).toBe(4);
    // Three runs of a real `npm run moderate` process, each a few seconds on a busy machine.
  }, 180_000);
});
