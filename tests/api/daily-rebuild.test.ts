/** The daily rebuild (functions/daily-rebuild.mts): a scheduled function that calls the build hook, and does nothing without one. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import rebuild, { config } from '../../functions/daily-rebuild.mts';

let hook: Server;
let hookUrl: string;
const received: { method: string; url: string }[] = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '' });
    req.resume();
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/daily`;
});
afterAll(() => new Promise((resolve) => hook.close(resolve)));

describe('daily rebuild', () => {
  it('runs once a day', () => {
    expect(config.schedule).toBe('@daily');
  });

  it('POSTs to BUILD_HOOK_URL', async () => {
    vi.stubEnv('BUILD_HOOK_URL', hookUrl);
    const res = await rebuild();
    vi.unstubAllEnvs();
    expect(res.status).toBe(204);
    expect(received).toEqual([{ method: 'POST', url: '/build_hooks/daily' }]);
  });

  it('does nothing when BUILD_HOOK_URL is unset', async () => {
    received.length = 0;
    vi.stubEnv('BUILD_HOOK_URL', '');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await rebuild();
    vi.unstubAllEnvs();
    expect(res.status).toBe(204);
    expect(received).toEqual([]);
    expect(log.mock.calls[0]![0]).toContain('BUILD_HOOK_URL is not set');
    log.mockRestore();
  });

  it('logs a hook that refuses, without throwing', async () => {
    vi.stubEnv('BUILD_HOOK_URL', 'http://127.0.0.1:9/unreachable');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await rebuild();
    vi.unstubAllEnvs();
    expect(res.status).toBe(204);
    expect(log.mock.calls[0]![0]).toContain('[rebuild] failed');
    log.mockRestore();
  });
});
