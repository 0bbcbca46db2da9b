/**
 * Owners' facets (docs/facets.md): read as the dashboard shows them and saved in one transaction
 * with an audit row. Identity labels are the verified owner's alone: the listing must be vetted
 * (docs/moderation.md "New listings"), and an unvetted listing's save may not change them.
 */
import type { Db } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { facetBits, facetSelection, IDENTITY_BITS, IDENTITY_REFUSED, type Facets, type OwnerFacets } from '../facets';
import { audit } from './claims.server';

const answer = (row: { facets: number; vetted_at: string | null }): OwnerFacets => ({
  facets: facetSelection(Number(row.facets)) as Facets,
  identityAllowed: row.vetted_at !== null,
});

export async function ownerFacets({ db }: Db, providerId: string): Promise<OwnerFacets> {
  const row = await db.selectFrom('providers').select(['facets', 'vetted_at']).where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
  if (!row) throw new NotFoundError('No listing has that id');
  return answer(row);
}

/** Saves an owner's facets; returns them as saved and whether anything changed. */
export async function saveFacets(
  { db }: Db,
  providerId: string,
  facets: Facets,
  actor: string,
  now = new Date(),
): Promise<{ saved: OwnerFacets; changed: boolean }> {
  const bits = facetBits(facets);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('providers').select(['facets', 'vetted_at']).where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
    if (!before) throw new NotFoundError('No listing has that id');
    const old = Number(before.facets);
    if (before.vetted_at === null && (old & IDENTITY_BITS) !== (bits & IDENTITY_BITS)) throw new ForbiddenError(IDENTITY_REFUSED);
    if (old === bits) return { saved: answer(before), changed: false };
    await trx.updateTable('providers').set({ facets: bits, ownerUpdatedAt: now.toISOString() }).where('id', '=', providerId).execute();
    // An edit of one field, `facets`, in the owners' audit like every other edit (docs/owners.md "Dashboard").
    await audit(trx, { providerId, action: 'edit', actor, before: { facets: facetSelection(old) }, after: { facets: facetSelection(bits) } }, now);
    return { saved: answer({ facets: bits, vetted_at: before.vetted_at }), changed: true };
  });
}
