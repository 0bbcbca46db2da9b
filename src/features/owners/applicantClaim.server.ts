/**
 * A listing made through the business popup is claimed by its applicant (docs/owners.md "New
 * listings"): the address they gave, which is the listing's email, gets a sign-in code at once, by
 * the same mailer and code rules as a claim from the page, with a link to /business that opens
 * the code step for this listing. Entering it there is the page claim's own sign-in.
 */
import type { Db } from '../../db/client';
import { hit, limits } from '../../lib/rateLimit.server';
import { authSecret, MissingAuthSecretError, sendSignInCode } from './auth.server';
import { canSendMail, listingAddress } from './mail.server';
import { countCodeSent } from './codeLimits.server';
import { TooManyError } from '../../lib/errors';

/** The /business address that continues the claim of `providerId` with the code sent to `email`. */
export function claimUrl(origin: string, providerId: string, email: string): string {
  const url = new URL('/business', origin);
  url.searchParams.set('claim', providerId);
  url.searchParams.set('email', email);
  return url.toString();
}

/** What became of the applicant's code: it is never a reason to refuse the listing itself. */
export type ApplicantCode = 'sent' | 'no-email' | 'no-mail-server' | 'no-auth-secret' | 'rate-limited' | 'failed';

/**
 * Mails the applicant of a new listing a code to claim it. The listing is already stored: a code
 * that cannot go (no address, no mail server or AUTH_SECRET, a limit reached, the mail server down) is logged and
 * the applicant can still claim it from its page, with the same address.
 */
export async function mailApplicantCode(
  database: Db,
  origin: string,
  listing: { id: string; slug: string; email: string | null },
  clientAddress: string,
  headers: Headers,
): Promise<ApplicantCode> {
  const email = listing.email?.trim().toLowerCase();
  if (!email) return 'no-email';
  if (!canSendMail()) return 'no-mail-server';
  try {
    authSecret();
  } catch (error) {
    if (!(error instanceof MissingAuthSecretError)) throw error;
    console.error(`[owners] no claim code for new listing ${listing.id}: ${error.message}`);
    return 'no-auth-secret';
  }
  // The limits of POST /api/owners/code, under the same keys: per client address and per email address.
  const byClient = await hit(database, 'codes', clientAddress || 'unknown', limits().codes);
  try {
    if (!byClient.allowed) throw new TooManyError('per client address', byClient.retryAfter);
    await countCodeSent(database, email);
  } catch (error) {
    if (!(error instanceof TooManyError)) throw error;
    console.warn(`[owners] no claim code for new listing ${listing.id}: code rate limit reached`);
    return 'rate-limited';
  }
  try {
    await sendSignInCode(
      origin,
      email,
      { kind: 'new-listing', listingUrl: listingAddress(origin, listing.slug), claimUrl: claimUrl(origin, listing.id, email) },
      headers,
    );
    return 'sent';
  } catch (error) {
    console.error(`[owners] the claim code for new listing ${listing.id} was not sent:`, error);
    return 'failed';
  }
}
