/**
 * The owner's side in /business (docs/requests.md): their requests with the shopper's details
 * (their own listings only), their answers, and reporting a request as spam for the operators.
 */
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { STATE_LABELS } from './copy';
import { requestListing, type RequestListing } from './listing.server';
import { auditChange, changeRequest } from './requests.server';
import type { OwnerRequestAction, RequestView, ReplyTime } from './schemas';
import { loadRequest, toView } from './view.server';
import { writeTransaction } from './transaction.server';

const OTHERS = 'This request is for a listing managed by another account.';

/** GET /api/owners/requests: newest first; only the owner's listings (403 for another's). */
export async function ownerRequests(
  database: Db,
  userId: string,
  query: { listing?: string | undefined; state?: RequestView['state'] | undefined; limit: number; offset: number },
): Promise<{ items: RequestView[]; total: number; replyTime?: ReplyTime }> {
  const { db } = database;
  const mine = (await db.selectFrom('listing_owners').select('providerId').where('userId', '=', userId).execute()).map((r) => r.providerId);
  if (query.listing && !mine.includes(query.listing)) throw new ForbiddenError('This listing is managed by another account.');
  const ids = query.listing ? [query.listing] : mine;
  if (ids.length === 0) return { items: [], total: 0 };
  let base = db.selectFrom('requests').where('providerId', 'in', ids);
  if (query.state) base = base.where('state', '=', query.state);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('createdAt', 'desc').limit(query.limit).offset(query.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const listings = new Map<string, RequestListing>();
  for (const id of new Set(rows.map((r) => r.providerId))) listings.set(id, await requestListing(db, id));
  const windows = rows.length
    ? await db
        .selectFrom('request_windows')
        .selectAll()
        .where(
          'requestId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('idx')
        .execute()
    : [];
  const items = rows.map((r) =>
    toView(
      r,
      windows.filter((w) => w.requestId === r.id),
      listings.get(r.providerId)!,
      { owner: true },
    ),
  );
  const replyTime = query.listing ? (listings.get(query.listing) ?? (await requestListing(db, query.listing))).replyTime : undefined;
  return { items, total: Number(count.n), ...(query.listing ? { replyTime } : {}) };
}

/** POST /api/owners/requests/{id}: accept, propose, decline, cancel, or report as spam. */
export async function ownerAction(
  database: Db,
  owner: { userId: string; email: string },
  requestId: string,
  input: OwnerRequestAction,
  now = new Date(),
): Promise<{ request: RequestView }> {
  const { row } = await loadRequest(database.db, requestId).catch(() => {
    throw new NotFoundError('No request has that id');
  });
  const listing = await requestListing(database.db, row.providerId);
  if (listing.ownerUserId !== owner.userId) throw new ForbiddenError(OTHERS);
  if (input.action === 'report') {
    await writeTransaction(database, async (trx) => {
      const marked = await trx
        .updateTable('requests')
        .set({ spamReportedAt: now.toISOString(), updatedAt: now.toISOString() })
        .where('id', '=', requestId)
        .where('spamReportedAt', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 1)
        await auditChange(trx, { requestId, providerId: row.providerId, action: 'report', fromState: row.state, toState: row.state, actor: owner.email }, now);
    });
    const again = await loadRequest(database.db, requestId);
    return { request: toView(again.row, again.windows, listing, { owner: true }) };
  }
  const result = await changeRequest(
    database,
    requestId,
    {
      action: input.action,
      actor: owner.email,
      ...(input.windowIndex === undefined ? {} : { windowIndex: input.windowIndex }),
      ...(input.proposedStart === undefined ? {} : { proposedStart: input.proposedStart }),
      ...(input.reason === undefined ? {} : { reason: input.reason }),
    },
    { now },
  );
  if (!result.changed) throw new ConflictError(`This request is no longer open to that: it is ${STATE_LABELS[result.row.state].toLowerCase()}.`);
  return { request: toView(result.row, result.windows, result.listing, { owner: true }) };
}
