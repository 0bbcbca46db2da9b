/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its default) on the system Chromium against an
 * `npm start` server of its own (SKIP_BUILD=1 over dist/, built first when missing) for one page of
 * each main kind (one worker process, WEB_CONCURRENCY=1). Prints the four category scores, LCP, TBT, CLS and total byte weight per page and
 * every audit that costs points, with the elements, URLs or source lines it names. Each page is
 * requested once, unmeasured, with every Image CDN URL it names, before its runs (a warm server, as on a running site).
 *
 * Options:
 *   --strict         exit 1 when any category of any page scores below 100
 *   --runs N         run each page N times and keep the median run by performance score (default 1)
 *   --build          run `npm run build` first even when dist/ exists
 *   --page PATH      only this page (repeatable)
 *   --save DIR       write every run's full Lighthouse report (JSON) into DIR, to read its trace-based figures
 *   --photos N       serve a fresh seed database of its own in which every provider page measured
 *                    holds N seed photos (drawn by src/setup/seedPhotos.server.ts) and no other
 *                    provider holds any: the photo budget's page is `--photos 12`
 * Env: CHROME_PATH (default /usr/bin/chromium), DATABASE_URL (default: the project's data/glow.db).
 * Summary JSON: /tmp/glow-lighthouse.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { closeDb } from '../src/db/client';
import { env } from '../src/env.server';
import { startLocalBlobs } from '../src/local-server/blobs';
import { seedPhotos } from '../src/setup/seedPhotos.server';
import { setupDatabase } from '../src/setup/setup';
import { describeDist, freePort, int, markdownTable, startServer } from './util';

const { values: opts } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    build: { type: 'boolean', default: false },
    page: { type: 'string', multiple: true },
    photos: { type: 'string' },
    save: { type: 'string' },
  },
});

const PAGES = opts.page?.length
  ? opts.page
  : ['/', '/search?service=Nail%20Salon&location=Chicago', '/provider/lacquer-lace-nail-studio-new-york', '/city/chicago', '/faq', '/guides/nail-shapes'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_PATH = env().CHROME_PATH;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUT = '/tmp/glow-lighthouse.json';

// The slices of Lighthouse's result this script reads (its own types are loose about details).
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  errorMessage?: string;
  numericValue?: number;
  details?: Details;
}
interface Details {
  type: string;
  items?: unknown;
  headings?: unknown;
}
interface Lhr {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
}

type Item = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

/** One line per offending item: the element, URL or source it names and what is wrong with it. */
function describeItem(item: Item): string {
  const parts: string[] = [];
  const node = item.node as Item | undefined;
  if (node && typeof node === 'object') {
    if (node.selector) parts.push(`selector \`${text(node.selector)}\``);
    if (node.snippet) parts.push(`\`${text(node.snippet).slice(0, 160)}\``);
    if (node.nodeLabel && !node.snippet) parts.push(`"${text(node.nodeLabel).slice(0, 80)}"`);
    if (node.explanation) parts.push(text(node.explanation).replace(/\s+/g, ' ').slice(0, 400));
  }
  const source = item.source as Item | undefined;
  if (source && typeof source === 'object' && source.url) parts.push(`${text(source.url)}${source.line !== undefined ? `:${Number(source.line) + 1}` : ''}`);
  for (const key of ['url', 'label', 'description', 'failureReason', 'reason', 'requestStartTime', 'value']) {
    const v = item[key];
    if (v !== undefined && v !== null && v !== '' && typeof v !== 'object') parts.push(`${key === 'url' ? '' : `${key}: `}${text(v).slice(0, 300)}`);
    else if (v && typeof v === 'object' && (v as Item).type === 'node') parts.push(`${key}: \`${text((v as Item).selector)}\``);
    else if (v && typeof v === 'object' && (v as Item).type === 'source-location')
      parts.push(`${key}: ${text((v as Item).url)}:${Number((v as Item).line) + 1}`);
  }
  for (const key of ['totalBytes', 'transferSize', 'wastedBytes', 'resourceSize'])
    if (typeof item[key] === 'number') parts.push(`${key} ${int(item[key] as number)}`);
  for (const key of ['wastedMs', 'duration', 'blockingTime', 'score'])
    if (typeof item[key] === 'number') parts.push(`${key} ${Math.round((item[key] as number) * 1000) / 1000}`);
  const sub = (item.subItems as { items?: Item[] } | undefined)?.items;
  if (sub?.length)
    parts.push(
      `[${sub
        .slice(0, 5)
        .map((s) => describeItem(s))
        .join('; ')}${sub.length > 5 ? `; +${sub.length - 5} more` : ''}]`,
    );
  return parts.join(' · ') || JSON.stringify(item).slice(0, 300);
}

