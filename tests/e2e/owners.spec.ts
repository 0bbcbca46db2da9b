/**
 * The whole claim in Chromium (docs/owners.md): "Claim this business" on a provider page, a wrong
 * address and a wrong code refused with their messages, the code read from a real SMTP server, the
 * dashboard at /business, an edit of hours saved and shown on the page at the next request with
 * "Verified business" and "Updated by the business on {date}", a public reply under its review.
 * A listing from the business popup claimed by its applicant through the emailed link. axe on every
 * state of /business: signed out, each code step, the dashboard with its edit forms (and their
 * errors), the reply form and a saved reply.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { env } from '../../src/env.server';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { applicationToast } from '../../src/features/owners/applicationCopy';
import { expectToast, failOnConsoleErrors, uniqueName } from './helpers';

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
  // A long path (claim, four axe runs, an edit, a reply) on a machine the browser tests share.
  test.setTimeout(90_000);
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[03]/]);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(`/provider/${SLUG}`);
  await expect(page.getByRole('heading', { name: 'Is this your business?' })).toBeVisible();
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
  // The whole dashboard: the listing's sections, each with its own save, its photos and the reply form under each review.
  for (const save of ['Save details', 'Save hours', 'Save menu']) await expect(page.getByRole('button', { name: save })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  const replyBox = page.getByLabel(/^Reply publicly to /).first();
  await expect(replyBox).toBeVisible();
  expect(await violations(page), '/business signed in, with the edit forms and reply forms').toEqual([]);

  // The edit form with a refused field and the temporary-closure date field.
  await page.getByLabel('Phone *').fill('12');
  await page.getByLabel(/^Temporarily closed until a date/).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Please enter a valid phone number').first()).toBeVisible();
  // Focus goes to the first field to fix, which its error describes.
  await expect(page.getByLabel('Phone *')).toBeFocused();
  await expect(page.getByLabel('Phone *')).toHaveAccessibleDescription('Please enter a valid phone number');
  expect(await violations(page), '/business with field errors').toEqual([]);
  await page.getByLabel('Open as usual').check();
  await page.getByLabel('Phone *').fill('(212) 555-0109');

  // A public reply: published, shown as the owner's response, axe clean in that state too.
  await replyBox.fill('Thank you for coming in. We are glad you enjoyed your visit and hope to see you again soon.');
  await page.getByRole('button', { name: 'Reply publicly' }).first().click();
  await expect(page.getByText('Your public response').first()).toBeVisible();
  expect(await violations(page), '/business with a saved reply').toEqual([]);

  // Hours are chosen with time controls and a Closed toggle per day; an error names its day, beside it.
  const hours = page.getByRole('form', { name: 'Opening hours' });
  await hours.getByLabel('Tuesday Closes', { exact: true }).fill('');
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await expect(hours.getByText("Tuesday's hours: choose an opening and a closing time, or mark the day closed")).toBeVisible();
  await expect(hours.getByLabel('Tuesday Closes', { exact: true })).toBeFocused();
  await hours.getByLabel('Closed on Tuesday').check();
  await hours.getByLabel('Monday Opens', { exact: true }).fill('08:00');
  await hours.getByLabel('Monday Closes', { exact: true }).fill('12:00');
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await expect(hours.getByRole('status')).toHaveText('Saved. Your page shows the change now.');
  // The details typed above and not saved are still there: each section saves on its own.
  await expect(page.getByLabel('Phone *')).toHaveValue('(212) 555-0109');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('form', { name: 'Details' }).getByRole('status')).toHaveText('Saved. Your page shows the change now.');

  await page.goto(`/provider/${SLUG}`);
  await expect(page.getByText('Verified business')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Managed by the business' })).toBeVisible();
  await expect(page.getByText(/^Updated by the business on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole('row', { name: /monday/ })).toContainText('8:00 AM - 12:00 PM');
  await expect(page.getByRole('row', { name: /tuesday/ })).toContainText('Closed');
  await expect(page.getByRole('button', { name: 'Claim this business' })).toHaveCount(0);
  await expect(page.getByText(/^Response from Little Orchard/).first()).toBeVisible();
});

test('a business listed through the popup is claimed by its applicant with the code from the email', async ({ page }) => {
  // A long path too (the form, the email, three axe runs, the dashboard and the page it changes).
  test.setTimeout(90_000);
  // Signed out, the dashboard's session call is a 401; a wrong code a 400.
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[01]/]);
  const name = uniqueName('Hollyhock Nail Atelier');
  const email = `hello-${Date.now().toString(36)}@hollyhock.example.com`;
  await page.goto('/');
  await page.getByRole('button', { name: 'List Your Business' }).click();
  const popup = page.getByRole('dialog', { name: 'List Your Business' });
  await popup.getByLabel('Business Name *').fill(name);
  await popup.getByLabel('Owner Name *').fill('Ines Okafor');
  await popup.getByLabel('Email *').fill(email);
  await popup.getByLabel('Phone *').fill(`(503) 555-01${String(Date.now() % 100).padStart(2, '0')}`);
  await popup.getByLabel('Business Address *').fill('88 Alder St');
  await popup.getByLabel('City *').fill('Portland');
  await popup.getByLabel('State *').selectOption('OR');
  await popup.getByLabel('ZIP Code *').fill('97204');
  await popup.getByLabel('Services Offered *').fill('Manicure, Pedicure');
  await popup.getByRole('button', { name: 'Submit Application' }).click();
  // The popup's toast: what happens to the listing, and the code emailed and how long it lasts.
  await expectToast(page, 'Business Application Submitted!', applicationToast(email));

  const message = await mail.latest(email);
  expect(message.text).toMatch(/Someone listed a business on Glow at http:\/\/\S+\/provider\/\S+ and gave this email address\./);
  expect(message.text).not.toContain(name);
  const link = /(http:\/\/\S+\/business\?\S+?)\s/.exec(message.text ?? '')?.[1];
  expect(link, 'the email links to the claim step').toBeDefined();
  const code = /\b(\d{6})\b/.exec(message.subject ?? '')![1]!;

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Claim your new listing' })).toBeVisible();
  await expect(page.getByText(`We sent a code to ${email}`)).toBeVisible();
  expect(await violations(page), '/business at the claim’s code step').toEqual([]);

  await page.getByLabel('6-digit code *').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm and claim' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check the latest email from Glow and try again.');
  expect(await violations(page), '/business at the code step with an error').toEqual([]);

  await page.getByLabel('6-digit code *').fill(code);
  await page.getByRole('button', { name: 'Confirm and claim' }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/business$/);
  await expect(page.getByRole('button', { name: 'Save details' })).toBeVisible();
  // A listing from the form has no hours until its owner sets them, and the dashboard says what shoppers see meanwhile.
  await expect(page.getByText('Your page says “Hours not provided” and never shows you as open now until you set your hours here.')).toBeVisible();
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  expect(await violations(page), '/business with a new listing').toEqual([]);

  // A reload stays on the dashboard; the listing's page now says it is the business's own.
  await page.reload();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  await page.goto(`/provider/${slug}`);
  // Unknown is unknown: no hours given, so no open/closed badge and no price line.
  await expect(page.getByText('Hours not provided. Call ahead before you visit.')).toBeVisible();
  await expect(page.locator('.open-status')).toHaveCount(0);
  await expect(page.getByText(/^Price range/)).toHaveCount(0);
  // Managed by its applicant, but a code they typed proves only their mailbox: verified only once
  // an operator approves it (docs/owners.md "Which listings are vetted").
  await expect(page.getByRole('heading', { name: 'Managed by the business' })).toBeVisible();
  await expect(page.getByText('New listing, not yet verified').first()).toBeVisible();
  await expect(page.getByText('Verified business')).toHaveCount(0);
});

test('/business signed out asks for an email, and passes axe', async ({ page }) => {
  await page.goto('/business');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await violations(page), '/business signed out').toEqual([]);
  // An address that manages nothing gets the same answer as one that does: nothing tells a stranger which addresses manage a listing.
  await page.getByLabel('Business email *').fill('nobody@elsewhere.example.net');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText('We sent a code to nobody@elsewhere.example.net')).toBeVisible();
  expect(await violations(page), '/business, the code step').toEqual([]);

  // The code step of a dashboard sign-in, for an address that manages a listing.
  await page.goto('/business');
  await page.getByLabel('Business email *').fill(EMAIL);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We sent a code to ${EMAIL}`)).toBeVisible();
  await expect(page.getByLabel('6-digit code *')).toBeVisible();
  expect(await violations(page), '/business at the sign-in code step').toEqual([]);
});
