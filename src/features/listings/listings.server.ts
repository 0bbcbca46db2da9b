/**
 * New listings (docs/moderation.md "New listings"): a listing made through POST /api/providers is
 * not vetted until an operator approves it (docs/owners.md "Which listings are vetted"). Until then it
 * stays out of suggestions, the typo vocabulary, the city counts, the featured lists and the
 * sitemap, and its page is `noindex` with a "New listing, not yet verified" line; search finds it.
 * A new listing that looks like an existing one (same name and city, or same name and phone) is
 * held here instead, with no slug, until a moderator decides.
 */
import type { InStatement } from '@libsql/client';
import { CompiledQuery, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { normaliseForComparison } from '../../lib/schemas/storedText';
import { haversineMiles, type Point } from '../places';
import { nameKey } from './lookalike';
import { usPhoneDigits } from '../providers';
import { parseServices } from '../providers';
import type { ProviderCreate } from '../providers/schemas';
import { addTermsStatement, providerTerms, removeTermsStatements, type TermSource } from '../suggestions/index.server';
import { searchWords } from '../../lib/words';

/** Where vetting runs: the database, or a transaction of the caller's (kysely's, as the owners' claim runs in). */
export type VettingDb = Db | Kysely<Database> | Transaction<Database>;

/** The words "New listing, not yet verified" the page of an unvetted listing shows. */
export const UNVETTED_NOTICE = 'New listing, not yet verified';
/** What the notice goes on to say: who checks it, and what waits for the check. */
export const UNVETTED_DETAIL =
  "Glow's team has not yet checked that these details belong to the business. Until then the listing is not shown in suggestions, city pages or featured lists.";

/**
 * Marks a listing vetted by an operator (their login name; approval, support's assignment, a held
 * listing approved) or by an import. Its words join the vocabulary of suggestions and spelling correction, and its city
 * the city counts (a trigger). False when there is no such unvetted listing (already vetted,
 * unknown); a hidden listing is vetted but its words wait for it to be restored.
 */
export async function vetListing(database: VettingDb, providerId: string, by: string, now = new Date()): Promise<boolean> {
  const db = 'client' in database ? database.db : database;
  const row = await db
    .updateTable('providers')
    .set({ vetted_at: now.toISOString(), vetted_by: by, vocabServices: null })
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

/**
 * Statements that vet many listings in one transaction, as vetListing vets one (an import batch's
 * approval, a page of it at a time: one write instead of three round trips a listing). `listings`
 * as read before, for their words; whatever is still unvetted when the statements run is vetted
 * and, if listed (not hidden, not permanently closed), its words counted into the vocabulary. The
 * last statement returns the ids it vetted. Statements that must see which are still unvetted
 * (audit rows) go before them in the same batch.
 */
export function vetListingsStatements(listings: readonly (TermSource & { id: string })[], by: string, now = new Date()): InStatement[] {
  const ids = JSON.stringify(listings.map((l) => l.id));
  const terms = JSON.stringify(listings.map((l) => [l.id, providerTerms({ ...l, vocabServices: null })]));
  return [
    {
      // One row a term, its n the listings that have it (providerTerms lists each term of a listing once).
      sql: `INSERT INTO search_terms (kind, term, label, n)
            SELECT json_extract(t.value, '$[0]'), json_extract(t.value, '$[1]'), json_extract(t.value, '$[2]'), count(*)
            FROM json_each(?) l JOIN providers p ON p.id = json_extract(l.value, '$[0]') JOIN json_each(json_extract(l.value, '$[1]')) t
            WHERE p.vetted_at IS NULL AND p.isHidden = 0 AND p.status != 'permanently_closed'
            GROUP BY 1, 2, 3
            ON CONFLICT (kind, term, label) DO UPDATE SET n = n + excluded.n`,
      args: [terms],
    },
    {
      sql: `UPDATE providers SET vetted_at = ?, vetted_by = ?, vocabServices = NULL WHERE id IN (SELECT value FROM json_each(?)) AND vetted_at IS NULL RETURNING id`,
      args: [now.toISOString(), by, ids],
    },
  ];
}

/**
 * The statements that take a vetted listing back to not vetted (an operator's hold, or a claim that
 * vetted before migrations/0041): its words leave the vocabulary if they were in it, its city the
 * counts (a trigger), and its waiting service names go (approving the listing again counts them all).
 */
export function unvetStatements(p: TermSource & { id: string; isHidden: number; status: string; vetted_at: string | null }): InStatement[] {
  const listed = !!p.vetted_at && Number(p.isHidden) === 0 && p.status !== 'permanently_closed';
  return [
    ...(listed ? removeTermsStatements(p) : []),
    { sql: 'UPDATE providers SET vetted_at = NULL, vetted_by = NULL, vocabServices = NULL WHERE id = ?', args: [p.id] },
    { sql: 'DELETE FROM service_requests WHERE providerId = ?', args: [p.id] },
  ];
}

/**
 * Listings vetted only because their applicant entered the code mailed to the address they typed
 * (vetted_by 'owner', before migrations/0041): not vetted any more, as docs/owners.md "Which
 * listings are vetted" says. Runs with every setup; nothing to do after the first.
 */
export async function unvetApplicantVetted(database: Db, batchSize = 1000): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await database.db
      .selectFrom('providers')
      .select(['id', 'isHidden', 'name', 'description', 'services', 'vocabServices', 'city', 'state', 'vetted_at', 'status'])
      .where('vetted_by', '=', 'owner')
      .limit(batchSize)
      .execute();
    if (!rows.length) return done;
    await database.client.batch(rows.flatMap(unvetStatements), 'write');
    done += rows.length;
  }
}

