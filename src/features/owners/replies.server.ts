/**
 * Owners' public responses to reviews (docs/owners.md "Replies"): one per review, editable and
 * deletable by the listing's owner, audited; hidden and restored only by moderators. An owner can
 * never hide, edit or delete the review itself (the FTC's rule on consumer reviews, 16 CFR 465).
 */
import { randomUUID } from 'node:crypto';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { fileReport, type Reportable } from '../reports/index.server';
import type { ReportCreate } from '../reports/schemas';
import { audit } from './claims.server';
import type { Reply } from './schemas/reply';

/** The provider of a published review (whose owner may respond), or NotFoundError. */
export async function providerOfReview({ db }: Db, reviewId: string): Promise<string> {
  const row = await db
    .selectFrom('reviews')
    .innerJoin('providers', 'providers.id', 'reviews.providerId')
    .select('reviews.providerId')
    .where('reviews.id', '=', reviewId)
    .where('reviews.status', '=', 'published')
    .where('providers.isHidden', '=', 0)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Review not found');
  return row.providerId;
}

/** The provider of a reply (any status), or NotFoundError. */
export async function providerOfReply({ db }: Db, replyId: string): Promise<string> {
  const row = await db.selectFrom('review_replies').select('providerId').where('id', '=', replyId).executeTakeFirst();
  if (!row) throw new NotFoundError('Response not found');
  return row.providerId;
}

async function replyById({ db }: Db, replyId: string): Promise<Reply> {
  const row = await db
    .selectFrom('review_replies')
    .innerJoin('providers', 'providers.id', 'review_replies.providerId')
    .select(['review_replies.id', 'review_replies.body', 'providers.name as businessName', 'review_replies.createdAt', 'review_replies.updatedAt'])
    .where('review_replies.id', '=', replyId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Response not found');
  return row;
}

export async function createReply(
  database: Db,
  { reviewId, body, userId, actor }: { reviewId: string; body: string; userId: string; actor: string },
  now = new Date(),
) {
  const providerId = await providerOfReview(database, reviewId);
  const id = randomUUID();
  const at = now.toISOString();
  await database.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('review_replies').select('id').where('reviewId', '=', reviewId).executeTakeFirst();
    if (existing) throw new ConflictError('This review already has your response. Edit it instead.');
    await trx.insertInto('review_replies').values({ id, reviewId, providerId, userId, body, createdAt: at, updatedAt: at }).execute();
    await audit(trx, { providerId, action: 'reply', targetId: id, actor, after: { reviewId, body } }, now);
  });
  return { providerId, reply: await replyById(database, id) };
}

export async function editReply(database: Db, replyId: string, body: string, actor: string, now = new Date()) {
  const providerId = await database.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('review_replies').selectAll().where('id', '=', replyId).executeTakeFirst();
    if (!before) throw new NotFoundError('Response not found');
    await trx.updateTable('review_replies').set({ body, updatedAt: now.toISOString() }).where('id', '=', replyId).execute();
    await audit(trx, { providerId: before.providerId, action: 'edit-reply', targetId: replyId, actor, before: { body: before.body }, after: { body } }, now);
    return before.providerId;
  });
  return { providerId, reply: await replyById(database, replyId) };
}

export async function deleteReply(database: Db, replyId: string, actor: string, now = new Date()): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('review_replies').selectAll().where('id', '=', replyId).executeTakeFirst();
    if (!before) throw new NotFoundError('Response not found');
    await trx.deleteFrom('review_replies').where('id', '=', replyId).execute();
    await audit(
      trx,
      { providerId: before.providerId, action: 'delete-reply', targetId: replyId, actor, before: { reviewId: before.reviewId, body: before.body } },
      now,
    );
    return before.providerId;
  });
}

/** Published responses to these reviews, by review id. */
export async function publishedReplies({ db }: Db, reviewIds: string[] | SelectQueryBuilder<Database, 'reviews', { id: string }>): Promise<Map<string, Reply>> {
  if (Array.isArray(reviewIds) && reviewIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('review_replies')
    .innerJoin('providers', 'providers.id', 'review_replies.providerId')
    .select([
      'review_replies.reviewId',
      'review_replies.id',
      'review_replies.body',
      'providers.name as businessName',
      'review_replies.createdAt',
      'review_replies.updatedAt',
    ])
    .where('review_replies.reviewId', 'in', reviewIds)
    .where('review_replies.status', '=', 'published')
    .execute();
  return new Map(rows.map(({ reviewId, ...reply }) => [reviewId, reply]));
}

/**
 * A visitor's report of a published response; it hides nothing by itself. The report keeps the
 * response's text, listing and review, so it stays in the moderators' queue when the owner deletes
 * the response (migrations/0055). With the reporter's address hash, one report per response and
 * address: a second is refused with ConflictError.
 */
export function reportReply(database: Db, replyId: string, input: ReportCreate, now = new Date(), clientKey: string | null = null) {
  return fileReport(database, REPLIES, replyId, input, now, clientKey);
}

const REPLIES: Reportable<'replyId'> = {
  table: 'reply_reports',
  key: 'replyId',
  up: "review_replies rp JOIN providers p ON p.id = rp.providerId WHERE rp.id = :replyId AND rp.status = 'published' AND p.isHidden = 0",
  kept: { providerId: 'rp.providerId', reviewId: 'rp.reviewId', body: 'rp.body' },
  noun: 'response',
  notFound: 'Response not found',
};

/** A moderator hides or restores a response (`npm run moderate`); audited with the reason. */
export async function moderateReply(
  database: Db,
  replyId: string,
  action: 'hide-reply' | 'restore-reply' | 'keep-reply',
  actor: string,
  reason: string,
  now = new Date(),
): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    const reply = await trx.selectFrom('review_replies').select(['providerId', 'status']).where('id', '=', replyId).executeTakeFirst();
    if (!reply) {
      // Deleted by its owner since it was reported: nothing is left to hide or restore, and any
      // decision closes the reports the queue still shows (they outlive the response).
      const reported = await trx.selectFrom('reply_reports').select('providerId').where('replyId', '=', replyId).executeTakeFirst();
      if (!reported) throw new NotFoundError('Response not found');
      await trx.updateTable('reply_reports').set({ resolvedAt: now.toISOString() }).where('replyId', '=', replyId).where('resolvedAt', 'is', null).execute();
      await audit(
        trx,
        { providerId: reported.providerId, action, targetId: replyId, actor, reason, before: { status: 'deleted' }, after: { status: 'deleted' } },
        now,
      );
      return reported.providerId;
    }
    // Keeping leaves the response as it is and closes its reports, as keep-review does for reviews.
    const status = action === 'hide-reply' ? 'hidden' : action === 'restore-reply' ? 'published' : reply.status;
    await trx.updateTable('review_replies').set({ status }).where('id', '=', replyId).execute();
    await trx.updateTable('reply_reports').set({ resolvedAt: now.toISOString() }).where('replyId', '=', replyId).where('resolvedAt', 'is', null).execute();
    await audit(trx, { providerId: reply.providerId, action, targetId: replyId, actor, reason, before: { status: reply.status }, after: { status } }, now);
    return reply.providerId;
  });
}
