/**
 * "Open now" (src/features/providers/openNow.ts): hours are read on the provider's own wall clock, from its
 * state's time zone, across daylight-saving changes and past midnight.
 */
import { describe, expect, it } from 'vitest';
import { DAYS, type Day } from '../../src/config';
import { isOpenAt, localTime, openStateAt, openStatusText, openStatusUntil, timeZoneOfState } from '../../src/features/providers/openNow';
import { timeZoneOf, timeZonesOfStates } from '../../src/features/places/timeZone';
import { todayIn } from '../../src/features/providers/listingStatus';
import { weekRanges } from '../../src/features/providers/openingHours';
import type { OpeningHours } from '../../src/features/providers/providerFields';

/** A week closed every day except the ones given. */
function week(open: Partial<OpeningHours>): OpeningHours {
  return { ...(Object.fromEntries(DAYS.map((d) => [d, 'Closed'])) as Record<Day, string>), ...open };
}

const at = (iso: string) => new Date(iso);

describe('localTime', () => {
  it('gives the weekday and minutes since midnight in the time zone', () => {
    // 2025-01-17 is a Friday; 01:30 UTC is still Thursday evening in New York.
    expect(localTime(at('2025-01-17T01:30:00Z'), 'America/New_York')).toEqual({ day: 'thursday', minute: 20 * 60 + 30 });
    expect(localTime(at('2025-01-17T01:30:00Z'), 'UTC')).toEqual({ day: 'friday', minute: 90 });
  });

  it('reads midnight as minute 0, not 24:00', () => {
    expect(localTime(at('2025-01-18T05:00:00Z'), 'America/New_York')).toEqual({ day: 'saturday', minute: 0 });
  });

  // localTime and todayIn keep each zone's offset (date) by UTC hour: every minute of the hours a
  // clock changes in, and of a zone whose offset is not whole hours or (before 1883) not whole minutes.
  it("reads the zone's own clock at every minute around offset and date changes, as formatting does", () => {
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08T05:00:00Z'],
      ['America/New_York', '2026-11-01T04:00:00Z'],
      ['America/Los_Angeles', '2026-11-01T07:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T13:00:00Z'],
      // St. John's changes at 2 AM on a half-hour offset, mid UTC hour; Kathmandu went from +5:30 to +5:45 in 1986.
      ['America/St_Johns', '2026-03-08T05:00:00Z'],
      ['America/St_Johns', '2026-11-01T04:00:00Z'],
      ['Asia/Kathmandu', '1985-12-31T18:00:00Z'],
      ['America/New_York', '1883-11-18T15:00:00Z'],
      ['Pacific/Apia', '2011-12-30T08:00:00Z'],
    ];
    for (const [zone, from] of cases) {
      const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      for (let minute = -90; minute < 180; minute++) {
        // Asked twice a minute, at its start and past it, as the kept hour answers both.
        for (const ms of [0, 59_999]) {
          const date = new Date(at(from).getTime() + minute * 60_000 + ms);
          const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
          const expected = { day: parts.weekday!.toLowerCase(), minute: Number(parts.hour) * 60 + Number(parts.minute) };
          expect([zone, date.toISOString(), localTime(date, zone), todayIn(zone, date)]).toEqual([zone, date.toISOString(), expected, day.format(date)]);
        }
      }
    }
  });
});

describe('timeZoneOfState', () => {
  it('uses the state code, in any case, and New York time for anything else', () => {
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles');
    expect(timeZoneOfState('az')).toBe('America/Phoenix');
    expect(timeZoneOfState('HI')).toBe('Pacific/Honolulu');
    expect(timeZoneOfState('ZZ')).toBe('America/New_York');
    expect(timeZoneOfState('')).toBe('America/New_York');
  });
});

describe('isOpenAt: a day range', () => {
  const hours = week({ friday: '9:00 AM - 6:00 PM' });
  it('is open from the opening minute up to, not including, the closing minute', () => {
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T08:59:00-05:00'))).toBe(false);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T09:00:00-05:00'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T17:59:00-05:00'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T18:00:00-05:00'))).toBe(false);
  });

  it('reads 12 AM and 12 PM as midnight and noon', () => {
    const noon = week({ friday: '12:00 PM - 1:00 PM' });
    expect(isOpenAt(noon, timeZoneOfState('NY'), at('2025-01-17T12:30:00-05:00'))).toBe(true);
    expect(isOpenAt(noon, timeZoneOfState('NY'), at('2025-01-17T00:30:00-05:00'))).toBe(false);
    const morning = week({ friday: '12:00 AM - 6:00 AM' });
    expect(isOpenAt(morning, timeZoneOfState('NY'), at('2025-01-17T00:30:00-05:00'))).toBe(true);
    expect(isOpenAt(morning, timeZoneOfState('NY'), at('2025-01-17T12:30:00-05:00'))).toBe(false);
  });

  it('is closed on a Closed day', () => {
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-18T12:00:00-05:00'))).toBe(false);
  });
});

