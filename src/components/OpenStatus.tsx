/**
 * "Open now · Closes 7:00 PM" / "Closed · Opens Tue 10:00 AM". The HTML carries the stored flag;
 * the page script (or the island) works out the status in the browser, on the provider's own clock.
 */
import { openStateAt, openStatusText } from '@/lib/openNow';
import { parseOpeningHours } from '@/lib/providerFields';

export function OpenStatus({ isOpen, openingHours, timeZone, live = false }: { isOpen: boolean; openingHours: string; timeZone: string; live?: boolean }) {
  // Inside an island (live) we can compute now; pre-rendered HTML keeps the flag until the page script runs.
  const now = new Date();
  const state = live ? openStateAt(parseOpeningHours(openingHours), timeZone, now) : null;
  const open = state ? state.open : isOpen;
  return (
    <span
      data-open-hours={openingHours}
      data-time-zone={timeZone}
      data-is-open={String(isOpen)}
      data-status={open ? 'open' : 'closed'}
      className="open-status inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold data-[status=closed]:bg-gray-100 data-[status=closed]:text-gray-800 data-[status=open]:bg-emerald-100 data-[status=open]:text-emerald-900"
    >
      {state ? openStatusText(state, now, timeZone) : open ? 'Open now' : 'Closed'}
    </span>
  );
}
