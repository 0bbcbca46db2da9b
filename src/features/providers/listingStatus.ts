/**
 * A listing's status as its owner sets it (docs/owners.md "Statuses"): open as usual, temporarily
 * closed until a date (open again by itself that day, in the provider's own time zone), or
 * permanently closed. Browser-safe: the page, the cards and the dashboard share it.
 */
import { byUtcHour, HOUR_MS } from './openingHours';

export const LISTING_STATUSES = ['open', 'temporarily_closed', 'permanently_closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * One formatter per zone: making one costs far more than formatting, and open now asks for every
 * zone per search. Beside it the zone's date by hour (UTC hours since the epoch): an hour whose first
 * and last moments are the same date there is that date throughout (a date only moves forward), so
 * an hour asked for again is not formatted (each search at a moment of its own); null for the hour in
 * which the date changes, formatted each time.
 */
const dayFormats = new Map<string, { format: Intl.DateTimeFormat | null; days: Map<number, string | null> }>();

/** Today's date (YYYY-MM-DD) on the provider's clock. */
export function todayIn(timeZone: string, now = new Date()): string {
  let zone = dayFormats.get(timeZone);
  if (zone === undefined) {
    let format: Intl.DateTimeFormat | null;
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    zone = { format, days: new Map() };
    dayFormats.set(timeZone, zone);
  }
  const { format } = zone;
  const dayAt = (at: number) => (format ? format.format(at) : new Date(at).toISOString().slice(0, 10));
  const at = now.getTime();
  const day = byUtcHour(zone.days, at, (hour) => {
    const first = dayAt(hour * HOUR_MS);
    return first === dayAt((hour + 1) * HOUR_MS - 1) ? first : null;
  });
  return day ?? dayAt(at);
}

/** The status that holds now: a temporary closure whose date has come is over. */
export function effectiveStatus(
  stored: { status: ListingStatus; closedUntil: string | null },
  timeZone: string,
  now = new Date(),
): { status: ListingStatus; closedUntil: string | null } {
  if (stored.status === 'temporarily_closed' && (!stored.closedUntil || stored.closedUntil <= todayIn(timeZone, now))) {
    return { status: 'open', closedUntil: null };
  }
  return { status: stored.status, closedUntil: stored.status === 'temporarily_closed' ? stored.closedUntil : null };
}

/** True for a YYYY-MM-DD that names a day of the calendar (not 2026-02-30, not 2026-13-01). */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** The YYYY-MM-DD `days` after `day`. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Longest temporary closure an owner can set, in days from today (docs/owners.md "Statuses"). */
export const MAX_CLOSURE_DAYS = 365;

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * "December 1, 2026" for a YYYY-MM-DD date or an ISO time (read as a calendar date, not an
 * instant). Total: text that names no day comes back as it is, never a thrown RangeError that would
 * take a page down with it.
 */
export function formatDay(day: string): string {
  const at = new Date(`${day.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : dayFormat.format(at);
}

/** The banner of a closed listing, or null when it is open. */
export function statusBanner(status: { status: ListingStatus; closedUntil: string | null }): string | null {
  if (status.status === 'permanently_closed') return 'Permanently closed';
  if (status.status === 'temporarily_closed') return `Temporarily closed until ${formatDay(status.closedUntil!)}`;
  return null;
}
