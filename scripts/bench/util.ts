/** Small helpers the benchmark scripts share: percentiles, markdown tables, and an `npm start` server of their own. */
import { spawn, type ChildProcess } from 'node:child_process';
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
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `npm start` in its own process group (like setsid) on 127.0.0.1:port and waits until it
 * answers. stop() signals the whole group, so npm, tsx and node all go.
 */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 120_000): Promise<Server> {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: process.cwd(),
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited !== null || !child.pid) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) throw new Error(`npm start exited with ${exited}:\n${log}`);
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status < 500) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not answer on ${url} within ${timeoutMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, child, output: () => log, stop };
}

/** What dist/ holds: when it was built and how many provider pages it has (139 = built from the seed). */
export function describeDist(dist = join(process.cwd(), 'dist')): string {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return 'dist/ missing';
  const providers = existsSync(join(dist, 'provider')) ? readdirSync(join(dist, 'provider')).filter((f) => f.endsWith('.html')).length : 0;
  return `dist/ built ${statSync(index).mtime.toISOString()}, ${providers} provider pages`;
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
