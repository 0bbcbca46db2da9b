/**
 * Claiming a listing (docs/owners.md "Claim"): who may claim it, tying it to an account, and the
 * audit of every owner and support action. No HTTP here: callers turn the errors into answers.
 */
import { vetListing } from '../listings/index.server';
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database, ListingOwnersTable, OwnerAuditTable } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors';
import { isOpenDomain } from './claimDomains.server';

export type ClaimVia = ListingOwnersTable['via'];

/**
 * The host of a website URL without a leading www., when an address there can prove the listing:
 * null when the listing has none, it is not a URL, or anyone can have an address or a page there
 * (free mail, social and booking platforms: claimDomains.server.ts).
 */
export function websiteDomain(website: string | null): string | null {
  if (!website) return null;
  try {
    const host = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase().replace(/^www\./, '');
    return host && !isOpenDomain(host) ? host : null;
  } catch {
    return null;
  }
}

/**
 * How `email` proves a listing is theirs: its listed email, or an address at its website's domain;
 * null if neither. On a listing not yet vetted both were typed by its applicant in the business
 * popup, so they prove only that the applicant reads that mail ('new-listing': they may manage it,
 * but it stays unvetted, docs/owners.md "New listings").
 */
export function claimVia(listing: { email: string | null; website: string | null; vetted_at?: string | null }, email: string): ClaimVia | null {
  const address = email.trim().toLowerCase();
  const domain = websiteDomain(listing.website);
  const byEmail = !!listing.email && listing.email.trim().toLowerCase() === address;
  const byDomain = !!domain && address.endsWith(`@${domain}`);
  if (!byEmail && !byDomain) return null;
  if (listing.vetted_at === null) return 'new-listing';
  return byEmail ? 'listed-email' : 'website-domain';
}

export interface ClaimableListing {
  id: string;
  name: string;
  slug: string;
  email: string | null;
  website: string | null;
  /** When the listing was vetted; null for a new one nobody has confirmed yet. */
  vetted_at: string | null;
}

/** A published listing by id. */
export async function listingById({ db }: Db, providerId: string): Promise<ClaimableListing> {
  const listing = await db
    .selectFrom('providers')
    .select(['id', 'name', 'slug', 'email', 'website', 'vetted_at'])
    .where('id', '=', providerId)
    .where('isHidden', '=', 0)
    .executeTakeFirst();
  if (!listing) throw new NotFoundError('No listing has that id');
  return listing;
}

/** The sentence that tells a claimant which addresses can claim this listing. */
export function whoCanClaim(listing: ClaimableListing): string {
  const domain = websiteDomain(listing.website);
  const ways = [listing.email ? `the listing's email (${listing.email})` : null, domain ? `an address at ${domain}` : null].filter(Boolean);
  const support = 'contact support at /contact and we will check it by hand';
  return ways.length
    ? `Only ${ways.join(' or ')} can claim ${listing.name}. If you cannot use ${ways.length > 1 ? 'either' : 'it'}, ${support}.`
    : `${listing.name} lists no email or website to check, so ${support}.`;
}

/** The owner of a listing, if it is claimed. */
export async function ownerOf({ db }: Db, providerId: string) {
  return (await db.selectFrom('listing_owners').selectAll().where('providerId', '=', providerId).executeTakeFirst()) ?? null;
}

/** Checks that `email` may claim the listing and that nobody else has; returns how it proves it. */
export async function checkClaim(database: Db, providerId: string, email: string, userId?: string): Promise<{ listing: ClaimableListing; via: ClaimVia }> {
  const listing = await listingById(database, providerId);
  const via = claimVia(listing, email);
  if (!via) throw new InvalidInputError(whoCanClaim(listing), 'email');
  const owner = await ownerOf(database, providerId);
  if (owner && owner.userId !== userId && owner.email !== email.toLowerCase()) {
    throw new ConflictError(`${listing.name} is already managed by its business. If that is not you, contact support at /contact.`);
  }
  return { listing, via };
}

type Executor = Kysely<Database> | Transaction<Database>;

/** One audit row (owner_audit): who did what to which listing, with the fields before and after. */
export async function audit(
  db: Executor,
  entry: Omit<OwnerAuditTable, 'id' | 'createdAt' | 'before' | 'after' | 'targetId' | 'reason'> & {
    targetId?: string | null;
    reason?: string | null;
    before?: unknown;
    after?: unknown;
  },
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('owner_audit')
    .values({
      id: randomUUID(),
      providerId: entry.providerId,
      action: entry.action,
      targetId: entry.targetId ?? null,
      actor: entry.actor,
      reason: entry.reason ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      createdAt: now.toISOString(),
    })
    .execute();
}

/**
 * Ties the listing to the account (one owner per listing) and audits it, in one transaction.
 * Claiming again by its owner changes nothing.
 */
export async function claimListing(
  { db }: Db,
  {
    providerId,
    userId,
    email,
    via,
    actor = email,
    reason,
  }: { providerId: string; userId: string; email: string; via: ClaimVia; actor?: string; reason?: string },
  now = new Date(),
): Promise<{ claimed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('listing_owners').selectAll().where('providerId', '=', providerId).executeTakeFirst();
    if (current?.userId === userId) return { claimed: false };
    if (current && via !== 'support')
      throw new ConflictError('This listing is already managed by its business. If that is not you, contact support at /contact.');
    if (current) await trx.deleteFrom('listing_owners').where('providerId', '=', providerId).execute();
    const row = { providerId, userId, email: email.toLowerCase(), via, claimedAt: now.toISOString() };
    await trx.insertInto('listing_owners').values(row).execute();
    await audit(trx, { providerId, action: via === 'support' ? 'assign' : 'claim', actor, reason, before: current ?? null, after: row }, now);
    // Only support's assignment (an operator's check) vets: an applicant proving the address they
    // typed themselves does not (docs/owners.md "Which listings are vetted").
    if (via === 'support') await vetListing(trx, providerId, actor, now);
    return { claimed: true };
  });
}

/** The listings an account manages, by name. */
export async function listingsOf({ db }: Db, userId: string) {
  return db
    .selectFrom('listing_owners')
    .innerJoin('providers', 'providers.id', 'listing_owners.providerId')
    .select(['providers.id', 'providers.name', 'providers.slug'])
    .where('listing_owners.userId', '=', userId)
    .orderBy('providers.name')
    .execute();
}
