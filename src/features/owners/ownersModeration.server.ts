/**
 * Support's side of owners (`npm run moderate`, docs/owners.md "Support"): list claims, revoke one,
 * assign a listing to an email (for listings without a usable email), each audited with its reason.
 * Hiding and restoring responses: moderateReply in ./replies.server.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { InvalidInputError, NotFoundError } from '../../lib/errors';
import { ownerEmail } from './schemas/signIn';
import { audit, claimListing } from './claims.server';

async function providerBySlug({ db }: Db, slug: string) {
  const row = await db.selectFrom('providers').select(['id', 'name']).where('slug', '=', slug).executeTakeFirst();
  if (!row) throw new NotFoundError(`No listing has the slug ${slug}`);
  return row;
}

/** Ends a claim: the listing is nobody's again (its badge goes); the account and its sessions stay. */
export async function revokeClaim(database: Db, slug: string, actor: string, reason: string, now = new Date()) {
  const provider = await providerBySlug(database, slug);
  await database.db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom('listing_owners').selectAll().where('providerId', '=', provider.id).executeTakeFirst();
    if (!owner) throw new NotFoundError(`${provider.name} is not claimed`);
    await trx.deleteFrom('listing_owners').where('providerId', '=', provider.id).execute();
    await audit(trx, { providerId: provider.id, action: 'revoke-claim', actor, reason, before: owner, after: null }, now);
  });
  return { providerId: provider.id, summary: `${provider.name} is no longer managed by its claimant.` };
}

/**
 * The account of `email` (lower case), made when there is none yet: the same row better-auth makes on
 * a first sign-in (migrations/0016_owners.sql), marked verified because support checked the address.
 * Its owner then signs in with a code sent to it.
 */
export async function ensureAccount({ db }: Db, email: string, now = new Date()): Promise<{ id: string }> {
  const existing = await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return existing;
  const user = { id: randomUUID() };
  const at = now.toISOString();
  await db
    .insertInto('auth_users')
    .values({ id: user.id, name: '', email, emailVerified: 1, image: null, createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
}

/**
 * Ties a listing to `email` as support checked it by hand; the owner then signs in at /business with
 * a code sent to that address. Replaces a current owner.
 */
export async function assignListing(database: Db, slug: string, email: string, actor: string, reason: string, now = new Date()) {
  // The address a code will be mailed to and the CLI prints: checked as the sign-in form checks it,
  // so no control characters or bidi overrides reach the terminal or owner_audit.
  const checked = ownerEmail.safeParse(email);
  if (!checked.success) throw new InvalidInputError('assign needs a valid email address, like owner@example.com', 'email');
  const address = checked.data;
  const provider = await providerBySlug(database, slug);
  const user = await ensureAccount(database, address, now);
  await claimListing(database, { providerId: provider.id, userId: user.id, email: address, via: 'support', actor, reason }, now);
  return { providerId: provider.id, summary: `${provider.name} is now managed by ${address}.` };
}
