/**
 * New listings (docs/moderation.md "New listings"): a listing made through POST /api/providers is
 * not vetted until its owner confirms the emailed code or a moderator approves it. Until then it
 * stays out of suggestions, the typo vocabulary, the city counts, the featured lists and the
 * sitemap, and its page is `noindex` with a "New listing, not yet verified" line; search finds it.
 * A new listing that looks like an existing one (same name and city, or same name and phone) is
 * held here instead, with no slug, until a moderator decides.
 */
import type { InStatement } from '@libsql/client';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { normaliseForComparison } from '../../lib/schemas/storedText';
import { usPhoneDigits } from '../providers/phone';
import { parseServices } from '../providers/providerFields';
import type { ProviderCreate } from '../providers/schemas/provider';
import { addTermsStatement } from '../suggestions/vocabulary.server';
import { searchWords } from '../search/searchText';

/** Where vetting runs: the database, or a transaction of the caller's (kysely's, as the owners' claim runs in). */
export type VettingDb = Db | Kysely<Database> | Transaction<Database>;

/** The words "New listing, not yet verified" the page of an unvetted listing shows. */
export const UNVETTED_NOTICE = 'New listing, not yet verified';

/**
 * Marks a listing vetted: by its owner ('owner', after the emailed code) or by a moderator (their
 * login name). Its words join the vocabulary of suggestions and spelling correction, and its city
 * the city counts (a trigger). False when there is no such unvetted listing (already vetted,
 * unknown); a hidden listing is vetted but its words wait for it to be restored.
 */
export async function vetListing(database: VettingDb, providerId: string, by: string, now = new Date()): Promise<boolean> {
  const db = 'client' in database ? database.db : database;
  const row = await db
    .updateTable('providers')
    .set({ vetted_at: now.toISOString(), vetted_by: by })
    .where('id', '=', providerId)
    .where('vetted_at', 'is', null)
    .returning(['name', 'description', 'services', 'city', 'state', 'isHidden', 'status'])
    .executeTakeFirst();
  if (!row) return false;
  // Listed for search only: neither hidden nor permanently closed (docs/owners.md "Statuses").
  if (Number(row.isHidden) === 0 && row.status !== 'permanently_closed') {
    const terms = addTermsStatement(row) as { sql: string; args: unknown[] };
    await db.executeQuery(CompiledQuery.raw(terms.sql, terms.args));
  }
  return true;
}

/** Whether a listing has been vetted (its owner confirmed, or a moderator approved). */
export async function isVetted({ db }: Db, providerId: string): Promise<boolean> {
  const row = await db.selectFrom('providers').select('vetted_at').where('id', '=', providerId).executeTakeFirst();
  return Boolean(row?.vetted_at);
}

/**
 * Words of unvetted listings' names (`services`: of their services) that start with `prefix`: search
 * finds a new listing by name, and a service search by its services, though its words are not yet
 * in the vocabulary (src/features/search/textMatch.server.ts). Read from the partial index of
 * unvetted listings, which holds only the few waiting to be vetted.
 */
export async function unvettedWords({ db }: Db, prefix: string, column: 'name' | 'services' = 'name'): Promise<string[]> {
  const rows = await db.selectFrom('providers').select(['name', 'services']).where('vetted_at', 'is', null).where('isHidden', '=', 0).limit(1000).execute();
  const text = (r: (typeof rows)[number]) => (column === 'services' ? parseServices(r.services).join(' ') : r.name);
  return [...new Set(rows.flatMap((r) => searchWords(text(r))).filter((w) => w.startsWith(prefix)))];
}

/** The comparison form of a listing's name (stored as providers.nameKey). */
export const nameKey = (name: string): string => normaliseForComparison(name);

export interface DuplicateMatch {
  providerId: string;
  slug: string;
  matchedOn: 'name and city' | 'name and phone';
}

