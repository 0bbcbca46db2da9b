/**
 * The first minute of a shopper and an owner (issue 39), read as a person reads it: on a 390 px touch
 * phone (@mobile: the Pixel profile, real taps) where it is about a phone, on a desktop otherwise.
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors } from './helpers';

const PROVIDER = '/provider/lacquer-lace-nail-studio-new-york';

/** Whether two boxes overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

test.describe('on a phone @mobile', () => {
  test('suggestions never cover the next field: a tap on Location focuses it, a tap outside closes, the first tap on Search searches', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Search beauty services' });
    const service = form.getByLabel('Service', { exact: true });
    const location = form.getByLabel('Location', { exact: true });
    const services = form.getByRole('listbox', { name: 'Service suggestions' });
    await service.tap();
    await expect(services).toBeVisible();
    // The list sits in the flow: Location moved down below it, and is where the finger goes.
    expect(overlap(await box(page, services), await box(page, location))).toBe(false);
    await location.tap();
    await expect(location).toBeFocused();
    await expect(services).toBeHidden();
    await expect(service).toHaveValue('');

    await location.pressSequentially('Mia');
    const places = form.getByRole('listbox', { name: 'Location suggestions' });
    await expect(places.getByRole('option').first()).toBeVisible();
    const search = form.getByRole('button', { name: 'Search Beauty Services' });
    expect(overlap(await box(page, places), await box(page, search))).toBe(false);
    // A tap outside closes the list without choosing.
    await page.getByRole('heading', { level: 1 }).tap();
    await expect(places).toBeHidden();
    await expect(location).toHaveValue('Mia');
    await location.tap();
    await location.fill('Miami');
    await expect(places.getByRole('option').first()).toBeVisible();
    // The first tap on Search searches (the list closes after the tap has landed, not under it).
    await search.tap();
    await expect(page).toHaveURL(/\/search\?location=Miami$/);
    await expect(page.getByText('Found 10 providers in Miami')).toBeVisible();
  });

  test('pre-built cards carry no open/closed text; the browser fills it in without moving the card', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const statuses = [...html.matchAll(/<span[^>]*class="open-status[^"]*"[^>]*>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((text) => text === '')).toBe(true);
    expect(html).not.toMatch(/>Open now</);

    await page.goto('/');
    const card = page.locator('main article').first();
    await card.scrollIntoViewIfNeeded();
    const before = await box(page, card.getByRole('heading'));
    const status = card.locator('.open-status');
    await expect(status).toHaveText(/^(Open now|Closed)/);
    await expect(status).toBeVisible();
    expect(await box(page, card.getByRole('heading'))).toEqual(before);
  });

  test('a provider page: Call on the first screen, Write a Review on the first tap, the breadcrumb back to the results', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/search?location=New+York');
    await page.locator('main article').getByRole('link', { name: 'Lacquer & Lace Nail Studio' }).tap();
    await expect(page).toHaveURL(PROVIDER);
    const call = page.getByRole('link', { name: /^Call / });
    const first = await box(page, call);
    expect(first.y + first.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first()).toHaveAttribute('href', '/search?location=New+York');

    // The reviews island hydrates when seen; a tap that comes first is not lost.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/Reviews\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const write = page.getByRole('button', { name: 'Write a Review' });
    await write.scrollIntoViewIfNeeded();
    await write.tap();
    release();
    await expect(page.getByRole('heading', { name: 'Write a Review' })).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test('owners find the way in: the header offers listing and sign-in, as do the footer and /for-businesses', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.locator('summary', { hasText: 'For Businesses' }).click();
    await expect(banner.getByRole('link', { name: 'Business sign-in' })).toHaveAttribute('href', '/business');
    await banner.getByRole('button', { name: 'List your business' }).click();
    await expect(page.getByRole('dialog', { name: 'List Your Business' })).toContainText(
      'Listing is free. Your business goes live now as a new listing, verified by our team within 2-3 business days.',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Business sign-in' })).toHaveAttribute('href', '/business');
    await page.goto('/for-businesses');
    await page.getByRole('main').getByRole('link', { name: 'Business sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('copy that matches the data: counts computed, an application’s fate said one way, FAQ paths linked', async ({ page, request }) => {
    await page.goto('/');
    const hero = await page.getByRole('main').locator('h1 + p').textContent();
    const claimed = Number(/Discover ([\d,]+) nail salons/.exec(hero ?? '')?.[1]?.replace(/,/g, ''));
    const listed = Number((await request.get('/api/search?limit=1')).headers()['x-total-count']);
    expect(claimed).toBeGreaterThan(0);
    // Built from the listings the search finds (later tests only add to them), and never called verified.
    expect(claimed).toBeLessThanOrEqual(listed);
    expect(hero).not.toMatch(/verified/i);
    await expect(page.getByText(/77\+/)).toHaveCount(0);

    await page.goto('/faq');
    // Every answer is in the HTML (FaqAccordion), open or not.
    await expect(page.getByText(/^Your business goes live now as a new listing, verified by our team within 2-3 business days\./)).toBeAttached();
    const link = page.locator('a[href="/for-businesses"]', { hasText: '/for-businesses' });
    await expect(link.first()).toBeAttached();
  });

  test('a filter that empties the list says which, with the count it hid, and offers to clear it; one search form', async ({ page, request }) => {
    failOnConsoleErrors(page);
    const total = async (q: string) => Number((await request.get(`/api/search?${q}&limit=1`)).headers()['x-total-count']);
    const base = 'location=Miami';
    const all = await total(base);
    expect(all).toBeGreaterThan(0);
    let price = '';
    for (const p of ['$', '$$', '$$$', '$$$$']) if ((await total(`${base}&priceRange=${encodeURIComponent(p)}`)) === 0) price = p;
    test.skip(!price, 'every price has a match in Miami');
    await page.goto(`/search?${base}&priceRange=${encodeURIComponent(price)}`);
    await expect(page.getByText(`${all} providers in Miami, none priced ${price}.`)).toBeVisible();
    await expect(page.getByText(/Nothing within/)).toHaveCount(0);
    await expect(page.getByRole('search')).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page.getByText(`Found ${all} providers in Miami`)).toBeVisible();
    await expect(page).toHaveURL(/\/search\?location=Miami$/);
  });

  test('result cards show a focus ring; the photo viewer’s arrows stand out on any photo', async ({ page }) => {
    await page.goto('/search?location=Miami');
    const link = page.locator('main article a').first();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await page
      .locator('main article')
      .first()
      .evaluate((a) => getComputedStyle(a).outlineStyle);
    expect(outline).toBe('solid');

    await page.goto(PROVIDER);
    await page.locator('[data-gallery] a[data-photo-index]').first().click();
    const next = page.getByRole('button', { name: 'Next photo' });
    await expect(next).toBeVisible();
    // A dark disc: its background is near black and mostly opaque, whatever lies under it.
    const bg = await next.evaluate((b) => getComputedStyle(b).backgroundColor);
    const [r, g, bl, a = 1] = (bg.match(/[\d.]+/g) ?? []).map(Number);
    expect(Math.max(r!, g!, bl!)).toBeLessThan(60);
    expect(a).toBeGreaterThanOrEqual(0.7);
  });
});
