/**
 * Limits on sign-in codes that no stranger can turn against an owner (docs/owners.md "Cookies,
 * Origin, limits"):
 *
 * - Per email address, only codes actually sent count, after the request was checked: a request
 *   for an address that manages nothing, or a refused claim, counts nothing against it.
 * - Wrong entries (only those) are limited per email address and client address together, to fewer than a
 *   code's own attempts (CODE_RULES.attempts): a stranger guessing from one address is stopped
 *   before the code is used up, so the owner's code, and their next one, still work from theirs.
 * - A request carrying a live session of the same address skips the per-client limits: a shared
 *   network full of strangers' requests never blocks a signed-in owner.
 */
import type { Db } from '../../db/client';
import { TooManyError } from '../../lib/errors';
import { addressScope, hit, limits, peek, type Limit } from '../../lib/rateLimit.server';
import { CODE_RULES, CodeRefusedError, type SessionUser } from './auth.server';

/** Entries of a code per email address and client address, per code lifetime: fewer than a code's attempts. */
export const ENTRY_LIMIT: Limit = { max: CODE_RULES.attempts - 1, windowSeconds: CODE_RULES.expiresInSeconds };

export const LIMIT_MESSAGES = {
  perEmail: 'Too many codes sent to this email address. Please wait an hour, or use the latest code you received.',
  entries: 'Too many codes tried for this email address from your network. Use the latest code in a few minutes, or ask for a new one.',
} as const;

/** One key for an email address and a client address; no colon, which clientKey would read as IPv6. */
const pairKey = (email: string, clientAddress: string) => `${addressScope(clientAddress || 'unknown').replaceAll(':', '.')} ${email.toLowerCase()}`;

/** Counts a code about to be sent to `email` (after its request was checked); TooManyError past the hourly limit. */
export async function countCodeSent(database: Db, email: string): Promise<void> {
  const decision = await hit(database, 'codesPerEmail', `email ${email.toLowerCase()}`, limits().codesPerEmail);
  if (!decision.allowed) throw new TooManyError(LIMIT_MESSAGES.perEmail, decision.retryAfter);
}

/**
 * Enters a code for `email` from `clientAddress` through `check`, counting it only when it was
 * wrong; TooManyError, before `check` runs, once this pair has used up ENTRY_LIMIT, which is fewer
 * than a code's own attempts.
 */
export async function limitCodeEntry<T>(database: Db, email: string, clientAddress: string, check: () => Promise<T>): Promise<T> {
  const key = pairKey(email, clientAddress);
  const decision = await peek(database, 'codeEntries', key, ENTRY_LIMIT);
  if (!decision.allowed) throw new TooManyError(LIMIT_MESSAGES.entries, decision.retryAfter);
  try {
    return await check();
  } catch (error) {
    if (error instanceof CodeRefusedError) await hit(database, 'codeEntries', key, ENTRY_LIMIT);
    throw error;
  }
}

/** Whether the per-client limits apply: not to a request whose live session is this address's own. */
export const clientLimitApplies = (session: SessionUser | null, email: string | undefined): boolean =>
  !session || !email || session.email.toLowerCase() !== email.toLowerCase();
