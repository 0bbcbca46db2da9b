/**
 * Reading a provider's JSON-encoded fields, and the constants of its fields, without zod: this runs
 * in the browser inside every provider card, so it stays tiny. The zod schemas that validate these
 * fields on the way in (src/lib/schemas/provider.ts) are built from the same constants.
 */
import { DAYS, type Day } from '../config';

export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;

/** A day's hours: "Closed" or a 12-hour range like "9:00 AM - 6:00 PM". */
export const HOURS_PATTERN = /^(Closed|(1[0-2]|[1-9]):[0-5]\d (AM|PM) - (1[0-2]|[1-9]):[0-5]\d (AM|PM))$/;

export type OpeningHours = Record<Day, string>;

/** Services of a provider as a list, tolerant of bad data (never throws while rendering). */
export function parseServices(services: string): string[] {
  try {
    const list = JSON.parse(services) as unknown;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** Opening hours of a provider: the days whose hours read correctly, tolerant of bad data. */
export function parseOpeningHours(openingHours: string): Partial<OpeningHours> {
  try {
    const parsed = JSON.parse(openingHours) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    const hours: Partial<OpeningHours> = {};
    for (const day of DAYS) {
      const value = (parsed as Record<string, unknown>)[day];
      if (typeof value === 'string' && HOURS_PATTERN.test(value)) hours[day] = value;
    }
    return hours;
  } catch {
    return {};
  }
}
