/**
 * `npm run import -- <FILE | command>`: Overture Maps places into the directory (docs/imports.md),
 * against DATABASE_URL (a file or a remote libSQL database). Who runs it ($USER) is recorded on
 * every batch.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { getDb } from '../src/db/client';
import { runCommand } from './lib/cli';
import { env } from '../src/env.server';
import {
  decideImport,
  listBatches,
  openHolds,
  OUTCOMES,
  runImport,
  skipMessage,
  type ImportReport,
  type ReadProgress,
} from '../src/features/imports/index.server';
import { printable as p } from '../src/features/moderation';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';

const USAGE = `Usage: npm run import -- <FILE | command> [options]

  FILE                       read an Overture places file (.parquet, .geojson, .geojsonseq/.ndjson) and report
                             what would change: new, updated, closed, matched, held and skipped, with examples
    --dry-run                only report, write nothing (the default)
    --apply                  write it as a batch (in transactions of --chunk-size records; rerun to resume)
    --min-confidence N       skip places below this confidence (default 0.7)
    --release R              the Overture release (default: read from the file's name)
    --chunk-size N           records per transaction (default 500)
    --report FILE.json       also write the report as JSON
  batches                    recorded batches, newest first
  approve BATCH              vet the batch's new listings (suggestions, featured lists, sitemap) and rebuild once
  rollback BATCH             hide the batch's new listings and put back the fields it changed
  holds                      records held because their match to a listing is unclear
  same HOLD                  the held record is that listing: link them
  different HOLD             the held record is another business: list it
    --reason "..."           why (approve, rollback, same, different): kept in the audit
  The console (/operator, queues "Import batches" and "Unclear import matches") takes the same decisions.

DATABASE_URL (and DATABASE_AUTH_TOKEN) choose the database; USER is recorded as who ran it.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** The command line's words for the decisions it shares with the console (src/features/imports/decisions.server.ts). */
const DECISION_OF = { approve: 'approve-batch', rollback: 'rollback-batch', same: 'same-import', different: 'new-import' } as const;
const DEFAULT_REASON = { approve: 'Approved', rollback: 'Rolled back', same: 'Linked', different: 'Listed as new' } as const;

const actor = () => env().USER || env().LOGNAME || 'unknown';

function printReport(r: ImportReport): void {
  const line = (label: string, n: number) => console.log(`  ${label.padEnd(10)} ${String(n).padStart(9)}`);
  console.log(`${r.applied ? 'Applied' : 'Dry run (nothing written; --apply writes it)'}: ${p(r.file)} (${r.format}, release ${p(r.release ?? 'unknown')})`);
  if (r.batchId) console.log(`Batch ${r.batchId}${r.resumedAfter ? `, resumed after record ${r.resumedAfter}` : ''}`);
  console.log(`${r.rows} records read`);
  for (const outcome of OUTCOMES) line(outcome, r.counts[outcome]);
  line('skipped', r.counts.skipped);
  for (const [reason, n] of Object.entries(r.skipped)) console.log(`    ${String(n).padStart(9)}  ${skipMessage(reason)}`);
  const details = Object.entries(r.skippedDetail).sort((a, b) => b[1] - a[1]);
  if (details.length)
    console.log(
      '  most skipped:',
      details
        .slice(0, 10)
        .map(([k, n]) => `${p(k)} ${n}`)
        .join(', '),
    );
  console.log('Examples:');
  for (const [key, list] of Object.entries(r.examples)) {
    for (const e of list)
      console.log(`  ${key}: ${p(e.name || '(no name)')}${e.city ? `, ${p(e.city)}` : ''} [${e.overtureId}]${e.detail ? ` (${p(e.detail)})` : ''}`);
  }
}

async function importFile(file: string, values: { apply?: boolean; 'min-confidence'?: string; release?: string; 'chunk-size'?: string; report?: string }) {
  const minConfidence = values['min-confidence'] === undefined ? undefined : Number(values['min-confidence']);
  const chunkSize = values['chunk-size'] === undefined ? undefined : Number(values['chunk-size']);
  const bar = new cliProgress.SingleBar(
    {
      format: ' {bar} {percentage}% | {done}/{total} {unit} | {rate} rows/s | about {eta_formatted} left',
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let progress: ReadProgress | null = null;
  const tick = () => {
    if (!progress) return;
    const seconds = (Date.now() - started) / 1000;
    bar.update(progress.done(), { done: progress.done(), unit: progress.unit, rate: seconds > 0 ? Math.round(progress.rows() / seconds) : 0 });
  };
  const report = await runImport(
    await getDb(),
    file,
    { apply: Boolean(values.apply), minConfidence, chunkSize, release: values.release, actor: actor() },
    {
      onStart: (p) => {
        progress = p;
        bar.start(p.total, 0, { done: 0, unit: p.unit, rate: 0 });
      },
      onChunk: tick,
    },
  ).finally(() => bar.stop());
  const seconds = (Date.now() - started) / 1000;
  printReport(report);
  console.log(
    `${report.rows - report.resumedAfter} records in ${seconds.toFixed(1)} s (${Math.round((report.rows - report.resumedAfter) / Math.max(seconds, 0.001))} rows/s), peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  if (values.report) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  if (report.applied) {
    await purgeTags([CACHE_TAGS.search]);
    console.log(`Next: npm run import -- approve ${report.batchId} --reason "..."   (or rollback), or the console's "Import batches" queue`);
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      apply: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      'min-confidence': { type: 'string' },
      release: { type: 'string' },
      'chunk-size': { type: 'string' },
      report: { type: 'string' },
      reason: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const [command, target, ...rest] = positionals;
  if (values.help || !command) fail('Say which file to read, or a command.');
  if (rest.length) fail(`Unexpected: ${rest.join(' ')}`);
  if (values.apply && values['dry-run']) fail('--dry-run and --apply: say one (a dry run is the default).');
  const database = await getDb();
  switch (command) {
    case 'batches':
      for (const b of await listBatches(database)) {
        const c = b.counts ? `${OUTCOMES.map((o) => `${o} ${b.counts![o]}`).join(', ')}, skipped ${b.counts.skipped}` : '';
        console.log(`${b.id}  ${b.status.padEnd(11)} ${p(b.file)} (${p(b.release ?? '?')}) by ${p(b.createdBy)} ${b.createdAt}  ${c}`);
      }
      return;
    case 'approve':
    case 'rollback':
    case 'same':
    case 'different': {
      if (!target)
        fail(
          `${command} takes a ${command === 'approve' || command === 'rollback' ? 'batch id (npm run import -- batches' : 'hold id (npm run import -- holds'} lists them).`,
        );
      const action = DECISION_OF[command];
      const reason = values.reason ?? `${DEFAULT_REASON[command]} with npm run import`;
      const result = await decideImport(database, { action, target, reason, actor: actor() });
      console.log(`${result.summary} Recorded as ${action} by ${p(actor())}: "${p(reason)}".`);
      if (result.rebuild) console.log(result.rebuild);
      return;
    }
    case 'holds':
      for (const h of await openHolds(database))
        console.log(`${h.id}  ${p(h.name)}, ${p(h.city)} [${h.overtureId}] looks like /provider/${h.candidateSlug}: ${h.reason}`);
      return;
    default:
      return importFile(command, values);
  }
}

await runCommand(main, fail);