/** Flattens an audit's details (tables, opportunity tables, checklists, lists of those) into item lines. */
function itemsOf(details: Details | undefined): string[] {
  if (!details) return [];
  switch (details.type) {
    case 'table':
    case 'opportunity':
      return ((details.items as Item[]) ?? []).map(describeItem);
    case 'list':
      return ((details.items as Details[]) ?? []).flatMap(itemsOf);
    case 'checklist':
      return Object.entries((details.items as Record<string, { label: string; value: boolean }>) ?? {})
        .filter(([, v]) => !v.value)
        .map(([k, v]) => `${k}: ${v.label}`);
    case 'list-section':
      return itemsOf((details as unknown as { value?: Details }).value);
    case 'network-tree':
    case 'criticalrequestchain': {
      // The request chains, one line per request, indented by depth, longest chain marked.
      type Chain = Record<
        string,
        { url?: string; request?: { url: string }; navStartToEndTime?: number; transferSize?: number; isLongest?: boolean; children?: Chain }
      >;
      const lines: string[] = [];
      const walk = (chain: Chain | undefined, depth: number) => {
        for (const node of Object.values(chain ?? {})) {
          const url = node.url ?? node.request?.url ?? '?';
          const extra = [
            node.navStartToEndTime !== undefined ? `${Math.round(node.navStartToEndTime)} ms` : '',
            node.transferSize !== undefined ? `${int(node.transferSize)} B` : '',
            node.isLongest ? 'longest chain' : '',
          ]
            .filter(Boolean)
            .join(', ');
          lines.push(`${'→ '.repeat(depth)}${url}${extra ? ` (${extra})` : ''}`);
          walk(node.children, depth + 1);
        }
      };
      walk((details as unknown as { chains?: Chain }).chains, 0);
      return lines;
    }
    case 'node':
      return [describeItem({ node: details as unknown as Item })];
    default:
      return [];
  }
}

interface Failing {
  id: string;
  title: string;
  category: string;
  score: number | null;
  displayValue?: string;
  items: string[];
}

interface PageResult {
  path: string;
  scores: Record<string, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  totalBytes: number;
  failing: Failing[];
  warnings: string[];
  perfRuns: number[];
  /** The median run's largest paint, whatever its score: its element and the parts of its time (lcp-breakdown-insight). */
  lcpElement: string;
}

function failingAudits(lhr: Lhr): Failing[] {
  const seen = new Map<string, Failing>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      // An audit that could not run ('error') is listed too: it hides whatever it would have found.
      if (audit.scoreDisplayMode !== 'error' && (audit.score === null || audit.score >= 1)) continue;
      const existing = seen.get(audit.id);
      if (existing) {
        existing.category += `, ${category}`;
        continue;
      }
      seen.set(audit.id, {
        id: audit.id,
        title: audit.title,
        category,
        score: audit.score,
        displayValue: audit.displayValue ?? audit.errorMessage,
        items: itemsOf(audit.details),
      });
    }
  }
  return [...seen.values()];
}

async function runOnce(url: string): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr as unknown as Lhr;
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------

if (opts.build || !existsSync(join(process.cwd(), 'dist', 'index.html'))) {
  console.error('[lighthouse] building dist/ first (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
/** A seed database whose measured provider pages hold `count` seed photos each, and its Blobs folder. */
async function photoDatabase(count: number): Promise<{ dir: string; DATABASE_URL: string; BLOBS_DIR: string; note: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'glow-lighthouse-'));
  const url = `file:${join(dir, 'glow.db')}`;
  const blobsDir = join(dir, 'blobs');
  const slugs = PAGES.filter((p) => p.startsWith('/provider/')).map((p) => decodeURIComponent(p.slice('/provider/'.length)));
  const blobs = await startLocalBlobs(blobsDir);
  try {
    const database = await setupDatabase(url);
    const added = await seedPhotos(database, { only: slugs, count });
    await closeDb(url);
    return {
      dir,
      DATABASE_URL: url,
      BLOBS_DIR: blobsDir,
      note: `a seed database of its own in which ${slugs.join(', ')} hold ${count} seed photos each (${added} photos)`,
    };
  } finally {
    await blobs?.stop();
  }
}

