/**
 * "Open now · Closes 7:00 PM" / "Closed · Opens Tue 10:00 AM" from a provider's opening hours on its
 * own wall clock (its IANA time zone, which the server derives from its ZIP: src/features/places/timeZone.ts).
 * Search answers `openNow=true` from the same week ranges (src/features/search/openNow.server.ts).
 */
import { DAYS } from '../../config';
import { byUtcHour, clock12, HOUR_MS, HOURS_PATTERN, MINUTES_PER_DAY, MINUTES_PER_WEEK, weekRanges } from './openingHours';
import type { OpeningHours } from './providerFields';
import { US_STATES } from '../places';

type LocalTime = { day: (typeof DAYS)[number]; minute: number };

/**
 * One formatter per zone: making one costs far more than using it (a search reads a dozen zones).
 * Beside it the zone's offset from UTC by hour (UTC hours since the epoch): every moment of an hour
 * whose first and last minutes are the same offset from UTC has it (a zone changes its offset at most
 * once an hour), so an hour asked for again is worked out without formatting (a few microseconds a
 * zone, each search at a moment of its own). Null for an hour whose offset changes, or is not whole
 * minutes (a zone's mean time before standard time): formatted each time.
 */
const formatters = new Map<string, { format: Intl.DateTimeFormat; offsets: Map<number, number | null> }>();

const MINUTE_MS = 60_000;
/** The epoch's weekday, from Monday (a Thursday). */
const EPOCH_DAY = 3;

const modulo = (n: number, m: number) => ((n % m) + m) % m;

/** `format`'s wall clock at `at` (ms): minutes since Monday 00:00, and the second. */
function wallClock(format: Intl.DateTimeFormat, at: number): { minute: number; second: number } {
  const parts = format.formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = DAYS.indexOf(get('weekday').toLowerCase() as (typeof DAYS)[number]);
  return { minute: day * MINUTES_PER_DAY + (Number(get('hour')) % 24) * 60 + Number(get('minute')), second: Number(get('second')) };
}

/** Minutes since Monday 00:00 UTC at `at` (ms). */
const utcMinute = (at: number) => modulo(Math.floor(at / MINUTE_MS) + EPOCH_DAY * MINUTES_PER_DAY, MINUTES_PER_WEEK);

/** The offset (minutes, modulo a week) `format`'s clock keeps through UTC hour `hour`, or null (above). */
function steadyOffset(format: Intl.DateTimeFormat, hour: number): number | null {
  const offsets = [hour * HOUR_MS, (hour + 1) * HOUR_MS - MINUTE_MS].map((at) => {
    // At a whole UTC minute, a clock whose offset is whole minutes reads second 0.
    const wall = wallClock(format, at);
    return wall.second === 0 ? modulo(wall.minute - utcMinute(at), MINUTES_PER_WEEK) : null;
  });
  return offsets[0] === offsets[1] ? offsets[0]! : null;
}

/** Day of week (monday..sunday) and minutes since midnight at `date` in `timeZone`. */
export function localTime(date: Date, timeZone: string): LocalTime {
  let zone = formatters.get(timeZone);
  if (!zone) {
    const format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    zone = { format, offsets: new Map() };
    formatters.set(timeZone, zone);
  }
  const at = date.getTime();
  const { format } = zone;
  const offset = byUtcHour(zone.offsets, at, (hour) => steadyOffset(format, hour));
  const local = offset === null ? wallClock(format, at).minute : modulo(utcMinute(at) + offset, MINUTES_PER_WEEK);
  return { day: DAYS[Math.floor(local / MINUTES_PER_DAY)]!, minute: local % MINUTES_PER_DAY };
}

/** Minutes since Monday 00:00 on the wall clock of `timeZone` at `date`. */
export function minuteOfWeek(date: Date, timeZone: string): number {
  const { day, minute } = localTime(date, timeZone);
  return DAYS.indexOf(day) * MINUTES_PER_DAY + minute;
}

