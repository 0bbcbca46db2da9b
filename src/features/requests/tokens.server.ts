/**
 * Email links (docs/requests.md "Links"): a token is 32 random bytes from node:crypto, sent once in
 * the email and stored only as its SHA-256; single-use, 72 hours, and it says nothing about anyone.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { env } from '../../env.server';
import { type LinkAction, REQUEST_LIMITS, RESPOND_PATH } from './copy';

type Executor = Kysely<Database> | Transaction<Database>;

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues a link for `action` on the request and returns its address (the page that shows it; opening it changes nothing). */
export async function issueLink(trx: Executor, requestId: string, action: LinkAction, now: Date, windowIndex: number | null = null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('request_tokens')
    .values({
      hash: tokenHash(token),
      requestId,
      action,
      windowIndex,
      expiresAt: new Date(now.getTime() + REQUEST_LIMITS.linkHours * 3_600_000).toISOString(),
      usedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return `${env().SITE_URL.replace(/\/$/, '')}${RESPOND_PATH}?token=${token}`;
}

/** The stored link of a token, used or not; undefined for one that never was. */
export async function linkOf(db: Executor, token: string) {
  return db.selectFrom('request_tokens').selectAll().where('hash', '=', tokenHash(token)).executeTakeFirst();
}

/** Uses the link up; false when it was used or has expired (nothing then changes). */
export async function spendLink(trx: Executor, token: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('request_tokens')
    .set({ usedAt: now.toISOString() })
    .where('hash', '=', tokenHash(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
