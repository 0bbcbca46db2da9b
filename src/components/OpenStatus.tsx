/**
 * "Open now · Closes 7:00 PM" / "Closed · Opens Tue 10:00 AM", on the provider's own clock. `live`
 * works it out as it renders (a page rendered on request, an island), with the span of time the
 * text holds for (`data-checked-at` to `data-valid-until`, epoch ms). Pre-built HTML (home, city and
 * guide pages) says nothing it could get wrong: its badge is an empty, invisible placeholder of the
 * badge's height, which the page script fills in the browser (src/scripts/page.ts), as it works out
 * again a live status whose span the visitor's clock is outside (a copy the CDN kept from earlier).
 * Without hours there is no badge, only what the listing's source says instead (unknownFields.ts
 * HOURS_UNKNOWN_LABELS: "Hours not provided", or "Hours not confirmed" for an imported listing).
 */
import { openStateAt, openStatusText, openStatusUntil } from '@/features/providers';
import { parseOpeningHours } from '@/features/providers';
import { hasHours, hoursUnknownLabel } from '@/features/providers';

export function OpenStatus({
  openingHours,
  timeZone,
  source,
  live = false,
}: {
  openingHours: string;
  timeZone: string;
  /** Where the listing came from: what it says without hours (unknownFields.ts). */
  source?: string | null;
  live?: boolean;
}) {
  if (!hasHours(openingHours))
    return (
      <span className="inline-flex items-center rounded-full bg-white/90 px-2.5 py-0.5 text-xs font-medium text-gray-700">{hoursUnknownLabel(source)}</span>
    );
  const now = new Date();
  let state: ReturnType<typeof openStateAt> | null = null;
  let until: number | undefined;
  try {
    if (live) {
      state = openStateAt(parseOpeningHours(openingHours), timeZone, now);
      until = openStatusUntil(state, now, timeZone);
    }
  } catch {
    // An unknown zone: left to the page script, which shows nothing it cannot work out.
  }
  return (
    <span
      data-open-hours={openingHours}
      data-time-zone={timeZone}
      data-status={state ? (state.open ? 'open' : 'closed') : 'pending'}
      data-checked-at={until === undefined ? undefined : now.getTime()}
      data-valid-until={until}
      className="open-status inline-flex min-h-5 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold data-[status=closed]:bg-gray-100 data-[status=closed]:text-gray-800 data-[status=open]:bg-emerald-100 data-[status=open]:text-emerald-900 data-[status=pending]:invisible"
    >
      {state ? openStatusText(state, now, timeZone) : ''}
    </span>
  );
}
