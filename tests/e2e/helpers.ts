/** Shared steps for the browser tests: real pages from `npm start`, real API, real Chromium. */
import { expect, type Page, type Request } from '@playwright/test';

/** JavaScript files a page loaded, for checking what hydrates. */
export function trackScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r: Request) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

/** Fails the test on any console error or uncaught exception. */
export function failOnConsoleErrors(page: Page, allow: RegExp[] = []) {
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow.some((a) => a.test(m.text()))) throw new Error(`Console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    throw e;
  });
}

export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
  return toast;
}

let counter = 0;
/** A business name no other test run used. */
export const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Waits until the island holding `inner` has hydrated (Astro drops the `ssr` attribute then). */
export async function hydrated(page: Page, inner: string) {
  const island = page.locator(`astro-island:has(${inner})`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}
