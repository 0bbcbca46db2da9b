import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '../../src/env.server';
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

  it("matches the README's table (npm run env:table rewrites it)", () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toContain(environmentTable());
    expect(withTable(readme)).toBe(readme);
  });
});
