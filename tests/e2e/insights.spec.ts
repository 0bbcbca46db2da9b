/**
 * Owner insights in Chromium (docs/insights.md): a visit to a provider page sends its view by
 * `navigator.sendBeacon` from a script of at most 1 KB; a click on Call, Get directions and the
 * website sends that click, every time (a repeated click is sent again and the server counts it
 * once per visitor, listing and kind an hour); the owner signs in at /business with the emailed code
 * and /business/insights/{id} shows those counts, passes axe, and downloads them as CSV. The listing
 * is given to its owner through the domain code over the server's own database file, as an
 * operator's assignment would.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { env } from '../../src/env.server';
import { getDb, type Db } from '../../src/db/client';
import { assignListing } from '../../src/features/owners/ownersModeration.server';
import { e2eSmtpPort, startSmtp, type TestMailbox } from '../helpers/smtp';
import { failOnConsoleErrors } from './helpers';

const DATABASE_URL = 'file:.test-data/e2e.db';
const OWNER = 'insights-owner@insights-test.example.com';
let mail: TestMailbox;
let db: Db;
let listing: { id: string; slug: string; name: string };

test.beforeAll(async () => {
  mail = await startSmtp(e2eSmtpPort(env().E2E_PORT));
  db = await getDb(DATABASE_URL);
  // A seed listing with a phone and a website that no other browser test opens.
  const row = (
    await db.client.execute(
      `SELECT id, slug, name FROM providers WHERE isHidden = 0 AND status = 'open' AND phone IS NOT NULL AND website IS NOT NULL
       AND id NOT IN (SELECT providerId FROM listing_owners) ORDER BY seq DESC LIMIT 1 OFFSET 7`,
    )
  ).rows[0]!;
  listing = { id: String(row.id), slug: String(row.slug), name: String(row.name) };
  await assignListing(db, listing.slug, OWNER, 'ops-jordan', 'The insights browser test');
});
test.afterAll(async () => {
  await mail?.close();
});

const isBeacon = (event: string) => (r: Request) =>
  r.url().endsWith('/api/insights/beacon') && r.method() === 'POST' && (r.postData() ?? '').includes(`event=${event}&`);
/** Waits for the beacon `event` the action sends, and its 204. */
async function beaconOf(page: Page, event: string, action: () => Promise<unknown>) {
  const sent = page.waitForRequest(isBeacon(event));
  await action();
  const request = await sent;
  expect(new URLSearchParams(request.postData()!).getAll('listing')).toEqual([listing.id]);
  expect((await request.response())?.status(), `the ${event} beacon's answer`).toBe(204);
}
const counted = async (measure: string) =>
  Number(
    (
      await db.client.execute({
        sql: 'SELECT coalesce(sum(count), 0) AS n FROM insight_counts WHERE providerId = ? AND measure = ?',
        args: [listing.id, measure],
      })
    ).rows[0]!.n,
  );

test('a visit and its clicks are sent as beacons and counted once per visitor; the owner sees them and downloads the CSV', async ({
  page: visitor,
  context,
}) => {
  test.setTimeout(120_000);
  let page = visitor;
  failOnConsoleErrors(page);
  // The directions and the website open in a new tab: answered here, never from the network.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'elsewhere' }));
  // The provider page's scripts, read as they arrive; a body the browser dropped (its page closed
  // first) is left out rather than left to reject unhandled later in the test.
  const scripts: Promise<[string, string] | null>[] = [];
  const onScript = (r: Response) => {
    if (r.request().resourceType() === 'script')
      scripts.push(
        r
          .text()
          .then((body): [string, string] => [r.url(), body])
          .catch(() => null),
      );
  };
  page.on('response', onScript);

  await beaconOf(page, 'view', () => page.goto(`/provider/${listing.slug}`));
  page.off('response', onScript);
  // The beacon's code is a script of at most 1 KB (docs/insights.md "Off the hot path").
  const beaconScripts = (await Promise.all(scripts)).filter((s): s is [string, string] => !!s?.[1].includes('/api/insights/beacon'));
  expect(beaconScripts.length).toBeGreaterThan(0);
  for (const [url, body] of beaconScripts) expect(Buffer.byteLength(body), url).toBeLessThanOrEqual(1024);

  const hero = page.locator('#provider-name').locator('..');
  for (let i = 0; i < 2; i++) {
    // Every click is sent, the second too: the server, not the page, counts one an hour.
    for (const [event, link] of [
      ['directions', hero.getByRole('link', { name: 'Get directions' })],
      ['website', page.locator('[data-insight="website"]')],
    ] as const) {
      const popup = page.waitForEvent('popup');
      await beaconOf(page, event, () => link.click());
      await (await popup).close();
    }
  }
  // A second view the same day is sent and not counted.
  await beaconOf(page, 'view', () => page.reload());
  // Call last: headless Chromium ignores input on a page once it has followed a tel: link (no app
  // takes it here), where a phone opens its dialer and the page stays as it was.
  await beaconOf(page, 'call', () => hero.getByRole('link', { name: /^Call / }).click());
  for (const measure of ['view', 'call', 'directions', 'website']) expect(await counted(measure), measure).toBe(1);

  // The owner's view, in a tab of its own: signed in with the emailed code.
  await page.close();
  page = await context.newPage();
  // Signed out, /business asks the session call first: its 401 is the sign-in form's cue.
  failOnConsoleErrors(page, [/Failed to load resource: the server responded with a status of 401/]);
  await page.goto('/business');
  await page.getByLabel('Business email *').fill(OWNER);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We sent a code to ${OWNER}`)).toBeVisible();
  await page.getByLabel('6-digit code *').fill(await mail.code(OWNER));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${OWNER}`)).toBeVisible();

  await page.goto(`/business/insights/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Insights for ${listing.name}`);
  for (const [measure, label] of [
    ['view', 'Profile views'],
    ['call', 'Calls'],
    ['directions', 'Direction requests'],
    ['website', 'Website clicks'],
  ]) {
    const row = page.locator(`tr[data-measure="${measure}"]`);
    await expect(row.getByRole('rowheader')).toHaveText(label);
    await expect(row.locator('[data-total]')).toHaveText('1');
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download CSV/ }).click();
  const csv = readFileSync(await (await download).path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  const header = csv[0]!.split(',');
  expect(header).toEqual(['date', 'period', 'view', 'search', 'call', 'directions', 'website', 'booking', 'request', 'reply']);
  const today = csv.find((line) => line.startsWith(`${new Date().toISOString().slice(0, 10)},current,`))!.split(',');
  expect(Object.fromEntries(header.map((h, i) => [h, today[i]]))).toMatchObject({ view: '1', call: '1', directions: '1', website: '1' });
});
