/**
 * An operator's decision on an import batch or an unclear match, whoever takes it: the console
 * (POST /api/operator/decisions), `npm run moderate` and `npm run import` all call decideImport, so
 * the listings it changes, the purges and the one rebuild cannot differ between them
 * (docs/moderation.md "One definition"). The purges and the rebuild are moderation's own
 * afterDecision. No HTTP and no CLI here.
 */
import type { Db } from '../../db/client';
import type { PurgeOptions } from '../../server/cachePurge';
import type { ImportDecisionAction } from '../moderation';
import { afterDecision, type Decision, type DecisionResult, type Outcome } from '../moderation/index.server';
import { approveBatch, resolveHold, rollbackBatch } from './imports.server';

const RUN: Record<ImportDecisionAction, (database: Db, d: Decision, now: Date) => Promise<Outcome>> = {
  'approve-batch': async (db, d, now) => listings(await approveBatch(db, d.target, d.actor, d.reason, now), `Batch ${d.target} approved`, 'vetted'),
  'rollback-batch': async (db, d, now) => listings(await rollbackBatch(db, d.target, d.actor, d.reason, now), `Batch ${d.target} rolled back`, 'changed'),
  'same-import': async (db, d, now) => {
    const { providerId } = await resolveHold(db, d.target, 'same', d, now);
    return { providerId, summary: 'Linked to the listing it looked like; the listing stays as it is.', changed: true };
  },
  'new-import': async (db, d, now) => {
    const { providerId } = await resolveHold(db, d.target, 'different', d, now);
    return { providerId, summary: 'Listed as a new listing of its batch.', changed: true };
  },
};

function listings({ providerIds }: { providerIds: string[] }, done: string, verb: string): Outcome {
  const [first = null, ...rest] = providerIds;
  return { providerId: first, alsoChanged: rest, summary: `${done}: ${providerIds.length} listings ${verb}.`, changed: providerIds.length > 0 };
}

/** Takes an import decision, then purges what shows it and asks for one rebuild when listings changed. */
export async function decideImport(
  database: Db,
  decision: Decision & { action: ImportDecisionAction },
  { now = new Date(), waitUntil }: PurgeOptions & { now?: Date } = {},
): Promise<DecisionResult> {
  if (!decision.reason.trim()) throw new Error('A reason is required: it is kept with the action.');
  if (!decision.actor.trim()) throw new Error('Who acts is required.');
  return afterDecision(database, decision, await RUN[decision.action](database, decision, now), { waitUntil });
}
