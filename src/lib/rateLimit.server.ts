/**
 * Fixed-window rate limits kept in the database, so they hold across function instances. The
 * client address is hashed with a secret salt before it is stored; windows expire on their own.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { env } from '../env.server';

export interface Limit {
  /** Most requests allowed per window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/**
 * POST limits per client address (and sign-in codes also per email address, `codesPerEmail`; owner
 * writes and uploads per account); the RATE_LIMIT_* variables override the counts.
 */
export function limits(): Record<'reviews' | 'listings' | 'reports' | 'codes' | 'codesPerEmail' | 'ownerWrites' | 'ownerUploads', Limit> {
  const {
    RATE_LIMIT_REVIEWS,
    RATE_LIMIT_LISTINGS,
    RATE_LIMIT_REPORTS,
    RATE_LIMIT_CODES,
    RATE_LIMIT_CODES_PER_EMAIL,
    RATE_LIMIT_OWNER_WRITES,
    RATE_LIMIT_OWNER_UPLOADS,
  } = env();
  return {
    reviews: { max: RATE_LIMIT_REVIEWS, windowSeconds: 10 * 60 },
    listings: { max: RATE_LIMIT_LISTINGS, windowSeconds: 60 * 60 },
    reports: { max: RATE_LIMIT_REPORTS, windowSeconds: 10 * 60 },
    codes: { max: RATE_LIMIT_CODES, windowSeconds: 10 * 60 },
    codesPerEmail: { max: RATE_LIMIT_CODES_PER_EMAIL, windowSeconds: 60 * 60 },
    /** Per owner account, not per address (docs/owners.md "Budgets"). */
    ownerWrites: { max: RATE_LIMIT_OWNER_WRITES, windowSeconds: 10 * 60 },
    ownerUploads: { max: RATE_LIMIT_OWNER_UPLOADS, windowSeconds: 60 * 60 },
  };
}

/**
 * The part of an address that names one client: an IPv4 address, or the /64 of an IPv6 one (one
 * home or phone is given a whole /64, so its other addresses are the same client;
 * docs/security.md "Limits"). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressScope(address: string): string {
  const text = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return mapped[1]!;
  if (!text.includes(':')) return text;
  const [head = '', tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = text.includes('::') && tail ? tail.split(':') : [];
  const groups = text.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** One-way hash of a client address (IPv6 by its /64): enough to count, not to identify. */
export function clientKey(address: string): string {
  const salt = env().RATE_LIMIT_SALT;
  return createHash('sha256')
    .update(`${salt}|${addressScope(address)}`)
    .digest('base64url')
    .slice(0, 22);
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
  hits: number;
}

/** The current window of `limit` at `now` (seconds). */
function windowOf(limit: Limit, now: number) {
  const nowSeconds = Math.floor(now / 1000);
  return { nowSeconds, windowStart: nowSeconds - (nowSeconds % limit.windowSeconds) };
}

/**
 * Whether `address` may still do `action` in this window, without counting this request: for
 * limits that count only failures (wrong sign-in codes), checked before and counted by hit after.
 */
export async function peek({ client }: Db, action: string, address: string, limit: Limit, now = Date.now()): Promise<RateDecision> {
  const { nowSeconds, windowStart } = windowOf(limit, now);
  const { rows } = await client.execute({
    sql: 'SELECT hits FROM rate_limits WHERE bucket = ? AND windowStart = ?',
    args: [`${action}:${clientKey(address)}`, windowStart],
  });
  const hits = Number(rows[0]?.hits ?? 0);
  return { allowed: hits < limit.max, retryAfter: windowStart + limit.windowSeconds - nowSeconds, hits };
}

/** Counts one request of `action` from `address`; atomic, so concurrent requests are all counted. */
export async function hit({ client }: Db, action: string, address: string, limit: Limit, now = Date.now()): Promise<RateDecision> {
  const { nowSeconds, windowStart } = windowOf(limit, now);
  const [counted] = await client.batch(
    [
      {
        sql: `INSERT INTO rate_limits (bucket, windowStart, hits) VALUES (?, ?, 1)
              ON CONFLICT (bucket, windowStart) DO UPDATE SET hits = hits + 1 RETURNING hits`,
        args: [`${action}:${clientKey(address)}`, windowStart],
      },
      // Forget finished windows (the longest is a day: time requests, docs/requests.md "Limits").
      { sql: 'DELETE FROM rate_limits WHERE windowStart < ?', args: [nowSeconds - 86_400] },
    ],
    'write',
  );
  const hits = Number(counted!.rows[0]!.hits);
  return { allowed: hits <= limit.max, retryAfter: windowStart + limit.windowSeconds - nowSeconds, hits };
}