/**
 * Words of unvetted listings' names (`services`: of their services) that start with `prefix`: search
 * finds a new listing by name, and a service search by its services, though its words are not yet
 * in the vocabulary (src/features/search/textMatch.server.ts). Read from the partial index of
 * unvetted listings, which holds only the few waiting to be vetted.
 */
export async function unvettedWords(database: Db, prefix: string, column: 'name' | 'services' = 'name'): Promise<string[]> {
  return unvettedWordsIn(await unvettedRows(database), prefix, column);
}

/** A listing not yet vetted, as unvettedWords reads it. */
export interface UnvettedRow {
  name: string;
  services: string;
}

/** The most listings not yet vetted `unvettedRows` reads: when it reads this many, more may wait unread. */
export const UNVETTED_READ = 1000;

/**
 * The listings not yet vetted (at most UNVETTED_READ) as one value, a JSON array of [name, services]
 * (`unvettedOf`): a statement of the request's first words reads them beside its own (search
 * requestReads.server.ts `termsOnce`), one statement fewer.
 */
export const UNVETTED_JSON: RawBuilder<string> = sql<string>`(SELECT json_group_array(json_array(name, services)) FROM (SELECT name, services FROM providers
  WHERE vetted_at IS NULL AND isHidden = 0 LIMIT ${UNVETTED_READ}))`;

/** The rows of UNVETTED_JSON's value. */
export const unvettedOf = (json: unknown): UnvettedRow[] => (JSON.parse(String(json)) as [string, string][]).map(([name, services]) => ({ name, services }));

/** The listings not yet vetted (at most UNVETTED_READ), read once for every word a request looks up among them. */
export const unvettedRows = async ({ db }: Db): Promise<UnvettedRow[]> =>
  unvettedOf((await sql<{ rows: string }>`SELECT ${UNVETTED_JSON} AS rows`.execute(db)).rows[0]!.rows);

/** The words of `rows` (their names, or their services) that start with `prefix` (unvettedWords). */
export function unvettedWordsIn(rows: readonly UnvettedRow[], prefix: string, column: 'name' | 'services' = 'name'): string[] {
  const text = (r: UnvettedRow) => (column === 'services' ? parseServices(r.services).join(' ') : r.name);
  return [...new Set(rows.flatMap((r) => searchWords(text(r))).filter((w) => w.startsWith(prefix)))];
}

export { nameKey };

/**
 * How far apart two listings of one name may be and still be held as a likely copy: a copy in the
 * next town ("Bishop Arts Nail House" of Dallas listed again in Irving) is as much a phishing page
 * as one in the same city; two real shops of one name are rarely this close, and an operator
 * approves them in one command.
 */
export const LOOKALIKE_MILES = 30;

export interface DuplicateMatch {
  providerId: string;
  slug: string;
  matchedOn: 'name and city' | 'name and phone' | 'name nearby';
}

/**
 * The existing listing a new one copies: the same name (compared as nameKey: case, width,
 * invisible characters and lookalike letters folded, ./lookalike.ts) in the same city and state,
 * with the same phone, or within LOOKALIKE_MILES of where the new one says it is (`near`). One
 * indexed read of the listings sharing its name key.
 */
export async function findDuplicate(
  { db }: Db,
  input: Pick<ProviderCreate, 'name' | 'city' | 'state' | 'phone'>,
  near: Point | null = null,
): Promise<DuplicateMatch | null> {
  const rows = await db
    .selectFrom('providers')
    .select(['id', 'slug', 'city', 'state', 'phone', 'latitude', 'longitude'])
    .where('nameKey', '=', nameKey(input.name))
    .limit(50)
    .execute();
  const city = normaliseForComparison(input.city);
  const phone = usPhoneDigits(input.phone ?? '');
  const match = (row: (typeof rows)[number], matchedOn: DuplicateMatch['matchedOn']): DuplicateMatch => ({ providerId: row.id, slug: row.slug, matchedOn });
  const sameCity = rows.find((row) => normaliseForComparison(row.city) === city && row.state === input.state);
  if (sameCity) return match(sameCity, 'name and city');
  const samePhone = phone ? rows.find((row) => usPhoneDigits(row.phone ?? '') === phone) : undefined;
  if (samePhone) return match(samePhone, 'name and phone');
  const nearby = near
    ? rows.find(
        (row) => row.latitude != null && row.longitude != null && haversineMiles(near, { latitude: row.latitude, longitude: row.longitude }) <= LOOKALIKE_MILES,
      )
    : undefined;
  return nearby ? match(nearby, 'name nearby') : null;
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
