/**
 * The one reader of opening-hours text ("9:00 AM - 6:00 PM" or "Closed"): the provider fields, the
 * "Open now" status, schema.org structured data and the search's hours table all use it. Tiny and
 * free of dependencies, because it runs in the browser inside every provider card.
 */
import { DAYS, type Day } from '../../config';

/** A day's hours: "Closed" or a 12-hour range like "9:00 AM - 6:00 PM". */
export const HOURS_PATTERN = /^(Closed|(1[0-2]|[1-9]):[0-5]\d (AM|PM) - (1[0-2]|[1-9]):[0-5]\d (AM|PM))$/;

const TIME = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/;
export const MINUTES_PER_DAY = 24 * 60;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
export const HOUR_MS = 3_600_000;

/** Hours kept per zone by `byUtcHour`: a server asks for the present one; tests and benchmarks for moments all over a week. */
const KEPT_HOURS = 1000;

/**
 * `hours`' entry for the UTC hour of `at` (hours since the epoch), worked out by `work` the first
 * time it is asked for (a zone's clock or date through an hour: openNow.ts `localTime`,
 * listingStatus.ts `todayIn`); past `KEPT_HOURS` the kept are forgotten at once.
 */
export function byUtcHour<T>(hours: Map<number, T>, at: number, work: (hour: number) => T): T {
  const hour = Math.floor(at / HOUR_MS);
  if (hours.has(hour)) return hours.get(hour) as T;
  const value = work(hour);
  if (hours.size >= KEPT_HOURS) hours.clear();
  hours.set(hour, value);
  return value;
}

/** Minutes since midnight of "7:30 PM"; null when it does not read as a 12-hour time. */
export function minuteOfDay(time: string): number | null {
  const m = TIME.exec(time.trim());
  if (!m) return null;
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}

/**
 * One day's text as minutes since that day's midnight: null when closed or unreadable. A range
 * that ends at or before it starts runs past midnight ("6:00 PM - 2:00 AM": close = 26 × 60).
 */
export function dayRange(text: string | undefined): { open: number; close: number } | null {
  if (!text || !HOURS_PATTERN.test(text) || text === 'Closed') return null;
  const [from, to] = text.split(' - ');
  const open = minuteOfDay(from!)!;
  const close = minuteOfDay(to!)!;
  return { open, close: close > open ? close : close + MINUTES_PER_DAY };
}

/**
 * A week of hours as [open, close) ranges in minutes of the local week (Monday 00:00 = 0). A range
 * past Sunday midnight is split at the week's end, so every range lies within 0..MINUTES_PER_WEEK.
 */
export function weekRanges(hours: Partial<Record<Day, string>>): [number, number][] {
  const ranges: [number, number][] = [];
  DAYS.forEach((day, i) => {
    const r = dayRange(hours[day]);
    if (!r) return;
    const open = i * MINUTES_PER_DAY + r.open;
    const close = i * MINUTES_PER_DAY + r.close;
    if (close <= MINUTES_PER_WEEK) ranges.push([open, close]);
    else ranges.push([open, MINUTES_PER_WEEK], [0, close - MINUTES_PER_WEEK]);
  });
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** "19:00" style 24-hour text of a minute of the day (schema.org openingHours). */
export function clock24(minute: number): string {
  const m = minute % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** "7:00 PM" text of a minute of the day. */
export function clock12(minute: number): string {
  const m = minute % MINUTES_PER_DAY;
  const h = Math.floor(m / 60);
  return `${h % 12 || 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
