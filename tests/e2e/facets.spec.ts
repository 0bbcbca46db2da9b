/**
 * Facets in Chromium (docs/facets.md): an owner ticks what is true in /business (with a code read
 * from a real SMTP server), and at the next request the provider page shows "Amenities and more"
 * and its JSON-LD, and a search with the chip finds the listing; the chips work with a keyboard, with
 * Back, and with a tap on a phone.
 */
import { expect, test } from '@playwright/test';
import { env } from '../../src/env.server';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors, hydrated } from './helpers';

const SLUG = 'carytown-nail-bar-richmond';
const EMAIL = 'carytownnailbar@example.com';
let mail: TestMailbox;

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
});
test.afterAll(async () => {
  await mail?.close();
});

test('an owner says what is true, and the page and a search show it at the next request', async ({ page }) => {
  test.setTimeout(90_000);
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[03]/]);
  await page.goto(`/provider/${SLUG}`);
  // Seed facets, not yet confirmed by the business.
  const card = page.locator('[data-amenities]');
  await expect(card.getByText('Details not confirmed by the business')).toBeVisible();
  await expect(card).not.toContainText('Vietnamese');

  await page.getByRole('button', { name: 'Claim this business' }).click();
  const dialog = page.getByRole('dialog', { name: /^Claim Carytown/ });
  await dialog.getByLabel('Business email *').fill(EMAIL);
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await dialog.getByLabel('6-digit code *').fill(await mail.code(EMAIL));
  await dialog.getByRole('button', { name: 'Confirm and claim' }).click();
  await dialog.getByRole('link', { name: 'Open your dashboard' }).click();

  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Amenities and more' }) });
  await expect(section.getByRole('button', { name: 'Save amenities' })).toBeVisible();
  await section.getByRole('group', { name: 'Walk-ins' }).getByLabel('Walk-ins and appointments').check();
  await section.getByRole('group', { name: 'Accessibility' }).getByLabel('Step-free entrance').check();
  await section.getByRole('group', { name: 'Languages spoken' }).getByLabel('Vietnamese').check();
  await section.getByRole('group', { name: 'The business identifies as' }).getByLabel('Women-owned').check();
  await section.getByRole('button', { name: 'Save amenities' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved. Your page and searches show these now.');

  await page.goto(`/provider/${SLUG}`);
  await expect(card.getByText('Details not confirmed by the business')).toHaveCount(0);
  await expect(card.getByRole('definition').filter({ hasText: 'Walk-ins and appointments' })).toBeVisible();
  await expect(card).toContainText('Step-free entrance');
  await expect(card).toContainText('Vietnamese');
  await expect(card).toContainText('The business identifies as Women-owned.');
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = ld.map((t) => JSON.parse(t) as Record<string, unknown>).find((j) => j.amenityFeature);
  expect(business?.knowsLanguage).toContain('vi');
  expect(business?.amenityFeature).toContainEqual({ '@type': 'LocationFeatureSpecification', name: 'Step-free entrance', value: true });

  // The chips on /search: by keyboard, combined with the place, kept in the URL and undone by Back.
  await page.goto('/search?location=Richmond%2C+VA');
  await hydrated(page, '[data-facet-chip]');
  const results = page.getByRole('heading', { level: 3 });
  await expect(results.first()).toBeVisible();
  const chip = page.getByRole('button', { name: 'Speaks Vietnamese' });
  await chip.focus();
  await page.keyboard.press('Space');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/lang=vi/);
  await expect(page.getByText('(1 on)')).toBeVisible();
  await expect(page.getByRole('link', { name: /Carytown Nail Bar/ }).first()).toBeVisible();
  await page.getByText('More filters').click();
  await page.getByRole('button', { name: 'Women-owned' }).click();
  await expect(page).toHaveURL(/lang=vi&.*owned=women|owned=women.*lang=vi/);
  await expect(page.getByText('(2 on)')).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/owned=women/);
  await expect(page.locator('[data-facet-chip="owned=women"]')).toHaveAttribute('aria-pressed', 'false');
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
});

test('a chip works with a tap on a phone @mobile', async ({ page }) => {
  await page.goto('/search?location=Richmond%2C+VA');
  await hydrated(page, '[data-facet-chip]');
  const chip = page.getByRole('button', { name: 'Walk-ins welcome' });
  await chip.tap();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/walkIns=true/);
  await page.getByText('More filters').tap();
  await expect(page.getByRole('button', { name: 'Takes cards' })).toBeVisible();
});
