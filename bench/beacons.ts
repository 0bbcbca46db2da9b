/**
 * `npm run bench:beacons`: owner insights' writes at a steady rate (docs/insights.md "Counting"), by
 * default 100 beacons a second for 60 seconds against sqld serving a copy of the benchmark database
 * (bench/generate.ts, `--providers`, default 100,000), as production writes them: one write batch
 * per beacon through the web client (countBeacon, the function POST /api/insights/beacon calls).
 *
 * Open loop: each beacon leaves at its own moment whether or not the ones before have been answered,
 * so a store that cannot keep up shows as a latency that grows and beacons in flight, not as a
 * slower sender. The beacons: 70 % views, 20 % clicks (call, directions, website, booking), 10 %
 * search appearances naming 10 to 20 listings; from a pool of visitors (address and user agent) and
 * listings drawn at random, so some repeat within their window and are not counted again.
 *
 * Options: --rate N (beacons a second), --seconds N, --providers N, --visitors N (the pool),
 * --file (write to a copy of the file in process instead of sqld), --seed N.
 * Summary JSON: /tmp/glow-bench/beacons.json.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, getDb, type Db } from '../src/db/client';
import { countBeacon, type Visit } from '../src/features/insights/counting.server';
import type { Beacon } from '../src/features/insights/schemas/beacon';
import { sqldDatabaseFile, sqldUnavailable, startSqld, type Sqld } from '../tests/helpers/sqld';
import { BENCH_DIR, ensureBenchDb, prng } from './generate';
import { int, markdownTable, ms, percentile } from './util';

const { values: opts } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    providers: { type: 'string', default: '100000' },
    visitors: { type: 'string', default: '5000' },
    file: { type: 'boolean', default: false },
    seed: { type: 'string', default: '43' },
  },
});
const RATE = Number(opts.rate);
const SECONDS = Number(opts.seconds);
const PROVIDERS = Number(opts.providers);
const random = prng(Number(opts.seed));

const generated = await ensureBenchDb(PROVIDERS);
await closeDb(generated.url);
// A copy: the beacons' rows stay out of the file the other benchmarks read.
const dir = mkdtempSync(join(tmpdir(), 'glow-beacons-'));
const copy = opts.file ? join(dir, 'glow.db') : sqldDatabaseFile(dir);
mkdirSync(dirname(copy), { recursive: true });
copyFileSync(generated.file, copy);
if (existsSync(`${generated.file}-wal`)) copyFileSync(`${generated.file}-wal`, `${copy}-wal`);
// The copy's write-ahead log (hundreds of MB after generating a million) is folded into the file
// and the copy's pages flushed to disk before the clock starts: otherwise sqld's first commits wait
// behind that checkpoint and writeback, and the run measures the copy, not the beacons' writes.
{
  const local = await getDb(`file:${copy}`);
  await local.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  await closeDb(`file:${copy}`);
}
spawnSync('sync');
let sqld: Sqld | null = null;
if (!opts.file) {
  const unavailable = sqldUnavailable();
  if (unavailable) throw new Error(unavailable);
  sqld = await startSqld(dir, { startupMs: 600_000 });
}
const url = sqld ? sqld.url : `file:${copy}`;

try {
  const database: Db = await getDb(url);
  // Listings to name: a sample of ids, read once.
  const ids = (await database.client.execute(`SELECT id FROM providers WHERE seq % ${Math.max(1, Math.floor(PROVIDERS / 20_000))} = 0`)).rows.map((r) =>
    String(r.id),
  );
  const visitors: Visit[] = Array.from({ length: Number(opts.visitors) }, (_, i) => ({
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel ${7 + (i % 3)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + (i % 20)}.0 Mobile Safari/537.36`,
    optedOut: false,
  }));
  const CLICKS = ['call', 'directions', 'website', 'booking'] as const;
  const draw = (): Beacon => {
    const x = random.next();
    if (x < 0.7) return { event: 'view', listing: [random.pick(ids)] };
    if (x < 0.9) return { event: random.pick(CLICKS), listing: [random.pick(ids)] };
    return { event: 'search', listing: Array.from({ length: random.int(10, 20) }, () => random.pick(ids)) };
  };

  const total = Math.round(RATE * SECONDS);
  const latencies: number[] = [];
  let failed = 0;
  let counted = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const start = performance.now();
  const sends: Promise<void>[] = [];
  console.log(
    `[beacons] ${int(total)} beacons at ${RATE}/s to ${opts.file ? 'a copy' : 'sqld over a copy'} of ${generated.file} (${int(ids.length)} listings named)`,
  );
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const beacon = draw();
    const visit = random.pick(visitors);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    sends.push(
      countBeacon(database, beacon, visit)
        .then(
          (n) => {
            counted += n;
            latencies.push(performance.now() - due);
          },
          (error) => {
            failed++;
            if (failed <= 3) console.error(`[beacons] failed: ${(error as Error).message}`);
          },
        )
        .finally(() => inFlight--),
    );
  }
  await Promise.all(sends);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const rows = Number((await database.client.execute('SELECT count(*) AS n FROM insight_visits')).rows[0]!.n);
  // Every visit row raised its day's count by one (countBeacon: the count follows the insert, changes()).
  const stored = Number((await database.client.execute('SELECT coalesce(sum(count), 0) AS n FROM insight_counts')).rows[0]!.n);
  const summary = {
    at: new Date().toISOString(),
    target: opts.file ? 'file' : 'sqld',
    providers: PROVIDERS,
    rate: RATE,
    seconds: SECONDS,
    sent: total,
    achievedPerSecond: total / elapsed,
    failed,
    listingsCounted: counted,
    visitRows: rows,
    countsStored: stored,
    mostInFlight,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
  };
  console.log(
    `\n${markdownTable(
      ['store', 'providers', 'beacons/s asked', 'beacons/s done', 'failed', 'most in flight', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        [
          summary.target,
          int(PROVIDERS),
          RATE,
          summary.achievedPerSecond.toFixed(1),
          failed,
          mostInFlight,
          ms(summary.p50, 1),
          ms(summary.p95, 1),
          ms(summary.p99, 1),
          ms(summary.max, 1),
        ],
      ],
    )}\n\n${int(counted)} listing counts raised (${int(stored)} stored), ${int(rows)} visit rows; the other listings named repeated a visitor's window.`,
  );
  mkdirSync(BENCH_DIR, { recursive: true });
  writeFileSync(join(BENCH_DIR, 'beacons.json'), JSON.stringify(summary, null, 2));
  await closeDb(url);
  if (failed || stored !== rows) process.exitCode = 1;
} finally {
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
}
