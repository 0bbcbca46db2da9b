import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { env, envSchema, isDeployed, productionEnvSchema, TOOL_ONLY } from '../../src/env.server';
import { authSecret, DEVELOPMENT_AUTH_SECRET, MissingAuthSecretError } from '../../src/features/owners/auth.server';
import { environmentTable, README, withTable } from '../../scripts/env-table';

describe('the environment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('gives each variable its default when unset or empty', () => {
    process.env.RATE_LIMIT_REVIEWS = '';
    delete process.env.SITE_URL;
    expect(env().RATE_LIMIT_REVIEWS).toBe(10);
    expect(env().SITE_URL).toBe('https://glow.example.com');
    expect(env().SKIP_BUILD).toBe(false);
  });

  it('sees a change made at run time', () => {
    process.env.RATE_LIMIT_REPORTS = '3';
    expect(env().RATE_LIMIT_REPORTS).toBe(3);
    process.env.RATE_LIMIT_REPORTS = '7';
    expect(env().RATE_LIMIT_REPORTS).toBe(7);
  });

  it('refuses an invalid value, naming the variable', () => {
    process.env.RATE_LIMIT_LISTINGS = 'lots';
    expect(() => env()).toThrow(/RATE_LIMIT_LISTINGS/);
    process.env.RATE_LIMIT_LISTINGS = '5';
    process.env.SITE_URL = 'ftp://glow.example.com/';
    expect(() => env()).toThrow(/SITE_URL/);
  });

  it('trims the trailing slash of SITE_URL', () => {
    process.env.SITE_URL = 'https://glow.example.org/';
    expect(env().SITE_URL).toBe('https://glow.example.org');
  });

  it("is read nowhere else: no module outside src/env.server.ts reads process.env's variables", () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src', 'functions', 'scripts', 'bench', 'tests', '*.config.*'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(m?[jt]sx?|astro)$/.test(f) && f !== 'src/env.server.ts' && f !== 'tests/unit/env.test.ts');
    const reads: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // Writing a variable (a test's rate limit, the renderer's NODE_ENV) or handing the whole environment to a child is not reading one.
          const read = line.replace(/process\.env\.\w+\s*(=(?!=)|\?\?=)/g, '').replace(/delete process\.env\.\w+/g, '');
          if (/process\.env\s*(\.\w+|\[)/.test(read) && !/^\s*(\/\/|\*)/.test(line)) reads.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(reads).toEqual([]);
  });

  it('knows a Netlify deploy (its runtime sets SITE_NAME and URL) from npm start, npm run dev, the tests and netlify dev', () => {
    delete process.env.SITE_NAME;
    delete process.env.URL;
    delete process.env.NETLIFY_DEV;
    expect(isDeployed()).toBe(false);
    process.env.SITE_NAME = 'glow-directory';
    expect(isDeployed()).toBe(false);
    process.env.URL = 'https://glow.example.com';
    expect(isDeployed()).toBe(true);
    process.env.NETLIFY_DEV = 'true';
    expect(isDeployed()).toBe(false);
  });

  it('gives owner sign-in a development secret locally, and refuses a deploy without a real AUTH_SECRET', () => {
    delete process.env.AUTH_SECRET;
    delete process.env.SITE_NAME;
    delete process.env.URL;
    expect(authSecret()).toBe(DEVELOPMENT_AUTH_SECRET);
    process.env.SITE_NAME = 'glow-directory';
    process.env.URL = 'https://glow.example.com';
    expect(() => authSecret()).toThrow(MissingAuthSecretError);
    expect(() => authSecret()).toThrow('Business sign-in is off: this site has no AUTH_SECRET configured');
    for (const weak of [DEVELOPMENT_AUTH_SECRET, 'sixteen-chars-ok', 'x'.repeat(31)]) {
      process.env.AUTH_SECRET = weak;
      expect(() => authSecret(), weak).toThrow(MissingAuthSecretError);
    }
    process.env.AUTH_SECRET = 'k'.repeat(32);
    expect(authSecret()).toBe('k'.repeat(32));
  });

  it('keeps the variables only tests and benchmarks read out of the production schema, and no site code reads them', () => {
    expect(TOOL_ONLY.size).toBeGreaterThan(5);
    expect(Object.keys(productionEnvSchema.shape).filter((name) => TOOL_ONLY.has(name))).toEqual([]);
    expect(Object.keys(envSchema.shape).sort()).toEqual([...Object.keys(productionEnvSchema.shape), ...TOOL_ONLY].sort());
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    const site = ['src', 'functions'].flatMap(walk);
    const readers = site.filter((file) => file !== join('src', 'env.server.ts') && [...TOOL_ONLY].some((name) => readFileSync(file, 'utf8').includes(name)));
    expect(readers).toEqual([]);
  });

  it("matches the README's table (npm run env:table rewrites it)", () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(environmentTable());
    expect(withTable(readme)).toBe(readme);
  });
});
