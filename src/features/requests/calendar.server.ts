/**
 * The calendar file of a confirmed request (docs/requests.md "Calendar"), made with ical-generator
 * (a maintained library; no hand-written iCalendar): METHOD:PUBLISH, the listing's TZID with its
 * VTIMEZONE (timezones-ical-library), the address as LOCATION and a UID that stays the same for
 * the request, so a cancellation (STATUS:CANCELLED, a higher SEQUENCE) replaces the event.
 */
import type { Attachment } from '../mail/index.server';
import { localDate } from './time';

export interface CalendarEvent {
  requestId: string;
  /** UTC ISO start. */
  start: string;
  minutes: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  sequence: number;
  cancelled: boolean;
}

/** The event's UID: the request's, so every version of it is the same event. */
export const eventUid = (requestId: string) => `request-${requestId}@glow`;

/** A Date whose machine-local fields read the wall clock of `iso` in `timeZone` (ical-generator writes local fields with a TZID). */
function wallDate(iso: string, timeZone: string): Date {
  const at = new Date(iso);
  const [y, m, d] = localDate(at, timeZone).split('-').map(Number) as [number, number, number];
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => Number(time.find((p) => p.type === type)?.value ?? 0);
  return new Date(y, m - 1, d, get('hour') % 24, get('minute'));
}

export async function calendarFile(event: CalendarEvent, now = new Date()): Promise<Attachment> {
  // Loaded when a confirmation is written, not with every function that imports the domain.
  const { default: ical, ICalCalendarMethod, ICalEventStatus } = await import('ical-generator');
  const { tzlib_get_ical_block } = await import('timezones-ical-library');
  const calendar = ical({ prodId: { company: 'Glow', product: 'Requests', language: 'EN' }, method: ICalCalendarMethod.PUBLISH, name: 'Glow' });
  calendar.timezone({ name: event.timeZone, generator: (tz: string) => tzlib_get_ical_block(tz)[0] ?? null });
  const start = wallDate(event.start, event.timeZone);
  calendar.createEvent({
    id: eventUid(event.requestId),
    sequence: event.sequence,
    stamp: now,
    start,
    end: new Date(start.getTime() + event.minutes * 60_000),
    timezone: event.timeZone,
    summary: event.summary,
    description: event.description,
    location: event.location,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return {
    filename: event.cancelled ? 'cancelled.ics' : 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: calendar.toString(),
  };
}