describe('isOpenAt: hours past midnight', () => {
  const hours = week({ friday: '8:00 PM - 2:00 AM' });
  it('counts the early hours for the day the range starts', () => {
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T19:59:00-05:00'))).toBe(false);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T20:00:00-05:00'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T23:59:00-05:00'))).toBe(true);
    // Saturday is Closed, yet Friday's range runs until 2 AM Saturday.
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-18T00:00:00-05:00'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-18T01:59:00-05:00'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-18T02:00:00-05:00'))).toBe(false);
  });

  it('does not open the early hours of the day the range starts', () => {
    // Friday 1 AM belongs to Thursday, which is Closed.
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-17T01:00:00-05:00'))).toBe(false);
  });

  it('closes at midnight for a range ending at 12:00 AM', () => {
    const late = week({ friday: '9:00 AM - 12:00 AM' });
    expect(isOpenAt(late, timeZoneOfState('NY'), at('2025-01-17T23:59:00-05:00'))).toBe(true);
    expect(isOpenAt(late, timeZoneOfState('NY'), at('2025-01-18T00:00:00-05:00'))).toBe(false);
  });

  it('wraps from Sunday night into Monday morning', () => {
    const sunday = week({ sunday: '10:00 PM - 3:00 AM' });
    // 2025-01-20 is a Monday.
    expect(isOpenAt(sunday, timeZoneOfState('NY'), at('2025-01-20T02:30:00-05:00'))).toBe(true);
    expect(isOpenAt(sunday, timeZoneOfState('NY'), at('2025-01-20T03:00:00-05:00'))).toBe(false);
  });
});

describe('isOpenAt: daylight-saving changes', () => {
  // 2025-03-09 (Sunday): clocks jump from 2:00 to 3:00 AM. 2025-11-02 (Sunday): 2:00 back to 1:00 AM.
  const hours = week({ saturday: '8:00 PM - 2:00 AM', sunday: '9:00 AM - 5:00 PM' });

  it('New York, spring forward: the night ends at 2 AM EST and Sunday opens at 9 AM EDT', () => {
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-03-09T06:59:00Z'))).toBe(true); // 1:59 AM EST
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-03-09T07:00:00Z'))).toBe(false); // 3:00 AM EDT
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-03-09T12:59:00Z'))).toBe(false); // 8:59 AM EDT
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-03-09T13:00:00Z'))).toBe(true); // 9:00 AM EDT (8 AM EST)
  });

  it('New York, fall back: open through both 1:30 AMs, closed at 2 AM EST', () => {
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-11-02T05:30:00Z'))).toBe(true); // 1:30 AM EDT
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-11-02T06:30:00Z'))).toBe(true); // 1:30 AM EST
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-11-02T07:00:00Z'))).toBe(false); // 2:00 AM EST
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-11-02T13:59:00Z'))).toBe(false); // 8:59 AM EST
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-11-02T14:00:00Z'))).toBe(true); // 9:00 AM EST
  });

  it('Los Angeles, spring forward and fall back', () => {
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-03-09T09:59:00Z'))).toBe(true); // 1:59 AM PST
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-03-09T10:00:00Z'))).toBe(false); // 3:00 AM PDT
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-03-09T16:00:00Z'))).toBe(true); // 9:00 AM PDT
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-11-02T08:30:00Z'))).toBe(true); // 1:30 AM PDT
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-11-02T09:30:00Z'))).toBe(true); // 1:30 AM PST
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-11-02T10:00:00Z'))).toBe(false); // 2:00 AM PST
  });
});

