/**
 * Whether an Overture place is an existing listing (docs/imports.md "Matching"). Pure: the caller
 * reads the candidates (same name, or same phone) and passes them in. A place linked to a listing
 * by its Overture id never gets here.
 *
 * - same name and (same street address, phone or website domain), and near: the same business;
 * - same name and near, nothing else in common; or another name at the same phone: unclear, held
 *   for an operator;
 * - anything else: a new listing (a chain's other branch has the same name, but is far away).
 */
import { haversineMiles } from '../places';
import { websiteHost } from '../providers';
import { normaliseForComparison } from '../../lib/schemas/storedText';
import type { MappedPlace } from './mapPlace';

/**
 * Miles within which two records of one name are one business. Existing listings sit at their
 * ZIP's centre (src/features/places/place.server.ts), so this is a ZIP area's width, not a street's.
 */
export const SAME_PLACE_MILES = 3;

export interface Candidate {
  id: string;
  nameKey: string | null;
  address: string;
  zipCode: string;
  phone: string | null;
  website: string | null;
  latitude: number | null;
  longitude: number | null;
}

export type MatchDecision = { kind: 'new' } | { kind: 'match'; providerId: string; on: string } | { kind: 'unclear'; providerId: string; reason: string };

/** "www.Example.com" and "example.com" are one domain. */
const domainOf = (url: string | null) =>
  websiteHost(url)
    ?.toLowerCase()
    .replace(/^www\./, '') ?? null;
const streetKey = (address: string, zip: string) => `${normaliseForComparison(address).replace(/[.,#]/g, '')}|${zip.slice(0, 5)}`;

export function decideMatch(place: MappedPlace, nameKey: string, candidates: readonly Candidate[]): MatchDecision {
  const { listing } = place;
  let unclear: MatchDecision | null = null;
  for (const c of candidates) {
    const sameName = c.nameKey === nameKey;
    const samePhone = Boolean(listing.phone && c.phone === listing.phone);
    const sameStreet = streetKey(c.address, c.zipCode) === streetKey(listing.address, listing.zipCode);
    const domain = domainOf(listing.website);
    const sameDomain = Boolean(domain && domainOf(c.website) === domain);
    const miles = c.latitude === null || c.longitude === null ? null : haversineMiles(place, { latitude: c.latitude, longitude: c.longitude });
    const near = sameStreet || (miles !== null && miles <= SAME_PLACE_MILES);
    if (sameName && near && (sameStreet || samePhone || sameDomain)) {
      return { kind: 'match', providerId: c.id, on: sameStreet ? 'name and address' : samePhone ? 'name and phone' : 'name and website' };
    }
    if (!unclear && sameName && near) unclear = { kind: 'unclear', providerId: c.id, reason: 'same name nearby, nothing else in common' };
    if (!unclear && !sameName && samePhone) unclear = { kind: 'unclear', providerId: c.id, reason: 'same phone under another name' };
  }
  return unclear ?? { kind: 'new' };
}
