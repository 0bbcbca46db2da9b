/**
 * `npm run moderate` (docs/moderation.md) as an operator runs it: a real process against a temporary
 * database file, checked through the database and the same domain reads the site uses.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { runModerate } from '../helpers/moderateCli';
import type { Db } from '../../src/db/client';
import { getProviderBySlug, listProviders } from '../../src/features/providers/providers.server';
import { reviewPage } from '../../src/features/reviews/reviewReads.server';
import { reportReview } from '../../src/features/reviews/reviewReports.server';
import { searchProviders } from '../../src/features/search/search.server';

import { providerSitemapUrls } from '../../src/features/seo/sitemap.server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProvider } from '../../src/features/listings/newListing.server';
import { holdListing } from '../../src/features/listings/listings.server';
import { hit } from '../../src/lib/rateLimit.server';
import { exampleOpeningHours as exampleHours } from '../../src/openapi/examples';
import { withTempDatabase } from '../helpers/database';

// Each test runs `npm run moderate` in processes of its own (a tsx start each, seconds on a busy machine).
vi.setConfig({ testTimeout: 180_000 });

let database: Db;
const SLUG = 'lacquer-lace-nail-studio-new-york';
let providerId: string;
let reviewId: string;

const { url } = withTempDatabase(async (opened) => {
  database = opened;
  const provider = (await getProviderBySlug(database, SLUG))!;
  providerId = provider.id;
  // The lowest-rated review, so hiding it visibly moves the rating.
  reviewId = (await reviewPage(database, providerId, { sort: 'lowest', limit: 1, offset: 0 }))!.items[0]!.id;
});

const moderate = (...args: string[]) => runModerate(url, ...args);

/** The command run without blocking this process, which serves the build hook it calls. */
function moderateWith(extra: Record<string, string>, ...args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'moderate', '--', ...args], {
      env: { ...process.env, DATABASE_URL: url, USER: 'ops-jordan', NETLIFY_PURGE_API_TOKEN: '', ...extra },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (status) => resolve({ status, out }));
  });
}

const row = async (sql: string, args: (string | number)[] = []) =>
  (await database.client.execute({ sql, args })).rows[0] as Record<string, unknown> | undefined;
const published = async () => (await reviewPage(database, providerId, { sort: 'newest', limit: 500, offset: 0 }))!.items;
const actions = async () => Number((await row('SELECT count(*) AS n FROM moderation_actions'))!.n);

