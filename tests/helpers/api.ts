/**
 * A real API server for a test file: a fresh database (migrated and, by default, seeded with the
 * repo's seed), the functions of functions/ behind the same router as `npm start`, listening on a
 * free port on 127.0.0.1. With `site: true` it is the whole of `npm start`: dist/, netlify.toml's
 * rules and the built on-request renderer for provider pages (needs a build).
 *
 * The database is a temporary libSQL file, or with GLOW_TEST_DB=sqld (the vitest project "sqld",
 * vitest.config.ts) a real sqld server of the test file's own, reached over HTTP as Turso is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '../../src/env.server';
import { closeDb, getDb, type Db } from '../../src/db/client';
import { setupDatabase } from '../../src/setup/setup';
import { exampleProviderCreate } from '../../src/openapi/examples';
import { loadFunctionRoutes, type FunctionModule } from '../../src/local-server/functionRoutes';
import { loadSsrFunction, SSR_FUNCTION } from '../../src/local-server/ssrFunction';
import { createSiteServer } from '../../src/local-server/staticSite';
import { startSqld } from './sqld';
import { startLocalBlobs } from '../../src/local-server/blobs';
import { seedPhotos } from '../../src/setup/seedPhotos.server';

export interface TestApi {
  base: string;
  database: Db;
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export function tempDatabaseUrl(): { url: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'glow-test-'));
  return { url: `file:${join(dir, 'glow.db')}`, dir };
}

/** Which database the API tests run against (GLOW_TEST_DB: `file`, the default, or `sqld`). */
export const TEST_DB = env().GLOW_TEST_DB;

export async function startApi({
  seed = true,
  rateLimit = 100_000,
  site = false,
  photos = [],
}: {
  seed?: boolean;
  rateLimit?: number;
  site?: boolean;
  /** Slugs of seed providers that get their seed photos (drawn once per machine, then reused). */
  photos?: string[];
} = {}): Promise<TestApi> {
  const temp = tempDatabaseUrl();
  const { dir } = temp;
  const sqld = TEST_DB === 'sqld' ? await startSqld(join(dir, 'sqld')) : null;
  const url = sqld?.url ?? temp.url;
  process.env.DATABASE_URL = url;
  // Tests post far more than a visitor would; the rate-limit test sets its own small limit.
  process.env.RATE_LIMIT_REVIEWS = String(rateLimit);
  process.env.RATE_LIMIT_LISTINGS = String(rateLimit);
  process.env.RATE_LIMIT_REPORTS = String(rateLimit);
  process.env.RATE_LIMIT_CODES = String(rateLimit);
  process.env.RATE_LIMIT_CODES_PER_EMAIL = String(rateLimit);
  process.env.RATE_LIMIT_OWNER_WRITES = String(rateLimit);
  process.env.RATE_LIMIT_OWNER_UPLOADS = String(rateLimit);
  // Photo bytes go to a real local Netlify Blobs server of this test file's own.
  const blobs = await startLocalBlobs(join(dir, 'blobs'));
  process.env.RATE_LIMIT_REVIEWS_PER_PROVIDER = String(rateLimit);
  await setupDatabase(url, { seed });
  const database = await getDb(url);
  if (photos.length) await seedPhotos(database, { only: photos });
  const routes = await loadFunctionRoutes((file) => import(file) as Promise<FunctionModule>);
  const render = site ? await loadSsrFunction() : null;
  if (site && !render) throw new Error(`${SSR_FUNCTION} is missing: run \`npm run build\` first (npm test does)`);
  const server = site
    ? createSiteServer({ distDir: join(process.cwd(), 'dist'), routes, render: render! })
    : createSiteServer({ distDir: join(dir, 'no-dist'), routes, netlify: { redirects: [], headers: [] } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    database,
    get: (path, init) => fetch(base + path, init),
    post: (path, body, init) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
      }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await closeDb(url);
      await sqld?.stop();
      await blobs?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A valid POST /api/providers payload as the business popup builds it (the OpenAPI document's example). */
export function validListing(overrides: Record<string, unknown> = {}) {
  return { ...exampleProviderCreate, ...overrides };
}

/** The error body of a failed call, asserting the API's error shape (docs/openapi.json). */
export async function errorOf(res: Response): Promise<{ error: string; issues: { path: string; message: string }[] }> {
  const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
  if (typeof body.error !== 'string' || !Array.isArray(body.issues)) throw new Error(`Not an error body: ${JSON.stringify(body)}`);
  return body;
}
