/**
 * The /search page's title and count lines (docs/search.md "On the page"): they lead with what was
 * found ("5 nail salons near Brooklyn · New York, NY, the nearest 4.7 mi away"), never with a miss,
 * and when filters leave nothing they say which one did, with the count it hid.
 */
import { categoryForSearch } from '../catalog';
import { milesAway } from '../places';

/** The service as the site names it: the category's own label ("Nail salons"), else the words as typed. */
export function serviceName(service: string): string {
  const category = categoryForSearch(service);
  const name = category ? category.label.charAt(0) + category.label.slice(1).toLowerCase() : service.trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function searchTitle({ query, service, location }: { query?: string; service?: string; location?: string }): string {
  if (query) return `Search Results for "${query}"`;
  if (service && location) return `${serviceName(service)} near ${location}`;
  if (service) return serviceName(service);
  if (location) return `Beauty services near ${location}`;
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

/** "1 nail salon", "5 nail salons", "1,000+ providers". */
export function countOf(total: number, service?: string, capped = false): string {
  const plural = whatPlural(service);
  return `${total.toLocaleString('en-US')}${capped ? '+' : ''} ${total === 1 && !capped ? plural.replace(/s$/, '') : plural}`;
}

/** A searched place as the page names it: "60614 · Chicago, IL", "Evanston, IL". */
export const placeLabel = (place: { name: string; within?: string }) => (place.within ? `${place.name} · ${place.within}` : place.name);

/**
 * The /search count line for a search from a place (docs/search.md "Places"), honest about what is
 * in the place and what is only near it: "Found 6 providers in Dallas" and "Showing 1 more within
 * 50 miles.", or, nothing being in the place itself (a borough, a ZIP, a town without one), what is
 * near it: "5 nail salons near Brooklyn · New York, NY, the nearest 4.7 mi away." The nearest is
 * named only when the caller knows it (`nearestMiles`: every match loaded, or sorted by distance);
 * otherwise the radius is: "10 nail salons within 12 miles of Evanston, IL."
 */
export function placeLines(
  place: { kind: string; name: string; within?: string; inPlace: number; radiusMiles?: number },
  total: number,
  { service, location, capped = false, nearestMiles }: { service?: string; location?: string; capped?: boolean; nearestMiles?: number },
): { found: string; nearby?: string } {
  const nearby = total - place.inPlace;
  if (place.radiusMiles === undefined || nearby <= 0) return { found: foundLine(total, location, capped) };
  if (place.inPlace === 0 || place.kind === 'county' || place.kind === 'neighbourhood') {
    const what = countOf(nearby, service, capped);
    return {
      found:
        nearestMiles === undefined
          ? `${what} within ${place.radiusMiles} miles of ${placeLabel(place)}.`
          : `${what} near ${placeLabel(place)}, the nearest ${milesAway(nearestMiles)}.`,
    };
  }
  const count = `${nearby.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return { found: foundLine(place.inPlace, location), nearby: `Showing ${count} more within ${place.radiusMiles} miles.` };
}

/** The filters of /search that can leave nothing, in the order the page explains them. */
export type EmptyingFilter = 'openNow' | 'verified' | 'priceRange' | 'rating';

/**
 * Why a filtered search found nothing, given what the same search finds without its filters:
 * "5 nail salons within 11 miles of Brooklyn · New York, NY, all closed now." Never "nothing
 * within 50 miles" while matches exist without the filter.
 */
export function emptiedLine(
  filters: { filter: EmptyingFilter; value?: string }[],
  unfiltered: { total: number; capped?: boolean; radiusMiles?: number; place?: string; location?: string },
  service?: string,
): string {
  const what = countOf(unfiltered.total, service, unfiltered.capped);
  const where =
    unfiltered.radiusMiles !== undefined && unfiltered.place
      ? ` within ${unfiltered.radiusMiles} miles of ${unfiltered.place}`
      : unfiltered.location
        ? ` in ${unfiltered.location}`
        : '';
  const all = unfiltered.total === 1 ? '' : 'all ';
  const one = filters.length === 1 ? filters[0]! : null;
  const why = !one
    ? 'none matching all your filters'
    : one.filter === 'openNow'
      ? `${all}closed now or without known hours`
      : one.filter === 'verified'
        ? 'none verified yet (a business is verified once it has confirmed its listing with Glow)'
        : one.filter === 'priceRange'
          ? `none priced ${one.value}`
          : `none rated ${one.value} stars or more`;
  return `${what}${where}, ${why}.`;
}
