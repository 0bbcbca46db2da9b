/**
 * A listing as requests see it (docs/requests.md): its business facts, its owner and its settings,
 * read in one query; whether it takes requests now; its settings as the owner edits them.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { IdOf } from '../../db/batchedReads';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { timeZoneOf } from '../places';
import { parseMenu } from '../providers';
import { parseServices } from '../providers';
import { audit } from '../owners/index.server';
import type { ReplyTime, RequestOptions, RequestSettings } from './schemas';
import { openDates } from './time';
import { writeTransaction } from './transaction.server';

type Executor = Kysely<Database> | Transaction<Database>;

export interface RequestListing {
  id: string;
  name: string;
  slug: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  timeZone: string;
  openingHours: string;
  status: string;
  closedUntil: string | null;
  menu: string | null;
  services: string;
  vetted: boolean;
  ownerEmail: string | null;
  ownerUserId: string | null;
  takesRequestsSetting: boolean;
  bookingUrl: string | null;
  cancellationPolicy: string | null;
  replyTime: ReplyTime;
}

/** The listing, its owner and its settings; NotFoundError for an unknown or hidden one. */
export async function requestListing(db: Executor, providerId: string): Promise<RequestListing> {
  const row = await db
    .selectFrom('providers as p')
    .leftJoin('listing_owners as o', 'o.providerId', 'p.id')
    .leftJoin('request_settings as s', 's.providerId', 'p.id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.phone',
      'p.address',
      'p.city',
      'p.state',
      'p.zipCode',
      'p.timeZone',
      'p.openingHours',
      'p.status',
      'p.closedUntil',
      'p.menu',
      'p.services',
      'p.vetted_at',
      'o.email as ownerEmail',
      'o.userId as ownerUserId',
      's.takesRequests',
      's.bookingUrl',
      's.cancellationPolicy',
      's.replyMedianHours',
      's.replyRate',
      's.replyRequests',
    ])
    .where('p.id', '=', providerId)
    .where('p.isHidden', '=', 0)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No listing has that id');
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    phone: row.phone ?? '',
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    timeZone: row.timeZone ?? timeZoneOf(row.state),
    openingHours: row.openingHours,
    status: row.status,
    closedUntil: row.closedUntil,
    menu: row.menu,
    services: row.services,
    vetted: row.vetted_at !== null,
    ownerEmail: row.ownerEmail ?? null,
    ownerUserId: row.ownerUserId ?? null,
    takesRequestsSetting: Number(row.takesRequests ?? 0) === 1,
    bookingUrl: row.bookingUrl ?? null,
    cancellationPolicy: row.cancellationPolicy ?? null,
    replyTime: replyTimeOf(row),
  };
}

export const replyTimeOf = (row: { replyMedianHours?: number | null; replyRate?: number | null; replyRequests?: number | null }): ReplyTime =>
  row.replyMedianHours === null || row.replyMedianHours === undefined
    ? null
    : { medianHours: Number(row.replyMedianHours), replyRate: Number(row.replyRate ?? 0), requests: Number(row.replyRequests ?? 0) };

/** Whether a shopper may send it a request now: claimed, vetted, not closed for good, and its owner said yes. */
export const takesRequests = (listing: RequestListing): boolean =>
  listing.ownerEmail !== null && listing.vetted && listing.status !== 'permanently_closed' && listing.takesRequestsSetting;

/** The services a shopper chooses from: the menu's names (else the listed services), then "Something else". */
export function serviceChoices(listing: Pick<RequestListing, 'menu' | 'services'>): string[] {
  const menu = parseMenu(listing.menu).map((item) => item.name);
  return [...new Set(menu.length ? menu : parseServices(listing.services))];
}

/** GET /api/providers/{id}/request-options */
export async function requestOptions({ db }: Db, providerId: string, now = new Date()): Promise<RequestOptions> {
  const listing = await requestListing(db, providerId);
  const takes = takesRequests(listing);
  return {
    takesRequests: takes,
    claimed: listing.ownerEmail !== null,
    businessName: listing.name,
    timeZone: listing.timeZone,
    phone: listing.phone,
    services: takes ? serviceChoices(listing) : [],
    openDates: takes ? openDates(listing.openingHours, listing.timeZone, now, listing.status === 'temporarily_closed' ? listing.closedUntil : null) : [],
    cancellationPolicy: listing.cancellationPolicy,
    replyTime: listing.replyTime,
  };
}

/** What a provider page and GET /api/providers/by-slug add: one indexed read (docs/requests.md "Reply time"). */
export async function requestSummary({ db }: Db, providerId: IdOf): Promise<{ takesRequests: boolean; bookingUrl: string | null; replyTime: ReplyTime }> {
  const row = await db
    .selectFrom('providers as p')
    .leftJoin('listing_owners as o', 'o.providerId', 'p.id')
    .leftJoin('request_settings as s', 's.providerId', 'p.id')
    .select(['o.email', 'p.vetted_at', 'p.status', 's.takesRequests', 's.bookingUrl', 's.replyMedianHours', 's.replyRate', 's.replyRequests'])
    .where('p.id', '=', providerId)
    .executeTakeFirst();
  if (!row) return { takesRequests: false, bookingUrl: null, replyTime: null };
  return {
    takesRequests: Boolean(row.email) && row.vetted_at !== null && row.status !== 'permanently_closed' && Number(row.takesRequests ?? 0) === 1,
    bookingUrl: row.bookingUrl ?? null,
    replyTime: replyTimeOf(row),
  };
}

/** GET /api/owners/listings/{id}/requests-settings */
export async function requestSettings({ db }: Db, providerId: string): Promise<RequestSettings> {
  const listing = await requestListing(db, providerId);
  return { takesRequests: listing.takesRequestsSetting, bookingUrl: listing.bookingUrl, cancellationPolicy: listing.cancellationPolicy };
}

/** PUT /api/owners/listings/{id}/requests-settings: saved and audited in one transaction. */
export async function saveRequestSettings({ db }: Db, providerId: string, input: RequestSettings, actor: string, now = new Date()): Promise<RequestSettings> {
  return writeTransaction({ db }, async (trx) => {
    const before = await trx
      .selectFrom('request_settings')
      .select(['takesRequests', 'bookingUrl', 'cancellationPolicy'])
      .where('providerId', '=', providerId)
      .executeTakeFirst();
    const row = {
      takesRequests: input.takesRequests ? 1 : 0,
      bookingUrl: input.bookingUrl,
      cancellationPolicy: input.cancellationPolicy,
      updatedAt: now.toISOString(),
    };
    await trx
      .insertInto('request_settings')
      .values({ providerId, ...row })
      .onConflict((oc) => oc.column('providerId').doUpdateSet(row))
      .execute();
    await audit(trx, { providerId, action: 'edit', actor, before: { requestSettings: before ?? null }, after: { requestSettings: input } }, now);
    return input;
  });
}
