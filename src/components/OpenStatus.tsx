/**
 * "Open now · Closes 7:00 PM" / "Closed · Opens Tue 10:00 AM", on the provider's own clock. `live`
 * works it out as it renders (a page rendered on request, an island), with the span of time the
 * text holds for (`data-checked-at` to `data-valid-until`, epoch ms); otherwise the HTML carries the
 * stored flag. The page script works it out again in the browser when the visitor's clock is outside
 * that span (a copy the CDN kept from earlier) or there is none (src/scripts/page.ts).
 */
import { openStateAt, openStatusText, openStatusUntil } from '@/features/providers/openNow';
import { parseOpeningHours } from '@/features/providers/providerFields';

export function OpenStatus({ isOpen, openingHours, timeZone, live = false }: { isOpen: boolean; openingHours: string; timeZone: string; live?: boolean }) {
  // Pre-built HTML keeps the stored flag until the page script runs.
  const now = new Date();
  let state: ReturnType<typeof openStateAt> | null = null;
  let until: number | undefined;
  try {
    if (live) {
      state = openStateAt(parseOpeningHours(openingHours), timeZone, now);
      until = openStatusUntil(state, now, timeZone);
    }
  } catch {
    // An unknown zone or unreadable hours: the stored flag, as the page script does.
  }
  const open = state ? state.open : isOpen;
  return (
    <span
      data-open-hours={openingHours}
      data-time-zone={timeZone}
      data-is-open={String(isOpen)}
      data-status={open ? 'open' : 'closed'}
      data-checked-at={until === undefined ? undefined : now.getTime()}
      data-valid-until={until}
      className="open-status inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold data-[status=closed]:bg-gray-100 data-[status=closed]:text-gray-800 data-[status=open]:bg-emerald-100 data-[status=open]:text-emerald-900"
    >
      {state ? openStatusText(state, now, timeZone) : open ? 'Open now' : 'Closed'}
    </span>
  );
}
