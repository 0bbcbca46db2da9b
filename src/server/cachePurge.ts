/**
 * Purging CDN cache tags after a write (docs/caching.md). On Netlify this calls `purgeCache` from
 * @netlify/functions; anywhere else (npm start, tests) there is no CDN and it does nothing.
 *
 * Netlify accepts at most 2 purges of one tag per 5 seconds, so purges are coalesced: a tag purged
 * twice in the window waits for the window to pass, and every tag waiting then goes in one call.
 * A failed purge is logged and never fails the write that asked for it: the page's CDN lifetime
 * (src/server/cdnCache.ts) bounds how stale it can get.
 */
import { purgeCache } from '@netlify/functions';
import { env } from '../env.server';

export type PurgeBackend = (tags: string[]) => Promise<void>;

/** The rate Netlify allows per tag. */
export const PURGE_LIMIT = { perTag: 2, windowMs: 5_000 } as const;

/** Netlify's runtime gives functions a purge token; its absence means we are not on Netlify. */
const netlifyBackend: PurgeBackend = async (tags) => {
  if (!env().NETLIFY_PURGE_API_TOKEN) return;
  await purgeCache({ tags });
};

let backend: PurgeBackend = netlifyBackend;

/** Replaces where purges go (tests record them); returns a function that puts the previous one back. */
export function setPurgeBackend(next: PurgeBackend): () => void {
  const previous = backend;
  backend = next;
  return () => {
    backend = previous;
  };
}

const history = new Map<string, number[]>();
const waiting = new Set<string>();
let trailing: Promise<void> | null = null;

function recentPurges(tag: string, now: number): number[] {
  const times = (history.get(tag) ?? []).filter((t) => now - t < PURGE_LIMIT.windowMs);
  history.set(tag, times);
  return times;
}

async function send(tags: string[]): Promise<void> {
  const now = Date.now();
  for (const tag of tags) recentPurges(tag, now).push(now);
  try {
    await backend(tags);
  } catch (error) {
    console.error(`[cache] purge of ${tags.join(', ')} failed: ${(error as Error).message}`);
  }
}

/** Sends every waiting tag in one purge once the oldest purge of any of them leaves the window. */
function scheduleTrailing(): Promise<void> {
  trailing ??= (async () => {
    const now = Date.now();
    const oldest = Math.min(...[...waiting].map((tag) => recentPurges(tag, now)[0] ?? now));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, oldest + PURGE_LIMIT.windowMs - now)));
    const tags = [...waiting];
    waiting.clear();
    trailing = null;
    await send(tags);
  })();
  return trailing;
}

export interface PurgeOptions {
  /** Keeps a serverless instance alive for a delayed purge (Netlify's context.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * Purges the tags now where the rate allows, and the rest in one later call. Resolves once the
 * immediate purge is done (so the next request sees fresh content); never rejects.
 */
export async function purgeTags(tags: string[], { waitUntil }: PurgeOptions = {}): Promise<void> {
  const now = Date.now();
  const unique = [...new Set(tags)];
  const ready = unique.filter((tag) => !waiting.has(tag) && recentPurges(tag, now).length < PURGE_LIMIT.perTag);
  for (const tag of unique) if (!ready.includes(tag)) waiting.add(tag);
  if (waiting.size > 0) {
    const later = scheduleTrailing();
    waitUntil?.(later);
  }
  if (ready.length > 0) await send(ready);
}
