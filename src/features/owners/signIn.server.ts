/**
 * The owner calls' domain steps (docs/owners.md): asking for a code (for a claim or for the
 * dashboard) and entering it, which signs in and, for a claim, ties the listing to the account.
 */
import type { Db } from '../../db/client';
import { authSecret, CODE_RULES, sendSignInCode, signInWithCode } from './auth.server';
import { checkClaim, claimListing, listingsOf } from './claims.server';
import { countCodeSent, limitCodeEntry } from './codeLimits.server';
import { canSendMail, listingAddress, MailUnavailableError, type CodePurpose } from './mail.server';
import type { CodeRequest, OwnerSession, SignIn } from './schemas/signIn';

/**
 * Emails a code when the address may use it: the listing's to claim it, or an owner's to sign in.
 * A dashboard sign-in for an address that manages nothing gets the same 202 answer and no mail, so
 * the answer never tells whether an address manages a listing; only a code actually sent counts
 * against the address's hourly limit (codeLimits.server.ts).
 */
export async function requestCode(database: Db, origin: string, input: CodeRequest, headers: Headers) {
  // A deploy without a real AUTH_SECRET says so before anything else (docs/owners.md "Cookies, Origin, limits").
  authSecret();
  const answer = { sent: true as const, email: input.email, expiresInMinutes: CODE_RULES.expiresInSeconds / 60 };
  let purpose: CodePurpose = { kind: 'sign-in' };
  if (input.providerId) {
    const { listing } = await checkClaim(database, input.providerId, input.email);
    purpose = { kind: 'claim', listingUrl: listingAddress(origin, listing.slug) };
  } else {
    const owner = await database.db.selectFrom('listing_owners').select('providerId').where('email', '=', input.email).executeTakeFirst();
    if (!owner) return answer;
  }
  if (!canSendMail()) throw new MailUnavailableError();
  await countCodeSent(database, input.email);
  await sendSignInCode(origin, input.email, purpose, headers);
  return answer;
}

/** Checks the code, opens a session and, for a claim, ties the listing to the account. */
export async function enterCode(
  database: Db,
  origin: string,
  input: SignIn,
  headers: Headers,
  clientAddress: string,
): Promise<{ session: OwnerSession; setCookies: string[]; claimed: boolean }> {
  authSecret();
  // The claim is checked before the code is spent, so a refused claim leaves the code usable.
  if (input.providerId) await checkClaim(database, input.providerId, input.email);
  // Stopped before the code's own attempts run out: a stranger's guesses never use up the owner's code.
  const user = await limitCodeEntry(database, input.email, clientAddress, () => signInWithCode(origin, input.email, input.code, headers));
  let claimed = false;
  if (input.providerId) {
    const { via } = await checkClaim(database, input.providerId, user.email, user.userId);
    claimed = (await claimListing(database, { providerId: input.providerId, userId: user.userId, email: user.email, via })).claimed;
  }
  return { session: { email: user.email, listings: await listingsOf(database, user.userId) }, setCookies: user.setCookies, claimed };
}
