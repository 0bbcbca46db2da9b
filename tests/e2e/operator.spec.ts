/**
 * The operator console in Chromium (docs/moderation.md "Operators"): an operator added with
 * `npm run moderate -- operators add`, signed in at /operator with the owners' emailed code (read
 * from a real SMTP server), a decision in each queue taken with the keyboard, a reason and a
 * confirmation, and its effect on the public page at the next request; the audit filtered by
 * listing; axe on each state; a phone-sized screen. The items are made through the domain code
 * over the server's own database file, as visitors and owners would make them.
 */
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { env } from '../../src/env.server';
import { getDb, type Db } from '../../src/db/client';
import { assignListing } from '../../src/features/owners/ownersModeration.server';
import { createReply, reportReply } from '../../src/features/owners/replies.server';
import { reportPhoto } from '../../src/features/photos/photos.server';
import { reportReview } from '../../src/features/reviews/reviewReports.server';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors, hydrated, uniqueName } from './helpers';
import { exampleProviderCreate } from '../../src/openapi/examples';

const DATABASE_URL = 'file:.test-data/e2e.db';
const OPERATOR = 'console@glow-team.example.com';
let mail: TestMailbox;
let db: Db;

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
  db = await getDb(DATABASE_URL);
  const added = spawnSync('npm', ['run', '--silent', 'moderate', '--', 'operators', 'add', OPERATOR, '--reason', 'Runs the console tests'], {
    env: { ...process.env, DATABASE_URL, USER: 'ops-jordan' },
    encoding: 'utf8',
  });
  expect(added.status, added.stdout + added.stderr).toBe(0);
});
test.afterAll(async () => {
  await mail?.close();
});

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function signIn(page: Page) {
  await page.goto('/operator');
  await hydrated(page, 'input[type=email]');
  await page.getByLabel('Operator email *').fill(OPERATOR);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We sent a code to ${OPERATOR}`)).toBeVisible();
  await page.getByLabel('6-digit code *').fill(await mail.code(OPERATOR));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${OPERATOR}`)).toBeVisible();
}

/** Opens a queue, selects the item titled `title`, presses the decision's key, gives the reason and confirms. */
async function decide(page: Page, queue: string, title: string | RegExp, key: string, reason: string, summary: string | RegExp) {
  await page.goto(`/operator/${queue}`);
  await hydrated(page, 'article');
  const item = page.locator('article', { has: page.getByRole('heading', { name: title }) });
  await item.click({ position: { x: 5, y: 5 } });
  await expect(item).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press(key);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The reason is required: confirming without one is refused, and nothing is decided.
  await dialog.getByRole('button', { name: /^Confirm/ }).click();
  await expect(dialog.getByRole('alert')).toContainText('Give a reason');
  await dialog.getByLabel('Reason *').fill(reason);
  await dialog.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('status').first()).toContainText(summary);
}

