/** What a provider page says about its owner (docs/owners.md "Claim"): managed or not, verified or not, and when they last updated it. */
import type { Db } from '../../db/client';
import type { IdOf } from '../../db/batchedReads';

export interface OwnerStanding {
  /** Claimed by its business: the page shows "Managed by the business". */
  managed: boolean;
  /** Claimed and vetted (docs/owners.md "Which listings are vetted"): the page shows "Verified business". */
  verified: boolean;
  /** Vetted, claimed or not: a listing that is not says "New listing, not yet verified" and is not indexed. */
  vetted: boolean;
  /** When the business last changed the listing (ISO 8601), for "Updated by the business on {date}". */
  ownerUpdatedAt: string | null;
}

export async function ownerStanding({ db }: Db, providerId: IdOf): Promise<OwnerStanding> {
  const row = await db
    .selectFrom('providers')
    .leftJoin('listing_owners', 'listing_owners.providerId', 'providers.id')
    .select(['providers.ownerUpdatedAt', 'providers.vetted_at', 'listing_owners.userId'])
    .where('providers.id', '=', providerId)
    .executeTakeFirst();
  const managed = Boolean(row?.userId);
  const vetted = Boolean(row?.vetted_at);
  return { managed, verified: managed && vetted, vetted, ownerUpdatedAt: managed ? (row?.ownerUpdatedAt ?? null) : null };
}
