/**
 * Fields a listing may not know (docs/owners.md "Unknown hours and price"): a business listed through
 * the form gives no hours or price, and an imported place may carry none. Unknown hours are stored as
 * "{}", an unknown price as priceRangeKnown = 0 (read as "" by the API), and said as unknown: no open/closed badge, never "open now" (no hours rows
 * to match, src/features/providers/copies.server.ts), no price line. Browser-safe and tiny: it runs in
 * every provider card.
 */
import { PRICE_RANGES, parseOpeningHours } from './providerFields';

/** Stored hours of a listing whose hours nobody gave. */
export const UNKNOWN_HOURS = '{}';
/** The price range of a listing whose price nobody gave, as the API and pages carry it. */
export const UNKNOWN_PRICE = '';
/**
 * What the providers.priceRange column holds for it: the column admits only the four ranges
 * (migrations/0001), so the row carries this stand-in with priceRangeKnown = 0 (migrations/0043).
 */
export const STORED_PRICE_STAND_IN = '$$';

/**
 * What a listing without hours says in their place, by where the listing came from (its `source`;
 * a listing without one was listed on Glow). One row per source: an import adds its own.
 */
export const HOURS_UNKNOWN_LABELS: Readonly<Record<string, string>> = {
  glow: 'Hours not provided',
  // Open data carries no hours (docs/imports.md "Mapping"): nobody has told us, the business included.
  overture: 'Hours not confirmed',
};

export function hoursUnknownLabel(source?: string | null): string {
  return HOURS_UNKNOWN_LABELS[source ?? 'glow'] ?? HOURS_UNKNOWN_LABELS.glow!;
}

/** Whether any day of the stored hours reads as hours (or "Closed"). */
export const hasHours = (openingHours: string) => Object.keys(parseOpeningHours(openingHours)).length > 0;

/** Whether the stored price range is one of the ranges (not unknown). */
export const hasPrice = (priceRange: string): priceRange is (typeof PRICE_RANGES)[number] => (PRICE_RANGES as readonly string[]).includes(priceRange);