const served = describeDist();
const photos = opts.photos === undefined ? null : await photoDatabase(Math.max(1, Number(opts.photos)));
const port = await freePort();
// One process: npm start's Image CDN keeps its answers per process (src/local-server/images.ts), where
// Netlify's CDN keeps one copy for every visitor; with one, the warm-up below reaches the cache every
// run reads instead of half of them (a cold resize made the cover's LCP 0.7-1.3 s later).
const server = await startServer(port, {
  SKIP_BUILD: '1',
  // The origin the browser sees, as on a deployed site: the server checks a beacon's Origin against it
  // (the insights beacon of a provider page and of /search answered 403 to the default, a console error).
  SITE_URL: `http://127.0.0.1:${port}`,
  WEB_CONCURRENCY: '1',
  ...(photos ? { DATABASE_URL: photos.DATABASE_URL, BLOBS_DIR: photos.BLOBS_DIR } : {}),
});
const runs = Math.max(1, Number(opts.runs));
const results: PageResult[] = [];
try {
  for (const path of PAGES) {
    // One request first, unmeasured: the first render after the server starts also loads the
    // renderer's modules and opens the database (~1 s), which no visitor of a running site waits for.
    // Then every Image CDN URL the page names, once: on a running site earlier visitors have had the
    // CDN resize them.
    const html = await (await fetch(server.url + path)).text();
    const images = new Set([...html.matchAll(/\/\.netlify\/images\?[^\s"',]+/g)].map((m) => m[0].replaceAll('&amp;', '&')));
    for (const image of images) await (await fetch(server.url + image)).arrayBuffer();
    if (images.size) process.stderr.write(`[lighthouse] ${path}: ${images.size} Image CDN URLs requested once first\n`);
    const lhrs: Lhr[] = [];
    for (let i = 0; i < runs; i++) {
      process.stderr.write(`[lighthouse] ${path} (run ${i + 1}/${runs})\n`);
      let lhr = await runOnce(server.url + path);
      if (lhr.runtimeError) {
        // A page that failed to load once (a busy machine, dist/ being rebuilt) gets one more try.
        process.stderr.write(`[lighthouse]   ${lhr.runtimeError.code}: ${lhr.runtimeError.message}; retrying in 5 s\n`);
        await new Promise((r) => setTimeout(r, 5000));
        lhr = await runOnce(server.url + path);
      }
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}\n${server.output().slice(-2000)}`);
      lhrs.push(lhr);
      if (opts.save) {
        mkdirSync(opts.save, { recursive: true });
        writeFileSync(join(opts.save, `${path.replace(/[^a-z0-9]+/gi, '_')}-${i + 1}.json`), JSON.stringify(lhr));
      }
    }
    const perf = (l: Lhr) => l.categories.performance?.score ?? 0;
    const sorted = [...lhrs].sort((a, b) => perf(a) - perf(b));
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    results.push({
      path,
      scores: Object.fromEntries(
        CATEGORIES.map((c) => [c, lhr.categories[c]?.score === null || lhr.categories[c] === undefined ? null : Math.round(lhr.categories[c]!.score! * 100)]),
      ),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      fcpMs: num('first-contentful-paint'),
      totalBytes: num('total-byte-weight'),
      failing: failingAudits(lhr),
      lcpElement: itemsOf(lhr.audits['lcp-breakdown-insight']?.details).join('; '),
      warnings: lhr.runWarnings,
      perfRuns: lhrs.map((l) => Math.round(perf(l) * 100)),
    });
  }
} finally {
  await server.stop();
  if (photos) rmSync(photos.dir, { recursive: true, force: true });
}

const chromium = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`\n## Lighthouse (mobile emulation, simulated throttling) on ${chromium}\n`);
console.log(
  `Served by \`npm start\` (SKIP_BUILD=1) from ${served}${photos ? `, over ${photos.note}` : ''}.${runs > 1 ? ` Median of ${runs} runs by performance score.` : ''}\n`,
);
console.log(
  markdownTable(
    ['page', 'perf', 'a11y', 'best practices', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'total bytes', ...(runs > 1 ? ['perf runs'] : [])],
    results.map((r) => [
      r.path,
      r.scores.performance ?? 'n/a',
      r.scores.accessibility ?? 'n/a',
      r.scores['best-practices'] ?? 'n/a',
      r.scores.seo ?? 'n/a',
      int(r.lcpMs),
      int(r.tbtMs),
      r.cls.toFixed(3),
      int(r.fcpMs),
      int(r.totalBytes),
      ...(runs > 1 ? [r.perfRuns.join(' ')] : []),
    ]),
  ),
);

console.log('\nLargest paint (median run):');
for (const r of results) console.log(`- ${r.path}: ${r.lcpElement.slice(0, 500) || 'not reported'}`);

let anyFailing = false;
for (const r of results) {
  if (!r.failing.length && !r.warnings.length) continue;
  anyFailing ||= r.failing.length > 0;
  console.log(`\n### ${r.path}: ${r.failing.length} audit(s) below full marks\n`);
  for (const w of r.warnings) console.log(`- warning: ${w}`);
  for (const f of r.failing) {
    console.log(`- **${f.id}** (${f.category}; score ${f.score}${f.displayValue ? `; ${f.displayValue}` : ''}): ${f.title}`);
    for (const item of f.items.slice(0, 15)) console.log(`    - ${item}`);
    if (f.items.length > 15) console.log(`    - … and ${f.items.length - 15} more`);
  }
}
if (!anyFailing) console.log('\nNo audit below full marks on any page.');

writeFileSync(OUT, JSON.stringify({ chromium, served, database: photos?.note, runs, pages: results }, null, 2));
console.log(`\nSummary JSON: ${OUT}`);
const below = results.filter((r) => CATEGORIES.some((c) => (r.scores[c] ?? 0) < 100));
if (below.length) console.log(`Below 100 in some category: ${below.map((r) => r.path).join(', ')}${opts.strict ? ' (--strict: failing)' : ''}`);
process.exit(opts.strict && below.length ? 1 : 0);
