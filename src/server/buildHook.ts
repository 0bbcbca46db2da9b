/**
 * The daily rebuild (README "Deploy"): pre-built pages that show provider data (home's featured
 * providers, city grids, counts and claims) are refreshed by triggering a Netlify build hook.
 */

import type { Db } from '../db/client';
import { env } from '../env.server';
import { hit } from '../lib/rateLimit.server';

/** Rebuilds asked for by listing changes (moderation, owners' statuses), shared: at most this many an hour. */
export const REBUILD_LIMIT = { max: 6, windowSeconds: 3600 };

/** POSTs to the build hook; does nothing when no hook is configured. Returns what happened, for the log. */
export async function triggerRebuild(hookUrl = env().BUILD_HOOK_URL): Promise<string> {
  if (!hookUrl) return 'BUILD_HOOK_URL is not set: no rebuild requested';
  const response = await fetch(hookUrl, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) throw new Error(`Build hook answered ${response.status}`);
  return `Rebuild requested (build hook answered ${response.status})`;
}

/**
 * Asks for a rebuild of the pre-built pages that show listings (home's featured providers and
 * cities, city and service pages) after a change to what they list, at most REBUILD_LIMIT.max times
 * an hour; past that, or on failure, they follow at the next build. Returns what happened, for the log.
 */
export async function requestRebuild(database: Db): Promise<string> {
  if (!env().BUILD_HOOK_URL) return 'BUILD_HOOK_URL is not set: pre-built pages follow at the next build.';
  const decision = await hit(database, 'moderation-rebuild', 'moderation', REBUILD_LIMIT);
  if (!decision.allowed)
    return `Rebuild not requested: ${REBUILD_LIMIT.max} this hour already; pre-built pages follow at the next build (within ${Math.ceil(decision.retryAfter / 60)} minutes or the daily one).`;
  try {
    return await triggerRebuild();
  } catch (error) {
    return `Rebuild request failed (${(error as Error).message}); pre-built pages follow at the daily build.`;
  }
}
