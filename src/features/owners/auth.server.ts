/**
 * Passwordless sign-in for business owners (docs/owners.md "Sign-in"): better-auth with its email
 * one-time-code plugin, its kysely adapter over our own libSQL database (a file or sqld, the same
 * kysely instance every other query uses), sessions stored in the database. No password is ever
 * set: better-auth's email-and-password sign-in stays disabled.
 *
 * One better-auth instance per database and site origin, made on first use: cookies are Secure
 * everywhere except plain-http localhost, where a browser would drop them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { getDb, type Db } from '../../db/client';
import { env, isDeployed } from '../../env.server';
import { NotConfiguredError } from '../../lib/errors';
import { sendCodeMail, type CodePurpose } from './mail.server';

import { CODE_RULES } from './applicationCopy';

export { CODE_RULES };

/** What a sign-in is for, read by the mail the code goes out in (better-auth's sender only sees the address). */
const purposeOfRequest = new AsyncLocalStorage<CodePurpose>();

/** The development stand-in for AUTH_SECRET: fine on a developer's machine, refused on a deploy. */
export const DEVELOPMENT_AUTH_SECRET = 'glow-local-development-secret-not-for-production';

/** A deploy without a real AUTH_SECRET: owner sign-in refuses to start (503) rather than sign sessions with a public secret. */
export class MissingAuthSecretError extends NotConfiguredError {
  override name = 'MissingAuthSecretError';
  constructor() {
    super('Business sign-in is off: this site has no AUTH_SECRET configured (32 or more random characters). Please contact support.');
  }
}

/** The secret owners' sessions are signed with; on a deploy only a real one (set, 32+ characters, not the development one). */
export function authSecret(): string {
  const values = env();
  const secret = values.AUTH_SECRET;
  if (!isDeployed(values)) return secret ?? DEVELOPMENT_AUTH_SECRET;
  if (!secret || secret.length < 32 || secret === DEVELOPMENT_AUTH_SECRET) throw new MissingAuthSecretError();
  return secret;
}

