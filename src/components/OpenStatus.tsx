/**
 * "Open now" / "Closed". The HTML carries the stored flag; the page script (or the island) recomputes
 * it in the browser from the opening hours in the provider's time zone.
 */
import { isOpenAt } from '@/lib/openNow';
import { parseOpeningHours } from '@/lib/providerFields';

export function OpenStatus({ isOpen, openingHours, state, live = false }: { isOpen: boolean; openingHours: string; state: string; live?: boolean }) {
  // Inside an island (live) we can compute now; pre-rendered HTML keeps the flag until the page script runs.
  const open = live ? (isOpenAt(parseOpeningHours(openingHours), state) ?? isOpen) : isOpen;
  return (
    <span
      data-open-hours={openingHours}
      data-state={state}
      data-is-open={String(isOpen)}
      data-status={open ? 'open' : 'closed'}
      className="open-status inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold data-[status=closed]:bg-gray-100 data-[status=closed]:text-gray-800 data-[status=open]:bg-emerald-100 data-[status=open]:text-emerald-900"
    >
      {open ? 'Open now' : 'Closed'}
    </span>
  );
}
