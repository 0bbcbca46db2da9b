/**
 * A new listing (POST /api/providers, a moderator's approval, the seed and imports): its row, its
 * copied rows for search and its words for suggestions, in one batch. It stands above providers,
 * search and suggestions, whose writers it calls.
 */
import type { InStatement } from '@libsql/client';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { OpenWeekColumn, ProvidersTable } from '../../db/schema';
import { ConflictError } from '../../lib/errors';
import { placeOf } from '../places/index.server';
import { timeZoneOf } from '../places';
import type { Provider, ProviderCreate } from '../providers/schemas';
import { toProvider } from '../providers/index.server';
import { isUuidLike, slugify } from '../providers';
import { STORED_PRICE_STAND_IN } from '../providers';
import { categoryRowsStatement, hoursRowsStatement } from '../providers/index.server';
import { addTermsStatement } from '../suggestions/index.server';
import { findDuplicate, holdListing } from './listings.server';
import { nameKey } from './lookalike';

type ProviderRow = Selectable<ProvidersTable>;

/** A new provider row; rating and reviewCount start at zero, the place comes from placeOf. */
export interface NewProvider
  extends Omit<
    ProviderRow,
    | 'seq'
    | 'rating'
    | 'reviewCount'
    | 'isHidden'
    | 'coverKey'
    | 'latitude'
    | 'longitude'
    | 'timeZone'
    | 'status'
    | 'closedUntil'
    | 'ownerUpdatedAt'
    | 'vetted_at'
    | 'vetted_by'
    | 'nameKey'
    | 'priceRangeKnown'
    | 'facets'
    | 'vocabServices'
    | 'source'
    | OpenWeekColumn
  > {
  /** 0 when nobody gave the price (migrations/0043); the column's stand-in is stored in `priceRange`. */
  priceRangeKnown?: number;
  /** Null for a listing made through the API (not yet vetted, src/features/listings/); the seed's are vetted when made. */
  vetted_at?: string | null;
  vetted_by?: string | null;
  rating?: number;
  reviewCount?: number;
  latitude?: number | null;
  longitude?: number | null;
  timeZone?: string | null;
  /** Its facets' bits (src/features/facets); a new listing says nothing until its owner does. */
  facets?: number;
  /** The import that made it (migrations/0072); absent for a listing made on Glow. */
  source?: string | null;
}

/**
 * `row` without the open hours' bits a copied row may carry: they start clear and the hours rows
 * written after the row set them (migrations/0091), never a copy passed in.
 */
function withoutOpenWeek(row: NewProvider): NewProvider {
  const { openWeek0: _0, openWeek1: _1, openWeek2: _2, openWeek3: _3, openPartly: _p, ...rest } = row as NewProvider & Partial<Record<OpenWeekColumn, number>>;
  return rest;
}

/**
 * Statements that insert a provider with its category rows, its hours for "open now" and, once it
 * is vetted, its words for suggestions and spelling correction (run them in one batch).
 */
export function insertProviderStatements({ db }: Db, row: NewProvider): InStatement[] {
  const vetted = row.vetted_at === undefined ? { vetted_at: row.createdAt, vetted_by: 'seed' } : { vetted_at: row.vetted_at, vetted_by: row.vetted_by ?? null };
  const insert = db
    .insertInto('providers')
    .values({ rating: 0, reviewCount: 0, ...withoutOpenWeek(row), ...vetted, nameKey: nameKey(row.name), timeZone: row.timeZone ?? timeZoneOf(row.state) })
    .compile();
  // The copied rows through their one writer (copies.server.ts): category rows before the hours
  // rows, which copy the categories.
  return [
    { sql: insert.sql, args: insert.parameters as never[] },
    categoryRowsStatement([{ id: row.id, services: JSON.parse(row.services) as string[] }]),
    hoursRowsStatement([row]),
    ...(vetted.vetted_at ? [addTermsStatement(row)] : []),
  ];
}

