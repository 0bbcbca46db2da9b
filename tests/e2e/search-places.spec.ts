/**
 * The /search page from a place (docs/search.md "Places"): it names the place it searched, shows each
 * card's distance, says in one honest line when nothing is in the place itself, and past 50 miles
 * offers the nearest city with providers.
 */
import { expect, test } from '@playwright/test';
import { failOnConsoleErrors } from './helpers';

test.describe('search from a place', () => {
  test('a ZIP code with no provider: the place named, the honest line, distances on the cards, nearest first', async ({ page, request }) => {
    failOnConsoleErrors(page);
    const api = await request.get('/api/search?location=60614&limit=12');
    const radius = api.headers()['x-radius-miles'];
    const total = Number(api.headers()['x-total-count']);
    expect(total).toBeGreaterThan(0);
    await page.goto('/search?location=60614');
    await expect(page.getByText('Near 60614 · Chicago, IL', { exact: true })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(Math.min(total, 12));
    const miles = (await cards.allTextContents()).map((t) => Number(/([\d.]+) mi away/.exec(t)?.[1]));
    expect(miles.every((m) => m >= 0 && m <= Number(radius))).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // A ZIP inside a city with providers leads with what was found near it, never with a miss.
    const nearest = (await cards.first().textContent())!.match(/([\d.]+ mi away)/)![1];
    await expect(page.getByText(`${total} ${total === 1 ? 'provider' : 'providers'} near 60614 · Chicago, IL, the nearest ${nearest}.`)).toBeVisible();
    await expect(page.getByText(/^No /)).toHaveCount(0);
  });

  test('a service in a town without one: "N nail salons near Evanston, IL, the nearest D mi away."', async ({ page, request }) => {
    failOnConsoleErrors(page);
    const api = await request.get('/api/search?service=Nail+Salon&location=Evanston&limit=12');
    const { 'x-radius-miles': radius, 'x-total-count': total } = api.headers();
    expect(Number(radius)).toBeGreaterThan(0);
    await page.goto('/search?service=nail+salon&location=Evanston');
    await expect(page.getByText(new RegExp(`^${total} nail salons? near Evanston, IL, the nearest [\\d.]+ mi away\\.$`))).toBeVisible();
    await expect(page.getByText(/^Found \d+ providers? in Evanston/)).toHaveCount(0);
    // The heading names the service as the site does, not as typed.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nail salons near Evanston');
  });

  test('a city with providers keeps its count line', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/search?location=Chicago');
    // The seed's ten: the specs that import the Overture fixture (Chicago listings among them) roll their batch back.
    await expect(page.getByText('Found 10 providers in Chicago', { exact: true })).toBeVisible();
    await expect(page.locator('main article').first()).toContainText('Chicago, IL');
    await expect(page.locator('main article').first()).toContainText('mi away');
  });

  test('nothing within 50 miles: the no-results block offers the nearest city with providers', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/search?service=Nail+Salon&location=Bismarck%2C+ND');
    await expect(page.getByText('No providers found.')).toBeVisible();
    const offer = page.getByText(/^Nothing within 50 miles of Bismarck, ND\. The nearest city with providers is/);
    await expect(offer).toBeVisible();
    const link = offer.getByRole('link');
    const city = (await link.textContent())!;
    await link.click();
    // The city has providers, not necessarily of the service asked for: the link shows them all.
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ location: city })}`);
    await expect(page.locator('main article').first()).toBeVisible();
  });
});