describe("isOpenAt: the state's time zone", () => {
  const hours = week({ wednesday: '9:00 AM - 6:00 PM' });
  it('Arizona keeps standard time all year, so it matches Los Angeles only in summer', () => {
    // 2025-01-15 and 2025-07-16 are Wednesdays; 16:00 UTC is 9 AM in Phoenix both times.
    expect(isOpenAt(hours, timeZoneOfState('AZ'), at('2025-01-15T16:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-01-15T16:00:00Z'))).toBe(false); // 8 AM PST
    expect(isOpenAt(hours, timeZoneOfState('AZ'), at('2025-07-16T16:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('CA'), at('2025-07-16T16:00:00Z'))).toBe(true); // 9 AM PDT
  });

  it('the same instant is open in New York and not yet in Honolulu', () => {
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-15T15:00:00Z'))).toBe(true); // 10 AM EST
    expect(isOpenAt(hours, timeZoneOfState('HI'), at('2025-01-15T15:00:00Z'))).toBe(false); // 5 AM HST
  });
});

describe('isOpenAt: hours it cannot read', () => {
  it('returns null when today is missing or unreadable, so callers use the stored flag', () => {
    expect(isOpenAt({}, timeZoneOfState('NY'), at('2025-01-15T15:00:00Z'))).toBeNull();
    expect(isOpenAt({ wednesday: '9 to 5' }, timeZoneOfState('NY'), at('2025-01-15T15:00:00Z'))).toBeNull();
  });

  it("ignores an unreadable yesterday when today's hours answer", () => {
    const hours = { tuesday: 'late', wednesday: '9:00 AM - 6:00 PM' } as Partial<OpeningHours>;
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-15T15:00:00Z'))).toBe(true);
    expect(isOpenAt(hours, timeZoneOfState('NY'), at('2025-01-15T06:00:00Z'))).toBe(false);
  });
});

describe('openStateAt and openStatusText: when the status next changes', () => {
  const NY = 'America/New_York';
  const hours = week({ monday: '9:00 AM - 7:00 PM', tuesday: '10:00 AM - 6:00 PM', friday: '6:00 PM - 2:00 AM', saturday: '2:00 AM - 4:00 AM' });
  const text = (iso: string) => openStatusText(openStateAt(hours, NY, at(iso)), at(iso), NY);

  it('says when an open provider closes today, and when a closed one opens, with the day when it is not today', () => {
    expect(text('2025-01-13T12:00:00-05:00')).toBe('Open now · Closes 7:00 PM'); // Monday noon
    expect(text('2025-01-13T08:00:00-05:00')).toBe('Closed · Opens 9:00 AM');
    expect(text('2025-01-13T19:00:00-05:00')).toBe('Closed · Opens Tue 10:00 AM');
    expect(text('2025-01-15T12:00:00-05:00')).toBe('Closed · Opens Fri 6:00 PM'); // Wednesday
  });

  it('follows an overnight range into the next day, and a range that starts where it ends', () => {
    expect(text('2025-01-17T23:00:00-05:00')).toBe('Open now · Closes Sat 4:00 AM'); // 6 PM-2 AM, then 2-4 AM
    expect(text('2025-01-18T03:00:00-05:00')).toBe('Open now · Closes 4:00 AM');
    expect(text('2025-01-18T05:00:00-05:00')).toBe('Closed · Opens Mon 9:00 AM');
  });

  it('names the day of a change a week away', () => {
    const mondays = week({ monday: '9:00 AM - 5:00 PM' });
    const now = at('2025-01-13T18:00:00-05:00');
    expect(openStatusText(openStateAt(mondays, NY, now), now, NY)).toBe('Closed · Opens Mon 9:00 AM');
  });

  it('never changes for a week open around the clock, or never open', () => {
    const always = Object.fromEntries(DAYS.map((d) => [d, '12:00 AM - 12:00 AM'])) as OpeningHours;
    expect(openStateAt(always, NY, at('2025-01-15T12:00:00Z'))).toEqual({ open: true, changesAt: null });
    expect(openStateAt(week({}), NY, at('2025-01-15T12:00:00Z'))).toEqual({ open: false, changesAt: null });
  });

  it('reads the hours across a DST change on the wall clock', () => {
    // Sunday 2025-03-09: 9:00 AM EDT is 13:00Z; the day before, 9:00 AM EST is 14:00Z.
    const sundays = week({ sunday: '9:00 AM - 5:00 PM' });
    expect(openStateAt(sundays, NY, at('2025-03-09T13:00:00Z')).open).toBe(true);
    expect(openStateAt(sundays, NY, at('2025-03-09T12:59:00Z')).open).toBe(false);
  });
});

describe('weekRanges: hours in minutes of the local week', () => {
  it('splits a range past Sunday midnight at the end of the week', () => {
    expect(weekRanges(week({ sunday: '10:00 PM - 2:00 AM' }))).toEqual([
      [0, 120],
      [6 * 1440 + 22 * 60, 7 * 1440],
    ]);
  });
});

describe('timeZoneOf: states that span two zones', () => {
  it('uses the county where the state has two zones, the state elsewhere', () => {
    expect(timeZoneOf('TX', 'El Paso')).toBe('America/Denver');
    expect(timeZoneOf('TX', 'Harris')).toBe('America/Chicago');
    expect(timeZoneOf('FL', 'Escambia')).toBe('America/Chicago');
    expect(timeZoneOf('FL', 'Miami-Dade')).toBe('America/New_York');
    expect(timeZoneOf('TN', 'Knox')).toBe('America/New_York');
    expect(timeZoneOf('TN', 'Davidson')).toBe('America/Chicago');
    expect(timeZoneOf('IN', 'Lake County')).toBe('America/Chicago');
    expect(timeZoneOf('ZZ')).toBe('America/New_York');
  });
});

describe('openStatusUntil', () => {
  const ny = 'America/New_York';
  const hours = week({ monday: '9:00 AM - 7:00 PM', tuesday: '10:00 AM - 6:00 PM' });
  const until = (iso: string) => {
    const date = at(iso);
    return new Date(openStatusUntil(openStateAt(hours, ny, date), date, ny)).toISOString();
  };
  /** The text holds for every minute up to `until` and changes there. */
  function holdsUntil(iso: string) {
    const date = at(iso);
    const text = openStatusText(openStateAt(hours, ny, date), date, ny);
    const end = openStatusUntil(openStateAt(hours, ny, date), date, ny);
    for (let t = date.getTime(); t < end; t += 60_000) {
      const d = new Date(t);
      expect(openStatusText(openStateAt(hours, ny, d), d, ny), d.toISOString()).toBe(text);
    }
    const d = new Date(end);
    expect(openStatusText(openStateAt(hours, ny, d), d, ny)).not.toBe(text);
  }

  it('holds an open status until closing time', () => {
    // Monday 2025-01-13 3:30:20 PM in New York (UTC-5): closes at 7 PM.
    expect(until('2025-01-13T20:30:20Z')).toBe('2025-01-14T00:00:00.000Z');
    holdsUntil('2025-01-13T20:30:20Z');
  });

  it('holds a closed status until the next midnight when the opening is on another day ("Opens Tue" becomes "Opens")', () => {
    // Monday 9 PM: "Closed · Opens Tue 10:00 AM" until midnight, then "Closed · Opens 10:00 AM" until 10 AM.
    expect(until('2025-01-14T02:00:00Z')).toBe('2025-01-14T05:00:00.000Z');
    holdsUntil('2025-01-14T02:00:00Z');
    expect(until('2025-01-14T05:00:00Z')).toBe('2025-01-14T15:00:00.000Z');
    holdsUntil('2025-01-14T05:00:00Z');
  });

  it('a minute before a change holds for that minute only', () => {
    expect(until('2025-01-13T23:59:59Z')).toBe('2025-01-14T00:00:00.000Z');
  });

  it('promises nothing across a daylight-saving change', () => {
    // Saturday 2025-03-08 11 PM in New York; clocks go forward at 2 AM before the next opening, but
    // midnight comes first: the span ends then, before the change.
    expect(until('2025-03-09T04:00:00Z')).toBe('2025-03-09T05:00:00.000Z');
    // Sunday 1 AM (EST): the span would run to midnight across 2 AM, where an hour is skipped.
    const date = at('2025-03-09T06:00:00Z');
    expect(openStatusUntil(openStateAt(hours, ny, date), date, ny)).toBe(date.getTime());
  });
});

describe('timeZonesOfStates', () => {
  it("lists every zone a place in the states can have: the state's own and its counties' others", () => {
    expect(timeZonesOfStates(['IL'])).toEqual(['America/Chicago']);
    expect(timeZonesOfStates(['tx'])).toEqual(['America/Chicago', 'America/Denver']);
    expect(timeZonesOfStates(['HI', 'OR'])).toEqual(['America/Boise', 'America/Los_Angeles', 'Pacific/Honolulu']);
    expect(timeZonesOfStates([])).toEqual([]);
  });
});
