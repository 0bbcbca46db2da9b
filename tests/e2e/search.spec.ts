/** The search form and /search results, against the real API. */
import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { failOnConsoleErrors } from './helpers';
import { getDb } from '../../src/db/client';
import { runModerate } from '../helpers/moderateCli';
import { OVERTURE_FIXTURE, rollBackImport } from '../helpers/overture';

const DATABASE_URL = 'file:.test-data/e2e.db';
/** The Overture batch the last test applies, rolled back when the file is done (tests/helpers/overture.ts). */
let batchId: string | null = null;
test.afterAll(async () => {
  if (batchId) await rollBackImport(await getDb(DATABASE_URL), batchId);
});

test.describe('search', () => {
  test('the hero form goes to /search with only the non-empty values', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Search beauty services' });
    // Its services are offered by the combobox (tests/e2e/search-combobox.spec.ts).
    await form.getByLabel('Service', { exact: true }).fill('Nail Salon');
    await form.getByRole('button', { name: 'Search Beauty Services' }).click();
    await expect(page).toHaveURL('/search?service=Nail+Salon');
    await page.goto('/');
    await form.getByLabel('Location', { exact: true }).fill('  Chicago ');
    await form.getByRole('button', { name: 'Search Beauty Services' }).click();
    await expect(page).toHaveURL('/search?location=Chicago');
    await page.goto('/');
    await form.getByRole('button', { name: 'Search Beauty Services' }).click();
    await expect(page).toHaveURL('/search');
  });

  test('results: title, count with location, and the grid', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/search?service=Hair+Salon&location=Chicago');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hair salons near Chicago');
    await expect(page.getByText(/^Found \d+ providers? in Chicago$/)).toBeVisible();
    const count = Number(/Found (\d+)/.exec((await page.getByText(/^Found \d+/).textContent())!)![1]);
    await expect(page.locator('main article')).toHaveCount(Math.min(count, 12));
    await expect(page.getByRole('heading', { name: 'About Hair Salon in Chicago' })).toBeVisible();
  });

  test('the page asks the API once: the early request is taken over by the island', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search')) calls.push(new URL(r.url()).search);
    });
    await page.goto('/search?location=Miami&q=spa');
    await expect(page.getByText(/^Found \d+ providers? in Miami$/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['?query=spa&location=Miami&limit=12']);
    // The newer parameters too (the inline script's list comes from src/features/search/params.ts).
    calls.length = 0;
    await page.goto('/search?location=Chicago&sort=rating&openNow=true&near=41.8781,-87.6298&radius=50');
    await expect(page.getByText(/^Found \d+ providers? in Chicago$|, all closed now or without known hours\.$/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(calls[0]).toBe('?location=Chicago&openNow=true&near=41.8781%2C-87.6298&radius=50&sort=rating&limit=12');
    // When nothing is open (it depends on the hour), the page asks once more without the filter, to say what it hid.
    expect(calls.slice(1)).toEqual(calls.length > 1 ? ['?location=Chicago&near=41.8781%2C-87.6298&radius=50&sort=rating&limit=1'] : []);
  });

  test('the title variants', async ({ page }) => {
    for (const [query, title] of [
      ['query=gel', 'Search Results for "gel"'],
      ['service=Nail+Salon', 'Nail salons'],
      ['location=Miami', 'Beauty services near Miami'],
      ['', 'Beauty Services'],
      ['q=balayage', 'Search Results for "balayage"'],
    ]) {
      await page.goto(`/search?${query}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
      await expect(page.getByText(/^Found \d+ providers?/)).toBeVisible();
    }
  });

  test('six skeleton cards while loading', async ({ page }) => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/search**', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/search?location=Miami');
    await expect(page.getByTestId('provider-skeleton')).toHaveCount(6);
    release();
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page.getByTestId('provider-skeleton')).toHaveCount(0);
  });

  test('a failed search shows the error alert', async ({ page }) => {
    // rating=abc is refused by the real API with 400.
    await page.goto('/search?rating=abc');
    await expect(page.getByRole('alert')).toHaveText('Failed to load search results. Please try again later.');
  });

  test('no results shows the no-results block, and the page keeps one search form', async ({ page }) => {
    await page.goto('/search?location=Nowhereville');
    await expect(page.getByText('No providers found.')).toBeVisible();
    await expect(
      page.getByText("We couldn't find any providers matching your search criteria. Try adjusting your filters or search in a different location."),
    ).toBeVisible();
    await expect(page.getByText('Found 0 providers in Nowhereville')).toBeVisible();
    // One search form on the page: the one at the top, to search again.
    await expect(page.getByRole('search')).toHaveCount(1);
    const form = page.getByRole('search');
    const location = form.getByLabel('Location', { exact: true });
    await location.fill('Miami');
    // The suggestions open over what lies below the field: a visitor dismisses them (Escape) before pressing the button.
    await expect(form.getByRole('listbox', { name: 'Location suggestions' })).toBeVisible();
    await location.press('Escape');
    await form.getByRole('button', { name: 'Search Beauty Services' }).click();
    await expect(page).toHaveURL('/search?location=Miami');
    await expect(page.getByText(/^Found 10 providers in Miami$/)).toBeVisible();
  });

  test('filters and "Show more" live in the URL, and the back button restores them', async ({ page }) => {
    await page.goto('/search?location=Los+Angeles');
    await expect(page.getByText('Found 30 providers in Los Angeles')).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(12);
    await page.getByRole('button', { name: 'Show more providers' }).click();
    await expect(page.locator('main article')).toHaveCount(24);
    await expect(page).toHaveURL(/limit=24/);
    await page.getByLabel('Price range').selectOption('$$');
    await expect(page).toHaveURL(/priceRange=%24%24/);
    await expect(page.getByText(/^Found \d+/)).not.toHaveText('Found 30 providers in Los Angeles');
    const found = Number(/Found (\d+)/.exec((await page.getByText(/^Found \d+/).textContent())!)![1]);
    expect(found).toBeLessThan(30);
    for (const card of await page.locator('main article').all()) await expect(card).toContainText(/Price range \$\$(?!\$)/);
    await page.getByLabel('Minimum rating').selectOption('4.5');
    await expect(page).toHaveURL(/rating=4.5/);
    await page.goBack();
    await expect(page).not.toHaveURL(/rating=/);
    await expect(page.getByLabel('Minimum rating')).toHaveValue('');
    await expect(page.getByLabel('Price range')).toHaveValue('$$');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByText('Found 30 providers in Los Angeles')).toBeVisible();
  });
  test('"Verified businesses only" sets verified=true in the URL and the request, and the back button restores it', async ({ page, request }) => {
    // Two Los Angeles listings claimed the way support assigns one (docs/owners.md "Support").
    const top = (await (await request.get('/api/search?location=Los+Angeles&limit=2')).json()) as { slug: string; name: string }[];
    for (const { slug } of top) {
      const run = runModerate(DATABASE_URL, 'assign', slug, `owner-${slug.slice(0, 20)}@example.com`, '--reason', 'Verified filter test');
      expect(run.status, run.out).toBe(0);
    }
    // Those two, and any seed listing its seed owner manages (src/setup/seedOwners.ts).
    const managed = (await (await request.get('/api/search?location=Los+Angeles&verified=true&limit=50')).json()) as { slug: string }[];
    expect(managed.map((p) => p.slug)).toEqual(expect.arrayContaining(top.map((p) => p.slug)));
    await page.goto('/search?location=Los+Angeles');
    await expect(page.getByText('Found 30 providers in Los Angeles')).toBeVisible();
    const verified = page.getByLabel('Verified businesses only');
    await expect(verified).not.toBeChecked();
    const asked = page.waitForRequest((r) => r.url().includes('/api/search?') && new URL(r.url()).searchParams.get('verified') === 'true');
    await verified.check();
    await asked;
    await expect(page).toHaveURL(/verified=true/);
    await expect(page.getByText(`Found ${managed.length} providers in Los Angeles`)).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(managed.length);
    for (const { name } of top) await expect(page.locator('main article').filter({ hasText: name })).toHaveCount(1);
    await page.goBack();
    await expect(page).not.toHaveURL(/verified=/);
    await expect(verified).not.toBeChecked();
    await expect(page.getByText('Found 30 providers in Los Angeles')).toBeVisible();
    await page.goForward();
    await expect(verified).toBeChecked();
    await expect(page.getByText(`Found ${managed.length} providers in Los Angeles`)).toBeVisible();
    // Loaded with it in the URL, the early request asks for it too.
    const early = page.waitForRequest((r) => r.url().includes('/api/search?') && new URL(r.url()).searchParams.get('verified') === 'true');
    await page.goto('/search?location=Los+Angeles&verified=true');
    await early;
    await expect(verified).toBeChecked();
    await expect(page.locator('main article')).toHaveCount(managed.length);
  });

  // Last in the file: the import adds listings in New York, Chicago and Austin (docs/imports.md),
  // until the file's afterAll rolls its batch back.
  test('an imported listing says its hours are not confirmed, on its search card and its page', async ({ page }) => {
    test.setTimeout(180_000);
    failOnConsoleErrors(page);
    // As an operator imports the committed fixture: `npm run import -- FILE --apply` against the server's database.
    const run = spawnSync('npm', ['run', '--silent', 'import', '--', OVERTURE_FIXTURE, '--apply'], {
      env: { ...process.env, DATABASE_URL, USER: 'ops-jordan', NETLIFY_PURGE_API_TOKEN: '' },
      encoding: 'utf8',
      timeout: 150_000,
    });
    batchId = /^Batch ([\w-]+)/m.exec(run.stdout)?.[1] ?? null;
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    await page.goto('/search?query=Wicker+Park+Hair+Parlor');
    const card = page.locator('main article').filter({ hasText: 'Wicker Park Hair Parlor' });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Hours not confirmed', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(card).not.toContainText('Hours not provided');
    await expect(card).not.toContainText('Open now');
    // Its slug is the name's, or the name and city's when an earlier spec's rolled-back batch keeps
    // the first (its page answers 410).
    const link = card.getByRole('link', { name: 'Wicker Park Hair Parlor' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/provider\/wicker-park-hair-parlor(-chicago)?$/);
    await link.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByText('Hours not confirmed. Call ahead before you visit.')).toBeVisible();
    await expect(page.getByText('Hours not confirmed', { exact: true })).toBeVisible();
    await expect(page.getByText('Listed from open data: Foursquare Open Source Places, through Overture Maps Foundation.')).toBeVisible();
    await expect(page.getByText('Hours not provided')).toHaveCount(0);
  });
});
