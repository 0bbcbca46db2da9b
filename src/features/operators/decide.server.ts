/**
 * Every decision the console and `npm run moderate` offer, in one call: moderation's decide(), or
 * the imports feature's decideImport() for the decisions it owns (DECISIONS[action].by). Imports
 * sits above moderation (the floors in docs/architecture.md), so the two meet here, one floor up.
 */
import type { Db } from '../../db/client';
import type { PurgeOptions } from '../../server/cachePurge';
import { decideImport } from '../imports/index.server';
import { isImportDecision } from '../moderation';
import { type Decision, type DecisionResult, decide } from '../moderation/index.server';

export function decideAny(database: Db, decision: Decision, options: PurgeOptions & { now?: Date } = {}): Promise<DecisionResult> {
  const { action } = decision;
  return isImportDecision(action) ? decideImport(database, { ...decision, action }, options) : decide(database, decision, options);
}
