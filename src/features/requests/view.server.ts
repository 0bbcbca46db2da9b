/** A request as people see it (RequestView): labels on the listing's clock; the shopper's details only to its owner. */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, RequestsTable, RequestWindowsTable } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { DECLINE_REASONS } from './copy';
import type { RequestListing } from './listing.server';
import type { RequestView } from './schemas';
import { instantLabel, windowLabel } from './time';

type Executor = Kysely<Database> | Transaction<Database>;
export type RequestRow = Selectable<RequestsTable>;
export type WindowRow = Selectable<RequestWindowsTable>;

export async function loadRequest(db: Executor, id: string): Promise<{ row: RequestRow; windows: WindowRow[] }> {
  const row = await db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('No request has that id');
  const windows = await db.selectFrom('request_windows').selectAll().where('requestId', '=', id).orderBy('idx').execute();
  return { row, windows };
}

/** How the confirmed time reads: the shopper's window it was ("Fri, Dec 4, morning") or the exact time. */
export function acceptedLabel(row: RequestRow, windows: WindowRow[], timeZone: string): string | undefined {
  if (!row.acceptedStart) return undefined;
  const window = windows.find((w) => w.startsAt === row.acceptedStart);
  return window ? windowLabel(window) : instantLabel(row.acceptedStart, timeZone);
}

export const declineLabel = (reason: string | null) => DECLINE_REASONS.find((r) => r.value === reason)?.label;

export function toView(
  row: RequestRow,
  windows: WindowRow[],
  listing: Pick<RequestListing, 'name' | 'timeZone' | 'phone'>,
  { owner = false } = {},
): RequestView {
  const view: RequestView = {
    id: row.id,
    providerId: row.providerId,
    businessName: listing.name,
    service: row.service,
    windows: windows.map((w) => ({ date: w.date, part: w.part, ...(w.time ? { time: w.time } : {}), label: windowLabel(w) })),
    state: row.state,
    createdAt: row.createdAt,
  };
  if (row.acceptedStart) {
    view.acceptedStart = row.acceptedStart;
    view.acceptedLabel = acceptedLabel(row, windows, listing.timeZone);
  }
  if (row.proposedStart) {
    view.proposedStart = row.proposedStart;
    view.proposedLabel = instantLabel(row.proposedStart, listing.timeZone);
  }
  const reason = declineLabel(row.declineReason);
  if (reason) view.declineReason = reason;
  if (row.cancelledBy) view.cancelledBy = row.cancelledBy;
  if (row.cancelledAt) view.cancelledAt = row.cancelledAt;
  // The business's phone, so a shopper whose request went nowhere can still call.
  if (row.state === 'expired' || row.state === 'declined' || row.state === 'cancelled') view.phone = listing.phone;
  if (owner) view.shopper = { name: row.name, email: row.email, phone: row.phone, note: row.note };
  return view;
}
