/**
 * A listing's status as its owner sets it (docs/owners.md "Statuses"): open as usual, temporarily
 * closed until a date (open again by itself that day, in the provider's own time zone), or
 * permanently closed. Browser-safe: the page, the cards and the dashboard share it.
 */
export const LISTING_STATUSES = ['open', 'temporarily_closed', 'permanently_closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** One formatter per zone: making one costs far more than formatting, and open now asks for every zone per search. */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/** Today's date (YYYY-MM-DD) on the provider's clock. */
export function todayIn(timeZone: string, now = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    dayFormats.set(timeZone, format);
  }
  return format ? format.format(now) : now.toISOString().slice(0, 10);
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

/** "December 1, 2026" for a YYYY-MM-DD date (read as a calendar date, not an instant). */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(`${day.slice(0, 10)}T12:00:00Z`),
  );
}

/** The banner of a closed listing, or null when it is open. */
export function statusBanner(status: { status: ListingStatus; closedUntil: string | null }): string | null {
  if (status.status === 'permanently_closed') return 'Permanently closed';
  if (status.status === 'temporarily_closed') return `Temporarily closed until ${formatDay(status.closedUntil!)}`;
  return null;
}
