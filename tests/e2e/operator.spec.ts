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
import { sendSpamRequest } from '../helpers/requests';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors, hydrated, uniqueName } from './helpers';
import { exampleProviderCreate } from '../../src/openapi/examples';
import { QUEUE_NAMES } from '../../src/features/moderation';
import { runImport } from '../../src/features/imports/index.server';
import { OVERTURE_FIXTURE, rollBackImport } from '../helpers/overture';
import { LIMIT_MESSAGES, ownerAction } from '../../src/features/requests/index.server';

const DATABASE_URL = 'file:.test-data/e2e.db';
const OPERATOR = 'console@glow-team.example.com';
const SPAMMER = 'free-gift-cards@example.com';
let mail: TestMailbox;
let db: Db;
/** The Overture batch the first test applies, rolled back when the file is done (tests/helpers/overture.ts). */
let batchId: string | null = null;

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
  if (batchId) await rollBackImport(db, batchId);
});

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A shopper's time request to `providerId` through the public calls, with the emailed code, from
 * an address of its own (the requests' daily limits count per address; the other specs send from 127.0.0.1); its id. */
async function sendTimeRequest(providerId: string, email: string): Promise<string> {
  const sent = await sendSpamRequest({ base: `http://127.0.0.1:${env().E2E_PORT}` }, mail, providerId, email, '127.0.0.42');
  const body = (await sent.json()) as { id: string };
  expect(sent.status, JSON.stringify(body)).toBe(201);
  return body.id;
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
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of (40[013]|429)/]);

  // What waits: a reported review and a reported response on a listing with photos, a reported photo, two claims, a new listing and a held copy.
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
  // A second claim, newest: a listing that now takes time requests (a new claim does).
  const taking = (
    await db.client.execute(
      `SELECT id, slug, name FROM providers WHERE isHidden = 0 AND status = 'open' AND vetted_at IS NOT NULL AND openingHours IS NOT NULL
       AND id NOT IN (SELECT providerId FROM listing_owners) ORDER BY seq DESC LIMIT 1 OFFSET 13`,
    )
  ).rows[0] as unknown as { id: string; slug: string; name: string };
  await assignListing(db, taking.slug, 'front-desk@spam-test.example.com', 'ops-jordan', 'Takes requests for the console test');
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

  // The keys, on the claims: j and ↓ move down, k and ↑ up, ? shows the help; a decision's key
  // asks first, and Escape leaves the item undecided.
  await page.goto('/operator/claims');
  await hydrated(page, 'article');
  const items = page.locator('article');
  const claimCount = await items.count();
  expect(claimCount).toBeGreaterThanOrEqual(2);
  await items.first().click({ position: { x: 5, y: 5 } });
  for (const [key, index] of [
    ['j', 1],
    ['k', 0],
    ['ArrowDown', 1],
    ['ArrowUp', 0],
  ] as const) {
    await page.keyboard.press(key);
    await expect(items.nth(index), key).toHaveAttribute('aria-current', 'true');
    await expect(items.nth(index), key).toBeFocused();
  }
  await page.keyboard.press('?');
  await expect(page.getByText('Every decision asks for a reason and a confirmation.')).toBeVisible();
  await page.keyboard.press('v');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('article')).toHaveCount(claimCount);

  // Claims: revoked, and the page asks "Is this your business?" again.
  await page.goto(`/provider/${photo.slug}`);
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

  // A time request reported as spam by the business: its sender blocked, and the sender's next
  // request on the public page is refused as if over the daily limit.
  const takingOwner = await db.db.selectFrom('listing_owners').select(['userId', 'email']).where('providerId', '=', taking.id).executeTakeFirstOrThrow();
  const spamId = await sendTimeRequest(taking.id, SPAMMER);
  await ownerAction(db, takingOwner, spamId, { action: 'report' });
  await page.goto('/operator/spam-requests');
  await expect(page.getByText(SPAMMER)).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await decide(page, 'spam-requests', new RegExp(`to ${escapeRegExp(taking.name)}$`), 'b', 'Gift card scam', 'The sender’s address is blocked');
  await page.goto(`/provider/${taking.slug}`);
  await page.getByRole('button', { name: 'Request a time' }).click();
  const asking = page.getByRole('dialog', { name: `Request a time at ${taking.name}` });
  await asking.getByLabel('Day', { exact: true }).first().selectOption({ index: 2 });
  await asking.getByLabel('Your Name *').fill('Gift Card Desk');
  await asking.getByLabel('Email *').fill(SPAMMER.toUpperCase());
  const codesBefore = mail.messages.length;
  await asking.getByRole('button', { name: 'Email me a code' }).click();
  await expect(asking.getByRole('alert')).toHaveText(LIMIT_MESSAGES.email);
  expect(mail.messages.slice(codesBefore).filter((m) => (m.subject ?? '').includes('code'))).toEqual([]);

  // The committed Overture fixture applied as a batch (npm run import): its new listings live but
  // unvetted, one place held beside Hudson Polish Bar as maybe a listing already on Glow.
  const applied = await runImport(db, OVERTURE_FIXTURE, { actor: 'ops-jordan', apply: true });
  batchId = applied.batchId;
  const imported = String(
    (
      await db.client.execute({
        sql: `SELECT p.slug FROM providers p JOIN provider_sources s ON s.providerId = p.id WHERE p.name = 'Riverside Lacquer Lounge' AND s.batchId = ?`,
        args: [applied.batchId!],
      })
    ).rows[0]!.slug,
  );
  const sitemap = async () => {
    const index = await (await page.request.get('/sitemap-index.xml')).text();
    const files = [...index.matchAll(/<loc>[^<]*?(\/sitemap-providers-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
    return (await Promise.all(files.map(async (f) => (await page.request.get(f)).text()))).join('');
  };
  await page.goto(`/provider/${imported}`);
  await expect(page.locator('[data-unvetted]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await sitemap()).not.toContain(`/provider/${imported}<`);
  const heldPlaces = () => db.client.execute(`SELECT slug FROM providers WHERE name = 'Hudson Polish Bar' ORDER BY seq`);
  expect((await heldPlaces()).rows).toHaveLength(1);

  // The unclear match, beside the listing it looks like: a different place, listed with its own page.
  await page.goto('/operator/import-holds');
  await expect(page.getByRole('heading', { name: /^Looks like Hudson Polish Bar/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await decide(page, 'import-holds', /^Hudson Polish Bar, New York, NY$/, 'n', 'Different suite, different owner', 'Listed as a new listing of its batch.');
  const listedNew = String((await heldPlaces()).rows[1]!.slug);
  expect((await page.goto(`/provider/${listedNew}`))!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Hudson Polish Bar' })).toBeVisible();

  // The batch approved: its listings are vetted, indexable and in the sitemap at the next request.
  await decide(
    page,
    'import-batches',
    'places.geojsonseq',
    'a',
    'Spot-checked twelve listings',
    new RegExp(`^Batch ${applied.batchId} approved: \\d+ listings vetted\\.$`),
  );
  await page.goto(`/provider/${imported}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Lacquer Lounge' })).toBeVisible();
  await expect(page.locator('[data-unvetted]')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).not.toHaveAttribute('content', /noindex/);
  expect(await sitemap()).toContain(`/provider/${imported}<`);

  // The audit, filtered by the listing: every decision on it, with the operator's email and reason.
  await page.goto(`/operator/audit?listing=${photo.slug}`);
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toContainText('revoke-claim');
  await expect(page.locator('tbody')).toContainText('Written by the salon next door');
  await expect(page.locator('tbody')).toContainText(OPERATOR);
  expect(await violations(page)).toEqual([]);
});

test('the console on a phone: queues and decisions fit the screen @mobile', async ({ page }) => {
  test.setTimeout(180_000);
  // Realistic long data: a listing named after its social handle (a long unbroken word), a long website and long
  // addresses, claimed, and its copy held; a reported review whose report quotes a long link.
  const long = uniqueName('NailsByJacquelineMontgomeryOfficial Studio');
  const website = 'https://www.nailsbyjacquelinemontgomeryofficialbrowlashandskinstudio.example.com/book-your-appointment-online';
  const posted = [];
  for (const address of ['1200 West Grove Street Suite 300', '1202 West Grove Street Suite 300']) {
    posted.push(
      await page.request.post('/api/providers', {
        data: {
          ...exampleProviderCreate,
          name: long,
          city: 'Boise',
          state: 'ID',
          zipCode: '83702',
          address,
          website,
          email: 'appointments.and.front.desk@nailsbyjacquelinemontgomeryofficial.example.com',
        },
      }),
    );
  }
  expect(posted.map((r) => r.status())).toEqual([201, 202]);
  const { slug } = (await posted[0]!.json()) as { slug: string };
  await assignListing(
    db,
    slug,
    'front.desk.appointments.and.bookings.manager@nailsbyjacquelinemontgomeryofficial.example.com',
    'ops-jordan',
    'A long claim to look at on a phone',
  );
  // A claim of the test's own listing (not a seed or another spec's), its name sent through the public
  // form with markup in it, as tests/e2e/security.spec.ts sends one: shown as text, a long run without a space.
  const markup = await page.request.post('/api/providers', {
    data: {
      ...exampleProviderCreate,
      name: uniqueName(`<img src=x onerror="window.__xss='name'">Escaped Salon`),
      city: 'Tulsa',
      state: 'OK',
      zipCode: '74103',
    },
  });
  expect(markup.status()).toBe(201);
  await assignListing(
    db,
    ((await markup.json()) as { slug: string }).slug,
    'phone-test@console-test.example.com',
    'ops-jordan',
    'A claim to look at on a phone',
  );
  const review = (await db.client.execute(`SELECT id FROM reviews WHERE status = 'published' ORDER BY createdAt DESC LIMIT 1`)).rows[0]!;
  await reportReview(db, String(review.id), {
    reason: 'spam',
    details:
      'Copied from https://reviews.example.com/salons/extraordinarily-well-groomed-brow-lash-and-skin-studio-downtown-boise?ref=abcdefghijklmnopqrstuvwxyz0123456789',
  });
  await signIn(page);
  // No page of the console scrolls sideways, and axe finds nothing: every queue, the overview and the audit.
  for (const path of ['/operator', ...QUEUE_NAMES.map((q) => `/operator/${q}`), '/operator/audit', `/operator/audit?listing=${slug}`]) {
    await page.goto(path);
    if (path.split('/').length > 2 && !path.includes('audit')) await hydrated(page, 'ol');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    // What sticks out, if anything, to say why.
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter(
          (el) =>
            el.checkVisibility({ visibilityProperty: true }) &&
            (el.getBoundingClientRect().right > window.innerWidth + 0.5 || el.scrollWidth > el.clientWidth + 1),
        )
        .filter((el) => getComputedStyle(el).overflowX === 'visible')
        .map((el) =>
          `${el.tagName.toLowerCase()}.${el.className} ${el.getBoundingClientRect().right}/${el.scrollWidth}/${el.clientWidth}: ${el.textContent?.slice(0, 60)}`.slice(
            0,
            240,
          ),
        ),
    );
    expect(widths.scroll, `${path} is as wide as the screen; wider: ${wider.join(' | ')}`).toBeLessThanOrEqual(widths.inner);
    expect(await violations(page), `axe on ${path}`).toEqual([]);
  }
  await page.goto('/operator/claims');
  await hydrated(page, 'article');
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
