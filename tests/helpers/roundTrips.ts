/**
 * An HTTP proxy in front of a libSQL server (sqld, tests/helpers/sqld.ts) that counts the database
 * round trips a piece of code makes, as Turso would see them (docs/SCALING.md "Round trips"): every
 * Hrana request the client sends (`/v2|v3/pipeline`, `/v3/cursor`), and how many of them came one
 * after another. Optionally it holds each request for `latencyMs` before forwarding it, the network
 * between a function and Turso, so a benchmark can show what round trips cost.
 *
 * "In sequence": a request is after another when it reached the proxy once the other's answer had
 * left it (the client could have waited for it); the longest such chain is the figure. Requests sent
 * together (a batch, or statements awaited side by side) are one step of the chain.
 */
import { createServer, request as httpRequest, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundTrip {
  /** The request's path on the server ("/v3/pipeline"). */
  path: string;
  /** performance.now() when the request reached the proxy, and when its answer had left it. */
  start: number;
  end: number;
  /** The SQL of the statements the request carried, in order (for a failing test's message and for finding what to batch). */
  statements: string[];
}

export interface RoundTripCount {
  /** Database requests since the last `reset`. */
  total: number;
  /** The longest chain of them one after another: the round trips the caller waited for. */
  sequential: number;
}

export interface RoundTripProxy {
  /** The proxy's URL: a DATABASE_URL for the web client. */
  url: string;
  /** Held before each request is forwarded (0: none); may be changed between measurements. */
  latencyMs: number;
  /** The database requests since the last reset, in the order they arrived. */
  trips(): RoundTrip[];
  counts(): RoundTripCount;
  reset(): void;
  close(): Promise<void>;
}

/** Hrana's statement requests; the version probe (`GET /v3`) is made once per client and not counted. */
const DATABASE_REQUEST = /^\/v[23](-protobuf)?\/(pipeline|cursor)$/;

/** A Hrana statement: its SQL, or the id of SQL stored before in the stream (the client's SQL cache). */
interface HranaStmt {
  sql?: string;
  sql_id?: number;
}

/** The SQL texts of a Hrana pipeline's body (its `execute` and `batch` steps, stored SQL looked up); none when it is not JSON. */
function statementsOf(body: string): string[] {
  try {
    const { requests = [] } = JSON.parse(body) as {
      requests?: { type: string; stmt?: HranaStmt; batch?: { steps: { stmt: HranaStmt }[] }; sql_id?: number; sql?: string }[];
    };
    const stored = new Map(requests.filter((r) => r.type === 'store_sql').map((r) => [r.sql_id, r.sql]));
    const text = (stmt: HranaStmt | undefined) => stmt?.sql ?? stored.get(stmt?.sql_id) ?? '?';
    return requests.flatMap((r) => (r.type === 'execute' ? [text(r.stmt)] : r.type === 'batch' ? (r.batch?.steps ?? []).map((step) => text(step.stmt)) : []));
  } catch {
    return [];
  }
}

/** The longest chain of `trips` each of which arrived after the previous one's answer left (see the module comment). */
export function sequentialTrips(trips: readonly RoundTrip[]): number {
  const sorted = [...trips].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  for (const [i, trip] of sorted.entries()) {
    let before = 0;
    for (let j = 0; j < i; j++) if (sorted[j]!.end <= trip.start) before = Math.max(before, depth[j]!);
    depth.push(before + 1);
  }
  return Math.max(0, ...depth);
}

/** Starts a proxy to `target` (sqld's HTTP URL) on a free loopback port. */
export async function startRoundTripProxy(target: string, { latencyMs = 0 } = {}): Promise<RoundTripProxy> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true });
  let trips: RoundTrip[] = [];
  const state = { latencyMs };
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const start = performance.now();
    const counted = req.method === 'POST' && DATABASE_REQUEST.test(req.url ?? '');
    // The body is read whole first: its statements are recorded, and the latency holds it as the network would.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = () => {
        const upstream = httpRequest(
          { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host }, agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            res.on('finish', () => {
              if (counted) trips.push({ path: req.url ?? '', start, end: performance.now(), statements: statementsOf(body.toString()) });
            });
          },
        );
        upstream.on('error', (error) => {
          res.writeHead(502).end(String(error));
        });
        upstream.end(body);
      };
      if (state.latencyMs > 0) setTimeout(send, state.latencyMs);
      else send();
    });
  };
  const server = createServer(forward);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(ms: number) {
      state.latencyMs = ms;
    },
    trips: () => [...trips].sort((a, b) => a.start - b.start),
    counts: () => ({ total: trips.length, sequential: sequentialTrips(trips) }),
    reset() {
      trips = [];
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