/** The existing listing a new one copies: the same name (compared as nameKey) in the same city and state, or with the same phone. */
export async function findDuplicate({ db }: Db, input: Pick<ProviderCreate, 'name' | 'city' | 'state' | 'phone'>): Promise<DuplicateMatch | null> {
  const rows = await db.selectFrom('providers').select(['id', 'slug', 'city', 'state', 'phone']).where('nameKey', '=', nameKey(input.name)).limit(50).execute();
  const city = normaliseForComparison(input.city);
  const phone = usPhoneDigits(input.phone ?? '');
  for (const row of rows) {
    if (normaliseForComparison(row.city) === city && row.state === input.state) return { providerId: row.id, slug: row.slug, matchedOn: 'name and city' };
  }
  for (const row of rows) {
    if (phone && usPhoneDigits(row.phone ?? '') === phone) return { providerId: row.id, slug: row.slug, matchedOn: 'name and phone' };
  }
  return null;
}

export interface HeldListing {
  id: string;
  name: string;
  city: string;
  state: string;
  matchedSlug: string;
  matchedOn: string;
  createdAt: string;
}

/** Keeps a new listing that copies an existing one for a moderator; it gets no slug and no page. */
export async function holdListing({ client }: Db, input: ProviderCreate, match: DuplicateMatch, now = new Date()): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  await client.execute({
    sql: `INSERT INTO held_listings (id, payload, name, city, state, matchedProviderId, matchedOn, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [id, JSON.stringify(input), input.name, input.city, input.state, match.providerId, match.matchedOn, now.toISOString()],
  });
  return { id };
}

/** Held listings no moderator has decided yet, newest first. */
export async function openHeldListings({ db }: Db, limit = 50): Promise<HeldListing[]> {
  return db
    .selectFrom('held_listings as h')
    .innerJoin('providers as p', 'p.id', 'h.matchedProviderId')
    .select(['h.id', 'h.name', 'h.city', 'h.state', 'p.slug as matchedSlug', 'h.matchedOn', 'h.createdAt'])
    .where('h.resolvedAt', 'is', null)
    .orderBy('h.createdAt', 'desc')
    .limit(limit)
    .execute();
}

/** A held listing's request, for a moderator who approves it; NotFoundError when unknown or decided. */
export async function heldListing({ db }: Db, id: string): Promise<ProviderCreate> {
  const row = await db.selectFrom('held_listings').select('payload').where('id', '=', id).where('resolvedAt', 'is', null).executeTakeFirst();
  if (!row) throw new NotFoundError(`No held listing with id ${id} waiting for a decision`);
  return JSON.parse(row.payload) as ProviderCreate;
}

/** Records a moderator's decision on a held listing. */
export function resolveHeldStatement(id: string, resolution: 'approved' | 'rejected', providerId: string | null, now: Date): InStatement {
  return {
    sql: 'UPDATE held_listings SET resolvedAt = ?, resolution = ?, providerId = ? WHERE id = ? AND resolvedAt IS NULL',
    args: [now.toISOString(), resolution, providerId, id],
  };
}

/** Unvetted listings (newest first) for `npm run moderate -- list`. */
export async function unvettedListings({ db }: Db, limit = 50) {
  return db
    .selectFrom('providers')
    .select(['slug', 'name', 'city', 'state', 'createdAt'])
    .where('vetted_at', 'is', null)
    .where('isHidden', '=', 0)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** Fills providers.nameKey for listings written before migrations/0015 (runs with every setup; nothing to do after the first). */
export async function backfillNameKeys({ db, client }: Db, batchSize = 5000): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db.selectFrom('providers').select(['id', 'name']).where('nameKey', 'is', null).limit(batchSize).execute();
    if (!rows.length) return done;
    await client.batch(
      rows.map((r) => ({ sql: 'UPDATE providers SET nameKey = ? WHERE id = ?', args: [nameKey(r.name), r.id] })),
      'write',
    );
    done += rows.length;
  }
}
