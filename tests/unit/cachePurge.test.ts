/** Purge coalescing (src/server/cachePurge.ts): never more than 2 purges of one tag per 5 s, nothing lost, failures only logged. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURGE_LIMIT, purgeTags, setPurgeBackend } from '../../src/server/cachePurge';
import { env } from '../../src/env.server';

let calls: { at: number; tags: string[] }[];
let restore: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  restore = setPurgeBackend(async (tags) => void calls.push({ at: Date.now(), tags }));
});
afterEach(async () => {
  // Let any trailing purge finish so the next test starts with an empty window.
  await vi.advanceTimersByTimeAsync(PURGE_LIMIT.windowMs * 2);
  restore();
  vi.useRealTimers();
});

describe('purgeTags', () => {
  it('purges at once while the tag is under its rate', async () => {
    await purgeTags(['provider-a', 'sitemap-providers']);
    expect(calls).toEqual([{ at: expect.any(Number), tags: ['provider-a', 'sitemap-providers'] }]);
  });

  it('holds a third purge of a tag within 5 s and sends every held tag in one later call', async () => {
    const start = Date.now();
    await purgeTags(['provider-b']);
    await purgeTags(['provider-b']);
    await purgeTags(['provider-b', 'provider-c']);
    await purgeTags(['provider-b']);
    // provider-c was free: it went at once; provider-b waits.
    expect(calls.map((c) => c.tags)).toEqual([['provider-b'], ['provider-b'], ['provider-c']]);
    await vi.advanceTimersByTimeAsync(PURGE_LIMIT.windowMs);
    expect(calls.map((c) => c.tags)).toEqual([['provider-b'], ['provider-b'], ['provider-c'], ['provider-b']]);
    expect(calls.at(-1)!.at - start).toBeGreaterThanOrEqual(PURGE_LIMIT.windowMs);
    // No window of 5 s ever holds more than 2 purges of provider-b.
    const times = calls.filter((c) => c.tags.includes('provider-b')).map((c) => c.at);
    for (let i = 2; i < times.length; i++) expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(PURGE_LIMIT.windowMs);
  });

  it('keeps a delayed purge alive through waitUntil', async () => {
    const kept: Promise<unknown>[] = [];
    await purgeTags(['provider-d']);
    await purgeTags(['provider-d']);
    await purgeTags(['provider-d'], { waitUntil: (p) => kept.push(p) });
    expect(kept).toHaveLength(1);
  });

  it('logs a failed purge and resolves: the write that asked for it still succeeds', async () => {
    restore();
    restore = setPurgeBackend(async () => {
      throw new Error('purge API answered 500');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(purgeTags(['provider-e'])).resolves.toBeUndefined();
    expect(log.mock.calls[0]![0]).toContain('purge of provider-e failed: purge API answered 500');
    log.mockRestore();
  });

  it('does nothing outside Netlify (no purge token in the environment)', async () => {
    restore();
    const token = env().NETLIFY_PURGE_API_TOKEN;
    delete process.env.NETLIFY_PURGE_API_TOKEN;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await purgeTags(['provider-f']);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    if (token) process.env.NETLIFY_PURGE_API_TOKEN = token;
    restore = setPurgeBackend(async () => {});
  });
});
