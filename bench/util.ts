/** Small helpers the benchmark scripts share: percentiles, markdown tables, and an `npm start` server of their own. */
import { startProcess, waitForHttp } from '../scripts/lib/processes';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';

/** Nearest-rank percentile of already sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const ms = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
export const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** A GitHub-flavoured markdown table. */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(cells[0]!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}

/** Total bytes and HTML file count of a directory tree. */
export function dirStats(dir: string): { bytes: number; files: number; html: number } {
  let bytes = 0;
  let files = 0;
  let html = 0;
  const visit = (p: string) => {
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      const full = join(p, entry.name);
      if (entry.isDirectory()) visit(full);
      else {
        bytes += statSync(full).size;
        files++;
        if (entry.name.endsWith('.html')) html++;
      }
    }
  };
  if (existsSync(dir)) visit(dir);
  return { bytes, files, html };
}

export interface Server {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm start` on 127.0.0.1:port, in its own process group (scripts/lib/processes.ts), once it answers. */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 120_000): Promise<Server> {
  const started = startProcess('npm', ['start', '--silent'], { ...env, HOST: '127.0.0.1', PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/`, timeoutMs, started);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { url, output: started.output, stop: started.stop };
}

/** When dist/ was built. */
export function describeDist(dist = join(process.cwd(), 'dist')): string {
  const index = join(dist, 'index.html');
  return existsSync(index) ? `dist/ built ${statSync(index).mtime.toISOString()}` : 'dist/ missing';
}

/** A free-ish port in 4500-4599 (the range the benchmarks use), picked by trying to listen on it. */
export async function freePort(from = 4500, to = 4599): Promise<number> {
  const { createServer } = await import('node:net');
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * This host's time for a fixed workload, in ms (the best of three): an in-memory SQLite table read
 * through an index and sorted, as a search's statements are, and the rows handled in JavaScript.
 * Hosts of the same kind differ in speed, and a goal in milliseconds (the fuzz's p99 < 20 ms) moves
 * with them: a figure taken on another host compares through the ratio of their references
 * (docs/BENCHMARKS.md "The machine").
 */
export function hostReference(): number {
  const database = new Database(':memory:');
  try {
    database.exec(`CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER NOT NULL, c TEXT NOT NULL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
      INSERT INTO t SELECT i, (i * 7919) % 10007, printf('%08d', (i * 104729) % 1000003) FROM n;
      CREATE INDEX t_b ON t (b);`);
    const statement = database.prepare('SELECT a, c FROM t WHERE b BETWEEN ? AND ? ORDER BY c LIMIT 50');
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      let sum = 0;
      for (let i = 0; i < 100; i++) for (const row of statement.all(i * 97, i * 97 + 200) as { a: number; c: string }[]) sum += row.a + row.c.length;
      if (sum < 0) throw new Error('unreachable');
      best = Math.min(best, performance.now() - started);
    }
    return best;
  } finally {
    database.close();
  }
}
