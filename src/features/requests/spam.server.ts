/**
 * Requests reported as spam (docs/requests.md "Spam"): an operator blocks the sender's address for
 * every listing, or dismisses the report. The console and `npm run moderate` reach this through
 * moderation's decide(). A blocked address is refused like one over its daily limit, so its sender
 * learns nothing. Only a hash of the address is kept. No HTTP here.
 */
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { auditChange } from './requests.server';
import { senderHash } from './senders.server';
import { writeTransaction } from './transaction.server';

export type SpamDecision = 'block-sender' | 'dismiss-spam';

/**
 * Closes an open spam report: `block-sender` also blocks its address on every listing. One
 * transaction with the request's audit row. Throws NotFoundError when the request has no open report.
 */
export async function decideSpamReport(
  database: Db,
  requestId: string,
  decision: SpamDecision,
  { actor, reason }: { actor: string; reason: string },
  now = new Date(),
): Promise<{ providerId: string; summary: string; changed: boolean }> {
  return writeTransaction(database, async (trx) => {
    const row = await trx
      .selectFrom('requests')
      .select(['providerId', 'email', 'state'])
      .where('id', '=', requestId)
      .where('spamReportedAt', 'is not', null)
      .where('spamResolvedAt', 'is', null)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(`No request with an open spam report has id ${requestId}`);
    const at = now.toISOString();
    await trx.updateTable('requests').set({ spamResolvedAt: at, updatedAt: at }).where('id', '=', requestId).execute();
    // The shopper's details may already be deleted (90 days after the request's last date): nothing left to block.
    const blocks = decision === 'block-sender' && row.email !== null;
    if (blocks) {
      await trx
        .insertInto('blocked_request_senders')
        .values({ emailHash: senderHash(row.email!), requestId, reason, actor, createdAt: at })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await auditChange(
      trx,
      { requestId, providerId: row.providerId, action: decision, fromState: row.state, toState: row.state, actor, detail: { reason } },
      now,
    );
    const summary =
      decision === 'dismiss-spam'
        ? 'The report is dismissed; the sender can still send requests.'
        : blocks
          ? 'The sender’s address is blocked from time requests on every listing.'
          : 'The report is closed; the sender’s details were already deleted, so there was no address to block.';
    return { providerId: row.providerId, summary, changed: true };
  });
}
