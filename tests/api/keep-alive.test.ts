/**
 * A 413 for an oversized body must not break the connection it came on: a browser or proxy
 * reuses keep-alive connections, and the next request on it has to get its answer (README
 * "Security": bodies over 64 KB get 413).
 */
import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config';
import { startApi, type TestApi } from '../helpers/api';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

interface Answer {
  status: number;
  body: string;
}

/** One request over `agent`; `write` sends the body (and may end it in pieces). */
async function request(
  agent: http.Agent,
  method: string,
  path: string,
  headers: http.OutgoingHttpHeaders,
  write: (req: http.ClientRequest) => void,
): Promise<Answer> {
  const req = http.request(api.base + path, { agent, method, headers });
  const answered = once(req, 'response') as Promise<[http.IncomingMessage]>;
  // The server may answer and stop reading before the whole body is sent.
  req.on('error', () => {});
  write(req);
  const [res] = await answered;
  let body = '';
  res.setEncoding('utf8');
  for await (const chunk of res) body += chunk;
  return { status: res.statusCode ?? 0, body };
}

const get = (agent: http.Agent) => request(agent, 'GET', '/api/search?limit=1', {}, (req) => req.end());

/** Far over the limit (1 MB): more than socket buffers hold, so an unread rest stalls the connection. */
const oversized = Buffer.from(`{"name":"${'x'.repeat(16 * LIMITS.maxBodyBytes)}"}`);

describe('after a 413 on a keep-alive connection', () => {
  it('answers the next request when the size was declared in Content-Length', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooBig = await request(agent, 'POST', '/api/reviews', { 'Content-Type': 'application/json', 'Content-Length': oversized.length }, (req) =>
        req.end(oversized),
      );
      expect(tooBig.status).toBe(413);
      expect((await get(agent)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('answers the next request when the body came chunked, without Content-Length', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooBig = await request(agent, 'POST', '/api/reviews', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, (req) => {
        for (let i = 0; i < oversized.length; i += 8192) req.write(oversized.subarray(i, i + 8192));
        req.end();
      });
      expect(tooBig.status).toBe(413);
      expect((await get(agent)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
