/**
 * "Open now" from a provider's opening hours in its own time zone (from its state). Returns null
 * when the hours cannot be read, so callers fall back to the stored isOpen flag.
 */
import { DAYS } from '../config';
import type { OpeningHours } from './providerFields';
import { US_STATES } from './usStates';

const RANGE = /^(\d{1,2}):(\d{2}) (AM|PM) - (\d{1,2}):(\d{2}) (AM|PM)$/;

function minutes(h: string, m: string, half: string): number {
  const hour = (Number(h) % 12) + (half === 'PM' ? 12 : 0);
  return hour * 60 + Number(m);
}

/** Day of week (monday..sunday) and minutes since midnight at `date` in `timeZone`. */
export function localTime(date: Date, timeZone: string): { day: (typeof DAYS)[number]; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: get('weekday').toLowerCase() as (typeof DAYS)[number], minute: (Number(get('hour')) % 24) * 60 + Number(get('minute')) };
}

export function timeZoneOfState(state: string): string {
  return US_STATES[state.toUpperCase()]?.timeZone ?? 'America/New_York';
}

/** Whether the hours say open at `date`; a range past midnight ("6:00 PM - 2:00 AM") counts from the day it starts. */
export function isOpenAt(hours: Partial<OpeningHours>, state: string, date = new Date()): boolean | null {
  const { day, minute } = localTime(date, timeZoneOfState(state));
  const index = DAYS.indexOf(day);
  const today = hours[day];
  const yesterday = hours[DAYS[(index + 6) % 7]!];
  if (today === undefined) return null;
  const check = (text: string | undefined, at: number, overnightOnly: boolean): boolean | null => {
    if (!text || text === 'Closed') return false;
    const m = RANGE.exec(text);
    if (!m) return null;
    const open = minutes(m[1]!, m[2]!, m[3]!);
    const close = minutes(m[4]!, m[5]!, m[6]!);
    if (close > open) return !overnightOnly && at >= open && at < close;
    // Past midnight: open from `open` today until `close` tomorrow.
    return overnightOnly ? at < close : at >= open;
  };
  const todayOpen = check(today, minute, false);
  if (todayOpen === null) return null;
  return todayOpen || check(yesterday, minute, true) === true;
}
