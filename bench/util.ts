/** Small helpers the benchmark scripts share: percentiles, markdown tables, and an `npm start` server of their own. */
import { startProcess, waitForHttp } from '../scripts/lib/processes';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
