/**
 * The search form's service and location comboboxes (WAI-ARIA 1.2 combobox pattern,
 * src/scripts/combobox.ts), used by keyboard only against the real /api/suggest; and the home form
 * without JavaScript, which must still reach /search.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { failOnConsoleErrors } from './helpers';

const SERVICES = [
  'Nail Salon',
  'Hair Salon',
  'Beauty Parlour',
  'Eyebrow Threading',
  'Massage Therapy',
  'Makeup Services',
  'Facial Treatments',
  'Hair Styling',
  'Cute Nails',
];

function fields(page: Page) {
  const form = page.getByRole('search', { name: 'Search beauty services' }).first();
  return {
    form,
    location: form.getByRole('combobox', { name: 'Location' }),
    // Hidden while closed; toBeVisible() and toBeHidden() tell open from closed.
    locations: form.getByRole('listbox', { name: 'Location suggestions', includeHidden: true }),
    service: form.getByRole('combobox', { name: 'Service' }),
    services: form.getByRole('listbox', { name: 'Service suggestions', includeHidden: true }),
  };
}

/** The option aria-activedescendant points at, checked to be the one marked selected. */
async function activeOption(combobox: Locator, listbox: Locator): Promise<string> {
  const id = await combobox.getAttribute('aria-activedescendant');
  expect(id, 'aria-activedescendant').toBeTruthy();
  const option = listbox.locator(`[id="${id}"]`);
  await expect(option).toHaveAttribute('role', 'option');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(listbox.locator('[aria-selected="true"]')).toHaveCount(1);
  return (await option.textContent())!;
}

