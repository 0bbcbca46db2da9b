/**
 * Moderation by an operator (docs/moderation.md): hiding and restoring reviews and listings,
 * each action one transaction with its audit row. Reports only queue a review for a person to
 * look at; nothing here runs because of a report. No HTTP and no CLI here: scripts/moderate.ts
 * parses the command line and purges the CDN.
 */
import type { InStatement } from '@libsql/client';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { refreshRatingStatement } from '../reviews/index.server';
import { addTermsStatement, removeTermsStatements } from '../suggestions/index.server';
import { heldListing, resolveHeldStatement, unvetStatements, vetListing, vetListingsStatements } from '../listings/index.server';
import { approveServiceStatements } from '../suggestions/index.server';
import { createProvider } from '../listings/index.server';

export const MODERATION_ACTIONS = [
  'hide-review',
  'restore-review',
  'keep-review',
  'hide-listing',
  'restore-listing',
  'approve-listing',
  'approve-held',
  'reject-held',
  'hold-listing',
  'approve-service',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export interface ActionInput {
  /** Review id, or listing slug. */
  target: string;
  /** Why, in the operator's words: kept in the audit table. */
  reason: string;
  /** Who: the operator's login name. */
  actor: string;
}

export interface ActionResult {
  action: ModerationAction;
  /** The provider whose page changed (its CDN tag needs a purge). */
  providerId: string;
  /** What the action did, for the operator. */
  summary: string;
  /** False when the target was already in the wanted state (the action is still recorded). */
  changed: boolean;
}

function auditStatement(action: ModerationAction, targetId: string, { reason, actor }: ActionInput, now: Date): InStatement {
  return {
    sql: 'INSERT INTO moderation_actions (id, action, targetId, reason, actor, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
    args: [crypto.randomUUID(), action, targetId, reason, actor, now.toISOString()],
  };
}

function checkInput({ reason, actor }: ActionInput): void {
  if (!reason.trim()) throw new Error('A reason is required: it is kept with the action.');
  if (!actor.trim()) throw new Error('Who acts is required (USER).');
}

const REVIEW_STATUS: Partial<Record<ModerationAction, 'published' | 'hidden'>> = { 'hide-review': 'hidden', 'restore-review': 'published' };

/**
 * Hides, restores or keeps (dismisses its reports) a review. Status, the provider's rating and
 * count, the review's open reports and the audit row change in one transaction.
 */
export async function moderateReview(
  database: Db,
  action: 'hide-review' | 'restore-review' | 'keep-review',
  input: ActionInput,
  now = new Date(),
): Promise<ActionResult> {
  checkInput(input);
  const review = await database.db.selectFrom('reviews').select(['id', 'providerId', 'status']).where('id', '=', input.target).executeTakeFirst();
  if (!review) throw new NotFoundError(`No review with id ${input.target}`);
  const status = REVIEW_STATUS[action] ?? review.status;
  await database.client.batch(
    [
      { sql: 'UPDATE reviews SET status = ? WHERE id = ?', args: [status, review.id] },
      refreshRatingStatement(review.providerId),
      { sql: 'UPDATE review_reports SET resolvedAt = ? WHERE reviewId = ? AND resolvedAt IS NULL', args: [now.toISOString(), review.id] },
      auditStatement(action, review.id, input, now),
    ],
    'write',
  );
  const changed = status !== review.status;
  const summary = action === 'keep-review' ? 'Review kept published; its reports are closed.' : `Review ${changed ? 'is now' : 'was already'} ${status}.`;
  return { action, providerId: review.providerId, summary, changed };
}

/** A listing by slug with what its vocabulary is made of and whether it is listed for search. */
async function listingBySlug({ db }: Db, slug: string) {
  const provider = await db
    .selectFrom('providers')
    .select(['id', 'isHidden', 'name', 'description', 'services', 'vocabServices', 'city', 'state', 'vetted_at', 'status'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!provider) throw new NotFoundError(`No listing with slug ${slug}`);
  return provider;
}

/** Hides or restores a listing by slug: its page answers 410, and it leaves search, lists, sitemaps and counts. */
export async function moderateListing(database: Db, action: 'hide-listing' | 'restore-listing', input: ActionInput, now = new Date()): Promise<ActionResult> {
  checkInput(input);
  const provider = await listingBySlug(database, input.target);
  const hidden = action === 'hide-listing' ? 1 : 0;
  const changed = Number(provider.isHidden) !== hidden;
  // Its words leave (or rejoin) the vocabulary of suggestions and spelling correction with it; an
  // unvetted listing's words were never in it (src/features/listings/), nor a permanently closed one's (docs/owners.md).
  const terms =
    !changed || !provider.vetted_at || provider.status === 'permanently_closed' ? [] : hidden ? removeTermsStatements(provider) : [addTermsStatement(provider)];
  await database.client.batch(
    [{ sql: 'UPDATE providers SET isHidden = ? WHERE id = ?', args: [hidden, provider.id] }, ...terms, auditStatement(action, provider.id, input, now)],
    'write',
  );
  return { action, providerId: provider.id, summary: `Listing ${changed ? 'is now' : 'was already'} ${hidden ? 'hidden' : 'listed'}.`, changed };
}

/** Approves a new listing by slug (docs/moderation.md "New listings"): vetted, as its owner's confirmation would. */
export async function approveListing(database: Db, input: ActionInput, now = new Date()): Promise<ActionResult> {
  checkInput(input);
  const provider = await database.db.selectFrom('providers').select(['id']).where('slug', '=', input.target).executeTakeFirst();
  if (!provider) throw new NotFoundError(`No listing with slug ${input.target}`);
  const changed = await vetListing(database, provider.id, input.actor, now);
  await database.client.execute(auditStatement('approve-listing', provider.id, input, now));
  return { action: 'approve-listing', providerId: provider.id, summary: `Listing ${changed ? 'is now' : 'was already'} vetted.`, changed };
}

/**
 * Approves many listings as approveListing approves one (an import batch's approval, a page at a
 * time, docs/imports.md "Batches"): each still unvetted is vetted, its words join the vocabulary and
 * it gets its audit row, all in one transaction. Returns the ids it vetted.
 */
export async function approveListings(
  database: Db,
  providerIds: readonly string[],
  { reason, actor }: Omit<ActionInput, 'target'>,
  now = new Date(),
): Promise<string[]> {
  checkInput({ target: '', reason, actor });
  if (!providerIds.length) return [];
  const rows = (
    await database.client.execute({
      sql: 'SELECT id, name, description, services, city, state FROM providers WHERE id IN (SELECT value FROM json_each(?)) AND vetted_at IS NULL',
      args: [JSON.stringify(providerIds)],
    })
  ).rows;
  if (!rows.length) return [];
  const listings = rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    description: r.description === null ? null : String(r.description),
    services: String(r.services),
    city: String(r.city),
    state: String(r.state),
  }));
  // The audit rows first, of the listings still unvetted as the transaction runs (auditStatement's row, one each).
  const audit: InStatement = {
    sql: `INSERT INTO moderation_actions (id, action, targetId, reason, actor, createdAt)
          SELECT json_extract(l.value, '$[0]'), 'approve-listing', p.id, ?, ?, ? FROM json_each(?) l JOIN providers p ON p.id = json_extract(l.value, '$[1]')
          WHERE p.vetted_at IS NULL`,
    args: [reason, actor, now.toISOString(), JSON.stringify(listings.map((l) => [crypto.randomUUID(), l.id]))],
  };
  const results = await database.client.batch([audit, ...vetListingsStatements(listings, actor, now)], 'write');
  return results.at(-1)!.rows.map((r) => String(r.id));
}

