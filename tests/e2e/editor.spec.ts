/**
 * The content editor in local mode (docs/editing.md): under `npm run dev` (started here on its own
 * port), an editor changes a guide's title and a paragraph and an FAQ answer, saves, and the files
 * in content/ and the pages show the change; an emptied required field is refused and writes
 * nothing. content/ and public/images/guides/ are put back byte for byte afterwards, even when a
 * step fails.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startProcess, type Started, waitForHttp } from '../../scripts/lib/processes';
import { env } from '../../src/env.server';

const ROOT = process.cwd();
const WATCHED = ['content', 'public/images/guides'];
const PORT = env().EDITOR_E2E_PORT;
const BASE = `http://127.0.0.1:${PORT}`;

const GUIDE = 'content/guides/nail-shapes.md';
const FAQ = 'content/faq/site.json';

const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [join(dir, n)])) : [];

/** Every file under the watched folders, by path, as bytes. */
function snapshot(): Map<string, Buffer> {
  return new Map(WATCHED.flatMap((d) => filesUnder(join(ROOT, d))).map((f) => [relative(ROOT, f), readFileSync(f)]));
}
function restore(saved: Map<string, Buffer>) {
  for (const [path] of snapshot()) if (!saved.has(path)) rmSync(join(ROOT, path));
  for (const [path, bytes] of saved) if (!existsSync(join(ROOT, path)) || !readFileSync(join(ROOT, path)).equals(bytes)) writeFileSync(join(ROOT, path), bytes);
}

let saved: Map<string, Buffer>;
let server: Started | undefined;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  saved = snapshot();
  server = startProcess('npm', ['run', 'dev'], { PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: 'file:.test-data/editor-e2e.db' });
  await waitForHttp(`${BASE}/keystatic`, 240_000, server);
  // The pages the tests read, compiled once before any edit: on a fresh clone the dev server's first
  // visit to a page optimizes its dependencies and reloads, and a request caught in that could hang.
  for (const path of ['/guides/nail-shapes', '/faq']) await waitForHttp(`${BASE}${path}`, 120_000, server);
});

/** A page's HTML as the dev server renders it now; '' when it does not answer within 20 s (the poll asks again). */
async function pageText(path: string): Promise<string> {
  try {
    return await (await fetch(`${BASE}${path}`, { signal: AbortSignal.timeout(20_000) })).text();
  } catch {
    return '';
  }
}

test.afterAll(async () => {
  try {
    if (saved) restore(saved);
  } finally {
    await server?.stop();
  }
  // Holds even when a test failed: the repository's content is as it was.
  const now = snapshot();
  expect([...now.keys()].sort()).toEqual([...saved.keys()].sort());
  for (const [path, bytes] of saved) expect(now.get(path)?.equals(bytes), path).toBe(true);
});

// The dev server tells its pages over a WebSocket to reload when content/ changes, and a tab reloaded
// just as a test navigates or closes it once aborted the navigation and once hung the context's
// teardown past the test's timeout. Reloads are not what these tests check, so the pages' sockets are
// answered here and never reach the server; the pages still read the saved files on each request.
test.beforeEach(async ({ context }) => {
  await context.routeWebSocket(/./, () => {});
});

/** Opens an editor page and waits for its form (the first load compiles the editor's code). */
async function openEditor(page: Page, path: string, ready: string) {
  await page.goto(`${BASE}${path}`);
  await expect(page.getByText(ready, { exact: true }).first()).toBeVisible({ timeout: 120_000 });
}

const waitForFile = (path: string, ...needles: string[]) =>
  expect
    .poll(
      () => {
        const text = readFileSync(join(ROOT, path), 'utf8');
        return needles.filter((n) => !text.includes(n));
      },
      { timeout: 30_000, message: `${path} lacks` },
    )
    .toEqual([]);

test('a guide: title and a paragraph edited, saved to its file and shown on its page', async ({ page }) => {
  const title = `Nail Shapes, Edited ${Date.now().toString(36)}`;
  const sentence = 'This sentence was added in the editor.';
  await openEditor(page, '/keystatic/collection/guides/item/nail-shapes', 'Save');
  const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
  await titleBox.fill(title);
  // The first paragraph of the rich-text body: append a sentence at its end.
  await page.getByText('The shape of your nails does as much', { exact: false }).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${sentence}`);
  await page.getByRole('button', { name: 'Save' }).click();

  await waitForFile(GUIDE, `title: ${title}`, sentence);
  const file = readFileSync(join(ROOT, GUIDE), 'utf8');
  expect(file.startsWith('---\n')).toBe(true);
  // The rest of the guide survived the round trip: its headings and its table.
  expect(file).toContain('## Classic Nail Shapes');
  expect(file).toMatch(/^\|.*\|$/m);

  await expect
    .poll(
      async () => {
        const html = await pageText('/guides/nail-shapes');
        return html.includes(title) && html.includes(sentence);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.goto(`${BASE}/guides/nail-shapes`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(sentence)).toBeVisible();
});

test('an FAQ answer edited, saved to content/faq/site.json and shown on /faq', async ({ page }) => {
  const answer = `Yes. Glow is free for everyone who searches, edited ${Date.now().toString(36)}.`;
  await openEditor(page, '/keystatic/singleton/siteFaq', 'Questions');
  await page.getByText('Is Glow free to use?', { exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit item' });
  await dialog.getByRole('textbox', { name: 'Answer', exact: true }).fill(answer);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const logged = server!.output().length;
  await page.getByRole('button', { name: 'Save' }).click();

  await waitForFile(FAQ, answer);
  const data = JSON.parse(readFileSync(join(ROOT, FAQ), 'utf8')) as { questions: { question: string; answer: string }[] };
  expect(data.questions.find((q) => q.question === 'Is Glow free to use?')?.answer).toBe(answer);

  // /faq shows what the dev server's file loader last read: the signal is the loader's own line for
  // this file after the save, however long the watcher takes under load; then the page, rendered
  // from it at the next request. A failure quotes the loader's lines (a read of a half-written file
  // says "Error reading data"; astro.config.mjs makes the watcher wait for writes to finish).
  const loader = () =>
    server!
      .output()
      .slice(logged)
      .split('\n')
      .filter((line) => line.includes(FAQ));
  await expect
    .poll(() => loader().some((line) => line.includes(`Reloading data from ${FAQ}`)), { timeout: 120_000, message: `the dev server reloads ${FAQ}` })
    .toBe(true);
  await expect
    .poll(async () => (await pageText('/faq')).includes(answer), { timeout: 60_000 })
    .toBe(true)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nThe dev server's lines on ${FAQ} since the save:\n${loader().join('\n')}`);
    });
});

test('a required field left empty is refused and nothing is written', async ({ page }) => {
  const before = readFileSync(join(ROOT, GUIDE));
  await openEditor(page, '/keystatic/collection/guides/item/nail-shapes', 'Save');
  const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
  await titleBox.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(titleBox).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Title must not be empty|must not be blank|is required/i).first()).toBeVisible();
  // Give a save that should not happen the time one takes.
  await page.waitForTimeout(2000);
  expect(readFileSync(join(ROOT, GUIDE)).equals(before)).toBe(true);
});
