/**
 * One Overture place → a Glow listing, or the reason it is left out (docs/imports.md "Mapping").
 * Pure: no database. The order of the checks is the order of the reasons in a report.
 */
import { formatUsPhone, usPhoneDigits } from '../providers';
import { US_STATES } from '../places';
import { CATEGORY_SERVICES, licenceAllowed, licenceOf } from './rules';
import { importedListingSchema, type ImportedListing } from './schemas/importedListing';
import { businessFields } from '../providers/schemas';
import type { OverturePlace } from './schemas/overturePlace';

/** Why a place is not imported: the report counts each. */
export const SKIP_REASONS = {
  odbl: 'an ODbL (OpenStreetMap) source',
  unknownLicence: 'a source without a known open licence',
  closed: 'permanently closed and not listed here',
  lowConfidence: 'confidence below the threshold',
  unmapped: 'no category that maps to a Glow service',
  notUs: 'no US address',
  incomplete: 'no street, city, state or ZIP',
  invalid: 'a field breaks the listing rules',
  ownedStatus: 'closed per Overture, but its status is the business’s own',
  alreadyLinked: 'matched a listing that another Overture place already updates',
  heldBefore: 'already held for an operator',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

export interface SourceRef {
  dataset: string | null;
  license: string;
  recordId: string | null;
}

export interface MappedPlace {
  overtureId: string;
  listing: ImportedListing;
  latitude: number;
  longitude: number;
  /** Overture says it is permanently closed. */
  closed: boolean;
  sources: SourceRef[];
  /** The category that made it a beauty place, for the report. */
  category: string;
}

export type MapResult = { ok: true; place: MappedPlace } | { ok: false; reason: SkipReason; detail?: string };

/** https for an http(s) website; null for anything else or one with credentials. */
export function httpsWebsite(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    if (!/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password) return null;
    parsed.protocol = 'https:';
    return parsed.href;
  } catch {
    return null;
  }
}

/** The categories of a place, primary first. */
function categoriesOf(p: OverturePlace['properties']): string[] {
  const primary = p.categories?.primary ?? p.basic_category ?? null;
  return [...new Set([primary, ...(p.categories?.alternate ?? [])].filter((c): c is string => Boolean(c)))];
}

export function mapPlace(record: OverturePlace, { minConfidence }: { minConfidence: number }): MapResult {
  const p = record.properties;
  // Licence first: a place with any source we may not use is out whatever else it says.
  const sources = p.sources?.length ? p.sources : [{ dataset: null, license: null, record_id: null }];
  const refs: SourceRef[] = [];
  for (const source of sources) {
    const license = licenceOf(source);
    if (license?.startsWith('ODbL')) return { ok: false, reason: 'odbl', detail: source.dataset ?? license };
    if (!licenceAllowed(license)) return { ok: false, reason: 'unknownLicence', detail: source.dataset ?? undefined };
    refs.push({ dataset: source.dataset ?? null, license: license!, recordId: source.record_id ?? null });
  }
  const closed = p.operating_status === 'permanently_closed';
  // Overture gives a closed place confidence 0: it is judged by its status, not its score.
  if (!closed && (p.confidence ?? 0) < minConfidence) return { ok: false, reason: 'lowConfidence', detail: String(p.confidence ?? 'none') };
  const categories = categoriesOf(p);
  const mapped = categories.filter((c) => CATEGORY_SERVICES[c]);
  if (!mapped.length) return { ok: false, reason: 'unmapped', detail: categories[0] ?? 'none' };
  const address = p.addresses?.find((a) => a.country === 'US');
  if (!address) return { ok: false, reason: 'notUs', detail: p.addresses?.[0]?.country ?? 'none' };
  const state = address.region?.startsWith('US-') ? address.region.slice(3) : (address.region ?? '');
  if (!address.freeform || !address.locality || !Object.hasOwn(US_STATES, state) || !address.postcode) {
    return { ok: false, reason: 'incomplete' };
  }
  const phone = (p.phones ?? []).map(usPhoneDigits).find(Boolean);
  const website = (p.websites ?? []).map(httpsWebsite).find(Boolean) ?? null;
  const parsed = importedListingSchema.safeParse({
    name: p.names?.primary ?? '',
    address: address.freeform,
    city: address.locality,
    state,
    zipCode: address.postcode,
    phone: phone ? formatUsPhone(phone) : null,
    // An unusable phone, email or website is dropped, not a reason to leave the place out.
    email: (p.emails ?? []).find((e) => businessFields.email.safeParse(e).success) ?? null,
    website,
    services: [...new Set(mapped.flatMap((c) => CATEGORY_SERVICES[c]!))].slice(0, 30),
  });
  if (!parsed.success) return { ok: false, reason: 'invalid', detail: parsed.error.issues[0]?.message };
  const [longitude, latitude] = record.geometry.coordinates;
  return { ok: true, place: { overtureId: record.id, listing: parsed.data, latitude, longitude, closed, sources: refs, category: mapped[0]! } };
}
