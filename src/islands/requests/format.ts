/** How the request screens write dates, times and windows (docs/requests.md): always on the listing's own clock. */
import { DAY_PARTS, type WindowPart } from '@/features/requests';

/** "Sat, Dec 5" for a listing-local "YYYY-MM-DD" (noon UTC, so no time zone moves the day). */
export const dayLabel = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2:30 PM" for "14:30". */
export function timeLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Sat, Dec 5, morning" or "Sat, Dec 5 at 2:30 PM". */
export function windowLabel(w: { date: string; part: WindowPart; time?: string | undefined; label?: string | undefined }): string {
  if (w.label) return w.label;
  if (w.part === 'exact') return `${dayLabel(w.date)} at ${timeLabel(w.time ?? '00:00')}`;
  return `${dayLabel(w.date)}, ${DAY_PARTS[w.part].label.toLowerCase()}`;
}

/** "Sat, Dec 5 at 2:30 PM" for a listing-local "YYYY-MM-DDTHH:MM". */
export const startLabel = (local: string): string => `${dayLabel(local.slice(0, 10))} at ${timeLabel(local.slice(11, 16))}`;

/** The listing's time zone as people say it: "Eastern Standard Time". */
export function zoneName(timeZone: string): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}