test.describe('search comboboxes', () => {
  test('location: type "chic", ArrowDown, Enter takes "Chicago, IL"; Escape closes, then clears; the form sends the choice', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { location, locations } = fields(page);
    await expect(location).toHaveAttribute('aria-autocomplete', 'list');
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    await expect(location).toHaveAttribute('aria-controls', (await locations.getAttribute('id'))!);
    await expect(locations).toBeHidden();

    // The code loads on this first focus: letters typed meanwhile get their suggestions at once (for
    // what the field held then, "c" or "ch"), and the whole word's follow the typing's pause. The keys
    // below are for the whole word's list: an earlier one shown first is replaced under them.
    const whole = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/suggest' && new URL(r.url()).searchParams.get('q') === 'chic');
    await location.focus();
    await page.keyboard.type('chic');
    await whole;
    await expect(locations).toBeVisible();
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await expect(location).not.toHaveAttribute('aria-activedescendant', /.*/);
    const options = await locations.getByRole('option').allTextContents();
    expect(options[0]).toBe('Chicago, IL');
    await expect(
      fields(page)
        .form.getByRole('status')
        .filter({ hasText: /suggestions?$/ }),
    ).toHaveText(options.length === 1 ? '1 suggestion' : `${options.length} suggestions`);

    await page.keyboard.press('ArrowDown');
    expect(await activeOption(location, locations)).toBe('Chicago, IL');
    if (options.length > 1) {
      await page.keyboard.press('ArrowDown');
      expect(await activeOption(location, locations)).toBe(options[1]);
      await page.keyboard.press('ArrowUp');
      expect(await activeOption(location, locations)).toBe('Chicago, IL');
    }
    await page.keyboard.press('Enter');
    await expect(location).toHaveValue('Chicago, IL');
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    await expect(location).not.toHaveAttribute('aria-activedescendant', /.*/);
    await expect(locations).toBeHidden();
    await expect(page, 'Enter on an option takes it without sending the form').toHaveURL('/');

    // Escape closes the open list and keeps the text; a second Escape clears it.
    await page.keyboard.press('ArrowDown');
    await expect(locations).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(locations).toBeHidden();
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    await expect(location).toHaveValue('Chicago, IL');
    await page.keyboard.press('Escape');
    await expect(location).toHaveValue('');

    await page.keyboard.type('chic');
    await expect(locations).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(location).toHaveValue('Chicago, IL');
    // Enter with no option highlighted sends the form.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search?location=Chicago%2C+IL');
    await expect(page.getByText(/^Found \d+ providers? in Chicago, IL$/)).toBeVisible();
  });

  test("service: ArrowDown in the empty field lists the form's services; typing suggests; Tab leaves", async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { service, services, location, locations } = fields(page);
    await expect(service, 'without the combobox code, the browser offers the services').toHaveAttribute('list', /.+/);
    await service.focus();
    // The code loads on first focus and then replaces the browser's list with its own.
    await expect(service).not.toHaveAttribute('list', /.*/);
    await page.keyboard.press('ArrowDown');
    await expect(services).toBeVisible();
    expect(await services.getByRole('option').allTextContents()).toEqual(SERVICES);
    expect(await activeOption(service, services)).toBe('Nail Salon');
    await page.keyboard.press('ArrowUp');
    expect(await activeOption(service, services), 'ArrowUp from the first option wraps to the last').toBe('Cute Nails');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(service).toHaveValue('Hair Salon');

    await page.keyboard.press('Escape');
    await page.keyboard.type('mass');
    await expect(services.getByRole('option').first()).toHaveText('Massage Therapy');
    await page.keyboard.press('Tab');
    await expect(location).toBeFocused();
    await expect(services).toBeHidden();
    await expect(service).toHaveAttribute('aria-expanded', 'false');
    await expect(service, 'Tab leaves what was typed').toHaveValue('mass');

    await page.keyboard.type('miam');
    await expect(locations.getByRole('option').first()).toHaveText(/^Miami, FL$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search?service=mass&location=Miami%2C+FL');
  });

  test('location: a ZIP code is suggested with its town and taken as the ZIP code; towns without providers are offered too', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { location, locations } = fields(page);
    await location.focus();
    await page.keyboard.type('60614');
    await expect(locations.getByRole('option')).toHaveText(['60614 · Chicago, IL']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(location).toHaveValue('60614');
    await location.fill('');
    await page.keyboard.type('evanst');
    await expect(locations.getByRole('option', { name: 'Evanston, IL' })).toBeVisible();
  });

  test('on /search the comboboxes work the same, and a new search keeps the chosen value', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/search?service=Nail+Salon');
    await expect(page.getByText(/^Found \d+ providers?$/)).toBeVisible();
    const { location, locations, service } = fields(page);
    await expect(service).toHaveValue('Nail Salon');
    await location.focus();
    await page.keyboard.type('chic');
    await expect(locations.getByRole('option').first()).toHaveText('Chicago, IL');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/search?service=Nail+Salon&location=Chicago%2C+IL');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nail salons near Chicago, IL');
  });

  test('suggestions are asked for once per text, and not on every keystroke', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/suggest')) asked.push(new URL(r.url()).searchParams.get('q')!);
    });
    await page.goto('/');
    const { location, locations } = fields(page);
    await location.focus();
    const whole = page.waitForRequest((r) => r.url().endsWith('/api/suggest?q=chicago'));
    await page.keyboard.type('chicago');
    await whole;
    await expect(locations.getByRole('option').first()).toHaveText('Chicago, IL');
    // Keys typed within the debounce make one request; a slow machine may let a partial word through.
    expect(asked.length, `typing quickly asks for fewer texts than keys pressed: ${asked}`).toBeLessThan('chicago'.length);
    expect(asked.at(-1)).toBe('chicago');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.keyboard.type('chicago');
    await expect(locations.getByRole('option').first()).toHaveText('Chicago, IL');
    await page.waitForTimeout(500); // past the debounce: a request would have gone out by now
    expect(
      asked.filter((q) => q === 'chicago'),
      'the same text again is answered from memory',
    ).toHaveLength(1);
  });
});

test.describe('the service field opens like a dropdown', () => {
  test("a click opens the form's services, a click takes one, a click opens them all again; typing filters", async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { service, services, location } = fields(page);
    await service.click();
    await expect(services).toBeVisible();
    await expect(service).toHaveAttribute('aria-expanded', 'true');
    expect(await services.getByRole('option').allTextContents()).toEqual(SERVICES);
    await expect(service, 'opening highlights nothing: Enter would still send the form').not.toHaveAttribute('aria-activedescendant', /.*/);
    await services.getByRole('option', { name: 'Facial Treatments' }).click();
    await expect(service).toHaveValue('Facial Treatments');
    await expect(services).toBeHidden();
    await expect(service).toBeFocused();

    // A field holding one of the services lists them all, like a dropdown showing its choices.
    await service.click();
    await expect(services).toBeVisible();
    expect(await services.getByRole('option').allTextContents()).toEqual(SERVICES);
    await service.fill('');
    await page.keyboard.type('thr');
    await expect(services.getByRole('option')).toHaveText(['Eyebrow Threading']);
    await location.click();
    await expect(services).toBeHidden();
    await expect(service).toHaveValue('thr');

    // Focus from the keyboard opens it too.
    await page.keyboard.press('Shift+Tab');
    await expect(service).toBeFocused();
    await expect(services.getByRole('option')).toHaveText(['Eyebrow Threading']);
  });

  test('@mobile a tap opens the list of the nine services, a tap takes one, and the form sends it', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { form, service, services } = fields(page);
    await service.tap();
    await expect(services).toBeVisible();
    expect(await services.getByRole('option').allTextContents()).toEqual(SERVICES);
    await services.getByRole('option', { name: 'Massage Therapy' }).tap();
    await expect(service).toHaveValue('Massage Therapy');
    await expect(services).toBeHidden();
    // Tapping the field again opens the whole list again.
    await service.tap();
    await expect(services.getByRole('option')).toHaveCount(SERVICES.length);
    await services.getByRole('option', { name: 'Nail Salon' }).tap();
    await expect(service).toHaveValue('Nail Salon');
    await form.getByRole('button', { name: 'Search Beauty Services' }).tap();
    await expect(page).toHaveURL('/search?service=Nail+Salon');
  });
});

