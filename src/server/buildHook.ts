/**
 * The daily rebuild (README "Deploy"): pre-built pages that show provider data (home's featured
 * providers, city grids, counts and claims) are refreshed by triggering a Netlify build hook.
 */

import { env } from '../env.server';

/** POSTs to the build hook; does nothing when no hook is configured. Returns what happened, for the log. */
export async function triggerRebuild(hookUrl = env().BUILD_HOOK_URL): Promise<string> {
  if (!hookUrl) return 'BUILD_HOOK_URL is not set: no rebuild requested';
  const response = await fetch(hookUrl, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) throw new Error(`Build hook answered ${response.status}`);
  return `Rebuild requested (build hook answered ${response.status})`;
}
