/**
 * The whole claim in Chromium (docs/owners.md): "Claim this business" on a provider page, a wrong
 * address and a wrong code refused with their messages, the code read from a real SMTP server, the
 * dashboard at /business (axe clean signed out and signed in), an edit of hours saved and shown on
 * the page at the next request with "Verified business" and "Updated by the business on {date}".
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { env } from '../../src/env.server';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors } from './helpers';

const SLUG = 'little-orchard-nail-parlor-new-york';
const EMAIL = 'info@littleorchard.example.com';
let mail: TestMailbox;

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
});
test.afterAll(async () => {
  await mail?.close();
});

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('an owner claims their listing with an emailed code and updates its hours', async ({ page }) => {
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[03]/]);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(`/provider/${SLUG}`);
  await expect(page.getByText('Is this your business?')).toBeVisible();
  expect(
    scripts.some((s) => /ClaimDialog|claimLoader/.test(s)),
    'the claim dialog loads on click, not before',
  ).toBe(false);

  await page.getByRole('button', { name: 'Claim this business' }).click();
  const dialog = page.getByRole('dialog', { name: /^Claim Little Orchard/ });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Business email *').fill('someone@elsewhere.example.net');
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`Only the listing's email (${EMAIL})`);

  await dialog.getByLabel('Business email *').fill(EMAIL);
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByText(`We sent a code to ${EMAIL}`)).toBeVisible();
  const code = await mail.code(EMAIL);

  await dialog.getByLabel('6-digit code *').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm and claim' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That code is not right. Check the latest email from Glow and try again.');

  await dialog.getByLabel('6-digit code *').fill(code);
  await dialog.getByRole('button', { name: 'Confirm and claim' }).click();
  await expect(dialog.getByText(/You now manage Little Orchard/)).toBeVisible();
  await dialog.getByRole('link', { name: 'Open your dashboard' }).click();

  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(await violations(page), '/business signed in').toEqual([]);

  await page.getByLabel('monday', { exact: true }).fill('8:00 AM - 12:00 PM');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved. Your page shows the change now.');

  await page.goto(`/provider/${SLUG}`);
  await expect(page.getByText('Verified business')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Managed by the business' })).toBeVisible();
  await expect(page.getByText(/^Updated by the business on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole('row', { name: /monday/ })).toContainText('8:00 AM - 12:00 PM');
  await expect(page.getByRole('button', { name: 'Claim this business' })).toHaveCount(0);
});

test('/business signed out asks for an email, and passes axe', async ({ page }) => {
  await page.goto('/business');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await violations(page), '/business signed out').toEqual([]);
  await page.getByLabel('Business email *').fill('nobody@elsewhere.example.net');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('alert')).toContainText('No listing on Glow is managed with this email yet');
});
