/**
 * Counting without cookies (docs/insights.md "Counting"). A visitor is a daily key: SHA-256 of a
 * salt that rotates every day, the listing, the client address and the user agent. The salt is an
 * HMAC of the server's secret and the date, worked out when needed and never stored, so after the
 * day ends nobody, us included, can tell whose visits the stored hashes were. Requests that ask not
 * to be tracked (`Sec-GPC: 1`, `DNT: 1`) and crawlers count nothing.
 *
 * One beacon is one write batch, one round trip (production is libSQL over HTTP): the address's
 * counter, then per listing "seen in this window?" (insert-or-ignore) and the day's count, raised
 * only when that insert happened (`changes()`).
 */
import { createHash, createHmac } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import { isbot } from 'isbot';
import type { Db } from '../../db/client';
import { addressScope, clientKey } from '../../lib/rateLimit.server';
import { authSecret } from '../owners/index.server';
import { ADDRESS_LIMIT, measureOf } from './measures';
import type { Beacon } from './schemas/beacon';

/** What the counting needs to know of a request, and nothing more. */
export interface Visit {
  /** The client address (kept nowhere: it enters a hash with the daily salt). */
  address: string;
  userAgent: string;
  /** The request said `Sec-GPC: 1` or `DNT: 1`. */
  optedOut: boolean;
}

export const visitOf = (headers: Headers, address: string): Visit => ({
  address,
  userAgent: headers.get('user-agent') ?? '',
  optedOut: headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1',
});

/** Why a visit is not counted (null: it is). A request without a user agent is no browser. */
export function notCounted(visit: Visit): 'opted-out' | 'crawler' | null {
  if (visit.optedOut) return 'opted-out';
  if (!visit.userAgent || isbot(visit.userAgent)) return 'crawler';
  return null;
}

/** The UTC day of an instant, `YYYY-MM-DD`: the day counts and salts belong to. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The day's salt: derived from the server secret and the date, never stored. */
const dailySalt = (day: string) => createHmac('sha256', authSecret()).update(`glow-insights-salt|${day}`).digest();

/** The visitor's key for one listing on one day (an IPv6 address by its /64, as the rate limits read it). */
export function visitorKey(day: string, providerId: string, visit: Visit): string {
  return createHash('sha256')
    .update(dailySalt(day))
    .update(`|${providerId}|${addressScope(visit.address)}|${visit.userAgent}`)
    .digest('hex');
}

/** The row that says this visitor was counted for this measure in this window: `<day>|<hash>`. */
function seenKey(day: string, providerId: string, measure: string, visit: Visit, at: Date): string {
  const window = measureOf(measure)?.window === 'hour' ? String(at.getUTCHours()) : '';
  const hash = createHash('sha256')
    .update(`${visitorKey(day, providerId, visit)}|${measure}|${window}`)
    .digest('base64url')
    .slice(0, 22);
  return `${day}|${hash}`;
}

/**
 * Counts a beacon's event for each listing it names, at most once per visitor and window, for
 * listings that exist, within the address's limit. Returns how many listings it counted.
 */
export async function countBeacon({ client }: Db, beacon: Beacon, visit: Visit, at = new Date()): Promise<number> {
  if (notCounted(visit)) return 0;
  const day = utcDay(at);
  const seconds = Math.floor(at.getTime() / 1000);
  const bucket = `insights:${clientKey(visit.address)}`;
  const windowStart = seconds - (seconds % ADDRESS_LIMIT.windowSeconds);
  const statements: InStatement[] = [
    {
      sql: 'INSERT INTO rate_limits (bucket, windowStart, hits) VALUES (?, ?, 1) ON CONFLICT (bucket, windowStart) DO UPDATE SET hits = hits + 1',
      args: [bucket, windowStart],
    },
  ];
  for (const providerId of new Set(beacon.listing)) {
    statements.push(
      {
        sql: `INSERT INTO insight_visits (key) SELECT ? FROM providers
              WHERE id = ? AND (SELECT hits FROM rate_limits WHERE bucket = ? AND windowStart = ?) <= ?
              ON CONFLICT DO NOTHING`,
        args: [seenKey(day, providerId, beacon.event, visit, at), providerId, bucket, windowStart, ADDRESS_LIMIT.max],
      },
      {
        sql: `INSERT INTO insight_counts (providerId, day, measure, count) SELECT ?, ?, ?, 1 WHERE changes() > 0
              ON CONFLICT (providerId, day, measure) DO UPDATE SET count = count + 1 RETURNING count`,
        args: [providerId, day, beacon.event],
      },
    );
  }
  const results = await client.batch(statements, 'write');
  return results.filter((r, i) => i > 0 && i % 2 === 0 && r.rows.length > 0).length;
}
