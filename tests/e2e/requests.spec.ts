/**
 * Time requests in Chromium (docs/requests.md), every email read from a real SMTP server: an owner
 * claims a seed listing from "Claim it to receive requests" (a new claim takes requests) and sets a
 * "Book online" link and a cancellation policy; a shopper requests a time (the dialog loads on click),
 * confirms the emailed code, and is told it is a request; the owner accepts from the email's link
 * (opening it changes nothing, its button does, a second visit shows the state); the shopper's
 * confirmation carries a calendar file (parsed with ical.js); the shopper cancels from their link.
 * The owner's /business requests screen shows it; an owner proposes another time there and the
 * shopper accepts it by link. axe on the dialog, the link page and /business; a 390-pixel
 * phone sends a request without anything wider than the screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { env } from '../../src/env.server';
import { requestNotice } from '../../src/features/requests';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors, trackScripts } from './helpers';

/** A vetted seed listing no other browser test claims: a new claim takes requests from the start (docs/requests.md). */
const SLUG = 'back-bay-skin-atelier-boston';
const BUSINESS = 'Back Bay Skin Atelier';
const OWNER = 'hello@backbayskin.example.com';
const POLICY = 'Please give us 24 hours notice to move or cancel; later changes may be charged half the service price.';
let mail: TestMailbox;

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
});
test.afterAll(async () => {
  await mail?.close();
});

