/**
 * `npm run bench:cold`: what the first search after a start costs, as a cold Netlify function pays it
 * (docs/BENCHMARKS.md "Cold start"). functions/search.mts is bundled by esbuild as Netlify bundles
 * it (netlify.toml: node_bundler = "esbuild"); each sample is then a fresh Node process that imports
 * the bundle and answers GET /api/search: first a search without a place (which pays the database's
 * and the modules' first use), then a place twice. The place's first answer less its second is what
 * its places data cost on first use.
 *
 * Options: --samples N (fresh processes, default 7), --location TEXT (default "Brooklyn"; also try
 * 60614). Uses a freshly seeded database in a temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { closeDb } from '../src/db/client';
import { setupDatabase } from '../src/setup/setup';
import { int, markdownTable, ms, percentile } from './util';

const { values: opts } = parseArgs({
  options: { samples: { type: 'string', default: '7' }, location: { type: 'string', default: 'Brooklyn' } },
});
const SAMPLES = Number(opts.samples);

// Under node_modules, so the bundle's external packages resolve as they do beside a deployed function.
const outDir = join(process.cwd(), 'node_modules', '.cache', 'glow-bench-cold');
mkdirSync(outDir, { recursive: true });
const bundle = join(outDir, 'search.mjs');
await build({
  entryPoints: ['functions/search.mts'],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Native code is shipped beside a function, not bundled (netlify.toml external_node_modules).
  external: ['libsql', 'sharp'],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'error',
});
const bundleBytes = statSync(bundle).size;

const dir = mkdtempSync(join(tmpdir(), 'glow-bench-cold-'));
const url = `file:${join(dir, 'cold.db')}`;
await setupDatabase(url, { seed: true });
await closeDb(url);

const child = `
const ask = async (handler, query) => {
  const started = performance.now();
  const res = await handler(new Request('http://localhost/api/search?' + query), {});
  await res.text();
  if (!res.ok) throw new Error(query + ': ' + res.status);
  return performance.now() - started;
};
const started = performance.now();
const { default: handler } = await import(${JSON.stringify(bundle)});
const imported = performance.now() - started;
const other = await ask(handler, 'service=Nail+Salon');
const place = ${JSON.stringify(new URLSearchParams({ location: opts.location }).toString())};
const first = await ask(handler, place);
const second = await ask(handler, place);
console.log(JSON.stringify({ imported, other, first, second }));
`;
const samples: { imported: number; other: number; first: number; second: number }[] = [];
try {
  for (let i = 0; i < SAMPLES; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', child], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`sample ${i + 1} failed: ${run.stderr}`);
    samples.push(JSON.parse(run.stdout.trim().split('\n').at(-1)!));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const median = (pick: (s: (typeof samples)[number]) => number) =>
  percentile(
    samples.map(pick).sort((a, b) => a - b),
    50,
  );
console.log(`\n## Cold start: GET /api/search in a fresh process (functions/search.mts bundled by esbuild: ${int(bundleBytes)} bytes)\n`);
console.log(`${SAMPLES} fresh processes; location "${opts.location}".\n`);
const max = (pick: (s: (typeof samples)[number]) => number) => Math.max(...samples.map(pick));
console.log(
  markdownTable(
    ['step', 'median ms', 'max ms'],
    [
      ['import the bundle', ms(median((s) => s.imported)), ms(max((s) => s.imported))],
      ['first search, no place (service=Nail Salon)', ms(median((s) => s.other)), ms(max((s) => s.other))],
      [`first search of the place`, ms(median((s) => s.first)), ms(max((s) => s.first))],
      [`same search again`, ms(median((s) => s.second)), ms(max((s) => s.second))],
      ['the place data on first use (first less again)', ms(median((s) => s.first - s.second)), ms(max((s) => s.first - s.second))],
    ],
  ),
);
