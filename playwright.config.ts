import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { env } from './src/env.server';
import { e2eSmtpPort } from './tests/helpers/smtp';

const PORT = env().E2E_PORT;
/** The system Chromium where there is one (this environment cannot download Playwright's). */
const systemChromium = [env().CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@mobile/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } }, grep: /@mobile/ },
  ],
  webServer: {
    // A fresh database for every run, so tests that post reviews and listings start from the seed.
    command: `rm -f .test-data/e2e.db .test-data/e2e.db-wal .test-data/e2e.db-shm && npm start`,
    env: {
      DATABASE_URL: 'file:.test-data/e2e.db',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The origin the browser sees (owner calls check Origin against it) and the SMTP server the
      // owner tests start to read codes from (tests/e2e/owners.spec.ts).
      SITE_URL: `http://127.0.0.1:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(PORT)}`,
      RATE_LIMIT_REVIEWS: '1000',
      RATE_LIMIT_LISTINGS: '1000',
      RATE_LIMIT_REPORTS: '1000',
      // Every new listing mails its applicant a code, counted with the owners' code requests (docs/owners.md "New listings").
      RATE_LIMIT_CODES: '1000',
      // Every browser test posts from one address: many reviews of one provider among them.
      RATE_LIMIT_REVIEWS_PER_PROVIDER: '1000',
      // Photo bytes of this run (docs/photos.md "Storage"); seed photos for the first providers only,
      // which the browser tests use, so the server starts in seconds.
      BLOBS_DIR: '.test-data/blobs',
      SEED_PHOTOS: '12',
    },
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
