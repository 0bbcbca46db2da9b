/**
 * The operator role (docs/moderation.md "Operators"): a row of `operators` on an owners' account,
 * granted and revoked only by `npm run moderate -- operators add|remove`, each change audited in
 * operator_grants. Claiming or managing a listing never grants it, and granting it to an account
 * that manages listings needs saying so (`alsoOwner`). No HTTP here.
 */
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { ensureAccount } from '../owners/index.server';

export interface OperatorRow {
  email: string;
  grantedBy: string;
  reason: string;
  grantedAt: string;
}

const grantRow = (action: 'grant-operator' | 'revoke-operator', email: string, actor: string, reason: string, now: Date) => ({
  sql: 'INSERT INTO operator_grants (id, action, email, reason, actor, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
  args: [crypto.randomUUID(), action, email, reason, actor, now.toISOString()],
});

function checkReason(actor: string, reason: string): void {
  if (!reason.trim()) throw new Error('A reason is required: it is kept with the change.');
  if (!actor.trim()) throw new Error('Who acts is required (USER).');
}

/** Makes the account of `email` an operator (making the account if there is none: its owner signs in with a code). */
export async function grantOperator(
  database: Db,
  { email, actor, reason, alsoOwner = false }: { email: string; actor: string; reason: string; alsoOwner?: boolean },
  now = new Date(),
): Promise<{ summary: string; changed: boolean }> {
  checkReason(actor, reason);
  const address = email.trim().toLowerCase();
  const managed = await database.db
    .selectFrom('listing_owners')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', address)
    .executeTakeFirst();
  const listings = Number(managed?.n ?? 0);
  if (listings > 0 && !alsoOwner)
    throw new ConflictError(
      `${address} manages ${listings} listing${listings === 1 ? '' : 's'} on Glow. Keep an operator's account apart from a business's: use another address, or add --also-owner if this is meant.`,
    );
  const user = await ensureAccount(database, address, now);
  const existing = await database.db.selectFrom('operators').select('email').where('userId', '=', user.id).executeTakeFirst();
  if (existing) return { summary: `${address} is already an operator.`, changed: false };
  await database.client.batch(
    [
      {
        sql: 'INSERT INTO operators (userId, email, grantedBy, reason, grantedAt) VALUES (?, ?, ?, ?, ?)',
        args: [user.id, address, actor, reason, now.toISOString()],
      },
      grantRow('grant-operator', address, actor, reason, now),
    ],
    'write',
  );
  return { summary: `${address} is now an operator: they sign in at /operator with a code sent to that address.`, changed: true };
}

/** Takes the role away and ends every session of the account at once (docs/moderation.md "Operators"). */
export async function revokeOperator(database: Db, { email, actor, reason }: { email: string; actor: string; reason: string }, now = new Date()) {
  checkReason(actor, reason);
  const address = email.trim().toLowerCase();
  const row = await database.db.selectFrom('operators').select('userId').where('email', '=', address).executeTakeFirst();
  if (!row) throw new NotFoundError(`${address} is not an operator.`);
  await database.client.batch(
    [
      { sql: 'DELETE FROM operators WHERE userId = ?', args: [row.userId] },
      { sql: 'DELETE FROM auth_sessions WHERE userId = ?', args: [row.userId] },
      grantRow('revoke-operator', address, actor, reason, now),
    ],
    'write',
  );
  return { summary: `${address} is no longer an operator; their sessions have ended.` };
}

export async function listOperators({ db }: Db): Promise<OperatorRow[]> {
  return db.selectFrom('operators').select(['email', 'grantedBy', 'reason', 'grantedAt']).orderBy('grantedAt', 'asc').execute();
}

/** Whether the account `userId` holds the role now (read on every operator call). */
export async function isOperator({ db }: Db, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('operators').select('userId').where('userId', '=', userId).executeTakeFirst());
}

/** Whether `email` belongs to an operator (who may ask for a console code). */
export async function isOperatorEmail({ db }: Db, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('operators').select('userId').where('email', '=', email.trim().toLowerCase()).executeTakeFirst());
}
