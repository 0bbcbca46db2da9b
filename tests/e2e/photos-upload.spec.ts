/**
 * An owner uploads a photo in Chromium (docs/photos.md "Uploading"): signed in with an emailed code
 * (a real SMTP server), the dashboard's Photos section scales a 12-megapixel phone photo down in the
 * browser, shows progress, asks for alt text with its hint, and the photo is on the listing's page
 * at the next request, without the camera's EXIF or GPS data in what visitors get.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { env } from '../../src/env.server';
import { PHOTO_LIMITS } from '../../src/features/photos/photoRules';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors } from './helpers';

const SLUG = 'uptown-tips-toes-new-york';
const EMAIL = 'book@uptowntipsandtoes.example.com';
let mail: TestMailbox;

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
});
test.afterAll(async () => {
  await mail?.close();
});

test('an owner adds a photo from the dashboard: scaled in the browser, alt text required, then made the cover', async ({ page, baseURL }) => {
  failOnConsoleErrors(page);
  const { id } = (await (await page.request.get(`/api/providers/by-slug/${SLUG}`)).json()) as { id: string };
  const headers = { Origin: baseURL! };
  expect((await page.request.post('/api/owners/code', { data: { email: EMAIL, providerId: id }, headers })).status()).toBe(202);
  const signIn = await page.request.post('/api/owners/sign-in', { data: { email: EMAIL, code: await mail.code(EMAIL), providerId: id }, headers });
  expect(signIn.status()).toBe(200);

  // A phone photo: 4,000 × 3,000 with the camera's owner and a GPS position in its EXIF.
  const dir = mkdtempSync(join(tmpdir(), 'glow-upload-'));
  const file = join(dir, 'IMG_2041.jpg');
  // Grain over mid grey: a JPEG of it is as large as a real phone photo, over the body limit.
  const noise = randomBytes(4000 * 3000 * 3).map((b) => 96 + (b & 63));
  writeFileSync(
    file,
    await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Artist: 'Dana Privateowner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 48/1 1200/100' } })
      .toBuffer(),
  );

  await page.goto('/business');
  const section = page.getByRole('region', { name: 'Photos' });
  await expect(section).toBeVisible();
  await expect(section.getByText(/of 30 photos/)).toBeVisible();
  await section.getByLabel('Photo *').setInputFiles(file);
  await expect(section.getByText(/Describe what the photo shows/)).toBeVisible();
  await section.getByRole('button', { name: 'Add photo' }).click();
  await expect(section.getByText('Alt text must be at least 5 characters: say what the photo shows')).toBeVisible();

  await section.getByLabel('Alt text *').fill('Nude ombré nails with a fine gold line');
  await section.getByLabel('What it shows').selectOption('work');
  const uploading = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/providers\/[^/]+\/photos$/.test(r.url()));
  await section.getByRole('button', { name: 'Add photo' }).click();
  await uploading;
  // The original is far over the body limit (the server answers 413 to such a body): what the
  // browser sent and the server took is the scaled copy.
  expect(statSync(file).size).toBeGreaterThan(PHOTO_LIMITS.maxUploadBytes);
  await expect(section.getByRole('status')).toHaveText('Photo added. It is on your page now.');
  // The listing has seed photos; the new one comes last and becomes the cover on request.
  const item = section.locator('li[data-photo]').filter({ has: page.locator('img[alt="Nude ombré nails with a fine gold line"]') });
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: 'Make cover' }).click();
  await expect(section.getByRole('status')).toHaveText('Cover changed.');
  await expect(item.getByText('Cover', { exact: true })).toBeVisible();

  await page.goto(`/provider/${SLUG}`);
  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveAttribute('alt', 'Nude ombré nails with a fine gold line');
  const src = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
  const served = Buffer.from(await (await page.request.get(src)).body());
  const meta = await sharp(served).metadata();
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(PHOTO_LIMITS.browserMaxEdge);
  expect(meta.exif).toBeUndefined();
  expect(served.includes('Privateowner') || served.includes('GPS')).toBe(false);
});