/** Plain http on the machine itself: the only place a cookie goes out without Secure. */
export function isPlainLocalhost(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** How a code is stored (auth_verifications): HMAC-SHA-256 keyed with AUTH_SECRET, base64url. */
export const codeDigest = (secret: string, code: string): string => createHmac('sha256', secret).update(code).digest('base64url');

function createAuth(database: Db, origin: string, secret: string) {
  return betterAuth({
    appName: 'Glow',
    baseURL: origin,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [...new Set([origin, env().SITE_URL])],
    database: { db: database.db as never, type: 'sqlite' },
    // Our tables are named like the rest of the schema (migrations/0016_owners.sql).
    user: { modelName: 'auth_users' },
    session: { modelName: 'auth_sessions', expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications' },
    emailAndPassword: { enabled: false },
    // Code requests are limited per client address and per email in the database (rateLimit.server.ts),
    // which holds across function instances; better-auth's own limiter counts per process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'glow',
      useSecureCookies: !isPlainLocalhost(origin),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    plugins: [
      emailOTP({
        otpLength: CODE_RULES.length,
        expiresIn: CODE_RULES.expiresInSeconds,
        allowedAttempts: CODE_RULES.attempts,
        // Stored as a keyed hash (HMAC-SHA-256 with AUTH_SECRET): a six-digit code hashed without a
        // key is found by trying all million, so a copy of the database alone signs no one in.
        storeOTP: { hash: async (otp) => codeDigest(secret, otp) },
        async sendVerificationOTP({ email, otp }) {
          await sendCodeMail({ to: email, code: otp, purpose: purposeOfRequest.getStore() ?? { kind: 'sign-in' } });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
const instances = new Map<string, Auth>();

/** The better-auth instance for this database and origin. */
export async function authFor(origin: string, database?: Db): Promise<Auth> {
  // A deploy without a real secret refuses here, before any code or session (docs/owners.md).
  const secret = authSecret();
  const db = database ?? (await getDb());
  const key = `${db.url}|${origin}|${secret}`;
  let auth = instances.get(key);
  if (!auth) {
    auth = createAuth(db, origin, secret);
    instances.set(key, auth);
  }
  return auth;
}

/** A refusal from better-auth, in the owner calls' words (docs/owners.md "Codes"). */
export class CodeRefusedError extends Error {
  override name = 'CodeRefusedError';
  constructor(
    message: string,
    readonly status: 400 | 403,
  ) {
    super(message);
  }
}

export const CODE_MESSAGES = {
  wrong: 'That code is not right. Check the latest email from Glow and try again.',
  expired: 'That code has expired (codes last 10 minutes). Ask for a new code.',
  used: 'That code was already used or replaced by a newer one. Ask for a new code.',
  tooMany: 'Too many wrong codes. Ask for a new code.',
} as const;

/** Emails a fresh code to `email` (any earlier one stops working). */
export async function sendSignInCode(origin: string, email: string, purpose: CodePurpose, headers: Headers): Promise<void> {
  const auth = await authFor(origin);
  await purposeOfRequest.run(purpose, () => auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' }, headers }));
}

/**
 * Checks the code and opens a session; returns the user and the Set-Cookie headers to send.
 * better-auth's atomic check makes a code single use and counts wrong attempts on it.
 */
export async function signInWithCode(
  origin: string,
  email: string,
  code: string,
  headers: Headers,
): Promise<{ userId: string; email: string; setCookies: string[] }> {
  const auth = await authFor(origin);
  // A request for this address that was never sent, or a code already used, leaves no stored code.
  try {
    const result = await auth.api.signInEmailOTP({ body: { email, otp: code }, headers, returnHeaders: true });
    return { userId: result.response.user.id, email: result.response.user.email, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    throw await refusalOf(error, email, 'sign-in');
  }
}

/** better-auth's refusal of a code, in the owner calls' words (CODE_MESSAGES); anything else as it was. */
async function refusalOf(error: unknown, email: string, type: 'sign-in' | 'email-verification'): Promise<unknown> {
  if (!(error instanceof APIError)) return error;
  const message = String((error.body as { message?: string } | undefined)?.message ?? error.message);
  if (/expired/i.test(message)) return new CodeRefusedError(CODE_MESSAGES.expired, 400);
  if (/too many/i.test(message)) return new CodeRefusedError(CODE_MESSAGES.tooMany, 403);
  if (/invalid otp/i.test(message)) return new CodeRefusedError((await codeIsPending(email, type)) ? CODE_MESSAGES.wrong : CODE_MESSAGES.used, 400);
  return error;
}

/**
 * A code that proves only that someone reads `email` (a shopper's time request, docs/requests.md
 * "Limits"): made and stored by better-auth as sign-in codes are (length, lifetime, attempts,
 * HMAC), but it signs nobody in and makes no account. A newer code replaces an older one.
 */
export async function sendEmailCheckCode(origin: string, email: string, purpose: CodePurpose): Promise<void> {
  const auth = await authFor(origin);
  const { db } = await getDb();
  await db.deleteFrom('auth_verifications').where('identifier', '=', checkIdentifier(email)).execute();
  const code = await auth.api.createVerificationOTP({ body: { email, type: 'email-verification' } });
  await sendCodeMail({ to: email, code, purpose });
}

/**
 * Checks a code of sendEmailCheckCode and uses it up; CodeRefusedError as for sign-in codes.
 * better-auth's check counts wrong attempts atomically and keeps a right code for the caller, then
 * says the address has no account (shoppers have none): both mean the code was right.
 */
export async function checkEmailCode(origin: string, email: string, code: string): Promise<void> {
  const auth = await authFor(origin);
  try {
    await auth.api.checkVerificationOTP({ body: { email, type: 'email-verification', otp: code } });
  } catch (error) {
    const notAnAccount = error instanceof APIError && (error.body as { code?: string } | undefined)?.code === 'USER_NOT_FOUND';
    if (!notAnAccount) throw await refusalOf(error, email, 'email-verification');
  }
  const { db } = await getDb();
  // Used once: a second request needs a new code.
  const used = await db.deleteFrom('auth_verifications').where('identifier', '=', checkIdentifier(email)).executeTakeFirst();
  if (Number(used.numDeletedRows) === 0) throw new CodeRefusedError(CODE_MESSAGES.used, 400);
}

const checkIdentifier = (email: string) => `email-verification-otp-${email.toLowerCase()}`;

/** Whether a code for `email` is still waiting to be entered (tells "wrong" from "already used"). */
async function codeIsPending(email: string, type: 'sign-in' | 'email-verification'): Promise<boolean> {
  const { db } = await getDb();
  const row = await db.selectFrom('auth_verifications').select('id').where('identifier', '=', `${type}-otp-${email.toLowerCase()}`).executeTakeFirst();
  return Boolean(row);
}

export interface SessionUser {
  userId: string;
  email: string;
  /** The session's id (auth_sessions.id). */
  sessionId: string;
  /** When the session was opened with a code: operators' sessions end 8 hours after it (docs/moderation.md "Operators"). */
  signedInAt: Date;
}

/** The signed-in owner of this request, or null. */
export async function sessionOf(request: Request): Promise<SessionUser | null> {
  const auth = await authFor(new URL(request.url).origin);
  const session = await auth.api.getSession({ headers: request.headers });
  return session
    ? { userId: session.user.id, email: session.user.email, sessionId: session.session.id, signedInAt: new Date(session.session.createdAt) }
    : null;
}

/**
 * Ends every session of this request's account, on every device (better-auth's own revocation,
 * docs/owners.md "Sign-in"), then this one's cookies; returns the Set-Cookie headers.
 */
export async function signOutEverywhere(request: Request): Promise<string[]> {
  const auth = await authFor(new URL(request.url).origin);
  await auth.api.revokeSessions({ headers: request.headers });
  return signOut(request);
}

/** Ends the session of this request; returns the Set-Cookie headers that clear its cookies. */
export async function signOut(request: Request): Promise<string[]> {
  const auth = await authFor(new URL(request.url).origin);
  try {
    const result = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    // No session to end: signing out twice is not an error.
    return [];
  }
}
