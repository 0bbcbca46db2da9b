/**
 * `npm run bench:build`: build time and output size at the seed (139 providers) and with 20,000
 * more (generated like bench:api's, the seed included, into /tmp/glow-bench/providers-N.db). The
 * build reads only what pre-built pages show (provider pages render on request), so time, memory
 * and file count should stay flat: the summary gives each size's ratio to the first.
 *
 * Each build is `npm run build -- --outDir /tmp/glow-bench/dist-N` with DATABASE_URL set to that
 * database, timed by wall clock, so the project's dist/ is never touched. A build that runs past the
 * limit (default 15 min) is stopped and reported as such.
 *
 * Options: --sizes 139,20139   --limit-minutes 15   --keep (keep the dist-N folders).
 * Summary JSON: /tmp/glow-bench/build.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb } from '../src/db/client';
import { BENCH_DIR, ensureBenchDb } from './generate';
import { dirStats, int, markdownTable } from './util';

const { values: opts } = parseArgs({
  options: {
    sizes: { type: 'string', default: '139,20139' },
    'limit-minutes': { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
  },
});
const SIZES = opts.sizes.split(',').map(Number);
const LIMIT_MS = Number(opts['limit-minutes']) * 60_000;

interface BuildRun {
  providers: number;
  seconds: number;
  finished: boolean;
  exitCode: number | null;
  /** "N page(s) built in X s" as Astro reports it. */
  astroPages?: number;
  astroSeconds?: number;
  /** Peak resident memory of the build's biggest process, from /usr/bin/time when present. */
  maxRssMb?: number;
  /** CPU seconds (user + system) of the build and its children, from /usr/bin/time: steadier than wall time on a shared machine. */
  cpuSeconds?: number;
  bytes: number;
  files: number;
  html: number;
  providerPages: number;
  cityPages: number;
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  limitMs: number,
): Promise<{ code: number | null; output: string; ms: number; timedOut: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: performance.now() - started, timedOut });
    });
  });
}

const count = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.html')).length : 0);
const runs: BuildRun[] = [];
for (const size of SIZES) {
  const generated = await ensureBenchDb(size);
  await closeDb(generated.url);
  const outDir = join(BENCH_DIR, `dist-${size}`);
  rmSync(outDir, { recursive: true, force: true });
  console.error(`[bench] building ${int(size)} providers into ${outDir} ...`);
  const timeBin = existsSync('/usr/bin/time')
    ? (['/usr/bin/time', ['-f', 'MAXRSS_KB=%M CPU_S=%U+%S', 'npm', 'run', 'build', '--', '--outDir', outDir]] as const)
    : null;
  const result = timeBin
    ? await run(timeBin[0], [...timeBin[1]], { DATABASE_URL: generated.url }, LIMIT_MS)
    : await run('npm', ['run', 'build', '--', '--outDir', outDir], { DATABASE_URL: generated.url }, LIMIT_MS);
  const built = /(\d+) page\(s\) built in ([\d.]+)(m?s)/.exec(result.output);
  const rss = /MAXRSS_KB=(\d+)/.exec(result.output);
  const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(result.output);
  const stats = dirStats(outDir);
  const runResult: BuildRun = {
    providers: size,
    seconds: result.ms / 1000,
    finished: !result.timedOut && result.code === 0,
    exitCode: result.code,
    astroPages: built ? Number(built[1]) : undefined,
    astroSeconds: built ? Number(built[2]) / (built[3] === 'ms' ? 1000 : 1) : undefined,
    maxRssMb: rss ? Number(rss[1]) / 1024 : undefined,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined,
    ...stats,
    providerPages: count(join(outDir, 'provider')),
    cityPages: count(join(outDir, 'city')),
  };
  runs.push(runResult);
  if (!runResult.finished) {
    writeFileSync(join(BENCH_DIR, `build-${size}.log`), result.output);
    console.error(
      result.timedOut
        ? `[bench] the ${int(size)}-provider build passed the ${opts['limit-minutes']} min limit and was stopped (log: ${BENCH_DIR}/build-${size}.log)`
        : `[bench] the ${int(size)}-provider build failed with exit code ${result.code} (log: ${BENCH_DIR}/build-${size}.log):\n${result.output.slice(-3000)}`,
    );
  } else {
    console.error(`[bench]   ${runResult.seconds.toFixed(1)} s, ${int(runResult.html)} HTML files, ${(runResult.bytes / 1e6).toFixed(1)} MB`);
  }
  if (!opts.keep) rmSync(outDir, { recursive: true, force: true });
}

console.log(`\n## Build time and output size (\`npm run build -- --outDir\`, wall clock through npm)\n`);
console.log(
  markdownTable(
    [
      'providers',
      'result',
      'wall s',
      'CPU s',
      'astro "built in" s',
      'peak RSS MB',
      'HTML files',
      'provider pages',
      'city pages',
      'output MB',
      'output bytes',
      'ms per page (wall/HTML)',
    ],
    runs.map((r) => [
      int(r.providers),
      r.finished ? 'ok' : r.exitCode === null ? `stopped after ${opts['limit-minutes']} min` : `failed (${r.exitCode})`,
      r.seconds.toFixed(1),
      r.cpuSeconds?.toFixed(1) ?? 'n/a',
      r.astroSeconds?.toFixed(1) ?? 'n/a',
      r.maxRssMb?.toFixed(0) ?? 'n/a',
      int(r.html),
      int(r.providerPages),
      int(r.cityPages),
      (r.bytes / 1e6).toFixed(1),
      int(r.bytes),
      r.html ? ((r.seconds * 1000) / r.html).toFixed(1) : 'n/a',
    ]),
  ),
);

const ok = runs.filter((r) => r.finished);
/** Median per size: repeat sizes (`--sizes 139,20139,139,20139`) to see through a noisy machine. */
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sizes = [...new Set(ok.map((r) => r.providers))];
const bySize = sizes.map((providers) => {
  const same = ok.filter((r) => r.providers === providers);
  const cpu = same.flatMap((r) => (r.cpuSeconds === undefined ? [] : [r.cpuSeconds]));
  const rss = same.flatMap((r) => (r.maxRssMb === undefined ? [] : [r.maxRssMb]));
  return {
    providers,
    runs: same.length,
    wall: median(same.map((r) => r.seconds)),
    cpu: cpu.length ? median(cpu) : undefined,
    rss: rss.length ? median(rss) : undefined,
    html: same[0]!.html,
    bytes: same[0]!.bytes,
  };
});
if (bySize.length >= 2) {
  const base = bySize[0]!;
  console.log(`\n### Against the ${int(base.providers)}-provider build (medians per size)\n`);
  console.log(
    markdownTable(
      ['providers', 'runs', 'wall s', 'wall ratio', 'CPU s', 'CPU ratio', 'peak RSS ratio', 'HTML files added', 'output bytes added'],
      bySize.map((r) => [
        int(r.providers),
        String(r.runs),
        r.wall.toFixed(1),
        `${(r.wall / base.wall).toFixed(2)}×`,
        r.cpu?.toFixed(1) ?? 'n/a',
        r.cpu && base.cpu ? `${(r.cpu / base.cpu).toFixed(2)}×` : 'n/a',
        r.rss && base.rss ? `${(r.rss / base.rss).toFixed(2)}×` : 'n/a',
        int(r.html - base.html),
        int(r.bytes - base.bytes),
      ]),
    ),
  );
}
writeFileSync(join(BENCH_DIR, 'build.json'), JSON.stringify(runs, null, 2));
console.log(`\nSummary JSON: ${join(BENCH_DIR, 'build.json')}`);
