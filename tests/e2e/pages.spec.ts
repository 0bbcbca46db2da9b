/** One page of each kind, opened in Chromium from the `npm start` server: key content is in the HTML. */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';

/** The hero's popular-search links, as the editor wrote them. */
const POPULAR_SEARCHES = (JSON.parse(readFileSync('content/company/home.json', 'utf8')) as { popularSearches: { label: string; slug: string }[] })
  .popularSearches;
import { failOnConsoleErrors, trackScripts } from './helpers';

test.describe('pages', () => {
  test('home shows every section in order', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    await expect(page).toHaveTitle(/Glow/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Search beauty services' })).toBeVisible();
    for (const p of POPULAR_SEARCHES) await expect(page.getByRole('link', { name: p.label })).toHaveAttribute('href', `/provider/${p.slug}`);
    for (const [label, value] of [
      ['Nail Salons', 'Nail Salon'],
      ['Hair Salons', 'Hair Salon'],
      ['Beauty Parlours', 'Beauty Parlour'],
      ['Brows & Lashes', 'Eyebrow Threading'],
      ['Makeup Services', 'Makeup Services'],
      ['Skincare & Facials', 'Facial Treatments'],
    ]) {
      await expect(page.locator('section[aria-labelledby="categories"]').getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute(
        'href',
        `/search?service=${encodeURIComponent(value!)}`,
      );
    }
    const popular = page.locator('section[aria-labelledby="popular-services"]');
    for (const [name, price] of [
      ['Manicure & Pedicure', '$35'],
      ['Hair Cut & Styling', '$65'],
      ['Eyebrow Threading', '$25'],
      ['Facial Treatments', '$80'],
    ]) {
      await expect(popular.getByRole('listitem').filter({ hasText: name! })).toContainText(price!);
    }
    const featured = page.locator('section[aria-labelledby="featured"] article');
    expect(await featured.count()).toBeGreaterThan(0);
    expect(await featured.count()).toBeLessThanOrEqual(6);
    await expect(page.getByRole('link', { name: 'View All Providers' })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: /New York\s*20 providers/ })).toHaveAttribute('href', '/search?location=New%20York');
    await expect(page.getByRole('link', { name: /Los Angeles\s*30 providers/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Houston\s*7 providers/ })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="testimonials"] blockquote')).toHaveCount(3);
    await expect(page.locator('section[aria-labelledby="home-faq"] h3')).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Why Women Choose Glow' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Grow Your Beauty Business' })).toBeVisible();
    const order = await page.locator('main h2').allTextContents();
    expect(order.indexOf('Most Popular Beauty Services')).toBeLessThan(order.indexOf('Featured Beauty Providers'));
    expect(order.indexOf('Frequently Asked Questions')).toBeLessThan(order.indexOf('Why Women Choose Glow'));
  });

  test('a popular search link opens a real provider page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: POPULAR_SEARCHES[0]!.label }).click();
    await expect(page).toHaveURL(`/provider/${POPULAR_SEARCHES[0]!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a provider page shows everything it lists', async ({ page, request }) => {
    failOnConsoleErrors(page);
    const provider = (await (await request.get('/api/providers/by-slug/lacquer-lace-nail-studio-new-york')).json()) as Record<string, string>;
    await page.goto('/provider/lacquer-lace-nail-studio-new-york');
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Manicure' })).toHaveAttribute('href', '/search?service=Manicure');
    await expect(crumbs).toContainText(provider.name!);
    await expect(page.getByText(`${provider.address}, New York, NY ${provider.zipCode}`)).toBeVisible();
    await expect(page.getByText('Promoted', { exact: true })).toBeVisible();
    await expect(page.getByText(/^(Open now|Closed)$/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: provider.phone!, exact: true })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('link', { name: provider.email! })).toHaveAttribute('href', `mailto:${provider.email}`);
    await expect(page.locator('section[aria-labelledby="opening-hours"] tr')).toHaveCount(7);
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /About Lacquer & Lace Nail Studio in New York/ })).toBeVisible();
    // Nail Care / Manicure → the nail safety question is there.
    await expect(page.locator('section[aria-labelledby="provider-faq"] h3')).toHaveCount(4);
  });

  test('"Open now" is computed in the browser from the hours in the provider\'s time zone', async ({ page }) => {
    // Wednesday 2026-11-18 15:00 in New York (20:00 UTC): open if Wednesday's hours cover 3 PM.
    await page.clock.setFixedTime(new Date('2026-11-18T20:00:00Z'));
    await page.goto('/provider/lacquer-lace-nail-studio-new-york');
    const hours = await page.locator('section[aria-labelledby="opening-hours"] tr').filter({ hasText: 'wednesday' }).locator('td').textContent();
    const m = /(\d+):(\d+) (AM|PM) - (\d+):(\d+) (AM|PM)/.exec(hours ?? '');
    const toMin = (h: string, mm: string, ap: string) => ((Number(h) % 12) + (ap === 'PM' ? 12 : 0)) * 60 + Number(mm);
    const open = !!m && toMin(m[1]!, m[2]!, m[3]!) <= 15 * 60 && 15 * 60 < toMin(m[4]!, m[5]!, m[6]!);
    // The status says when it next changes: Wednesday's closing time, or a later opening.
    await expect(page.locator('main .open-status').first()).toHaveText(open ? `Open now · Closes ${m![4]}:${m![5]} ${m![6]}` : /^Closed · Opens /);
    // Sunday 2026-11-22 03:00 New York: every seeded salon is closed at 3 AM.
    await page.clock.setFixedTime(new Date('2026-11-22T08:00:00Z'));
    await page.reload();
    await expect(page.locator('main .open-status').first()).toHaveText(/^Closed · Opens (Sun|Mon) \d{1,2}:\d{2} (AM|PM)$/);
  });

  test("a city page has the prefilled search, neighbourhood text and the city's providers", async ({ page }) => {
    await page.goto('/city/chicago');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Chicago');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Chicago, IL');
    await expect(page.getByLabel('Service', { exact: true })).toHaveValue('');
    await expect(page.locator('main article')).toHaveCount(10);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Cities' })).toHaveAttribute('href', '/');
    await expect(page.locator('section[aria-labelledby="neighborhoods"] h3').first()).toBeVisible();
  });

  test('every other city in the data has a page too', async ({ page }) => {
    await page.goto('/city/boise');
    const status = (await page.request.get('/city/boise')).status();
    if (status === 200) await expect(page.getByRole('heading', { level: 1 })).toContainText('Boise');
    await page.goto('/city/seattle');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Seattle');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('Seattle, WA');
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
  });

  test('a landing page has its prefilled form, providers, price guide, comparison and FAQ', async ({ page }) => {
    await page.goto('/nail-salon-near-me');
    await expect(page.getByLabel('Service', { exact: true })).toHaveValue('Nail Salon');
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');
    expect(await page.locator('main article').count()).toBeGreaterThan(0);
    for (const name of await page.locator('main article h3').allTextContents()) expect(name.length).toBeGreaterThan(0);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('$15-$35').first()).toBeVisible();
    await expect(page.locator('section[aria-labelledby="landing-faq"] h3').first()).toBeVisible();
  });

  test('a guide ends with its link', async ({ page }) => {
    await page.goto('/guides/nail-shapes');
    await expect(page.getByRole('link', { name: 'Find a Nail Salon Near You' })).toHaveAttribute('href', '/nail-salon-near-me');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/beauty-tips');
    await page.goto('/guides/hair-color-maintenance');
    await expect(page.getByRole('link', { name: 'Find a Hair Colorist Near You' })).toHaveAttribute('href', '/hair-salon-near-me');
    await page.goto('/guides/beauty-etiquette');
    await expect(page.getByRole('link', { name: 'Find Beauty Services Near You' })).toHaveAttribute('href', '/');
  });

  test('company and support pages render their content', async ({ page }) => {
    for (const [path, heading] of [
      ['/about', /.+/],
      ['/how-it-works', /.+/],
      ['/help', 'Help Center'],
      ['/contact', 'Contact Us'],
      ['/for-businesses', /.+/],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/faq', /Frequently Asked Questions/],
      ['/beauty-tips', /.+/],
      ['/salon-pricing-guide', /Pricing Guide/],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    }
    await page.goto('/salon-pricing-guide');
    await expect(page.getByRole('link', { name: 'Find Nail Salons' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Hair Salons' })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText('August 30, 2024')).toBeVisible();
  });

  test('an unknown path gets the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/this-page-does-not-exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  });

  test('a provider listed a moment ago has its page, rendered by the server', async ({ page, request }) => {
    const name = `Late Listing Nail Loft ${Date.now()}`;
    const res = await request.post('/api/providers', {
      data: {
        name,
        address: '77 Late Street',
        city: 'Tulsa',
        state: 'OK',
        zipCode: '74103',
        phone: '(918) 555-0177',
        email: 'late@example.com',
        website: null,
        services: JSON.stringify(['Manicure', 'Pedicure']),
      },
    });
    const created = (await res.json()) as { slug: string };
    // The HTML itself carries the provider: no client-side loading, indexable as it is.
    const html = await (await request.get(`/provider/${created.slug}`)).text();
    expect(html).toContain(`<title>${name} - Manicure in Tulsa, OK | Glow</title>`);
    await page.goto(`/provider/${created.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('No reviews yet. Be the first to leave a review!')).toBeVisible();
    await expect(page.getByRole('link', { name: '(918) 555-0177', exact: true })).toHaveAttribute('href', 'tel:9185550177');
  });

  test('a UUID-looking slug is redirected to / by the server', async ({ page }) => {
    const res = await page.goto('/provider/123e4567-e89b-12d3-a456-426614174000');
    expect(res?.request().redirectedFrom()?.url()).toMatch(/\/provider\/123e4567-e89b-12d3-a456-426614174000$/);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown provider gets the not-found page with status 404', async ({ page }) => {
    const res = await page.goto('/provider/no-salon-by-this-name');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
  });

  test('a page with nothing to hydrate loads no React before interaction', async ({ page }) => {
    const scripts = trackScripts(page);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeLessThanOrEqual(2);
    expect(scripts.some((s) => /client\.|react/i.test(s))).toBe(false);
  });
});
