/**
 * Owners' edits of their listing (docs/owners.md "Dashboard"): read as the dashboard shows it, and
 * saved in one transaction with an audit row holding the changed fields before and after. The
 * search copies (full-text, hours, category rows) follow through the triggers of the providers table.
 */
import type { InStatement } from '@libsql/client';
import { CompiledQuery } from 'kysely';
import { InvalidInputError, NotFoundError } from '../../lib/errors';
import type { Db } from '../../db/client';
import { timeZoneOf } from '../places';
import { categoryRowsStatement, hoursRowsStatement } from '../providers/index.server';
import { addTermsStatement, removeTermsStatements, vocabularyServices } from '../suggestions/index.server';
import { countedServices, setServiceRequests } from '../suggestions/index.server';
import { audit } from './claims.server';
import { addDays, MAX_CLOSURE_DAYS, todayIn } from '../providers';
import type { ListingEdit, OwnerListing } from './schemas/listingEdit';

const parse = <T>(text: string | null, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

export async function ownerListing({ db }: Db, providerId: string): Promise<OwnerListing> {
  const row = await db.selectFrom('providers').selectAll().where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
  if (!row) throw new NotFoundError('No listing has that id');
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    address: `${row.address}, ${row.city}, ${row.state} ${row.zipCode}`,
    description: row.description,
    phone: row.phone,
    email: row.email,
    website: row.website,
    services: parse<string[]>(row.services, []),
    openingHours: parse<Record<string, string>>(row.openingHours, {}),
    menu: parse<Record<string, unknown>[]>(row.menu, []),
    status: row.status,
    closedUntil: row.closedUntil,
    ownerUpdatedAt: row.ownerUpdatedAt,
    source: row.source,
  };
}

/** Saves an owner's edit; returns the listing as saved, whether anything changed and which fields. */
export async function saveListingEdit(
  { db }: Db,
  providerId: string,
  edit: ListingEdit,
  actor: string,
  now = new Date(),
): Promise<{ listing: OwnerListing; changed: boolean; fields: string[] }> {
  const columns = {
    description: edit.description,
    phone: edit.phone,
    email: edit.email,
    website: edit.website,
    services: JSON.stringify(edit.services),
    openingHours: JSON.stringify(edit.openingHours),
    menu: edit.menu.length ? JSON.stringify(edit.menu) : null,
    status: edit.status,
    closedUntil: edit.status === 'temporarily_closed' ? (edit.closedUntil ?? null) : null,
  };
  const changed: string[] = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('providers').selectAll().where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
    if (!before) throw new NotFoundError('No listing has that id');
    const today = todayIn(before.timeZone ?? timeZoneOf(before.state), now);
    if (columns.closedUntil && columns.closedUntil <= today) {
      throw new InvalidInputError('The reopening date must be after today', 'closedUntil');
    }
    if (columns.closedUntil && columns.closedUntil > addDays(today, MAX_CLOSURE_DAYS)) {
      throw new InvalidInputError('The reopening date must be within a year', 'closedUntil');
    }
    const keys = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => before[k] !== columns[k]);
    if (keys.length === 0) return [];
    // A vetted listing's new service names wait for an operator before they join the shared
    // vocabulary (src/features/suggestions/serviceRequests.server.ts); an unvetted one counts none yet.
    let vocabServices = before.vocabServices;
    if (keys.includes('services') && before.vetted_at) {
      const counted = await countedServices(trx, edit.services, vocabularyServices(before));
      vocabServices = counted.vocabServices;
      await setServiceRequests(trx, providerId, counted.waiting, now);
    }
    await trx
      .updateTable('providers')
      .set({ ...columns, vocabServices, ownerUpdatedAt: now.toISOString() })
      .where('id', '=', providerId)
      .execute();
    // The search's copied rows, through their one writer (providers/copies.server.ts): category rows
    // from the services, then hours rows (which copy the categories).
    const rewrite: InStatement[] = [];
    // Its words in the vocabulary of suggestions and spelling correction follow what it says and
    // whether it is listed for search (vetted, and not permanently closed: docs/owners.md "Statuses").
    if (keys.some((k) => k === 'status' || k === 'description' || k === 'services')) {
      const listed = (row: { status: string }) => !!before.vetted_at && row.status !== 'permanently_closed';
      if (listed(before)) rewrite.push(...removeTermsStatements(before));
      if (listed(columns)) rewrite.push(addTermsStatement({ ...before, ...columns, vocabServices }));
    }
    if (keys.includes('services')) {
      await trx.deleteFrom('provider_categories').where('providerSeq', '=', before.seq).execute();
      rewrite.push(categoryRowsStatement([{ id: providerId, services: edit.services }]));
    }
    if (keys.includes('openingHours') || keys.includes('services')) {
      await trx.deleteFrom('provider_hours').where('providerSeq', '=', before.seq).execute();
      rewrite.push(hoursRowsStatement([{ id: providerId, openingHours: columns.openingHours }]));
    }
    for (const statement of rewrite) {
      const { sql: text, args } = statement as { sql: string; args: unknown[] };
      await trx.executeQuery(CompiledQuery.raw(text, args));
    }
    await audit(
      trx,
      {
        providerId,
        action: 'edit',
        actor,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, columns[k]])),
      },
      now,
    );
    return keys;
  });
  return { listing: await ownerListing({ db } as Db, providerId), changed: changed.length > 0, fields: changed };
}
