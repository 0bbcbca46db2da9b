/** FAQ accordions, the /faq search and filters, and the contact form. */
import { expect, test } from '@playwright/test';
import { expectToast, hydrated } from './helpers';

test.describe('FAQ', () => {
  test('home: first open, one at a time, clicking the open one closes it, deal alerts', async ({ page }) => {
    await page.goto('/');
    await hydrated(page, '[aria-controls]');
    const faq = page.locator('section[aria-labelledby="home-faq"]');
    const buttons = faq.getByRole('button', { expanded: true }).or(faq.getByRole('button', { expanded: false }));
    await expect(faq.locator('button[aria-expanded]')).toHaveCount(5);
    const q = (i: number) => faq.locator('button[aria-expanded]').nth(i);
    await expect(q(0)).toHaveAttribute('aria-expanded', 'true');
    await q(0).scrollIntoViewIfNeeded();
    await faq.getByRole('button', { name: 'Get Free Deal Alerts' }).click();
    await expect(faq.getByRole('alert')).toContainText('deal alerts');
    await q(2).click();
    await expect(q(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(q(0)).toHaveAttribute('aria-expanded', 'false');
    await q(2).click();
    await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);
    expect(await buttons.count()).toBe(5);
  });

  test('/faq: search, categories, both combined, and the empty message', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page, 'input[placeholder="Search questions..."]');
    const list = page.locator('main button[aria-expanded]');
    await expect(list).toHaveCount(28);
    for (const c of ['All', 'General', 'Booking', 'Services', 'Trust & Safety', 'Search', 'Payment', 'Business'])
      await expect(page.getByRole('button', { name: c, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Booking', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Booking', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(list).toHaveCount(4);
    const search = page.getByPlaceholder('Search questions...');
    await search.fill('CANCEL');
    const bookingCancel = await list.count();
    expect(bookingCancel).toBeGreaterThan(0);
    expect(bookingCancel).toBeLessThan(4);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    expect(await list.count()).toBeGreaterThanOrEqual(bookingCancel);
    await search.fill('zzzz no such words');
    await expect(page.getByText('No questions found matching your search. Try different keywords or browse all categories.')).toBeVisible();
    await expect(page.getByRole('link', { name: /contact/i }).first()).toBeVisible();
  });
});

test.describe('contact form', () => {
  test('messages, Sending... for a second, the success toast and a reset', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page, 'form[aria-label="Contact form"]');
    const form = page.getByRole('form', { name: 'Contact form' });
    const subjects = await form.getByLabel('Subject').locator('option').allTextContents();
    expect(subjects.slice(1)).toEqual(['General Inquiry', 'Provider Questions', 'Technical Support', 'Business Partnership', 'Feedback & Suggestions']);
    await form.getByRole('button', { name: 'Send Message' }).click();
    for (const m of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please select a subject',
      'Message must be at least 10 characters',
    ])
      await expect(form.getByText(m)).toBeVisible();
    await form.getByLabel('Name').fill('Avery Quinn');
    await form.getByLabel('Email').fill('avery@example.com');
    await form.getByLabel('Subject').selectOption('feedback');
    await form.getByLabel('Message').fill('The city pages are really helpful, thank you!');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expectToast(page, "Message sent successfully! We'll get back to you within 24 hours.");
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByRole('main').getByRole('link', { name: /Help Center/ })).toHaveAttribute('href', '/help');
  });

  test('a toast shows for five seconds, one at a time', async ({ page }) => {
    await page.clock.install();
    await page.goto('/contact');
    await hydrated(page, 'form[aria-label="Contact form"]');
    const form = page.getByRole('form', { name: 'Contact form' });
    const send = async (message: string) => {
      await form.getByLabel('Name').fill('Avery Quinn');
      await form.getByLabel('Email').fill('avery@example.com');
      await form.getByLabel('Subject').selectOption('general');
      await form.getByLabel('Message').fill(message);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.clock.runFor(1000);
    };
    await send('First message to the team.');
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await page.clock.runFor(3000);
    await send('Second message to the team.');
    // The second replaces the first: still one toast, and a fresh five seconds.
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await page.clock.runFor(4900);
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await page.clock.runFor(200);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a toast can be dismissed and is announced', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page, 'form[aria-label="Contact form"]');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Avery Quinn');
    await form.getByLabel('Email').fill('avery@example.com');
    await form.getByLabel('Subject').selectOption('general');
    await form.getByLabel('Message').fill('Just saying hello to the team.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const toast = await expectToast(page, 'Message sent successfully!');
    await expect(page.getByRole('status').filter({ has: toast })).toHaveAttribute('aria-live', 'polite');
    await toast.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});
