/** Providers: reading them in API form (a new listing is made by src/features/listings/newListing.server.ts). No HTTP here; pages and functions share it. */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { LIMITS } from '../../config';
import type { Db } from '../../db/client';
import type { OpenWeekColumn, ProvidersTable } from '../../db/schema';
import { formatRating } from './rating';
import type { Provider } from './schemas/provider';
import { timeZoneOf } from '../places';
import { photoFileUrl } from './photoUrl';
import { effectiveStatus } from './listingStatus';
import { UNKNOWN_PRICE } from './unknownFields';
import { facetSelection } from '../facets';

type ProviderRow = Selectable<ProvidersTable>;

/** A database row in the API's wire format (docs/openapi.json). */
export function toProvider(row: Omit<ProviderRow, 'ownerUpdatedAt' | 'vocabServices' | 'source' | OpenWeekColumn> & { source?: string | null }): Provider {
  const timeZone = row.timeZone ?? timeZoneOf(row.state);
  // A temporary closure whose day has come is over (docs/owners.md "Statuses").
  const status = effectiveStatus({ status: row.status ?? 'open', closedUntil: row.closedUntil ?? null }, timeZone);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    email: row.email,
    website: row.website,
    services: row.services,
    isPromoted: Boolean(row.isPromoted),
    // A closed listing is never shown open, even where a page has only this flag (OpenStatus).
    isOpen: Boolean(row.isOpen) && status.status === 'open',
    // A price nobody gave reads as unknown (docs/owners.md "Unknown hours and price").
    priceRange: row.priceRangeKnown === 0 ? UNKNOWN_PRICE : row.priceRange,
    openingHours: row.openingHours,
    // The owner's cover photo when there is one (docs/photos.md), else the listing's generated picture.
    imageUrl: row.coverKey ? photoFileUrl(row.coverKey) : row.imageUrl,
    rating: formatRating(Number(row.rating), Number(row.reviewCount)),
    reviewCount: Number(row.reviewCount),
    menu: row.menu ?? null,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    timeZone,
    facets: facetSelection(Number(row.facets ?? 0)),
    // Where it came from: what it says without hours (unknownFields.ts HOURS_UNKNOWN_LABELS).
    source: row.source ?? null,
    ...status,
  };
}

/** Listings shown anywhere: every provider an operator has not hidden (docs/moderation.md). */
export function listedProviders({ db }: Db) {
  return db.selectFrom('providers').where('isHidden', '=', 0);
}

/** Select of listed providers in result order (promoted, rating, review count, name). */
export function orderedProviders(database: Db) {
  return listedProviders(database)
    .selectAll('providers')
    .orderBy('isPromoted', 'desc')
    .orderBy('rating', 'desc')
    .orderBy('reviewCount', 'desc')
    .orderBy('name')
    .orderBy('seq');
}

export interface Page<T> {
  /** At most LIMITS.countedTotal; `capped` when there are more. */
  total: number;
  capped?: boolean;
  items: T[];
}

/**
 * The total a list answers for `n` matches counted up to LIMITS.countedTotal + 1: the cap and
 * `capped` past it.
 */
export function cappedTotal(n: number): { total: number; capped: boolean } {
  return { total: Math.min(n, LIMITS.countedTotal), capped: n > LIMITS.countedTotal };
}

/**
 * Counts the rows of `from` (a FROM ... WHERE ... clause) up to the cap, so a count reads at
 * most LIMITS.countedTotal + 1 rows however many match.
 */
export async function cappedCount({ db }: Db, from: RawBuilder<unknown>): Promise<{ total: number; capped: boolean }> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${LIMITS.countedTotal + 1})`.execute(db);
  return cappedTotal(Number(rows[0]!.n));
}

/** GET /api/providers: one page of all providers, in result order. */
export async function listProviders(database: Db, { limit, offset }: { limit: number; offset: number }): Promise<Page<Provider>> {
  const [rows, count] = await Promise.all([
    orderedProviders(database).limit(limit).offset(offset).execute(),
    cappedCount(database, sql`FROM providers WHERE isHidden = 0`),
  ]);
  return { ...count, items: rows.map(toProvider) };
}

/** A listed provider by slug; null when unknown or hidden. */
export async function getProviderBySlug(database: Db, slug: string): Promise<Provider | null> {
  const row = await listedProviders(database).selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toProvider(row) : null;
}

/** The id of the listed provider with `slug`, as a subquery: a page's reads about it go out beside its row (src/db/batchedReads.ts). */
export const listedIdOfSlug = (database: Db, slug: string) => listedProviders(database).select('id').where('slug', '=', slug).$asScalar();