test.describe('search comboboxes: the rest of the APG keyboard', () => {
  test('Alt+ArrowDown opens without highlighting, Alt+ArrowUp closes; Home, End, ArrowLeft, ArrowRight and typing take visual focus back to the field', async ({
    page,
  }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { location, locations } = fields(page);
    const caret = () => location.evaluate((input: HTMLInputElement) => input.selectionStart);
    await location.focus();
    await page.keyboard.type('chic');
    await expect(locations).toBeVisible();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(locations).toBeHidden();
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    await expect(location).toHaveValue('chic');
    await page.keyboard.press('Alt+ArrowDown');
    await expect(locations).toBeVisible();
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await expect(location, 'Alt+ArrowDown highlights nothing').not.toHaveAttribute('aria-activedescendant', /.*/);

    for (const [key, at] of [
      ['Home', 0],
      ['End', 4],
      ['ArrowLeft', 3],
      ['ArrowRight', 4],
    ] as const) {
      await page.keyboard.press('ArrowDown');
      expect(await activeOption(location, locations)).toBe('Chicago, IL');
      await page.keyboard.press(key);
      await expect(location, `${key} takes visual focus back to the field`).not.toHaveAttribute('aria-activedescendant', /.*/);
      await expect(locations.locator('[aria-selected="true"]')).toHaveCount(0);
      await expect(locations, `${key} leaves the list open`).toBeVisible();
      expect(await caret(), `${key} moves the caret`).toBe(at);
    }

    await page.keyboard.press('ArrowDown');
    expect(await activeOption(location, locations)).toBe('Chicago, IL');
    await page.keyboard.type('o');
    await expect(location, 'a typed letter takes visual focus back at once').not.toHaveAttribute('aria-activedescendant', /.*/);
    await page.keyboard.press('Enter');
    await expect(page, 'so Enter sends what was typed').toHaveURL('/search?location=chico');
  });

  test('the polite status says how many suggestions there are, and which one was taken', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/');
    const { service, services } = fields(page);
    await service.focus();
    await page.keyboard.press('ArrowDown');
    await expect(services).toBeVisible();
    const announced = page.locator(`[id="${await service.getAttribute('id')}-status"]`);
    await expect(announced).toHaveAttribute('role', 'status');
    await expect(announced).toHaveText(`${SERVICES.length} suggestions`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(service).toHaveValue('Hair Salon');
    await expect(announced).toHaveText('Hair Salon selected');
  });
});

