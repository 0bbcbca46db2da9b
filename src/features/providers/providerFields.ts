/**
 * Reading a provider's JSON-encoded fields, and the constants of its fields, without zod: this runs
 * in the browser inside every provider card, so it stays tiny. The zod schemas that validate these
 * fields on the way in (src/features/providers/schemas/provider.ts) are built from the same constants.
 */
import { DAYS, type Day } from '../../config';
import { HOURS_PATTERN } from './openingHours';

export { HOURS_PATTERN };

export const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;

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
