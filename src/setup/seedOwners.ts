/**
 * Fictional owners for a fresh local database (docs/requests.md "Seed"): a handful of seed listings
 * are claimed by their own example.com addresses and take time requests, so a newcomer can try the
 * whole request loop with the local mail outbox (sign in at /business with the listing's email; the
 * code and every message of the loop are printed and kept as .eml files). Only `npm start` and
 * `npm run db:setup` seed them; tests claim what they need themselves.
 */
import type { Db } from '../db/client';
import { claimListing, ensureAccount } from '../features/owners/index.server';

/** One listing in each of five cities, each with a service menu. */
export const SEED_OWNED_SLUGS = [
  'pink-palm-nail-club-los-angeles',
  'lakeview-lacquer-co-chicago',
  'brickell-buff-polish-miami',
  'heights-nail-parlor-houston',
  'ballard-buffing-co-seattle',
] as const;

/** Claims each listing for its listed email when nobody manages it yet; returns how many it claimed. */
export async function seedOwners(database: Db, now = new Date()): Promise<number> {
  const listings = await database.db
    .selectFrom('providers')
    .leftJoin('listing_owners', 'listing_owners.providerId', 'providers.id')
    .select(['providers.id', 'providers.email', 'listing_owners.userId'])
    .where('providers.slug', 'in', [...SEED_OWNED_SLUGS])
    .execute();
  let claimed = 0;
  for (const listing of listings) {
    if (listing.userId || !listing.email?.endsWith('example.com')) continue;
    const { id: userId } = await ensureAccount(database, listing.email, now);
    // A new claim takes requests from the start (migrations/0050's trigger).
    const result = await claimListing(database, { providerId: listing.id, userId, email: listing.email, via: 'listed-email', actor: 'seed' }, now);
    if (result.claimed) claimed++;
  }
  return claimed;
}