test.describe('search comboboxes when their module cannot load', () => {
  test('the field stays a plain field: typing works and the arrow keys move the caret', async ({ page }) => {
    await page.route(/\/_astro\/combobox\.[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const { location } = fields(page);
    const failed = page.waitForEvent('requestfailed', (request) => /combobox/.test(request.url()));
    await location.focus();
    await failed;
    await page.keyboard.type('chicago');
    await expect(location).not.toHaveAttribute('data-combobox');
    // ArrowUp moves a text field's caret to its start, where the next letter goes.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.type('x');
    await expect(location).toHaveValue('xchicago');
    await expect(location).toHaveAttribute('aria-expanded', 'false');
  });
});

/**
 * Holds the responses for the scripts `url` matches until `release()`, as a slow network would; by
 * default the combobox module (page.ts imports it on first focus). `requested` settles when the
 * browser has asked for one.
 */
async function holdComboboxModule(page: Page, url = /\/_astro\/combobox\.[\w-]+\.js$/) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const requested = page.waitForRequest(url);
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Opens the home page with the combobox module held, focuses `field`, does `keys` there before the
 * module arrives, then lets it arrive.
 */
async function keysWhileLoading(page: Page, field: 'location' | 'service', keys: () => Promise<void>) {
  failOnConsoleErrors(page);
  const module = await holdComboboxModule(page);
  await page.goto('/');
  const form = fields(page);
  await form[field].focus();
  await module.requested;
  await keys();
  module.release();
  return form;
}

test.describe('keys pressed before the combobox code has loaded', () => {
  test('location: "Chic" and ArrowDown pressed while it loads open the list on "Chicago, IL"', async ({ page }) => {
    const { location, locations } = await keysWhileLoading(page, 'location', async () => {
      await page.keyboard.type('Chic');
      await page.keyboard.press('ArrowDown');
      await expect(fields(page).location).toHaveValue('Chic');
      await expect(fields(page).locations, 'nothing to show until the code is there').toBeHidden();
    });
    await expect(locations).toBeVisible();
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await expect(locations.getByRole('option').first()).toHaveText('Chicago, IL');
    await expect(location, 'the held ArrowDown highlights the first suggestion').toHaveAttribute('aria-activedescendant', /.+/);
    expect(await activeOption(location, locations)).toBe('Chicago, IL');
    await page.keyboard.press('Enter');
    await expect(location).toHaveValue('Chicago, IL');
    await expect(page).toHaveURL('/');
  });

  test("service: ArrowDown in the empty field while it loads lists the form's services", async ({ page }) => {
    const { service, services } = await keysWhileLoading(page, 'service', () => page.keyboard.press('ArrowDown'));
    await expect(services).toBeVisible();
    await expect(service).toHaveAttribute('aria-expanded', 'true');
    expect(await services.getByRole('option').allTextContents()).toEqual(SERVICES);
    await expect(service).toHaveAttribute('aria-activedescendant', /.+/);
    expect(await activeOption(service, services)).toBe('Nail Salon');
  });

  test('service: "mass" typed while it loads is suggested for without another key; a key after ArrowDown cancels it', async ({ page }) => {
    const { service, services } = await keysWhileLoading(page, 'service', async () => {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.type('mass');
    });
    await expect(services.getByRole('option').first()).toHaveText('Massage Therapy');
    await expect(service).toHaveAttribute('aria-expanded', 'true');
    await expect(service, 'typing after ArrowDown highlights nothing').not.toHaveAttribute('aria-activedescendant', /.*/);
    await page.keyboard.press('ArrowDown');
    expect(await activeOption(service, services)).toBe('Massage Therapy');
  });

  test('location: Alt+ArrowDown pressed while it loads opens the list without highlighting', async ({ page }) => {
    const { location, locations } = await keysWhileLoading(page, 'location', async () => {
      await page.keyboard.type('chic');
      await page.keyboard.press('Alt+ArrowDown');
    });
    await expect(locations.getByRole('option').first()).toHaveText('Chicago, IL');
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await expect(location).not.toHaveAttribute('aria-activedescendant', /.*/);
  });

  test('a field focused before the page script ran: its first key loads the code, and an ArrowDown is held for it', async ({ page }) => {
    failOnConsoleErrors(page);
    const scripts = await holdComboboxModule(page, /\/_astro\/.+\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    const { location, locations } = fields(page);
    await location.focus();
    await page.keyboard.type('chic');
    scripts.release();
    await page.waitForLoadState('load');
    await expect(locations).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(location).toHaveAttribute('aria-activedescendant', /.+/);
    expect(await activeOption(location, locations)).toBe('Chicago, IL');
  });

  test('a key held in a field that is left before the code arrives is forgotten', async ({ page }) => {
    const { service, services, location, locations } = await keysWhileLoading(page, 'service', async () => {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await expect(fields(page).location).toBeFocused();
      await page.keyboard.type('chic');
    });
    await expect(locations.getByRole('option').first()).toHaveText('Chicago, IL');
    await expect(location).not.toHaveAttribute('aria-activedescendant', /.*/);
    await expect(services).toBeHidden();
    await page.keyboard.press('Shift+Tab');
    await expect(service).toBeFocused();
    await expect(locations).toBeHidden();
    // Coming back opens the list as focus always does, but the ArrowDown held earlier is forgotten.
    await expect(services).toBeVisible();
    await page.waitForTimeout(300);
    await expect(service, 'coming back highlights nothing').not.toHaveAttribute('aria-activedescendant', /.*/);
  });
});

test.describe('search form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home form is a plain GET form to /search', async ({ page }) => {
    await page.goto('/');
    const { form, service, location } = fields(page);
    await service.fill('Nail Salon');
    await location.fill('Chicago, IL');
    await form.getByRole('button', { name: 'Search Beauty Services' }).click();
    await expect(page).toHaveURL(/\/search\?/);
    const sent = new URL(page.url()).searchParams;
    expect(Object.fromEntries(sent)).toEqual({ service: 'Nail Salon', location: 'Chicago, IL' });
  });
});
