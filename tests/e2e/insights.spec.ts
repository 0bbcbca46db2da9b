/**
 * Owner insights in Chromium (docs/insights.md): real page views, clicks and a search counted by
 * the page's beacon; the same visitor twice in a day counts once; a browser sending Global Privacy
 * Control and a crawler count nothing; the owner then reads the counts in the Insights view (axe
 * clean), downloads the CSV, and finds the view and the monthly email setting in /business.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import { env } from '../../src/env.server';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors } from './helpers';

const SLUG = 'fine-line-brow-studio-new-york';
const EMAIL = 'hi@finelinebrow.example.com';
/** A desktop Chrome as people run it: headless Chromium calls itself HeadlessChrome, which is a crawler's name. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let mail: TestMailbox;

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
});
test.afterAll(async () => {
  await mail?.close();
});

/** A visitor's browser. */
const visitor = (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> =>
  browser.newContext({ userAgent: CHROME, ...options });

/** Opens the provider page and waits for its view beacon to be answered. */
async function openListing(context: BrowserContext) {
  const page = await context.newPage();
  failOnConsoleErrors(page);
  // The tabs its directions and website links open are closed at once: the test visits no other host.
  page.on('popup', (tab) => void tab.close());
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/insights/beacon'));
  await page.goto(`/provider/${SLUG}`);
  expect((await beacon).status()).toBe(204);
  return page;
}

test('views, clicks and search appearances reach the owner, counted once per visitor and never for GPC or crawlers', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // The owner signs in with an emailed code (the view is read at the end).
  const owner = await browser.newContext();
  const headers = { Origin: baseURL! };
  const listing = (await (await owner.request.get(`/api/providers/by-slug/${SLUG}`)).json()) as { id: string };
  expect((await owner.request.post('/api/owners/code', { data: { email: EMAIL, providerId: listing.id }, headers })).status()).toBe(202);
  expect(
    (await owner.request.post('/api/owners/sign-in', { data: { email: EMAIL, code: await mail.code(EMAIL), providerId: listing.id }, headers })).status(),
  ).toBe(200);
  /** The owner's totals, as the report call answers them. */
  const totals = async () =>
    Object.fromEntries(
      ((await (await owner.request.get(`/api/owners/listings/${listing.id}/insights`)).json()) as { measures: { key: string; total: number }[] }).measures.map(
        (m) => [m.key, m.total],
      ),
    );

  // One visitor: the page twice (once counted), a call, directions twice (once counted), the website.
  const person = await visitor(browser);
  const beacons: string[] = [];
  person.on('request', (r) => r.url().endsWith('/api/insights/beacon') && beacons.push(r.postData() ?? ''));
  const page = await openListing(person);
  expect(await person.cookies(), 'no cookie').toEqual([]);
  await page.reload();
  await expect.poll(() => beacons.length).toBe(2);
  const clicks = [
    page.getByRole('link', { name: /^Call / }),
    page.getByRole('link', { name: 'Get directions' }),
    page.getByRole('link', { name: 'Get directions' }),
    page.getByRole('link', { name: 'finelinebrow.example.com', exact: true }),
  ];
  for (const [i, link] of clicks.entries()) {
    await link.click();
    await expect.poll(() => beacons.length, { message: 'beacons sent' }).toBe(3 + i);
  }
  expect(beacons.map((b) => new URLSearchParams(b).get('event'))).toEqual(['view', 'view', 'call', 'directions', 'directions', 'website']);
  expect(await page.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length), 'no storage').toBe(0);
  // The same person searches and sees the listing among the results.
  const search = await person.newPage();
  const appeared = search.waitForResponse((r) => r.url().endsWith('/api/insights/beacon'));
  await search.goto('/search?query=Fine+Line+Brow');
  await expect(search.getByRole('link', { name: /Fine Line Brow Studio/ }).first()).toBeVisible();
  expect((await appeared).status()).toBe(204);
  const counted = { view: 1, search: 1, call: 1, directions: 1, website: 1, booking: 0 };
  await expect.poll(totals).toEqual(counted);
  await person.close();

  // A browser sending Global Privacy Control, and a crawler: the page works, nothing is counted.
  const private_ = await visitor(browser, { extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await openListing(private_);
  await private_.close();
  const crawler = await visitor(browser, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  await openListing(crawler);
  await crawler.close();
  expect(await totals()).toEqual(counted);

  const dashboard = await owner.newPage();
  failOnConsoleErrors(dashboard);
  await dashboard.goto('/business');
  const section = dashboard.getByRole('region', { name: 'Insights' });
  const monthly = section.getByLabel('Email me a monthly summary of my listings');
  await expect(monthly).toBeChecked();
  await monthly.uncheck();
  await expect(section.getByRole('status')).toHaveText('You will get no more monthly summaries.');
  await monthly.check();
  await expect(section.getByRole('status')).toHaveText('You will get the monthly summary.');
  await section.getByRole('link', { name: 'See your insights' }).click();

  await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText('Insights for Fine Line Brow Studio');
  const total = (label: string) =>
    dashboard
      .getByRole('row', { name: new RegExp(`^${label} `) })
      .getByRole('cell')
      .first();
  await expect(total('Profile views')).toHaveText('1');
  await expect(total('Search appearances')).toHaveText('1');
  await expect(total('Calls')).toHaveText('1');
  await expect(total('Direction requests')).toHaveText('1');
  await expect(total('Website clicks')).toHaveText('1');
  await expect(total('Booking-link clicks')).toHaveText('0');
  await expect(dashboard.getByRole('img', { name: 'Profile views per day' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page: dashboard }).analyze();
  expect(violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);

  const download = dashboard.waitForEvent('download');
  await dashboard.getByRole('link', { name: /Download CSV/ }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = '';
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(csv.split('\r\n')[0]).toBe('date,period,view,search,call,directions,website,booking');
  expect(csv.trim().split('\r\n').at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},current,1,1,1,1,1,0$/);
  await owner.close();
});
