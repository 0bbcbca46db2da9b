/**
 * "Open now · Closes 7:00 PM" / "Closed · Opens Tue 10:00 AM" worked out in the browser, on the
 * provider's own clock, for the statuses the page script finds out of date (src/scripts/page.ts
 * loads this module only then).
 */
import { openStateAt, openStatusText } from '@/features/providers';
import { parseOpeningHours } from '@/features/providers';

export function refreshOpenStatuses(statuses: HTMLElement[]) {
  const now = new Date();
  for (const el of statuses) {
    try {
      const zone = el.dataset.timeZone!;
      const state = openStateAt(parseOpeningHours(el.dataset.openHours!), zone, now);
      const text = openStatusText(state, now, zone);
      el.dataset.status = state.open ? 'open' : 'closed';
      // Unchanged text is left alone: nothing to lay out again.
      if (el.textContent !== text) el.textContent = text;
    } catch {
      // An unknown zone: the badge stays as it was (a pre-built one stays an empty placeholder).
    }
  }
}
