/**
 * Dates and times of requests on the listing's own wall clock (docs/requests.md "Limits"): which
 * days may be asked for, when a window starts, and how times read. Browser-safe: Intl only.
 */
import { DAYS } from '../../config';
import { DAY_PARTS, REQUEST_LIMITS, type WindowPart } from './copy';

const parts = new Map<string, Intl.DateTimeFormat>();
function wallClock(date: Date, timeZone: string) {
  let format = parts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    parts.set(timeZone, format);
  }
  const get = (type: string) => Number(format.formatToParts(date).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

/** The local date (YYYY-MM-DD) at `date` in `timeZone`. */
export function localDate(date: Date, timeZone: string): string {
  const { year, month, day } = wallClock(date, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The local hour (0-23, with the fraction of minutes) at `date` in `timeZone`. */
export function localHour(date: Date, timeZone: string): number {
  const { hour, minute } = wallClock(date, timeZone);
  return hour + minute / 60;
}

/** `date` (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** monday..sunday of a date. */
export function weekdayOf(date: string): (typeof DAYS)[number] {
  return DAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** The instant a wall-clock time (`date`, minutes after midnight) has in `timeZone`. */
export function zonedInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, 0, minuteOfDay);
  // The zone's offset at a guess, then once more at the corrected instant (a change of offset between them).
  let instant = wanted;
  for (let i = 0; i < 2; i++) {
    const c = wallClock(new Date(instant), timeZone);
    const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
    instant += wanted - shown;
  }
  return new Date(instant);
}

/** Minutes after midnight a window starts at: its part's first hour, or its exact time. */
export function windowMinute(part: WindowPart, time?: string | null): number {
  if (part === 'exact') {
    const [h, m] = (time ?? '00:00').split(':').map(Number) as [number, number];
    return h * 60 + m;
  }
  return DAY_PARTS[part].from * 60;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
const clock = (minute: number) => {
  const h = Math.floor(minute / 60);
  return `${h % 12 || 12}:${String(minute % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

/** "Fri, Dec 4, morning" or "Fri, Dec 4, 2:30 PM". */
export function windowLabel(w: { date: string; part: WindowPart; time?: string | null }): string {
  const day = dayFormat.format(new Date(`${w.date}T12:00:00Z`));
  return `${day}, ${w.part === 'exact' ? clock(windowMinute('exact', w.time)) : w.part}`;
}

/** An instant as it reads on the listing's clock: "Fri, Dec 4, 2:30 PM". */
export function instantLabel(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const { hour, minute } = wallClock(at, timeZone);
  return `${dayFormat.format(new Date(`${localDate(at, timeZone)}T12:00:00Z`))}, ${clock(hour * 60 + minute)}`;
}

/** Whether the listing's hours say it is closed all of `date` ("Closed"); unknown hours close nothing. */
export function closedOn(openingHours: string | null, date: string): boolean {
  try {
    const hours = JSON.parse(openingHours ?? '{}') as Record<string, string>;
    return hours[weekdayOf(date)] === 'Closed';
  } catch {
    return false;
  }
}

/** The dates a shopper may ask for: today and the next days up to REQUEST_LIMITS.daysAhead, closed days left out. */
export function openDates(openingHours: string | null, timeZone: string, now = new Date(), closedUntil: string | null = null): string[] {
  const today = localDate(now, timeZone);
  const dates: string[] = [];
  for (let i = 0; i < REQUEST_LIMITS.daysAhead; i++) {
    const date = addDays(today, i);
    if (closedUntil && date < closedUntil) continue;
    if (!closedOn(openingHours, date)) dates.push(date);
  }
  return dates;
}
