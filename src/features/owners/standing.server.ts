/** What a provider page says about its owner (docs/owners.md "Claim"): managed or not, and when they last updated it. */
import type { Db } from '../../db/client';

export interface OwnerStanding {
  /** Claimed by its business: the page shows "Verified business" and "Managed by the business". */
  managed: boolean;
  /** When the business last changed the listing (ISO 8601), for "Updated by the business on {date}". */
  ownerUpdatedAt: string | null;
}

export async function ownerStanding({ db }: Db, providerId: string): Promise<OwnerStanding> {
  const row = await db
    .selectFrom('providers')
    .leftJoin('listing_owners', 'listing_owners.providerId', 'providers.id')
    .select(['providers.ownerUpdatedAt', 'listing_owners.userId'])
    .where('providers.id', '=', providerId)
    .executeTakeFirst();
  return { managed: Boolean(row?.userId), ownerUpdatedAt: row?.userId ? (row.ownerUpdatedAt ?? null) : null };
}
