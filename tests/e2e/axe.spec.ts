/**
 * axe-core on the pages with the search form, including with a combobox's list open: no
 * violations of any rule axe runs by default (WCAG 2.x A and AA, and best practices).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function violations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

async function openLocationList(page: Page) {
  const form = page.getByRole('search', { name: 'Search beauty services' }).first();
  const location = form.getByRole('combobox', { name: 'Location' });
  await location.fill('');
  await location.focus();
  await page.keyboard.type('chic');
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('option', { name: 'Chicago, IL' })).toHaveAttribute('aria-selected', 'true');
}

test.describe('accessibility', () => {
  test('axe clean on /search', async ({ page }) => {
    await page.goto('/search?service=Nail+Salon&location=Chicago');
    await expect(page.getByText(/^Found \d+ providers? in Chicago$/)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await openLocationList(page);
    expect(await violations(page), 'with the location list open').toEqual([]);
  });

  test('axe clean on the home page', async ({ page }) => {
    await page.goto('/');
    expect(await violations(page)).toEqual([]);
    await openLocationList(page);
    expect(await violations(page), 'with the location list open').toEqual([]);
  });
});
