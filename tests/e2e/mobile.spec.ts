/** A 390-pixel touch screen: the menu, the popup and search work by touch (@mobile runs these on the Pixel profile). */
import { expect, test } from '@playwright/test';

test.describe('on a phone @mobile', () => {
  test('the slide-in menu offers Homepage, Business sign-in and List your business, which opens the popup', async ({ page }) => {
    await page.goto('/about');
    await page.getByLabel('Open menu').click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Homepage' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Business sign-in' })).toHaveAttribute('href', '/business');
    await menu.getByRole('button', { name: 'List your business' }).click();
    await expect(page.getByRole('dialog', { name: 'List Your Business' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  });

  test('search from the home hero', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Search beauty services' });
    const location = form.getByLabel('Location', { exact: true });
    await location.fill('Miami');
    // The suggestions open over what lies below the field: a visitor dismisses them (Escape) before pressing the button.
    await expect(form.getByRole('listbox', { name: 'Location suggestions' })).toBeVisible();
    await location.press('Escape');
    await form.getByRole('button', { name: 'Search Beauty Services' }).click();
    await expect(page.getByText('Found 10 providers in Miami')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
