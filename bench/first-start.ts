/**
 * `npm run bench:first-start`: how long a first `npm start` takes before it serves, as after a fresh
 * clone: a new database and Blobs folder of its own (so it seeds providers and draws every seed
 * photo, docs/photos.md "Seed photos"), and with --fresh-dist no dist/ (so it builds). Prints the
 * seconds from launch to each step of its log and to "[glow] serving", and the load average.
 *
 * Options:
 *   --fresh-dist    delete dist/ first (the work tree's own build; `npm run build` makes it again)
 *   --runs N        start it N times (default 1)
 * Env passes through: `SEED_PHOTOS=0 npm run bench:first-start` is the same start without photos.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { env } from '../src/env.server';
import { startProcess } from '../scripts/lib/processes';
import { freePort, markdownTable } from './util';

const { values: opts } = parseArgs({
  options: { 'fresh-dist': { type: 'boolean', default: false }, runs: { type: 'string', default: '1' } },
});

/** The log lines whose times are reported, by what they mark. */
const STEPS: [string, RegExp][] = [
  ['database seeded', /^\[db\] applied/],
  ['build started', /^\[build\] dist\/ is missing or stale/],
  ['photos done', /^\[photos\] added/],
  ['build done', /\[build\] Complete!/],
  ['serving', /^\[glow\] serving/],
];

async function once(): Promise<{ times: Record<string, number>; photos: string }> {
  if (opts['fresh-dist']) rmSync(join(process.cwd(), 'dist'), { recursive: true, force: true });
  const dir = mkdtempSync(join(tmpdir(), 'glow-first-start-'));
  const port = await freePort();
  const started = performance.now();
  const times: Record<string, number> = {};
  const server = startProcess('npm', ['start', '--silent'], {
    DATABASE_URL: `file:${join(dir, 'glow.db')}`,
    BLOBS_DIR: join(dir, 'blobs'),
    HOST: '127.0.0.1',
    PORT: String(port),
  });
  let seen = 0;
  try {
    await new Promise<void>((done, fail) => {
      const timer = setInterval(() => {
        const lines = server.output().split('\n');
        for (; seen < lines.length - 1; seen++)
          for (const [step, pattern] of STEPS) if (!(step in times) && pattern.test(lines[seen]!.trim())) times[step] = (performance.now() - started) / 1000;
        if ('serving' in times) done();
        if (server.child.exitCode !== null) fail(new Error(`npm start exited:\n${server.output().slice(-2000)}`));
      }, 100);
      timer.unref();
      server.child.once('exit', () => setTimeout(() => clearInterval(timer), 200));
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { times, photos: /\[photos\] added (\d+)/.exec(server.output())?.[1] ?? '0' };
}

const rows: (string | number)[][] = [];
for (let i = 0; i < Math.max(1, Number(opts.runs)); i++) {
  const before = loadavg()[0]!;
  const { times, photos } = await once();
  rows.push([i + 1, photos, ...STEPS.map(([step]) => (step in times ? times[step]!.toFixed(1) : '-')), `${before.toFixed(1)} / ${loadavg()[0]!.toFixed(1)}`]);
}
console.log(
  `\n## First \`npm start\`${opts['fresh-dist'] ? ' (no dist/)' : ' (over the built dist/)'}${env().SEED_PHOTOS === 'all' ? '' : `, SEED_PHOTOS=${env().SEED_PHOTOS}`}\n`,
);
console.log(markdownTable(['run', 'photos', ...STEPS.map(([step]) => `${step} (s)`), 'load before / after'], rows));