/** The first free slug among base, base-city, base-city-2, ... */
async function freeSlug({ db }: Db, base: string, city: string): Promise<string> {
  const taken = new Set((await db.selectFrom('providers').select('slug').where('slug', 'like', `${base}%`).execute()).map((r) => r.slug));
  const withCity = `${base}-${slugify(city)}`.replace(/-+$/, '');
  // A UUID-shaped slug would read as an id and send visitors to / (src/pages/provider/[...slug].astro).
  for (const candidate of [base, withCity]) if (candidate && !taken.has(candidate) && !isUuidLike(candidate)) return candidate;
  for (let n = 2; ; n++) if (!taken.has(`${withCity}-${n}`)) return `${withCity}-${n}`;
}

const isUniqueViolation = (e: unknown) => /UNIQUE constraint failed: providers\.slug/.test(String((e as Error)?.message));

/**
 * POST /api/providers: a new listing, or, when it copies an existing one (same name and city, or
 * name and phone), a held request for a moderator, which takes no slug (src/features/listings/).
 */
export async function submitListing(
  database: Db,
  input: ProviderCreate,
  now = new Date(),
): Promise<{ held: false; provider: Provider } | { held: true; id: string; matchedSlug: string }> {
  await refuseSameAddress(database, input);
  const place = await placeOf(input);
  const near = place.latitude != null && place.longitude != null ? { latitude: place.latitude, longitude: place.longitude } : null;
  const match = await findDuplicate(database, input, near);
  if (match) return { held: true, id: (await holdListing(database, input, match, now)).id, matchedSlug: match.slug };
  return { held: false, provider: await createProvider(database, input, now) };
}

/** A business already listed under this name at this address is a conflict. */
async function refuseSameAddress({ db }: Db, input: ProviderCreate): Promise<void> {
  const duplicate = await db
    .selectFrom('providers')
    .select('slug')
    .where('name', '=', input.name)
    .where('address', '=', input.address)
    .where('city', '=', input.city)
    .executeTakeFirst();
  if (duplicate) throw new ConflictError(`${input.name} is already listed at this address`);
}

/**
 * Lists a new business, not yet vetted (`vetted` for one a moderator approves). The slug rule is
 * re-applied and made unique; a business already listed at the same address is a conflict. New
 * listings are never promoted and always open.
 */
export async function createProvider(database: Db, input: ProviderCreate, now = new Date(), vetted: { by: string } | null = null): Promise<Provider> {
  const { client } = database;
  await refuseSameAddress(database, input);
  const base = slugify(input.slug || input.name) || slugify(input.name) || 'provider';
  for (let attempt = 0; ; attempt++) {
    const row: NewProvider = {
      id: crypto.randomUUID(),
      name: input.name,
      slug: await freeSlug(database, base, input.city),
      description: input.description,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: input.zipCode,
      phone: input.phone,
      email: input.email,
      website: input.website,
      services: JSON.stringify(input.services),
      isPromoted: 0,
      isOpen: 1,
      // The column admits only the four ranges: an unknown price stores a stand-in, flagged unknown.
      priceRange: input.priceRange || STORED_PRICE_STAND_IN,
      priceRangeKnown: input.priceRange ? 1 : 0,
      openingHours: JSON.stringify(input.openingHours),
      imageUrl: null,
      // A new listing has no menu until the business sends one: its page lists its services.
      menu: null,
      createdAt: now.toISOString(),
      vetted_at: vetted ? now.toISOString() : null,
      vetted_by: vetted?.by ?? null,
      ...(await placeOf(input)),
    };
    try {
      await client.batch(insertProviderStatements(database, row), 'write');
      return toProvider({
        ...row,
        seq: 0,
        rating: 0,
        reviewCount: 0,
        isHidden: 0,
        vetted_at: row.vetted_at ?? null,
        vetted_by: row.vetted_by ?? null,
        nameKey: nameKey(row.name),
        priceRangeKnown: row.priceRangeKnown ?? 1,
        facets: 0,
        status: 'open',
        closedUntil: null,
        latitude: row.latitude ?? null,
        longitude: row.longitude ?? null,
        timeZone: row.timeZone ?? null,
        coverKey: null,
      });
    } catch (error) {
      // Two listings raced for the same slug: pick the next free one.
      if (isUniqueViolation(error) && attempt < 5) continue;
      throw error;
    }
  }
}
