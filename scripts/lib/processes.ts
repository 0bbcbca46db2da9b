/**
 * Starting and stopping servers for tests and benchmarks: each in its own process group, so stopping
 * kills every child (npm, tsx and node alike).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** Spawns a command detached (its own process group); stop() signals the whole group. */
export function startProcess(command: string, args: string[], env: Record<string, string>): Started {
  let output = '';
  // The servers run as an operator would start them, not inside vitest's environment.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST.*|TEST|MODE|NODE_ENV)$/.test(k)));
  const child = spawn(command, args, { env: { ...inherited, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls a URL until it answers (any status) or the time runs out. */
export async function waitForHttp(url: string, timeoutMs: number, started?: Started): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      // Read the body: one left unread on a keep-alive socket can trip Node's HTTP client when the server goes.
      // Each try may take as long as is left: on a loaded machine `netlify serve` answers in 5-17 s
      // (docs/testing.md), and a shorter try would abandon every answer and never see one.
      await (await fetch(url, { signal: AbortSignal.timeout(Math.max(5000, deadline - Date.now())) })).arrayBuffer();
      return;
    } catch {
      if (started && started.child.exitCode !== null) throw new Error(`Server exited early:\n${started.output()}`);
      if (Date.now() > deadline) throw new Error(`No answer from ${url} within ${timeoutMs} ms:\n${started?.output() ?? ''}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/**
 * A server on a free port of 127.0.0.1, started by `command(port)` and ready once `readyPath`
 * answers; stop it with `server.stop()`.
 */
export async function startServer(
  command: (port: number) => { command: string; args: string[]; env: Record<string, string> },
  readyPath: string,
  timeoutMs: number,
): Promise<{ base: string; server: Started }> {
  const port = await freePort();
  const spec = command(port);
  const server = startProcess(spec.command, spec.args, spec.env);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(base + readyPath, timeoutMs, server);
  return { base, server };
}
