/**
 * The dashboard's opening-hours section as data (docs/owners.md "Dashboard"): each day an opening and
 * a closing time (the browser's time controls, "HH:MM") or "Closed", read from and written to the
 * stored text ("9:00 AM - 6:00 PM"). Browser-safe and pure, so its rules are unit-tested.
 */
import { DAYS, type Day } from '../../config';
import { clock12, minuteOfDay } from '../providers';

export interface DayHours {
  closed: boolean;
  /** "09:00" as a time control holds it; "" when not chosen. */
  open: string;
  close: string;
}
export type WeekHours = Record<Day, DayHours>;

/** "Monday", as errors name a day. */
export const dayName = (day: Day) => day.charAt(0).toUpperCase() + day.slice(1);

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (value: string) => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** The stored hours as the section's controls; a listing without hours starts with every day blank. */
export function toWeekHours(stored: Partial<Record<string, string>>): WeekHours {
  return Object.fromEntries(
    DAYS.map((day) => {
      const text = stored[day];
      if (text === 'Closed') return [day, { closed: true, open: '', close: '' }];
      const [from, to] = text?.split(' - ') ?? [];
      const open = from ? minuteOfDay(from) : null;
      const close = to ? minuteOfDay(to) : null;
      return [day, { closed: false, open: open === null ? '' : hhmm(open), close: close === null ? '' : hhmm(close) }];
    }),
  ) as WeekHours;
}

/**
 * The controls as stored hours, or the error of each day that cannot be saved, naming the day
 * ("Monday's hours: choose an opening and a closing time"). A day closes after it opens, on that day
 * (a closing time of 00:00 is midnight at its end): ranges past midnight and equal times are refused,
 * as the stored hours refuse them (providers/schemas/provider.ts dayHoursSchema).
 */
export function fromWeekHours(week: WeekHours): { hours: Record<Day, string> } | { errors: Partial<Record<Day, string>> } {
  const hours = {} as Record<Day, string>;
  const errors: Partial<Record<Day, string>> = {};
  for (const day of DAYS) {
    const { closed, open, close } = week[day];
    if (closed) {
      hours[day] = 'Closed';
      continue;
    }
    const from = minuteOf(open);
    const to = minuteOf(close);
    if (from === null || to === null) errors[day] = `${dayName(day)}'s hours: choose an opening and a closing time, or mark the day closed`;
    else if (from === to) errors[day] = `${dayName(day)}'s hours: the closing time must differ from the opening time`;
    else if (to !== 0 && to < from) errors[day] = `${dayName(day)}'s hours: the closing time must be after the opening time, on the same day`;
    else hours[day] = `${clock12(from)} - ${clock12(to)}`;
  }
  return Object.keys(errors).length ? { errors } : { hours };
}
