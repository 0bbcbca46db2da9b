/**
 * Photos in the browser (docs/photos.md): the cover leads the provider page, the gallery opens the
 * full-screen viewer on the first click (loaded then, not before), which moves with the keyboard and
 * a swipe, closes with its button and Esc, returns focus, and reports a photo with the reviews'
 * dialog. Seed photos come from `npm start`'s setup.
 */
import { expect, test } from '@playwright/test';
import { expectToast, failOnConsoleErrors, trackScripts } from './helpers';

const SLUG = 'lacquer-lace-nail-studio-new-york';

test('the cover leads the page and the gallery opens a full-screen viewer on the first click', async ({ page }) => {
  failOnConsoleErrors(page);
  const scripts = trackScripts(page);
  await page.goto(`/provider/${SLUG}`);
  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveAttribute('src', /\/\.netlify\/images\?url=%2Fphotos%2F/);
  expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const thumbs = page.locator('[data-gallery] a[data-photo-index]');
  const count = await thumbs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('link', { name: `${count} photos` })).toBeVisible();
  expect(scripts.some((s) => /photoViewer/.test(s))).toBe(false);

  await thumbs.nth(1).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  expect(scripts.some((s) => /photoViewer/.test(s))).toBe(true);
  await expect(viewer.getByText(`Photo 2 of ${count}`)).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close photo viewer' })).toBeFocused();
  const shown = viewer.locator('img');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(`Photo 3 of ${count}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText(`Photo 1 of ${count}`)).toBeVisible();
  await page.keyboard.press('End');
  await expect(viewer.getByText(`Photo ${count} of ${count}`)).toBeVisible();
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(viewer.getByText(`Photo 1 of ${count}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbs.nth(0)).toBeFocused();

  await thumbs.nth(0).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close photo viewer' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a photo can be reported from the viewer with the reviews’ reasons', async ({ page }) => {
  failOnConsoleErrors(page);
  await page.goto(`/provider/${SLUG}`);
  await page.locator('[data-gallery] a[data-photo-index]').first().click();
  await page.getByRole('button', { name: 'Report this photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this photo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByLabel('Spam or advertising').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(await expectToast(page, 'Thanks, our team will look at this photo.')).toBeVisible();
});

test('@mobile a swipe moves the viewer to the next photo', async ({ page }) => {
  await page.goto(`/provider/${SLUG}`);
  await page.locator('[data-gallery] a[data-photo-index]').first().tap();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText(/Photo 1 of \d+/)).toBeVisible();
  const box = (await viewer.boundingBox())!;
  const y = box.y + box.height / 2;
  await viewer.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: box.x + box.width * 0.8, clientY: y, isPrimary: true });
  await viewer.dispatchEvent('pointerup', { pointerType: 'touch', clientX: box.x + box.width * 0.2, clientY: y, isPrimary: true });
  await expect(viewer.getByText(/Photo 2 of \d+/)).toBeVisible();
});
