/**
 * Loads the seed (migrations/seed/providers.json, fictional businesses) into an empty database.
 * Ids derive from slugs, so every build of the seed gives the same ids; each provider's rating and
 * reviewCount are computed from its reviews by the same statement a posted review runs.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
// Classic zod (refine, iso): the seed is read by scripts and tests only, never in the browser.
import { z } from 'zod';
import type { Db } from '../db/client';
import { placeOf } from '../features/places/index.server';
import { insertProviderStatements } from '../features/listings/index.server';
import { insertReviewStatement, refreshRatingStatement } from '../features/reviews/index.server';
import { openingHoursSchema, priceRangeSchema, serviceNameSchema } from '../features/providers/schemas';
import { menuSchema } from '../features/providers/schemas';
import { reviewFields } from '../features/reviews/schemas';
import { facetBits, facetsSchema } from '../features/facets';

export const SEED_FILE = join(process.cwd(), 'migrations', 'seed', 'providers.json');

export const seedProviderSchema = z.object({
  name: z.string().min(1).max(100),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  description: z.string().min(1),
  address: z.string().min(1),
  city: z.string().min(1),
  state: z.string().regex(/^[A-Z]{2}$/),
  zipCode: z.string().regex(/^\d{5}$/),
  phone: z.string().regex(/555-01\d\d$/, 'Seed phones must be fictional 555-01XX numbers'),
  email: z.email().refine((e) => e.endsWith('example.com'), 'Seed emails must be at example.com'),
  website: z
    .url()
    .refine((u) => new URL(u).hostname.endsWith('example.com'), 'Seed websites must be at example.com')
    .nullable(),
  services: z.array(serviceNameSchema).min(1),
  isPromoted: z.boolean(),
  isOpen: z.boolean(),
  priceRange: priceRangeSchema,
  openingHours: openingHoursSchema,
  imageUrl: z.string().startsWith('/images/').nullable(),
  /** Written by `npm run seed:menus` (scripts/seed-menus.ts); a provider without one lists its services. */
  menu: z.optional(menuSchema),
  /** What the business says of walk-ins, access, languages, … (src/features/facets); absent: nothing said. */
  facets: z.optional(facetsSchema),
  reviews: z.array(
    z.object({
      customerName: reviewFields.customerName,
      rating: reviewFields.rating,
      comment: reviewFields.comment,
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type SeedProvider = z.infer<typeof seedProviderSchema>;

/** A UUID-shaped id that is the same every time for the same name. */
export function stableId(name: string): string {
  const h = createHash('sha1').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function readSeed(file = SEED_FILE): Promise<SeedProvider[]> {
  return z.array(seedProviderSchema).parse(JSON.parse(await readFile(file, 'utf8')));
}

/** Inserts the seed when the providers table is empty; returns how many providers it added. */
export async function seedIfEmpty(database: Db, providers?: SeedProvider[]): Promise<number> {
  const { rows } = await database.client.execute('SELECT count(*) AS n FROM providers');
  if (Number(rows[0]!.n) > 0) return 0;
  const seed = providers ?? (await readSeed());
  const places = await Promise.all(seed.map((p) => placeOf(p)));
  const statements = seed.flatMap((p, i) => {
    const id = stableId(`provider:${p.slug}`);
    const { reviews, services, openingHours, isPromoted, isOpen, menu, facets, ...fields } = p;
    return [
      ...insertProviderStatements(database, {
        ...fields,
        id,
        services: JSON.stringify(services),
        openingHours: JSON.stringify(openingHours),
        isPromoted: isPromoted ? 1 : 0,
        isOpen: isOpen ? 1 : 0,
        menu: menu ? JSON.stringify(menu) : null,
        facets: facets ? facetBits(facets) : 0,
        createdAt: reviews.map((r) => r.createdAt).sort()[0] ?? '2025-01-01T00:00:00.000Z',
        ...places[i],
      }),
      ...reviews.map((r, i) => insertReviewStatement({ id: stableId(`review:${p.slug}:${i}`), providerId: id, ...r })),
      refreshRatingStatement(id),
    ];
  });
  await database.client.batch(statements, 'write');
  return seed.length;
}