async function violations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The newest message to `to` whose subject matches, waiting for it. */
async function mailTo(to: string, subject: RegExp, after = 0): Promise<ParsedMail> {
  const until = Date.now() + 15_000;
  for (;;) {
    const found = mail.messages
      .slice(after)
      .filter((m) => [m.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase())) && subject.test(m.subject ?? ''))
      .at(-1);
    if (found) return found;
    if (Date.now() > until) throw new Error(`No mail to ${to} with a subject like ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The respond link of a message whose label (the text just before it) matches. */
function linkAfter(message: ParsedMail, label: RegExp): string {
  const text = message.text ?? '';
  const links = [...text.matchAll(/https?:\/\/\S+\/requests\/respond\?token=[\w-]+/g)];
  const hit = links.find((l) => label.test(text.slice(Math.max(0, (l.index ?? 0) - 120), l.index)));
  if (!hit) throw new Error(`No link after ${label} in:\n${text}`);
  const url = new URL(hit[0]);
  return `${url.pathname}${url.search}`;
}

/** The listing claimed by its owner (through the API) when no test has claimed it yet: a new claim takes requests. */
async function ensureClaimed(page: Page, origin: string) {
  const listing = (await (await page.request.get(`/api/providers/by-slug/${SLUG}`)).json()) as { id: string; takesRequests?: boolean };
  if (listing.takesRequests) return;
  const headers = { Origin: origin };
  expect((await page.request.post('/api/owners/code', { data: { email: OWNER, providerId: listing.id }, headers })).status()).toBe(202);
  const signIn = await page.request.post('/api/owners/sign-in', { data: { email: OWNER, code: await mail.code(OWNER), providerId: listing.id }, headers });
  expect(signIn.status()).toBe(200);
  await page.context().clearCookies();
}

/** Fills the dialog with a service, one or two times and the shopper's details, then asks for the code. */
async function fillRequest(page: Page, email: string, twoTimes: boolean) {
  const dialog = page.getByRole('dialog', { name: `Request a time at ${BUSINESS}` });
  await expect(dialog.getByLabel('Service *')).toBeVisible();
  const first = dialog.getByRole('group', { name: 'Time 1' });
  await first.getByLabel('Day', { exact: true }).selectOption({ index: 2 });
  await first.getByLabel('Time of day').selectOption('afternoon');
  if (twoTimes) {
    await dialog.getByRole('button', { name: 'Add another time' }).click();
    const second = dialog.getByRole('group', { name: 'Time 2' });
    await second.getByLabel('Day', { exact: true }).selectOption({ index: 3 });
    await second.getByLabel('Time of day').selectOption('exact');
    await second.getByLabel('Time', { exact: true }).fill('10:30');
  }
  await dialog.getByLabel('Your Name *').fill('Dana Whitfield');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Phone (Optional)').fill('(212) 555-0147');
  await dialog.getByLabel('Note (Optional)').fill('A gel manicure, please; first visit.');
  return dialog;
}

test('a shopper requests a time, the owner accepts from the email, the shopper gets a calendar file and cancels', async ({ page }) => {
  test.setTimeout(120_000);
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[0134]/]);
  const shopper = `dana.${Date.now().toString(36)}@example.com`;
  // Unclaimed, the page keeps "Call" and invites the owner; claimed (a new claim), it takes requests.
  await page.goto(`/provider/${SLUG}`);
  await expect(page.getByRole('link', { name: /^Call / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request a time' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Is this your business? Claim it to receive requests' }).click();
  const claim = page.getByRole('dialog', { name: `Claim ${BUSINESS}` });
  await claim.getByLabel('Business email *').fill(OWNER);
  await claim.getByRole('button', { name: 'Email me a code' }).click();
  await claim.getByLabel('6-digit code *').fill(await mail.code(OWNER));
  await claim.getByRole('button', { name: 'Confirm and claim' }).click();
  await claim.getByRole('link', { name: 'Open your dashboard' }).click();

  // The owner's settings: on from the claim; a "Book online" link (https only) and a cancellation policy.
  const settings = page.locator('[data-requests-settings]');
  await expect(settings.getByLabel('Take time requests')).toBeChecked();
  await settings.getByLabel('Book online link (Optional)').fill('http://book.example.com/backbay');
  await settings.getByRole('button', { name: 'Save request settings' }).click();
  await expect(settings.locator('.field-error').first()).toBeVisible();
  await settings.getByLabel('Book online link (Optional)').fill('https://book.example.com/backbay');
  await settings.getByLabel('Cancellation policy (Optional)').fill(POLICY);
  await settings.getByRole('button', { name: 'Save request settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved. Your page shows the change now.');
  const inbox = page.locator('[data-requests-inbox]');
  await expect(inbox.getByText('No requests are waiting for your answer.')).toBeVisible();
  // The owner's own reply-time figures: none yet, and why.
  await expect(inbox.locator('[data-owner-reply-time]')).toContainText('once you have had 3 requests in 90 days');
  await page.context().clearCookies();

  const scripts = trackScripts(page);
  await page.goto(`/provider/${SLUG}`);
  const booking = page.getByRole('link', { name: 'Book online' });
  await expect(booking).toHaveAttribute('href', 'https://book.example.com/backbay');
  await expect(booking).toHaveAttribute('data-insight', 'booking');
  const request = page.getByRole('button', { name: 'Request a time' });
  await expect(request).toBeVisible();
  expect(
    scripts.some((s) => /RequestDialog|requestLoader/.test(s)),
    'the request dialog loads on click, not before',
  ).toBe(false);

  await request.click();
  const dialog = await fillRequest(page, shopper, true);
  await expect(dialog.getByText(requestNotice(BUSINESS))).toBeVisible();
  await expect(dialog.getByText(POLICY)).toBeVisible();
  expect(await violations(page, '[data-request-dialog]'), 'the request dialog').toEqual([]);

  // The form's own schema speaks before any code is sent.
  await dialog.getByLabel('Your Name *').fill('');
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByLabel('Your Name *')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Your Name *')).toBeFocused();
  await dialog.getByLabel('Your Name *').fill('Dana Whitfield');

  // Nothing reaches the owner before the code: a wrong code is refused.
  const before = mail.messages.length;
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await expect(dialog.getByText(`We sent a code to ${shopper}`)).toBeVisible();
  const code = await mail.code(shopper);
  await dialog.getByLabel('6-digit code *').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.locator('.field-error').first()).toBeVisible();
  expect(await violations(page, '[data-request-dialog]'), 'the code step with its error').toEqual([]);

  await dialog.getByLabel('6-digit code *').fill(code);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.locator('[data-request-sent]')).toHaveText(requestNotice(BUSINESS));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The owner's email: one Accept link per time; opening one changes nothing until its button is pressed.
  const toOwner = await mailTo(OWNER, /request/i, before);
  const accept = linkAfter(toOwner, /Accept[^\n]*\n?\s*$/);
  await page.goto(accept);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByRole('button', { name: 'Accept this time' })).toBeVisible();
  expect(await violations(page), 'the email link page').toEqual([]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accept this time' })).toBeVisible();
  await expect(page.getByText('Dana Whitfield')).toHaveCount(0);
  await page.getByRole('button', { name: 'Accept this time' }).click();
  await expect(page.locator('[data-respond-result]')).toContainText('Accepted.');
  // A second visit shows the state, never a second change.
  await page.reload();
  await expect(page.locator('[data-respond-result]')).toContainText('This link has been used or has expired');
  await expect(page.locator('[data-request-state="accepted"]')).toBeVisible();

  // The shopper's confirmation carries an iCalendar file: PUBLISH, CONFIRMED, the listing's zone.
  const confirmation = await mailTo(shopper, /confirm/i);
  const ics = confirmation.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'));
  expect(ics, 'a calendar attachment').toBeTruthy();
  const ICAL = (await import('ical.js')).default;
  const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  const event = calendar.getFirstSubcomponent('vevent')!;
  expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
  expect(event.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
  const uid = event.getFirstPropertyValue('uid');
  expect(uid).toBeTruthy();

  // The shopper cancels from their link (free up to 24 hours ahead, as the site says).
  const sent = mail.messages.length;
  await page.goto(linkAfter(confirmation, /Cancel[^\n]*\n?\s*$/));
  await expect(page.getByText('Cancelling is free up to 24 hours before the appointment.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel my appointment' }).click();
  await expect(page.locator('[data-respond-result]')).toContainText('Cancelled.');
  const cancelled = await mailTo(OWNER, /cancel/i, sent);
  expect(cancelled.subject).toMatch(/cancel/i);

  // The owner's requests screen: signed in with a code, the request under Cancelled, axe clean.
  await page.goto('/business');
  const asked = mail.messages.length;
  await page.getByLabel('Business email *').fill(OWNER);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const codeMail = await mailTo(OWNER, /\b\d{6}\b/, asked);
  await page.getByLabel('6-digit code *').fill(/\b(\d{6})\b/.exec(codeMail.subject ?? '')![1]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(inbox.getByRole('heading', { name: 'Requests' })).toBeVisible();
  await inbox.getByRole('button', { name: 'Cancelled' }).click();
  const item = inbox.locator('li', { hasText: 'Dana Whitfield' }).first();
  await expect(item).toContainText('Cancelled by the client');
  await expect(item).toContainText(shopper);
  expect(await violations(page), '/business with the requests screen').toEqual([]);
});

test('the owner proposes another time from /business and the shopper accepts it from the email', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 40[0134]/]);
  await ensureClaimed(page, baseURL!);
  const shopper = `rosa.${Date.now().toString(36)}@example.com`;
  await page.goto(`/provider/${SLUG}`);
  await page.getByRole('button', { name: 'Request a time' }).click();
  const dialog = await fillRequest(page, shopper, false);
  await dialog.getByLabel('Your Name *').fill('Rosa Delgado');
  await dialog.getByRole('button', { name: 'Email me a code' }).click();
  await dialog.getByLabel('6-digit code *').fill(await mail.code(shopper));
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.locator('[data-request-sent]')).toHaveText(requestNotice(BUSINESS));

  // Signed in, the owner answers in the dashboard: another time, a week later at 3:15 PM.
  const asked = mail.messages.length;
  await page.goto('/business');
  await page.getByLabel('Business email *').fill(OWNER);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const codeMail = await mailTo(OWNER, /\b\d{6}\b/, asked);
  await page.getByLabel('6-digit code *').fill(/\b(\d{6})\b/.exec(codeMail.subject ?? '')![1]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const item = page.locator('[data-requests-inbox] li', { hasText: 'Rosa Delgado' });
  await expect(item.getByRole('button', { name: /^Accept / })).toHaveCount(1);
  await item.getByRole('button', { name: 'Propose another time' }).click();
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await item.getByLabel('Day', { exact: true }).fill(day);
  await item.getByLabel('Time', { exact: true }).fill('15:15');
  await item.getByRole('button', { name: 'Send this time' }).click();
  await expect(item).toHaveCount(0);
  await page.locator('[data-requests-inbox]').getByRole('button', { name: 'Another time proposed' }).click();
  await expect(page.locator('[data-requests-inbox] li', { hasText: 'Rosa Delgado' })).toContainText('3:15 PM');
  await page.context().clearCookies();

  // The shopper accepts the proposal from their email: confirmed, with its calendar file.
  const proposal = await mailTo(shopper, /proposes/);
  await page.goto(linkAfter(proposal, /Accept this time:\s*$/));
  await expect(page.getByRole('heading', { name: /^Accept .*3:15 PM/ })).toBeVisible();
  await page.getByRole('button', { name: 'Accept this time' }).click();
  await expect(page.locator('[data-respond-result]')).toContainText('Confirmed.');
  const confirmation = await mailTo(shopper, /^Confirmed:/);
  expect(confirmation.attachments.some((a) => a.contentType.startsWith('text/calendar') || a.filename?.endsWith('.ics'))).toBe(true);
});

test.describe('on a phone @mobile', () => {
  test('the request dialog fits a 390-pixel screen and sends a request', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const shopper = `phone.${Date.now().toString(36)}@example.com`;
    await ensureClaimed(page, baseURL!);
    await page.goto(`/provider/${SLUG}`);
    await page.getByRole('button', { name: 'Request a time' }).tap();
    const dialog = await fillRequest(page, shopper, false);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'the dialog within the screen').toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Email me a code' }).tap();
    await dialog.getByLabel('6-digit code *').fill(await mail.code(shopper));
    await dialog.getByRole('button', { name: 'Send request' }).tap();
    await expect(dialog.locator('[data-request-sent]')).toHaveText(requestNotice(BUSINESS));
  });
});
