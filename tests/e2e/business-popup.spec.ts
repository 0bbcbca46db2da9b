/** The List Your Business popup, submitting to the real API. */
import { expect, test, type Page } from '@playwright/test';
import { applicationToast } from '../../src/features/owners/applicationCopy';
import { expectToast, trackScripts, uniqueName } from './helpers';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'List Your Business' });

/** The header's For Businesses menu, then its "List your business". */
async function listFromHeader(page: Page) {
  await page.getByRole('banner').locator('summary', { hasText: 'For Businesses' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'List your business' }).click();
}

async function fillValid(page: Page, name: string) {
  const d = dialog(page);
  await d.getByLabel('Business Name *').fill(name);
  await d.getByLabel('Owner Name *').fill('Noor Haddad');
  await d.getByLabel('Email *').fill('noor@example.com');
  await d.getByLabel('Phone *').fill('(602) 555-0190');
  await d.getByLabel('Business Address *').fill('21 Camelback Rd');
  await d.getByLabel('City *').fill('Phoenix');
  await d.getByLabel('State *').selectOption({ label: 'Arizona' });
  await d.getByLabel('ZIP Code *').fill('85016');
  await d.getByLabel('Services Offered *').fill('Eyebrow Threading,  Brow Tinting , Facial');
}

test.describe('business popup', () => {
  test('React loads only when the popup is first opened', async ({ page }) => {
    const scripts = trackScripts(page);
    await page.goto('/terms');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /BusinessPopup|businessPopupLoader|client\./.test(s))).toBe(false);
    await listFromHeader(page);
    await expect(dialog(page)).toBeVisible();
    expect(scripts.some((s) => /businessPopupLoader/.test(s))).toBe(true);
  });

  test('every validation message; the state is a select of US states, a 4-digit ZIP asks for five', async ({ page }) => {
    await page.goto('/for-businesses');
    await page.getByRole('button', { name: 'Get Started Free' }).click();
    const d = dialog(page);
    await d.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Business name is required',
      'Owner name is required',
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Business address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Please describe your services',
    ]) {
      await expect(d.getByText(message, { exact: true })).toBeVisible();
    }
    await d.getByLabel('Business Name *').fill('b'.repeat(101));
    await d.getByLabel('Owner Name *').fill('o'.repeat(51));
    // A state is chosen by name and sent as its code: never cut short to "Ne".
    await d.getByLabel('State *').selectOption({ label: 'Nebraska' });
    await expect(d.getByLabel('State *')).toHaveValue('NE');
    await d.getByLabel('ZIP Code *').fill('6861');
    await d.getByLabel('Website (Optional)').fill('not a site');
    await d.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Business name must be less than 100 characters',
      'Owner name must be less than 50 characters',
      'Enter a 5-digit ZIP code',
      'Please enter a valid website URL',
    ]) {
      await expect(d.getByText(message, { exact: true })).toBeVisible();
    }
  });

  test('Cancel, the close button and Escape close the popup and reset the form', async ({ page }) => {
    await page.goto('/');
    for (const closeIt of [
      () => dialog(page).getByRole('button', { name: 'Cancel' }).click(),
      () => dialog(page).getByRole('button', { name: 'Close' }).click(),
      () => page.keyboard.press('Escape'),
    ]) {
      await page.getByRole('button', { name: 'List Your Business' }).click();
      await dialog(page).getByLabel('Business Name *').fill('Half Typed');
      await closeIt();
      await expect(dialog(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'List Your Business' }).click();
      await expect(dialog(page).getByLabel('Business Name *')).toHaveValue('');
      await page.keyboard.press('Escape');
    }
  });

  test('focus stays inside the popup', async ({ page }) => {
    await page.goto('/');
    await listFromHeader(page);
    await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  });

  test('a native modal: the page behind is inert and still, toasts show above it, a press on the backdrop closes it', async ({ page }) => {
    await page.goto('/');
    const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await overflow()).not.toBe('hidden');
    await page.getByRole('button', { name: 'List Your Business' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await dialog(page).evaluate((d) => d instanceof HTMLDialogElement && d.matches(':modal'))).toBe(true);
    expect(await overflow()).toBe('hidden');
    // Nothing behind it takes focus, and the page's toaster sits inside it (above the backdrop).
    await page.evaluate(() => document.querySelector<HTMLElement>('header a[href]')?.focus());
    expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await dialog(page).evaluate((d) => d.contains(document.getElementById('glow-toaster')))).toBe(true);
    await page.mouse.click(4, 4);
    await expect(dialog(page)).toHaveCount(0);
    expect(await overflow()).not.toBe('hidden');
    // The dialog counts as gone once closed; its close event, which puts the toaster back, fires a task later.
    await expect.poll(() => page.evaluate(() => document.getElementById('glow-toaster')?.parentElement === document.body)).toBe(true);
  });

  test('a valid application sends the §7 payload, shows the success toast and lists the business', async ({ page }) => {
    const name = uniqueName('Saguaro Brow Studio');
    await page.goto('/search?location=Phoenix');
    await expect(page.getByText(/^Found \d+ providers? in Phoenix$/)).toBeVisible();
    const before = await page.locator('main article').count();
    await listFromHeader(page);
    await fillValid(page, name);
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/providers') && r.method() === 'POST');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/providers', async (route) => {
      await gate;
      await route.continue();
    });
    await dialog(page).getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      name,
      slug: name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      description: `${name} offers professional beauty services in Phoenix, AZ, including Eyebrow Threading, Brow Tinting, Facial.`,
      address: '21 Camelback Rd',
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85016',
      phone: '(602) 555-0190',
      email: 'noor@example.com',
      website: null,
      services: JSON.stringify(['Eyebrow Threading', 'Brow Tinting', 'Facial']),
      isPromoted: false,
      isOpen: true,
    });
    expect(body).not.toHaveProperty('ownerName');
    // What happens to it, and the code on its way, as every page says it.
    await expectToast(page, 'Business Application Submitted!', applicationToast('noor@example.com'));
    await expect(dialog(page)).toHaveCount(0);
    // The results on screen are refreshed with the new listing.
    await expect(page.locator('main article')).toHaveCount(before + 1);
    await expect(page.getByRole('link', { name })).toBeVisible();
  });

  test('a refused application shows the failure toast and keeps the form', async ({ page }) => {
    const name = uniqueName('Duplicate Lash Bar');
    await page.goto('/');
    await page.getByRole('button', { name: 'List Your Business' }).click();
    await fillValid(page, name);
    await dialog(page).getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, 'Business Application Submitted!');
    // The same business at the same address again: the API answers 409.
    await page.getByRole('button', { name: 'List Your Business' }).click();
    await fillValid(page, name);
    await dialog(page).getByRole('button', { name: 'Submit Application' }).click();
    const toast = await expectToast(page, 'Submission Failed', 'Please check your information and try again.');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog(page).getByLabel('Business Name *')).toHaveValue(name);
  });
});