/** The time zone most of a state keeps: the fallback when a provider has no zone of its own. */
export function timeZoneOfState(state: string): string {
  return US_STATES[state.toUpperCase()]?.timeZone ?? 'America/New_York';
}

export interface OpenState {
  open: boolean;
  /** Minute of the week when `open` next flips; null when it never does (always open or never open). */
  changesAt: number | null;
}

/** Whether the hours say open at `date` in `timeZone`, and when that next changes. */
export function openStateAt(hours: Partial<OpeningHours>, timeZone: string, date = new Date()): OpenState {
  const now = minuteOfWeek(date, timeZone);
  // Ranges touching across midnight (or the week's end) are one stretch of opening.
  const ranges = weekRanges(hours);
  const current = ranges.find(([o, c]) => o <= now && now < c);
  if (current) {
    // Follow ranges that start where the last one ends ("6:00 PM - 2:00 AM" then "2:00 AM - ...").
    let close = current[1];
    for (;;) {
      const next = ranges.find(([o, c]) => o === close % MINUTES_PER_WEEK && c > o);
      if (!next) break;
      close += next[1] - next[0];
      if (close - now >= MINUTES_PER_WEEK) return { open: true, changesAt: null };
    }
    return { open: true, changesAt: close % MINUTES_PER_WEEK };
  }
  const upcoming = ranges.find(([o]) => o > now) ?? ranges[0];
  return { open: false, changesAt: upcoming ? upcoming[0] : null };
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Open now · Closes 7:00 PM", "Closed · Opens Tue 10:00 AM" (the day only when it is not today). */
export function openStatusText(state: OpenState, date: Date, timeZone: string): string {
  const head = state.open ? 'Open now' : 'Closed';
  if (state.changesAt === null) return head;
  const now = minuteOfWeek(date, timeZone);
  const day = Math.floor(state.changesAt / MINUTES_PER_DAY);
  // The weekday is left out only for a change later today.
  const laterToday = day === Math.floor(now / MINUTES_PER_DAY) && state.changesAt > now;
  const when = `${laterToday ? '' : `${SHORT_DAYS[day]} `}${clock12(state.changesAt)}`;
  return `${head} · ${state.open ? 'Closes' : 'Opens'} ${when}`;
}

/**
 * Until when (epoch ms) `openStatusText(state, date, timeZone)` stays the status: the next change of
 * `state` or the next midnight on the provider's clock (where "Opens Tue 10:00 AM" becomes "Opens
 * 10:00 AM"), whichever comes first. `date` itself when a clock change (daylight saving) falls in
 * between, since the wall clock then no longer moves with the minutes: no time is promised.
 */
export function openStatusUntil(state: OpenState, date: Date, timeZone: string): number {
  const now = minuteOfWeek(date, timeZone);
  const toMidnight = MINUTES_PER_DAY - (now % MINUTES_PER_DAY);
  const toChange = state.changesAt === null ? Infinity : (state.changesAt - now + MINUTES_PER_WEEK) % MINUTES_PER_WEEK || MINUTES_PER_WEEK;
  const minutes = Math.min(toMidnight, toChange);
  const until = date.getTime() - (date.getTime() % 60_000) + minutes * 60_000;
  // The wall clock a minute before `until` must read `minutes - 1` later than now.
  const check = minuteOfWeek(new Date(until - 60_000), timeZone);
  return (check - now + MINUTES_PER_WEEK) % MINUTES_PER_WEEK === minutes - 1 ? until : date.getTime();
}

/** Whether the hours say open at `date`; null when no day of the hours can be read. */
export function isOpenAt(hours: Partial<OpeningHours>, timeZone: string, date = new Date()): boolean | null {
  if (!DAYS.some((d) => HOURS_PATTERN.test(hours[d] ?? ''))) return null;
  return openStateAt(hours, timeZone, date).open;
}
