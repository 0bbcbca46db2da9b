/** Addresses blocked from time requests (docs/requests.md "Spam"), kept only as hashes. */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** The stored form of an address: SHA-256 of its trimmed lower case. */
export const senderHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export async function isBlockedSender(db: Kysely<Database> | Transaction<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('blocked_request_senders').select('emailHash').where('emailHash', '=', senderHash(email)).executeTakeFirst();
  return row !== undefined;
}
