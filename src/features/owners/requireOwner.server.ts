/**
 * The guard every owner call goes through (docs/owners.md "Every owner call"): the request comes
 * from our own pages (Origin), carries a session, and, for a listing, that session's account
 * manages it. Throws the API's HTTP errors, so a function can call it first and nothing else.
 */
import { getDb, type Db } from '../../db/client';
import { hit, limits } from '../../lib/rateLimit.server';
import { HttpError } from '../../server/http';
import { env } from '../../env.server';
import { sessionOf, type SessionUser } from './auth.server';
import { ownerOf } from './claims.server';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * 403 unless a state-changing request names our own origin in its Origin header (CSRF): SITE_URL's,
 * or the request's own on Netlify (a deploy preview's host; `npm start` builds every request URL on
 * SITE_URL, docs/security.md "Requests"). Browsers send Origin on every POST, PUT and DELETE; a
 * request without one is not from our pages.
 */
export function requireSameOrigin(request: Request, { reads = false }: { reads?: boolean } = {}): void {
  const unsafe = UNSAFE.has(request.method.toUpperCase());
  if (!unsafe && !reads) return;
  const origin = request.headers.get('origin');
  // With `reads`, a GET is checked too: a browser's same-origin GET sends no Origin, a cross-site one
  // sends Origin or says so in Sec-Fetch-Site (the operator calls, docs/moderation.md "Operators").
  if (!unsafe && origin === null && request.headers.get('sec-fetch-site') !== 'cross-site') return;
  const allowed = [new URL(request.url).origin, new URL(env().SITE_URL).origin];
  if (!origin || !allowed.includes(origin)) {
    throw new HttpError(403, 'This request did not come from Glow’s own pages, so it was refused. Open the page on Glow and try again.');
  }
}

/** 401 without a valid session; the Origin is checked first on state-changing requests. */
export async function requireSession(request: Request): Promise<SessionUser> {
  requireSameOrigin(request);
  const user = await sessionOf(request);
  if (!user) throw new HttpError(401, 'Sign in with a code sent to your business email to do this.');
  return user;
}

/**
 * The signed-in owner of `providerId`: 401 without a session, 403 from another origin or for an
 * account that does not manage this listing (or a listing nobody manages).
 */
export async function requireListingOwner(
  request: Request,
  providerId: string,
  { upload = false }: { upload?: boolean } = {},
): Promise<{ userId: string; email: string }> {
  const user = await requireSession(request);
  const database = await getDb();
  const owner = await ownerOf(database, providerId);
  if (!owner || owner.userId !== user.userId) throw new HttpError(403, 'This listing is managed by another account.');
  if (UNSAFE.has(request.method.toUpperCase())) await limitOwnerWrite(database, user.userId, upload);
  return user;
}

/**
 * Per-account limits on owner writes and photo uploads (docs/owners.md "Budgets"), counted in the
 * database like every limit: one account, from however many networks, cannot flood the listing
 * tables, the purges or the photo store. 429 with Retry-After past them.
 */
async function limitOwnerWrite(database: Db, userId: string, upload: boolean): Promise<void> {
  const all = limits();
  for (const [action, limit, message] of [
    ['owner-writes', all.ownerWrites, 'Too many changes from this account in a few minutes. Please wait a little and try again.'],
    ...(upload ? [['owner-uploads', all.ownerUploads, 'Too many photos uploaded from this account this hour. Please try again later.'] as const] : []),
  ] as const) {
    const decision = await hit(database, action, `account-${userId}`, limit);
    if (!decision.allowed) {
      console.warn(`[owners] rate limit: ${action}, ${decision.hits} in this window`);
      throw new HttpError(429, message, [], { 'Retry-After': String(decision.retryAfter) });
    }
  }
}
