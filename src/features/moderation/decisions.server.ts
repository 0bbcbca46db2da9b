/**
 * One decision, whoever makes it: the console's POST /api/operator/decisions and `npm run moderate`
 * both call decide() (docs/moderation.md "One definition"), so what a decision changes (the rows,
 * the counts, the CDN purges, the rebuild of pre-built pages) cannot differ between them. Each
 * action is one domain call that writes its own audit row; decide() adds what follows it.
 * No HTTP and no CLI here.
 */
import type { Db } from '../../db/client';
import { requestRebuild } from '../../server/buildHook';
import { purgeTags, type PurgeOptions } from '../../server/cachePurge';
import { CACHE_TAGS } from '../../server/cdnCache';
import { moderatePhoto } from '../photos/index.server';
import { assignListing, moderateReply, revokeClaim } from '../owners/index.server';
import { decideSpamReport } from '../requests/index.server';
import { DECISIONS, type DecisionAction, type DecisionRule, type ImportDecisionAction, isImportDecision } from './decisions';
import { approveListing, approveService, decideHeldListing, moderateListing, moderateReview, unvetListing } from './moderation.server';

export interface Decision {
  action: DecisionAction;
  /** The review, response, photo or held listing id, or the listing's slug (DECISIONS[action].target). */
  target: string;
  /** Why, in the operator's words: kept in the audit row. */
  reason: string;
  /** Who: the operator's email in the console, the login name ($USER) on the command line. */
  actor: string;
  /** For `assign`: the email the listing goes to. */
  email?: string;
}

export interface DecisionResult {
  action: DecisionAction;
  /** The listing whose page changed, or null (a rejected held listing changes none). */
  providerId: string | null;
  /** What the decision did, for the operator. */
  summary: string;
  /** False when the target was already in the wanted state (the decision is still recorded). */
  changed: boolean;
  /** The CDN cache tags purged. */
  purged: string[];
  /** What became of the rebuild of pre-built pages, for listing decisions that changed something; else null. */
  rebuild: string | null;
}

/** What a decision's own call returns: the listing it changed, what it did, whether anything changed. */
export type Outcome = Pick<DecisionResult, 'providerId' | 'summary' | 'changed'> & {
  /** Further listings it changed (an import batch), purged with the first. */
  alsoChanged?: string[];
};

const RUN: Record<Exclude<DecisionAction, ImportDecisionAction>, (database: Db, d: Decision, now: Date) => Promise<Outcome>> = {
  'hide-review': (db, d, now) => moderateReview(db, 'hide-review', d, now),
  'restore-review': (db, d, now) => moderateReview(db, 'restore-review', d, now),
  'keep-review': (db, d, now) => moderateReview(db, 'keep-review', d, now),
  'hide-reply': (db, d, now) => replyOutcome(db, 'hide-reply', d, now),
  'restore-reply': (db, d, now) => replyOutcome(db, 'restore-reply', d, now),
  'keep-reply': (db, d, now) => replyOutcome(db, 'keep-reply', d, now),
  'hide-photo': (db, d, now) => moderatePhoto(db, 'hide-photo', d, now),
  'restore-photo': (db, d, now) => moderatePhoto(db, 'restore-photo', d, now),
  'keep-photo': (db, d, now) => moderatePhoto(db, 'keep-photo', d, now),
  'hide-listing': (db, d, now) => moderateListing(db, 'hide-listing', d, now),
  'restore-listing': (db, d, now) => moderateListing(db, 'restore-listing', d, now),
  'approve-listing': (db, d, now) => approveListing(db, d, now),
  'hold-listing': (db, d, now) => unvetListing(db, d, now),
  'approve-service': (db, d, now) => approveService(db, d, now).then(noEmptyProvider),
  'approve-held': (db, d, now) => decideHeldListing(db, 'approve-held', d, now).then(noEmptyProvider),
  'reject-held': (db, d, now) => decideHeldListing(db, 'reject-held', d, now).then(noEmptyProvider),
  'revoke-claim': async (db, d, now) => ({ ...(await revokeClaim(db, d.target, d.actor, d.reason, now)), changed: true }),
  assign: async (db, d, now) => ({ ...(await assignListing(db, d.target, d.email ?? '', d.actor, d.reason, now)), changed: true }),
  'block-sender': (db, d, now) => decideSpamReport(db, d.target, 'block-sender', d, now),
  'dismiss-spam': (db, d, now) => decideSpamReport(db, d.target, 'dismiss-spam', d, now),
};

const noEmptyProvider = (result: Outcome): Outcome => ({ ...result, providerId: result.providerId || null });

const REPLY_SUMMARY = { 'hide-reply': 'is hidden', 'restore-reply': 'is published again', 'keep-reply': 'stays as it is; its reports are closed' } as const;

async function replyOutcome(database: Db, action: keyof typeof REPLY_SUMMARY, d: Decision, now: Date): Promise<Outcome> {
  const providerId = await moderateReply(database, d.target, action, d.actor, d.reason, now);
  return { providerId, summary: `Response ${d.target} ${REPLY_SUMMARY[action]}.`, changed: action !== 'keep-reply' };
}

/**
 * Runs the decision, then purges what shows it (the listing's page and API answers, cached
 * searches, and for listing decisions the provider sitemap) and asks for a rebuild of the pre-built
 * pages when a listing decision changed which listings are listed (docs/moderation.md "How long each
 * surface lags"). Throws NotFoundError for an unknown target and a plain Error for a blank reason.
 */
export async function decide(database: Db, decision: Decision, { now = new Date(), waitUntil }: PurgeOptions & { now?: Date } = {}): Promise<DecisionResult> {
  if (!decision.reason.trim()) throw new Error('A reason is required: it is kept with the action.');
  if (!decision.actor.trim()) throw new Error('Who acts is required.');
  const { action } = decision;
  if (isImportDecision(action)) throw new Error(`${action} is decided by the imports feature (decideImport).`);
  return afterDecision(database, decision, await RUN[action](database, decision, now), { waitUntil });
}

/**
 * Past this many listings changed by one decision (an import batch of thousands), their pages are
 * purged by the one tag every provider page carries rather than a tag each: one short purge call.
 */
export const PURGE_EACH_UP_TO = 100;

/**
 * What follows every decision, whichever feature took it: the purges and, when a listing decision
 * changed something, one rebuild of the pre-built pages.
 */
export async function afterDecision(
  database: Db,
  decision: Pick<Decision, 'action'>,
  outcome: Outcome,
  { waitUntil }: PurgeOptions = {},
): Promise<DecisionResult> {
  const rule: DecisionRule = DECISIONS[decision.action];
  const changed = [outcome.providerId, ...(outcome.alsoChanged ?? [])].filter((id): id is string => Boolean(id));
  const purged = [
    ...(changed.length > PURGE_EACH_UP_TO ? [CACHE_TAGS.allProviders] : changed.map(CACHE_TAGS.provider)),
    CACHE_TAGS.search,
    ...(rule.listing ? [CACHE_TAGS.providerSitemap] : []),
  ];
  await purgeTags(purged, { waitUntil });
  // A rejected held listing publishes nothing: no pre-built page changes.
  const rebuild = rule.listing && outcome.changed && decision.action !== 'reject-held' ? await requestRebuild(database) : null;
  return { action: decision.action, providerId: outcome.providerId, summary: outcome.summary, changed: outcome.changed, purged, rebuild };
}
