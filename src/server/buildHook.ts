/**
 * The daily rebuild (README "Deploy"): pre-built pages that show provider data (home's featured
 * providers, city grids, counts and claims) are refreshed by triggering a Netlify build hook.
 */

import type { Db } from '../db/client';
import { env } from '../env.server';
import { hit } from '../lib/rateLimit.server';

/** Rebuilds asked for by moderators' listing decisions and imports: at most this many an hour. */
export const REBUILD_LIMIT = { max: 6, windowSeconds: 3600 };

/**
 * The owners' budget, apart (docs/owners.md "Budgets"): their status changes wait in
 * pending_rebuilds, one row per listing, and a scheduled run asks for one build for all of them,
 * at most `owners` builds an hour; one account's changes ask at most `perAccount` times an hour.
 * No owner can spend the moderators' REBUILD_LIMIT.
 */
export const OWNER_REBUILD_LIMITS = {
  owners: { max: 4, windowSeconds: 3600 },
  perAccount: { max: 3, windowSeconds: 3600 },
} as const;

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

/**
 * An owner's status change asks for a rebuild: a row of pending_rebuilds for its listing (a second
 * change before the next run is the same row), within the account's hourly limit. Nothing is sent
 * here; `runOwnerRebuilds` asks for one build for every pending listing. Returns what happened, for the log.
 */
export async function queueOwnerRebuild(database: Db, { providerId, userId }: { providerId: string; userId: string }, now = new Date()): Promise<string> {
  if (!env().BUILD_HOOK_URL) return 'BUILD_HOOK_URL is not set: pre-built pages follow at the next build.';
  const decision = await hit(database, 'owner-rebuild-account', `account-${userId}`, OWNER_REBUILD_LIMITS.perAccount, now.getTime());
  if (!decision.allowed)
    return `Rebuild not queued: this account asked ${OWNER_REBUILD_LIMITS.perAccount.max} times this hour; pre-built pages follow at the next build.`;
  await database.db
    .insertInto('pending_rebuilds')
    .values({ providerId, userId, requestedAt: now.toISOString() })
    .onConflict((oc) => oc.column('providerId').doUpdateSet({ userId, requestedAt: now.toISOString() }))
    .execute();
  return "Rebuild queued for the next owners' rebuild (within minutes).";
}

/**
 * The scheduled owners' rebuild (functions/owner-rebuilds.mts): when listings wait, one build for
 * all of them from the owners' budget; the rows it covered go once the hook has answered, so a
 * failed or refused run leaves them for the next. Returns what happened, for the log.
 */
export async function runOwnerRebuilds(database: Db, now = new Date()): Promise<string> {
  const waiting = await database.db
    .selectFrom('pending_rebuilds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (!Number(waiting.n)) return 'No owner change waits for a rebuild.';
  if (!env().BUILD_HOOK_URL) return 'BUILD_HOOK_URL is not set: pre-built pages follow at the next build.';
  const decision = await hit(database, 'owner-rebuild', 'owners', OWNER_REBUILD_LIMITS.owners, now.getTime());
  if (!decision.allowed)
    return `Rebuild not requested: the owners' ${OWNER_REBUILD_LIMITS.owners.max} this hour are spent; ${waiting.n} listings wait for the next run.`;
  try {
    const said = await triggerRebuild();
    await clearOwnerRebuilds(database, now);
    return `${said} for ${waiting.n} listings`;
  } catch (error) {
    return `Rebuild request failed (${(error as Error).message}); ${waiting.n} listings wait for the next run.`;
  }
}

/** A build started at `at` covers every change asked for before it. */
async function clearOwnerRebuilds(database: Db, at = new Date()): Promise<void> {
  await database.db.deleteFrom('pending_rebuilds').where('requestedAt', '<=', at.toISOString()).execute();
}