describe('npm run moderate', () => {
  it('lists every queue with its count: open reports, and what waits elsewhere', async () => {
    await reportReview(database, reviewId, { reason: 'conflict_of_interest', details: 'Posted by the salon next door.' });
    const { status, out } = moderate('list');
    expect(status).toBe(0);
    expect(out).toContain(`review ${reviewId} (published) on ${SLUG}: 1 report(s), conflict_of_interest`);
    expect(out).toContain('Reported reviews (1), newest latest report first:');
    expect(out).toContain('Held copies: No listing is held.');
  });

  it('list prints control, bidi and invisible characters of stored text as escapes (rows stored before the text rules)', async () => {
    const id = crypto.randomUUID();
    await database.client.execute({
      sql: `INSERT INTO reviews (id, providerId, customerName, rating, comment, createdAt) VALUES (?, ?, ?, 1, ?, '2026-11-01T00:00:00.000Z')`,
      args: [id, providerId, 'Eve\u001b]0;owned\u0007\r[fake] review', 'Bad\u001b[2J\u001b[H\n  review forged (published)\u007f\u202Eevil\u200B'],
    });
    try {
      await reportReview(database, id, { reason: 'spam', details: null });
      const { status, out } = moderate('list');
      expect(status).toBe(0);
      expect(out).not.toMatch(/(?![\n])[\p{Cc}\u202E\u200B]/u);
      expect(out).toContain(
        'Review by Eve\\x1b]0;owned\\x07\\r[fake] review, 1 of 5 stars: Bad\\x1b[2J\\x1b[H\\n  review forged (published)\\x7f\\u{202e}evil\\u{200b}',
      );
    } finally {
      await database.client.execute({ sql: 'DELETE FROM review_reports WHERE reviewId = ?', args: [id] });
      await database.client.execute({ sql: 'DELETE FROM reviews WHERE id = ?', args: [id] });
    }
  });

  it('hide-review hides the review, recomputes rating and count, closes its reports and records who, when and why', async () => {
    const before = await published();
    const { status, out } = moderate('hide-review', reviewId, '--reason', 'Written by a competitor (report of Nov 22)');
    expect(status, out).toBe(0);
    expect(out).toContain('Review is now hidden.');

    const after = await published();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id).filter((id) => id !== reviewId));
    const mean = Math.round((after.reduce((s, r) => s + r.rating, 0) * 10) / after.length) / 10;
    expect(await getProviderBySlug(database, SLUG)).toMatchObject({ reviewCount: after.length, rating: mean.toFixed(1) });
    expect(await row('SELECT status FROM reviews WHERE id = ?', [reviewId])).toMatchObject({ status: 'hidden' });
    expect(await row('SELECT action, targetId, reason, actor FROM moderation_actions ORDER BY createdAt DESC LIMIT 1')).toEqual({
      action: 'hide-review',
      targetId: reviewId,
      reason: 'Written by a competitor (report of Nov 22)',
      actor: 'ops-jordan',
    });
    expect(await row('SELECT resolvedAt FROM review_reports WHERE reviewId = ?', [reviewId])).not.toMatchObject({ resolvedAt: null });
    expect(moderate('list').out).toContain('Reported reviews: No review has an open report.');
  });

  it('restore-review publishes it again and puts the rating back', async () => {
    const { status } = moderate('restore-review', reviewId, '--reason', 'Owner of the salon next door confirmed a real visit');
    expect(status).toBe(0);
    expect((await published()).map((r) => r.id)).toContain(reviewId);
    expect((await getProviderBySlug(database, SLUG))!.reviewCount).toBe((await published()).length);
  });

  it('keep-review closes the reports of a review that stays published, and says so in the audit table', async () => {
    await reportReview(database, reviewId, { reason: 'offensive', details: null });
    expect(moderate('list').out).toContain(`review ${reviewId} (published)`);
    const { status, out } = moderate('keep-review', reviewId, '--reason', 'Blunt but within the guidelines');
    expect(status, out).toBe(0);
    expect(out).toContain('Review kept published; its reports are closed.');
    expect(moderate('list').out).toContain('Reported reviews: No review has an open report.');
    expect((await published()).map((r) => r.id)).toContain(reviewId);
    expect(await row('SELECT action, reason FROM moderation_actions WHERE targetId = ? ORDER BY createdAt DESC LIMIT 1', [reviewId])).toEqual({
      action: 'keep-review',
      reason: 'Blunt but within the guidelines',
    });
  });

  it('hide-listing takes the listing out of the slug lookup, lists, search, sitemap and counts; restore-listing brings it back', async () => {
    const total = (await listProviders(database, { limit: 1, offset: 0 })).total;
    const inSearch = async () => (await searchProviders(database, { location: 'New York', limit: 100, offset: 0 })).items.some((p) => p.slug === SLUG);
    const byName = () => searchProviders(database, { query: 'Lacquer Lace Nail Studio', limit: 10, offset: 0 });
    expect(await inSearch()).toBe(true);
    const named = await byName();
    const lacquerBefore = Number((await row("SELECT n FROM search_terms WHERE kind = 'word' AND term = 'lacquer'"))!.n);
    // Each way search counts: the full-text index, the category index, a filter on the row.
    const nails = () => searchProviders(database, { service: 'Nail Salon', limit: 1, offset: 0 });
    const nailTotal = (await nails()).total;

    expect(moderate('hide-listing', SLUG, '--reason', 'Business closed permanently').status).toBe(0);
    expect(await getProviderBySlug(database, SLUG)).toBeNull();
    expect((await listProviders(database, { limit: 1, offset: 0 })).total).toBe(total - 1);
    expect(await inSearch()).toBe(false);
    const hidden = await byName();
    expect(hidden.items.some((p) => p.slug === SLUG)).toBe(false);
    expect(hidden.total).toBe(named.total - 1);
    expect((await nails()).total).toBe(nailTotal - 1);
    expect((await providerSitemapUrls(database, 0)).some((u) => u.endsWith(`/provider/${SLUG}`))).toBe(false);
    expect(await reviewPage(database, providerId, { sort: 'newest', limit: 1, offset: 0 })).toBeNull();
    // Its own words leave the suggestions: "lacquer" is a word of this listing's name and of others' text.
    const lacquer = async () => Number((await row("SELECT n FROM search_terms WHERE kind = 'word' AND term = 'lacquer'"))?.n ?? 0);
    expect(await lacquer()).toBe(lacquerBefore - 1);

    expect(moderate('restore-listing', SLUG, '--reason', 'Reopened under the same owner').status).toBe(0);
    expect(await inSearch()).toBe(true);
    expect((await listProviders(database, { limit: 1, offset: 0 })).total).toBe(total);
    expect(Number((await row("SELECT n FROM search_terms WHERE kind = 'word' AND term = 'lacquer'"))!.n)).toBe(lacquerBefore);
    expect(
      await row('SELECT group_concat(action) AS a FROM (SELECT action FROM moderation_actions WHERE targetId = ? ORDER BY createdAt)', [providerId]),
    ).toEqual({ a: 'hide-listing,restore-listing' });
  });

  it('refuses an action without a reason, or on an unknown id, and records nothing', async () => {
    const before = await actions();
    const noReason = moderate('hide-review', reviewId);
    expect(noReason.status).toBe(2);
    expect(noReason.out).toContain('needs --reason');
    const unknown = moderate('hide-listing', 'no-such-listing', '--reason', 'Spam');
    expect(unknown.status).toBe(1);
    expect(unknown.out).toContain('No listing with slug no-such-listing');
    expect(moderate('delete-everything').status).toBe(2);
    expect(await actions()).toBe(before);
    expect(await row('SELECT status FROM reviews WHERE id = ?', [reviewId])).toMatchObject({ status: 'published' });
  });

  it('new listings: list shows held and unverified ones; approve-listing vets one; listing actions purge search and call the build hook, at most 6 an hour', async () => {
    const now = new Date();
    const created = await createProvider(database, {
      name: 'Quince Row Brow Bar',
      address: '7 Quince Row',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
      phone: '(208) 555-0161',
      email: 'hello@quincerow.example.com',
      website: null,
      services: ['Eyebrow Threading'],
      priceRange: '$$',
      openingHours: JSON.parse(JSON.stringify(exampleHours)),
      description: null,
    } as never);
    const seeded = (await getProviderBySlug(database, SLUG))!;
    await holdListing(
      database,
      { ...seeded, name: 'Lacquer\u200B & Lace Nail Studio', services: ['Manicure'] } as never,
      { providerId: seeded.id, slug: SLUG, matchedOn: 'name and city' },
      now,
    );
    const listed = moderate('list').out;
    expect(listed).toContain('Held copies (1), newest date sent first:');
    expect(listed).toContain('    Lacquer\\u{200b} & Lace Nail Studio, New York, NY');
    expect(listed).toContain('    Same as the listing beside it: name and city\n');
    expect(listed).toContain(`    looks like ${SLUG}: Lacquer & Lace Nail Studio, New York, NY`);
    expect(listed).toContain('New listings (1), newest date added first:');
    expect(listed).toContain(`  listing ${created.slug} (new) on ${created.slug}, `);
    expect(listed).toContain('    Quince Row Brow Bar, Boise, ID\n');

    // A build hook of our own that counts the rebuilds asked for.
    let hooks = 0;
    const hook = createServer((req, res) => {
      hooks++;
      req.resume();
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/test`;
    try {
      const approved = await moderateWith({ BUILD_HOOK_URL }, 'approve-listing', created.slug, '--reason', 'Called the business');
      expect(approved.status, approved.out).toBe(0);
      expect(approved.out).toContain('Listing is now vetted.');
      expect(approved.out).toContain(`no CDN purge of provider-${created.id}, search, sitemap-providers`);
      expect(approved.out).toContain('Rebuild requested (build hook answered 200)');
      expect(hooks).toBe(1);
      expect(moderate('list').out).toContain('New listings: Every listing is vetted.');

      const hidden = await moderateWith({ BUILD_HOOK_URL }, 'hide-listing', created.slug, '--reason', 'Closed');
      expect(hidden.out).toContain('Rebuild requested');
      expect(hooks).toBe(2);
      // Reviews purge searches too (ratings order them) but ask for no rebuild.
      const review = await moderateWith({ BUILD_HOOK_URL }, 'keep-review', reviewId, '--reason', 'Fine');
      expect(review.out).toContain(`no CDN purge of provider-${providerId}, search (fine`);
      expect(hooks).toBe(2);
      // Past the limit no hook is called; the next build brings the pages.
      for (let i = 0; i < 4; i++) await hit(database, 'moderation-rebuild', 'moderation', { max: 6, windowSeconds: 3600 });
      const limited = await moderateWith({ BUILD_HOOK_URL }, 'restore-listing', created.slug, '--reason', 'Reopened');
      expect(limited.out).toContain('Rebuild not requested: 6 this hour already');
      expect(hooks).toBe(2);
    } finally {
      await new Promise((r) => hook.close(r));
    }
  });
});
