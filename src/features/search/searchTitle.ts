/** The /search page's title and count line. */
import { categoryForSearch } from '../content/services';

export function searchTitle({ query, service, location }: { query?: string; service?: string; location?: string }): string {
  if (query) return `Search Results for "${query}"`;
  if (service && location) return `${service} in ${location}`;
  if (service) return `${service} Services`;
  if (location) return `Beauty Services in ${location}`;
  return 'Beauty Services';
}

/** "Found 12 providers in Austin"; a capped total (the API counts up to LIMITS.countedTotal) reads "Found 1,000+ providers". */
export function foundLine(total: number, location?: string, capped = false): string {
  const count = `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return `Found ${count} ${total === 1 && !capped ? 'provider' : 'providers'}${location ? ` in ${location}` : ''}`;
}

/** What a search was for, in the plural: "nail salons", "massage therapy providers", "providers". */
export function whatPlural(service?: string): string {
  const category = service ? categoryForSearch(service) : null;
  if (!category) return 'providers';
  // Category labels are plural already ("Nail Salons", "Makeup Services"); "Massage Therapy" is not.
  const label = category.label.toLowerCase();
  return /(salons|parlours|services)$/.test(label) ? label : `${label} providers`;
}

/** A searched place as the page names it: "60614 · Chicago, IL", "Evanston, IL". */
export const placeLabel = (place: { name: string; within?: string }) => (place.within ? `${place.name} · ${place.within}` : place.name);

/**
 * The /search count line for a search from a place (docs/search.md "Places"), honest about what is
 * in the place and what is only near it: "Found 6 providers in Dallas" and "Showing 1 more within
 * 50 miles.", or, nothing being in the place, "No nail salons in Evanston, IL. Showing 10 within
 * 12 miles." A county or neighbourhood is searched by radius alone, so nothing is said to be in it or not.
 */
export function placeLines(
  place: { kind: string; name: string; within?: string; inPlace: number; radiusMiles?: number },
  total: number,
  { service, location, capped = false }: { service?: string; location?: string; capped?: boolean },
): { found: string; nearby?: string } {
  const nearby = total - place.inPlace;
  if (place.radiusMiles === undefined || nearby <= 0) return { found: foundLine(total, location, capped) };
  const count = `${nearby.toLocaleString('en-US')}${capped ? '+' : ''}`;
  if (place.kind === 'county' || place.kind === 'neighbourhood')
    return { found: `Showing ${count} within ${place.radiusMiles} miles of ${placeLabel(place)}.` };
  if (place.inPlace === 0) return { found: `No ${whatPlural(service)} in ${placeLabel(place)}. Showing ${count} within ${place.radiusMiles} miles.` };
  return { found: foundLine(place.inPlace, location), nearby: `Showing ${count} more within ${place.radiusMiles} miles.` };
}