/**
 * Holds a listing for review (docs/owners.md "Which listings are vetted"): back to not vetted, as a
 * new listing is. It loses its "Verified business" badge, its page says "New listing, not yet
 * verified" and is not indexed, and it leaves the sitemap, the vocabulary and the city counts until
 * an operator approves it again (`approve-listing`). Its owner keeps managing it.
 */
export async function unvetListing(database: Db, input: ActionInput, now = new Date()): Promise<ActionResult> {
  checkInput(input);
  const provider = await listingBySlug(database, input.target);
  const changed = !!provider.vetted_at;
  await database.client.batch([...(changed ? unvetStatements(provider) : []), auditStatement('hold-listing', provider.id, input, now)], 'write');
  return { action: 'hold-listing', providerId: provider.id, summary: `Listing ${changed ? 'is now' : 'was already'} held for review (not vetted).`, changed };
}

/**
 * Approves an owner's new service name for the vocabulary of suggestions and spelling correction
 * (src/features/suggestions/serviceRequests.server.ts): `target` is the name. One transaction with the audit row.
 */
export async function approveService(database: Db, input: ActionInput, now = new Date()): Promise<ActionResult & { listings: number }> {
  checkInput(input);
  const { statements, listings } = await approveServiceStatements(database, input.target, input.actor, now);
  await database.client.batch([...statements, auditStatement('approve-service', input.target.trim().toLowerCase(), input, now)], 'write');
  return {
    action: 'approve-service',
    providerId: '',
    summary: `"${input.target}" joins suggestions and spelling correction for ${listings} listing(s).`,
    changed: true,
    listings,
  };
}

/**
 * Decides a held listing (a new one that looked like an existing listing): approving makes it a
 * listing of its own, vetted, with a free slug; rejecting keeps nothing but the decision.
 */
export async function decideHeldListing(database: Db, action: 'approve-held' | 'reject-held', input: ActionInput, now = new Date()): Promise<ActionResult> {
  checkInput(input);
  const request = await heldListing(database, input.target);
  if (action === 'reject-held') {
    await database.client.batch([resolveHeldStatement(input.target, 'rejected', null, now), auditStatement(action, input.target, input, now)], 'write');
    return { action, providerId: '', summary: 'Held listing rejected: nothing was published.', changed: true };
  }
  const provider = await createProvider(database, request, now, { by: input.actor });
  await database.client.batch([resolveHeldStatement(input.target, 'approved', provider.id, now), auditStatement(action, input.target, input, now)], 'write');
  return { action, providerId: provider.id, summary: `Held listing approved: listed as ${provider.slug}.`, changed: true };
}

/** The id of the hidden listing with this slug, or null: its page answers 410, not 404. */
export async function removedListingId({ db }: Db, slug: string): Promise<string | null> {
  const row = await db.selectFrom('providers').select('id').where('slug', '=', slug).where('isHidden', '=', 1).executeTakeFirst();
  return row?.id ?? null;
}
