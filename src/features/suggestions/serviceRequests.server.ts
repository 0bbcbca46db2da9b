/**
 * The shared vocabulary takes owners' new words only through an operator (docs/owners.md "Which
 * listings are vetted"): a vetted listing's owner who adds a service name that is neither in the
 * catalogue nor approved yet gets it on the listing and in search at once, but not into the
 * suggestions and spelling correction everyone sees; it waits in `service_requests` until
 * `npm run moderate -- approve-service NAME`. Each listing's counted services are stored with it
 * (providers.vocabServices), so counting a listing out always removes exactly what it added.
 */
import type { InStatement } from '@libsql/client';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { isCatalogueService } from '../catalog';
import { parseServices } from '../providers';
import { addTermsStatement, removeTermsStatements, vocabularyServices } from './vocabulary.server';

type Executor = Kysely<Database> | Transaction<Database>;

const key = (service: string) => service.trim().toLowerCase();

/**
 * How an owner's services count once saved: `vocabServices` for the row (null when all count) and
 * the names left waiting. A service counts when it is in the catalogue, approved, or already
 * counted on this listing (`counted`).
 */
export async function countedServices(db: Executor, services: string[], counted: string[]): Promise<{ vocabServices: string | null; waiting: string[] }> {
  const known = new Set(counted.map(key));
  const unknown = [...new Set(services.map(key).filter((s) => !known.has(s) && !isCatalogueService(s)))];
  const approved = unknown.length
    ? new Set((await db.selectFrom('approved_services').select('service').where('service', 'in', unknown).execute()).map((r) => r.service))
    : new Set<string>();
  const waiting = services.filter((s) => unknown.includes(key(s)) && !approved.has(key(s)));
  const counts = services.filter((s) => !waiting.includes(s));
  return { vocabServices: waiting.length ? JSON.stringify(counts) : null, waiting };
}

/** Replaces the listing's waiting service names with `waiting`. */
export async function setServiceRequests(db: Executor, providerId: string, waiting: string[], now: Date): Promise<void> {
  await db.deleteFrom('service_requests').where('providerId', '=', providerId).execute();
  if (!waiting.length) return;
  const rows = [...new Map(waiting.map((label) => [key(label), label])).entries()].map(([service, label]) => ({
    service,
    providerId,
    label,
    createdAt: now.toISOString(),
  }));
  await db.insertInto('service_requests').values(rows).execute();
}

/** The most waiting service names search reads (`pendingServiceNames`). */
const PENDING_READ = 1000;

/**
 * The service names waiting for an operator (lower case), null when more than PENDING_READ wait: a
 * vetted listing's waiting name is on it and in search at once but in no vocabulary, so a long word
 * stands for their words too, and a short word of a service that starts no word of the vocabulary
 * may still start one of these (src/features/search/textMatch.server.ts).
 */
export async function pendingServiceNames({ db }: Db): Promise<string[] | null> {
  return pendingOf((await sql<{ names: string }>`SELECT ${PENDING_JSON} AS names`.execute(db)).rows[0]!.names);
}

/**
 * The waiting service names pendingServiceNames reads (at most one past PENDING_READ) as one value, a
 * JSON array (`pendingOf`): a statement of the request's first words reads them beside its own
 * (search requestReads.server.ts `termsOnce`), one statement fewer.
 */
export const PENDING_JSON: RawBuilder<string> = sql<string>`(SELECT json_group_array(service) FROM (SELECT DISTINCT service FROM service_requests LIMIT ${PENDING_READ + 1}))`;

/** pendingServiceNames's answer from PENDING_JSON's value. */
export function pendingOf(json: unknown): string[] | null {
  const names = JSON.parse(String(json)) as string[];
  return names.length > PENDING_READ ? null : names;
}

export interface ServiceRequest {
  service: string;
  label: string;
  listings: number;
  latest: string;
}

/** Service names waiting for an operator, most recently asked first (`npm run moderate -- list`). */
export async function openServiceRequests({ db }: Db, limit = 50): Promise<ServiceRequest[]> {
  const rows = await db
    .selectFrom('service_requests')
    .select((eb) => ['service', eb.fn.max('label').as('label'), eb.fn.countAll<number>().as('listings'), eb.fn.max('createdAt').as('latest')])
    .groupBy('service')
    .orderBy('latest', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ service: r.service, label: String(r.label), listings: Number(r.listings), latest: String(r.latest) }));
}

/**
 * The statements that approve a service name for the vocabulary (run them in one batch with the
 * audit row): every listing waiting with it counts it in (its vocabulary counted out with the old
 * services, back in with the new), the name is remembered so later owners' use of it needs no
 * approval, and the requests close. `listings`: how many listings were waiting with it.
 */
export async function approveServiceStatements({ db }: Db, name: string, actor: string, now: Date): Promise<{ statements: InStatement[]; listings: number }> {
  const service = key(name);
  const holders = await db
    .selectFrom('service_requests as r')
    .innerJoin('providers as p', 'p.id', 'r.providerId')
    .select(['p.id', 'p.name', 'p.description', 'p.services', 'p.vocabServices', 'p.city', 'p.state', 'p.vetted_at', 'p.isHidden', 'p.status'])
    .where('r.service', '=', service)
    .execute();
  if (!holders.length) throw new NotFoundError(`No listing is waiting for the service name "${name}"`);
  const statements: InStatement[] = [];
  for (const p of holders) {
    const all = parseServices(p.services);
    const counted = [...vocabularyServices(p), ...all.filter((s) => key(s) === service)];
    const vocabServices = all.every((s) => counted.includes(s)) ? null : JSON.stringify(all.filter((s) => counted.includes(s)));
    const listed = !!p.vetted_at && Number(p.isHidden) === 0 && p.status !== 'permanently_closed';
    if (listed) statements.push(...removeTermsStatements(p));
    statements.push({ sql: 'UPDATE providers SET vocabServices = ? WHERE id = ?', args: [vocabServices, p.id] });
    if (listed) statements.push(addTermsStatement({ ...p, vocabServices }));
  }
  statements.push(
    { sql: 'INSERT OR IGNORE INTO approved_services (service, approvedBy, approvedAt) VALUES (?, ?, ?)', args: [service, actor, now.toISOString()] },
    { sql: 'DELETE FROM service_requests WHERE service = ?', args: [service] },
  );
  return { statements, listings: holders.length };
}
