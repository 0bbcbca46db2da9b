/** Output is escaped and the CSP holds (issue "Hardening"), in real Chromium against `npm start`. */
import { expect, test, type Page } from '@playwright/test';
import { hydrated, uniqueName } from './helpers';

const XSS = {
  name: `<img src=x onerror="window.__xss='name'">Escaped Salon`,
  address: `<script>window.__xss='address'</script>12 Quote St`,
  description: `<svg onload="window.__xss='description'"></svg>A salon with <b>markup</b> in its text.`,
  services: [`<img src=x onerror="window.__xss='service'">Manicure`, `<script>window.__xss='service2'</script>`],
  customerName: `<script>window.__xss='review'</script>`,
  comment: `<img src=x onerror="window.__xss='comment'"> & "quotes"`,
};

function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.locator('main img[src="x"], main svg[onload]').count()).toBe(0);
    // No script the browser would run carries user text. JSON-LD blocks are data, never run: they
    // may hold the text, but only with `<` escaped so it cannot close the block.
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ type: s.type, text: s.textContent ?? '' })));
    expect(scripts.filter((s) => s.type !== 'application/ld+json' && s.text.includes('__xss'))).toEqual([]);
    for (const ld of scripts.filter((s) => s.type === 'application/ld+json')) expect(ld.text).not.toContain('<');
  };
}

test.describe('user text is rendered as text', () => {
  test('markup and script in every text field run nowhere: provider page, reviews, search results', async ({ page }) => {
    const name = uniqueName(XSS.name);
    const created = await page.request.post('/api/providers', {
      data: {
        name,
        address: XSS.address,
        description: XSS.description,
        city: 'Tulsa',
        state: 'OK',
        zipCode: '74103',
        phone: '(918) 555-0166',
        email: 'xss@example.com',
        website: null,
        services: JSON.stringify(XSS.services),
      },
    });
    expect(created.status()).toBe(201);
    const provider = (await created.json()) as { id: string; slug: string };
    const review = await page.request.post('/api/reviews', {
      data: { providerId: provider.id, customerName: XSS.customerName, rating: 5, comment: XSS.comment },
    });
    expect(review.status()).toBe(201);

    const check = guard(page);
    await page.goto(`/provider/${provider.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText(XSS.address).first()).toBeVisible();
    await expect(page.getByText(XSS.customerName)).toBeVisible();
    await expect(page.getByText(XSS.comment)).toBeVisible();
    await check();

    await page.goto(`/search?query=${encodeURIComponent('Escaped Salon')}&location=Tulsa`);
    await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByText(XSS.services[0]!)).toBeVisible();
    await check();

    await page.goto(`/search?location=${encodeURIComponent('<img src=x onerror="window.__xss=1">')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beauty services near <img src=x onerror="window.__xss=1">');
    await check();
  });
});

test.describe('Content-Security-Policy', () => {
  test('pages with islands run under the CSP with no violation', async ({ page }) => {
    const violations: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    for (const path of ['/', '/faq', '/search?location=Miami', '/contact', '/provider/lacquer-lace-nail-studio-new-york', '/provider/not-built-yet-provider']) {
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy'], path).toContain("default-src 'self'");
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/faq');
    await hydrated(page, 'input[placeholder="Search questions..."]');
    await page.getByRole('banner').locator('summary', { hasText: 'For Businesses' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'List your business' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(violations).toEqual([]);
  });
});