test('an operator signs in and decides an item of every queue; each shows on the public page at the next request', async ({ page }) => {
  test.setTimeout(480_000);
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[013]/]);

  // What waits: a reported review and a reported response on a listing with photos, a reported photo, a claim, a new listing and a held copy.
  const photo = (
    await db.client.execute(
      `SELECT ph.id, ph.key, ph.alt, p.id AS providerId, p.slug, p.name FROM photos ph JOIN providers p ON p.id = ph.providerId
     WHERE ph.status = 'visible' AND p.reviewCount >= 2 AND p.slug <> 'little-orchard-nail-parlor-new-york' ORDER BY p.seq DESC LIMIT 1`,
    )
  ).rows[0] as unknown as { id: string; key: string; alt: string; providerId: string; slug: string; name: string };
  const [review, answered] = (
    await db.client.execute({
      sql: `SELECT id, customerName, comment FROM reviews WHERE providerId = ? AND status = 'published' AND comment IS NOT NULL ORDER BY createdAt LIMIT 2`,
      args: [photo.providerId],
    })
  ).rows as unknown as { id: string; customerName: string; comment: string }[];
  await reportReview(db, review!.id, { reason: 'conflict_of_interest', details: 'Posted by the salon next door.' });
  await assignListing(db, photo.slug, 'owner@console-test.example.com', 'ops-jordan', 'Set up for the console test');
  const owner = await db.db.selectFrom('listing_owners').select('userId').where('providerId', '=', photo.providerId).executeTakeFirstOrThrow();
  const { reply } = await createReply(db, {
    reviewId: answered!.id,
    body: 'Call me on my cell 555-0100 for a refund, whatever.',
    userId: owner.userId,
    actor: 'owner@console-test.example.com',
  });
  await reportReply(db, reply.id, { reason: 'offensive', details: null });
  await reportPhoto(db, photo.id, { reason: 'other', details: 'Not this salon' });
  const name = uniqueName('Marigold Lash Loft');
  const listed = await page.request.post('/api/providers', {
    data: { ...exampleProviderCreate, name, city: 'Boise', state: 'ID', zipCode: '83702', address: '12 Marigold Row' },
  });
  const created = (await listed.json()) as { slug: string };
  const held = await page.request.post('/api/providers', {
    data: { ...exampleProviderCreate, name, city: 'Boise', state: 'ID', zipCode: '83702', address: '14 Marigold Row' },
  });
  expect(held.status()).toBe(202);

  // Signed out: the sign-in, axe clean, not indexed, never cached.
  const response = await page.goto('/operator');
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  expect(response!.headers()['netlify-cdn-cache-control']).toBe('no-store');
  expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await violations(page)).toEqual([]);
  await signIn(page);
  await expect(page.getByRole('link', { name: /Reported reviews \d+/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  // Reported review: hidden, then gone from its page; j and k move between items.
  await page.goto('/operator/reviews');
  await hydrated(page, 'article');
  expect(await violations(page)).toEqual([]);
  await decide(page, 'reviews', `Review by ${review!.customerName}`, 'h', 'Written by the salon next door', 'Review is now hidden.');
  await page.goto(`/provider/${photo.slug}`);
  await expect(page.getByText(review!.comment.slice(0, 40))).toHaveCount(0);

  // Reported response: hidden.
  await decide(page, 'replies', /response to/, 'h', 'Shares a phone number', /is hidden/);
  await page.goto(`/provider/${photo.slug}`);
  await expect(page.getByText('Call me on my cell 555-0100')).toHaveCount(0);

  // Reported photo, shown at full size: hidden, gone from the page; restored from the recent photos, back.
  await page.goto('/operator/photo-reports');
  await expect(page.getByRole('img', { name: photo.alt }).first()).toBeVisible();
  await decide(page, 'photo-reports', `Photo of ${photo.name}: ${photo.alt}`, 'h', 'Stock photo of another salon', 'is now hidden from every page');
  await page.goto(`/provider/${photo.slug}`);
  expect(await page.content()).not.toContain(photo.key);
  await decide(page, 'hidden', `Photo: ${photo.alt}`, 'r', 'The owner sent the original', 'is now shown again');
  await page.goto(`/provider/${photo.slug}`);
  expect(await page.content()).toContain(photo.key);

  // Recent photos, newest first: the newest hidden, gone from its page.
  const newest = (
    await db.client.execute(
      `SELECT ph.id, ph.key, ph.alt, p.slug, p.name FROM photos ph JOIN providers p ON p.id = ph.providerId ORDER BY ph.createdAt DESC, ph.id DESC LIMIT 1`,
    )
  ).rows[0] as unknown as { id: string; key: string; alt: string; slug: string; name: string };
  await decide(page, 'photos', `Photo of ${newest.name}: ${newest.alt}`, 'h', 'Shows a client’s face without consent', 'is now hidden from every page');
  await page.goto(`/provider/${newest.slug}`);
  expect(await page.content()).not.toContain(newest.key);

  // Hidden: the review restored, back on its page.
  await decide(page, 'hidden', `Review: ${review!.customerName}`, 'r', 'The reviewer showed a receipt', 'Review is now published.');
  await page.goto(`/provider/${photo.slug}`);
  await expect(page.getByText(review!.comment.slice(0, 40)).first()).toBeVisible();

  // Claims: revoked, and the page asks "Is this your business?" again.
  await expect(page.getByText('Verified business').first()).toBeVisible();
  await decide(page, 'claims', `${photo.name},`, 'v', 'Sold the business', 'is no longer managed by its claimant');
  await page.goto(`/provider/${photo.slug}`);
  await expect(page.getByRole('heading', { name: 'Is this your business?' })).toBeVisible();

  // New listing: approved, and its page no longer says it is not yet verified.
  await page.goto(`/provider/${created.slug}`);
  await expect(page.getByText('New listing, not yet verified')).toBeVisible();
  await decide(page, 'listings', `${name}, Boise, ID`, 'a', 'Called the number on its website', 'Listing is now vetted.');
  await page.goto(`/provider/${created.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('New listing, not yet verified')).toHaveCount(0);

  // Held copy beside the listing it looks like: approved as new, and its page is there.
  await page.goto('/operator/held');
  await expect(page.getByRole('heading', { name: `Looks like ${name}, Boise, ID` })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await decide(page, 'held', `${name}, Boise, ID`, 'a', 'A second shop of the same owner', /Held listing approved: listed as /);
  const approvedSlug = /listed as (\S+)\./.exec((await page.getByRole('status').first().textContent()) ?? '')![1]!;
  expect((await page.goto(`/provider/${approvedSlug}`))!.status()).toBe(200);

  // The audit, filtered by the listing: every decision on it, with the operator's email and reason.
  await page.goto(`/operator/audit?listing=${photo.slug}`);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toContainText('revoke-claim');
  await expect(page.locator('tbody')).toContainText('Written by the salon next door');
  await expect(page.locator('tbody')).toContainText(OPERATOR);
  expect(await violations(page)).toEqual([]);
});

test('the console on a phone: queues and decisions fit the screen @mobile', async ({ page }) => {
  test.setTimeout(120_000);
  const listing = (await db.client.execute(`SELECT slug FROM providers WHERE isHidden = 0 ORDER BY seq DESC LIMIT 1`)).rows[0]!;
  await assignListing(db, String(listing.slug), 'phone-test@console-test.example.com', 'ops-jordan', 'A claim to look at on a phone');
  await signIn(page);
  await page.goto('/operator/claims');
  await hydrated(page, 'article');
  // Nothing wider than the screen: no sideways scrolling to reach a decision.
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
  );
  expect(wider).toEqual([]);
  await page
    .getByRole('button', { name: /Assign to an email/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Reason *')).toBeVisible();
  await expect(dialog.getByLabel('Email of the new owner *')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
