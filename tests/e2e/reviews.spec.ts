/** Writing a review on a provider page, posted to the real API. */
import { expect, test, type Page } from '@playwright/test';
import { expectToast, failOnConsoleErrors, hydrated, uniqueName } from './helpers';

async function newProvider(page: Page): Promise<string> {
  const res = await page.request.post('/api/providers', {
    data: {
      name: uniqueName('Review Test Salon'),
      address: '5 Review Road',
      city: 'Omaha',
      state: 'NE',
      zipCode: '68102',
      phone: '(402) 555-0155',
      email: 'reviews@example.com',
      website: null,
      services: JSON.stringify(['Hair Cut']),
    },
  });
  return ((await res.json()) as { slug: string }).slug;
}

test.describe('reviews', () => {
  test('the empty state, then the form with its labels, stars, counter and messages', async ({ page }) => {
    failOnConsoleErrors(page, [/Failed to load resource/]);
    await page.goto(`/provider/${await newProvider(page)}`);
    await hydrated(page, 'button.btn-primary');
    await expect(page.getByText('No reviews yet. Be the first to leave a review!')).toBeVisible();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(page.getByText('Rating *')).toBeVisible();
    await expect(page.getByLabel('Your Name *')).toBeVisible();
    await expect(page.getByLabel('Your Review (Optional)')).toBeVisible();

    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Please select a rating')).toBeVisible();
    await expect(page.getByText('Name is required')).toBeVisible();

    const stars = page.getByRole('radiogroup', { name: 'Rating *' });
    await stars.locator('label').nth(2).hover();
    await expect(page.getByTestId('star-label')).toHaveText('3 stars');
    await stars.getByRole('radio', { name: '1 star', exact: true }).check({ force: true });
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('star-label')).toHaveText('1 star');
    await stars.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await expect(page.getByTestId('star-label')).toHaveText('4 stars');

    await page.getByLabel('Your Name *').fill('n'.repeat(51));
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Name must be less than 50 characters')).toBeVisible();

    const comment = page.getByLabel('Your Review (Optional)');
    await comment.fill('x'.repeat(520));
    await expect(comment).toHaveValue('x'.repeat(500));
    await expect(page.getByText('500/500')).toBeVisible();
    await comment.fill('Lovely layered cut.');
    await expect(page.getByText('19/500')).toBeVisible();

    await page.getByLabel('Your Name *').fill('Robin T.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Review submitted!', 'Thank you for your feedback. Your review has been posted.');
    await expect(page.getByRole('button', { name: 'Write a Review' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Reviews' });
    await expect(list.getByText('Robin T.')).toBeVisible();
    await expect(list.getByText('Lovely layered cut.')).toBeVisible();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(page.getByLabel('Your Name *')).toHaveValue('');
    await expect(page.getByTestId('star-label')).toHaveCount(0);
  });

  test('Submitting... while posting; Cancel closes and resets', async ({ page }) => {
    await page.goto(`/provider/${await newProvider(page)}`);
    await hydrated(page, 'button.btn-primary');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByLabel('Your Name *').fill('Casey');
    await page.getByRole('radiogroup').getByRole('radio', { name: '5 stars' }).check({ force: true });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(page.getByLabel('Your Name *')).toHaveValue('');

    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/reviews', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByLabel('Your Name *').fill('Casey');
    await page.getByRole('radiogroup').getByRole('radio', { name: '5 stars' }).check({ force: true });
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expectToast(page, 'Review submitted!');
  });

  test('a failed post shows the error toast and keeps the form open', async ({ page }) => {
    await page.goto(`/provider/${await newProvider(page)}`);
    await hydrated(page, 'button.btn-primary');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.route('**/api/reviews', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Your Name *').fill('Jordan');
    await page.getByRole('radiogroup').getByRole('radio', { name: '3 stars' }).check({ force: true });
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const toast = await expectToast(page, 'Failed to submit review', 'Please try again later.');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByLabel('Your Name *')).toHaveValue('Jordan');
  });

  test('the star rating works by keyboard as a radio group', async ({ page }) => {
    await page.goto(`/provider/${await newProvider(page)}`);
    await hydrated(page, 'button.btn-primary');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.getByRole('radiogroup').getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('star-label')).toHaveText('3 stars');
  });
});
