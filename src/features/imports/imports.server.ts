/**
 * Import batches (docs/imports.md): a run of `npm run import` over one Overture places file.
 *
 * A dry run (the default) decides every record and reports what would happen; it writes nothing.
 * `--apply` records a batch and writes it in chunks of `chunkSize` records, each chunk one
 * transaction with the batch's progress (`rowsDone`), so a crash loses at most the chunk it was in
 * and a rerun over the same file resumes after the last chunk written, without duplicates. An
 * operator then approves the batch (its new listings vetted) or rolls it back (its new listings
 * hidden, the fields it changed put back where nobody has changed them since).
 *
 * Provenance: for each field an import set, provider_field_sources keeps the value it wrote. A later
 * import changes a field only while the listing still holds that value, so an owner's or operator's
 * edit is never overwritten; fields an import never set (a listing that existed before it was
 * matched) are never touched.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { InStatement } from '@libsql/client';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { IdOf } from '../../db/batchedReads';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { nameKey } from '../listings/index.server';
import { approveListings } from '../moderation/index.server';
import { zipArea } from '../places/index.server';
import { timeZoneOf } from '../places';
import { insertProviderStatements, type NewProvider } from '../listings/index.server';
import { STORED_PRICE_STAND_IN } from '../providers';
import { isUuidLike, slugify } from '../providers';
import { categoryRowsStatement, hoursRowsStatement } from '../providers/index.server';
import { addTermsStatement, removeTermsStatements } from '../suggestions/index.server';
import { mapPlace, SKIP_REASONS, type MappedPlace, type SkipReason } from './mapPlace';
import { decideMatch, type Candidate } from './matchPlace';
import { openPlaces, type ReadProgress } from './readPlaces.server';
import { importOptionsSchema, type ImportOptions } from './schemas/importRules';
import { overturePlaceSchema } from './schemas/overturePlace';
import { IMPORT_SOURCE } from './rules';

/** What happened to a record that was not skipped. */
export const OUTCOMES = ['new', 'updated', 'closed', 'matched', 'held'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The fields an import may set on a listing, with provenance kept for each. */
export const IMPORTED_FIELDS = [
  'name',
  'address',
  'city',
  'state',
  'zipCode',
  'phone',
  'email',
  'website',
  'services',
  'latitude',
  'longitude',
  'timeZone',
  'status',
] as const;
type Field = (typeof IMPORTED_FIELDS)[number];
type FieldValues = Record<Field, string | number | null>;

export interface Example {
  overtureId: string;
  name: string;
  city?: string;
  detail?: string;
}

export interface ImportReport {
  file: string;
  release: string | null;
  format: string;
  applied: boolean;
  /** The batch written (apply only). */
  batchId: string | null;
  /** Records read from the file, including those a resumed run had already done. */
  rows: number;
  /** Rows a resumed run skipped because an earlier run wrote them. */
  resumedAfter: number;
  counts: Record<Outcome | 'skipped', number>;
  skipped: Partial<Record<SkipReason | 'notAPlace', number>>;
  /** Skips by reason and what caused them ("unmapped: tattoo", "odbl: OpenStreetMap"). */
  skippedDetail: Record<string, number>;
  examples: Record<string, Example[]>;
}

export interface ImportHooks {
  /** Called once the file is open, with how far it has to go. */
  onStart?: (progress: ReadProgress) => void;
  /** Called after each chunk is decided (and written). */
  onChunk?: () => void;
}

const SKIP_MESSAGES: Record<SkipReason | 'notAPlace', string> = { ...SKIP_REASONS, notAPlace: 'not an Overture place record' };
export const skipMessage = (reason: string) => SKIP_MESSAGES[reason as SkipReason] ?? reason;

/** The release in a file's name ("places-2025-09-24.0.parquet"), or null. */
export const releaseOf = (file: string) => /\d{4}-\d{2}-\d{2}(?:\.\d+)?/.exec(basename(file))?.[0] ?? null;

async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function emptyReport(file: string, options: ImportOptions, format: string): ImportReport {
  return {
    file: basename(file),
    release: options.release ?? releaseOf(file),
    format,
    applied: options.apply,
    batchId: null,
    rows: 0,
    resumedAfter: 0,
    counts: { new: 0, updated: 0, closed: 0, matched: 0, held: 0, skipped: 0 },
    skipped: {},
    skippedDetail: {},
    examples: {},
  };
}

function example(report: ImportReport, key: string, limit: number, e: Example) {
  report.examples[key] ??= [];
  if (report.examples[key].length < limit) report.examples[key].push(e);
}

function skip(report: ImportReport, options: ImportOptions, reason: SkipReason | 'notAPlace', e: Example) {
  report.counts.skipped++;
  report.skipped[reason] = (report.skipped[reason] ?? 0) + 1;
  if (e.detail && (reason === 'unmapped' || reason === 'odbl' || reason === 'notUs' || reason === 'unknownLicence')) {
    const key = `${reason}: ${e.detail}`;
    report.skippedDetail[key] = (report.skippedDetail[key] ?? 0) + 1;
  }
  example(report, `skipped: ${reason}`, options.examples, e);
}

/** Reads and decides FILE; with `apply`, writes it as a batch (resuming an interrupted one). */
export async function runImport(database: Db, file: string, input: Partial<ImportOptions> & { actor: string }, hooks: ImportHooks = {}): Promise<ImportReport> {
  const options = importOptionsSchema.parse(input);
  const reader = await openPlaces(file);
  const report = emptyReport(file, options, reader.format);
  let batch: { id: string; rowsDone: number } | null = null;
  if (options.apply) {
    batch = await openBatch(database, file, await fileHash(file), report.release, options);
    report.batchId = batch.id;
    report.resumedAfter = batch.rowsDone;
    if (batch.rowsDone) Object.assign(report, await savedCounts(database, batch.id));
  }
  hooks.onStart?.(reader.progress);
  let chunk: unknown[] = [];
  let index = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await decideChunk(database, chunk, report, options, batch, index);
    chunk = [];
    hooks.onChunk?.();
  };
  for await (const record of reader.records) {
    index++;
    if (batch && index <= batch.rowsDone) continue;
    chunk.push(record);
    if (chunk.length >= options.chunkSize) await flush();
  }
  await flush();
  report.rows = index;
  if (batch) {
    await database.client.execute({
      sql: `UPDATE import_batches SET status = 'applied', finishedAt = ?, counts = ? WHERE id = ?`,
      args: [new Date().toISOString(), JSON.stringify(countsOf(report)), batch.id],
    });
  }
  return report;
}

const countsOf = (r: ImportReport) => ({ counts: r.counts, skipped: r.skipped, skippedDetail: r.skippedDetail, examples: r.examples });

async function savedCounts({ client }: Db, id: string): Promise<Partial<ImportReport>> {
  const row = (await client.execute({ sql: 'SELECT counts FROM import_batches WHERE id = ?', args: [id] })).rows[0];
  const saved = JSON.parse(String(row?.counts ?? '{}')) as Partial<ImportReport>;
  return saved.counts ? saved : {};
}

/** The interrupted batch of this file to resume, or a new one. */
async function openBatch(
  { client }: Db,
  file: string,
  hash: string,
  release: string | null,
  options: ImportOptions,
): Promise<{ id: string; rowsDone: number }> {
  const open = (
    await client.execute({
      sql: `SELECT id, rowsDone FROM import_batches WHERE fileHash = ? AND status = 'applying' ORDER BY createdAt DESC LIMIT 1`,
      args: [hash],
    })
  ).rows[0];
  if (open) return { id: String(open.id), rowsDone: Number(open.rowsDone) };
  const id = crypto.randomUUID();
  await client.execute({
    sql: `INSERT INTO import_batches (id, file, fileHash, release, status, options, createdBy, createdAt) VALUES (?, ?, ?, ?, 'applying', ?, ?, ?)`,
    args: [
      id,
      basename(file),
      hash,
      release,
      JSON.stringify({ minConfidence: options.minConfidence, chunkSize: options.chunkSize }),
      options.actor,
      new Date().toISOString(),
    ],
  });
  return { id, rowsDone: 0 };
}

interface ProviderNow extends FieldValues {
  id: string;
  seq: number;
  description: string | null;
  openingHours: string;
  vetted_at: string | null;
  isHidden: number;
}

const json = (v: unknown) => JSON.stringify(v ?? null);
const inList = (values: readonly string[]) => JSON.stringify(values);

/** The values an import writes for a mapped place. */
async function fieldValues(place: MappedPlace): Promise<FieldValues> {
  const { listing } = place;
  const area = await zipArea(listing.zipCode.slice(0, 5), listing.state);
  return {
    name: listing.name,
    address: listing.address,
    city: listing.city,
    state: listing.state,
    zipCode: listing.zipCode,
    phone: listing.phone,
    email: listing.email,
    website: listing.website,
    services: JSON.stringify(listing.services),
    latitude: place.latitude,
    longitude: place.longitude,
    timeZone: area?.timeZone ?? timeZoneOf(listing.state),
    status: place.closed ? 'permanently_closed' : 'open',
  };
}

/** Decides one chunk of records and, for an applied batch, writes it in one transaction. */
async function decideChunk(database: Db, records: unknown[], report: ImportReport, options: ImportOptions, batch: { id: string } | null, rowsDone: number) {
  const { client } = database;
  const places: MappedPlace[] = [];
  for (const record of records) {
    const parsed = overturePlaceSchema.safeParse(record);
    if (!parsed.success) {
      skip(report, options, 'notAPlace', { overtureId: String((record as { id?: unknown })?.id ?? ''), name: '', detail: parsed.error.issues[0]?.message });
      continue;
    }
    const mapped = mapPlace(parsed.data, options);
    if (!mapped.ok) {
      const p = parsed.data.properties;
      skip(report, options, mapped.reason, {
        overtureId: parsed.data.id,
        name: p.names?.primary ?? '',
        city: p.addresses?.[0]?.locality ?? undefined,
        detail: mapped.detail,
      });
      continue;
    }
    places.push(mapped.place);
  }
  const ids = places.map((p) => p.overtureId);
  const keys = places.map((p) => nameKey(p.listing.name));
  const phones = places.map((p) => p.listing.phone).filter((p): p is string => Boolean(p));
  // Every read of the chunk in one round trip (docs/imports.md "Cost").
  const [linked, byName, byPhone, held] = await client.batch(
    [
      { sql: 'SELECT overtureId, providerId FROM provider_sources WHERE overtureId IN (SELECT value FROM json_each(?))', args: [inList(ids)] },
      {
        sql: `SELECT p.id, p.nameKey, p.address, p.zipCode, p.phone, p.website, p.latitude, p.longitude, s.overtureId AS linkedTo
              FROM providers p LEFT JOIN provider_sources s ON s.providerId = p.id
              WHERE p.nameKey IN (SELECT value FROM json_each(?)) AND p.isHidden = 0`,
        args: [inList(keys)],
      },
      {
        sql: `SELECT p.id, p.nameKey, p.address, p.zipCode, p.phone, p.website, p.latitude, p.longitude, s.overtureId AS linkedTo
              FROM providers p LEFT JOIN provider_sources s ON s.providerId = p.id
              WHERE p.phone IN (SELECT value FROM json_each(?)) AND p.isHidden = 0`,
        args: [inList(phones)],
      },
      { sql: 'SELECT overtureId FROM import_holds WHERE resolvedAt IS NULL AND overtureId IN (SELECT value FROM json_each(?))', args: [inList(ids)] },
    ],
    'read',
  );
  const linkedTo = new Map(linked!.rows.map((r) => [String(r.overtureId), String(r.providerId)]));
  const heldIds = new Set(held!.rows.map((r) => String(r.overtureId)));
  const candidates = new Map<string, Candidate & { linkedTo: string | null }>();
  for (const r of [...byName!.rows, ...byPhone!.rows]) {
    candidates.set(String(r.id), {
      id: String(r.id),
      nameKey: r.nameKey === null ? null : String(r.nameKey),
      address: String(r.address),
      zipCode: String(r.zipCode),
      phone: r.phone === null ? null : String(r.phone),
      website: r.website === null ? null : String(r.website),
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      linkedTo: r.linkedTo === null ? null : String(r.linkedTo),
    });
  }
  const current = await currentRows(database, [...linkedTo.values()]);
  const writes: InStatement[] = [];
  const fresh: { place: MappedPlace; values: FieldValues }[] = [];
  const claimed = new Set<string>();
  for (const place of places) {
    const e: Example = { overtureId: place.overtureId, name: place.listing.name, city: place.listing.city };
    const values = await fieldValues(place);
    const providerId = linkedTo.get(place.overtureId);
    if (providerId) {
      const now = current.get(providerId);
      const outcome = now ? updateStatements(now, values, batch?.id ?? '', place, writes) : 'matched';
      report.counts[outcome]++;
      example(report, outcome, options.examples, outcome === 'matched' ? e : { ...e, detail: 'fields the import set' });
      if (batch && now && outcome !== 'matched') writes.push(sourcesStatement(providerId, place, report.release, batch.id));
      continue;
    }
    if (heldIds.has(place.overtureId)) {
      skip(report, options, 'heldBefore', e);
      continue;
    }
    const key = nameKey(place.listing.name);
    const pool = [...candidates.values()].filter((c) => c.nameKey === key || (place.listing.phone && c.phone === place.listing.phone));
    const decision = decideMatch(place, key, pool);
    if (decision.kind === 'match') {
      const c = candidates.get(decision.providerId)!;
      if (c.linkedTo || claimed.has(c.id)) {
        skip(report, options, 'alreadyLinked', e);
      } else if (place.closed) {
        skip(report, options, 'ownedStatus', e);
      } else {
        claimed.add(c.id);
        report.counts.matched++;
        example(report, 'matched', options.examples, { ...e, detail: decision.on });
        if (batch) {
          writes.push(sourcesStatement(c.id, place, report.release, batch.id), recordStatement(batch.id, place.overtureId, 'matched', c.id, { linked: true }));
        }
      }
      continue;
    }
    if (decision.kind === 'unclear') {
      report.counts.held++;
      example(report, 'held', options.examples, { ...e, detail: decision.reason });
      if (batch) {
        writes.push(
          {
            sql: `INSERT INTO import_holds (id, batchId, overtureId, candidateProviderId, reason, payload, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
            args: [
              crypto.randomUUID(),
              batch.id,
              place.overtureId,
              decision.providerId,
              decision.reason,
              JSON.stringify({ place, release: report.release }),
              new Date().toISOString(),
            ],
          },
          recordStatement(batch.id, place.overtureId, 'held', decision.providerId, null),
        );
      }
      continue;
    }
    if (place.closed) {
      skip(report, options, 'closed', e);
      continue;
    }
    report.counts.new++;
    example(report, 'new', options.examples, e);
    fresh.push({ place, values });
  }
  if (!batch) return;
  const slugs = await freeSlugs(
    database,
    fresh.map((f) => f.place.listing),
  );
  for (const [i, { place, values }] of fresh.entries()) writes.push(...newListingStatements(database, place, values, slugs[i]!, report.release, batch.id));
  writes.push({ sql: 'UPDATE import_batches SET rowsDone = ?, counts = ? WHERE id = ?', args: [rowsDone, JSON.stringify(countsOf(report)), batch.id] });
  await client.batch(writes, 'write');
}

/** The rows linked listings have now, with the values the import last wrote into them. */
async function currentRows({ client }: Db, ids: string[]): Promise<Map<string, ProviderNow & { provenance: Map<string, string | null> }>> {
  if (!ids.length) return new Map();
  const [rows, provenance] = await client.batch(
    [
      {
        sql: `SELECT id, seq, ${IMPORTED_FIELDS.join(', ')}, description, openingHours, vetted_at, isHidden FROM providers WHERE id IN (SELECT value FROM json_each(?))`,
        args: [inList(ids)],
      },
      { sql: 'SELECT providerId, field, value FROM provider_field_sources WHERE providerId IN (SELECT value FROM json_each(?))', args: [inList(ids)] },
    ],
    'read',
  );
  const out = new Map<string, ProviderNow & { provenance: Map<string, string | null> }>();
  for (const r of rows!.rows) out.set(String(r.id), { ...(r as unknown as ProviderNow), provenance: new Map() });
  for (const r of provenance!.rows) out.get(String(r.providerId))?.provenance.set(String(r.field), r.value === null ? null : String(r.value));
  return out;
}

/** Whether a listing is in search's vocabulary (vetted, listed, not permanently closed). */
const inVocabulary = (p: { vetted_at: string | null; isHidden: number; status: unknown }) =>
  Boolean(p.vetted_at) && Number(p.isHidden) === 0 && p.status !== 'permanently_closed';
type TermsRow = Parameters<typeof addTermsStatement>[0];
const termsRow = (p: ProviderNow): TermsRow => ({
  name: String(p.name),
  description: p.description ?? null,
  services: String(p.services),
  city: String(p.city),
  state: String(p.state),
});

/**
 * Statements that change the fields of a linked listing the import set and nobody changed since,
 * to the new values; pushes them to `writes` and says what it was.
 */
function updateStatements(
  now: ProviderNow & { provenance: Map<string, string | null> },
  values: FieldValues,
  batchId: string,
  place: MappedPlace,
  writes: InStatement[],
): Outcome {
  const changed = IMPORTED_FIELDS.filter((f) => {
    const written = now.provenance.get(f);
    return written !== undefined && written === json(now[f]) && json(values[f]) !== json(now[f]);
  });
  if (!changed.length) return 'matched';
  const after = { ...now, ...Object.fromEntries(changed.map((f) => [f, values[f]])) } as ProviderNow;
  writes.push({ sql: `UPDATE providers SET ${changed.map((f) => `${f} = ?`).join(', ')} WHERE id = ?`, args: [...changed.map((f) => values[f]), now.id] });
  writes.push(provenanceStatement(now.id, Object.fromEntries(changed.map((f) => [f, values[f]])), batchId));
  writes.push(...copiesStatements(now, after, changed));
  const before = {
    fields: Object.fromEntries(changed.map((f) => [f, now[f]])),
    provenance: Object.fromEntries(changed.map((f) => [f, now.provenance.get(f) ?? null])),
  };
  writes.push(
    recordStatement(batchId, place.overtureId, changed.includes('status') && values.status === 'permanently_closed' ? 'closed' : 'updated', now.id, before),
  );
  return changed.includes('status') && values.status === 'permanently_closed' ? 'closed' : 'updated';
}

/** Search's copied rows and vocabulary after a listing's fields change (docs/search.md "Copied columns and their owners"). */
function copiesStatements(before: ProviderNow, after: ProviderNow, changed: readonly string[]): InStatement[] {
  const out: InStatement[] = [];
  if (changed.includes('services')) {
    out.push({ sql: 'DELETE FROM provider_categories WHERE providerSeq = ?', args: [before.seq] });
    out.push(categoryRowsStatement([{ id: before.id, services: JSON.parse(String(after.services)) as string[] }]));
    out.push({ sql: 'DELETE FROM provider_hours WHERE providerSeq = ?', args: [before.seq] });
    out.push(hoursRowsStatement([{ id: before.id, openingHours: before.openingHours }]));
  }
  if (changed.some((f) => ['name', 'services', 'city', 'state', 'status'].includes(f))) {
    if (inVocabulary(before)) out.push(...removeTermsStatements(termsRow(before)));
    if (inVocabulary(after)) out.push(addTermsStatement(termsRow(after)));
  }
  return out;
}

function provenanceStatement(providerId: string, values: Partial<FieldValues>, batchId: string): InStatement {
  const encoded = Object.fromEntries(Object.entries(values).map(([f, v]) => [f, json(v)]));
  return {
    sql: `INSERT INTO provider_field_sources (providerId, field, value, batchId) SELECT ?, key, value, ? FROM json_each(?) WHERE true
          ON CONFLICT (providerId, field) DO UPDATE SET value = excluded.value, batchId = excluded.batchId`,
    args: [providerId, batchId, JSON.stringify(encoded)],
  };
}

function sourcesStatement(providerId: string, place: MappedPlace, release: string | null, batchId: string): InStatement {
  return {
    sql: `INSERT INTO provider_sources (providerId, overtureId, sources, release, batchId) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (providerId) DO UPDATE SET sources = excluded.sources, release = excluded.release, batchId = excluded.batchId`,
    args: [providerId, place.overtureId, JSON.stringify(place.sources), release, batchId],
  };
}

function recordStatement(batchId: string, overtureId: string, outcome: Outcome, providerId: string | null, before: unknown): InStatement {
  return {
    sql: 'INSERT OR REPLACE INTO import_records (batchId, overtureId, outcome, providerId, before) VALUES (?, ?, ?, ?, ?)',
    args: [batchId, overtureId, outcome, providerId, before === null ? null : JSON.stringify(before)],
  };
}

/** A new listing from a place: not vetted until its batch is approved, no hours (none are invented), its provenance recorded. */
function newListingStatements(
  database: Db,
  place: MappedPlace,
  values: FieldValues,
  slug: string,
  release: string | null,
  batchId: string,
  id = crypto.randomUUID(),
): InStatement[] {
  // The fields the import sets, as the provenance rows record them; status is a new listing's default.
  const { status: _open, ...columns } = values;
  const row = {
    ...columns,
    id,
    slug,
    description: null,
    isPromoted: 0,
    isOpen: 1,
    // The column requires a price: its stand-in, flagged unknown so nothing shows it (docs/owners.md "Unknown hours and price").
    priceRange: STORED_PRICE_STAND_IN,
    priceRangeKnown: 0,
    // No opening hours in Overture: none are invented, so the listing never matches "open now".
    openingHours: '{}',
    imageUrl: null,
    menu: null,
    createdAt: new Date().toISOString(),
    vetted_at: null,
    vetted_by: null,
    // Made by this import: without hours it says "Hours not confirmed" (providers/unknownFields.ts).
    source: IMPORT_SOURCE,
  } as NewProvider;
  return [
    ...insertProviderStatements(database, row),
    sourcesStatement(id, place, release, batchId),
    provenanceStatement(id, values, batchId),
    recordStatement(batchId, place.overtureId, 'new', id, null),
  ];
}

/**
 * Free, readable slugs for a chunk's new listings (the rule of createProvider: name, then
 * name-city, then name-city-2, ...), in two reads whatever the chunk's size.
 */
async function freeSlugs({ client }: Db, listings: readonly { name: string; city: string }[]): Promise<string[]> {
  if (!listings.length) return [];
  const wanted = listings.map((l) => {
    const base = slugify(l.name) || 'provider';
    return { base, withCity: `${base}-${slugify(l.city)}`.replace(/-+$/, '') };
  });
  const firstChoices = wanted.flatMap((w) => [w.base, w.withCity]);
  const [taken] = await client.batch(
    [{ sql: 'SELECT slug FROM providers WHERE slug IN (SELECT value FROM json_each(?))', args: [inList(firstChoices)] }],
    'read',
  );
  const used = new Set(taken!.rows.map((r) => String(r.slug)));
  const out: (string | null)[] = wanted.map((w) => {
    for (const candidate of [w.base, w.withCity]) {
      if (candidate && !used.has(candidate) && !isUuidLike(candidate)) {
        used.add(candidate);
        return candidate;
      }
    }
    return null;
  });
  // The rest need a number: read the numbered slugs of their name-city once (a range of the slug index).
  const prefixes = [...new Set(wanted.filter((_, i) => out[i] === null).map((w) => `${w.withCity}-`))];
  for (const prefix of prefixes) {
    const rows = (await client.execute({ sql: 'SELECT slug FROM providers WHERE slug >= ? AND slug < ?', args: [prefix, `${prefix}\uffff`] })).rows;
    for (const r of rows) used.add(String(r.slug));
  }
  return out.map((slug, i) => {
    if (slug) return slug;
    const { withCity } = wanted[i]!;
    for (let n = 2; ; n++) {
      if (!used.has(`${withCity}-${n}`)) {
        used.add(`${withCity}-${n}`);
        return `${withCity}-${n}`;
      }
    }
  });
}

export interface BatchSummary {
  id: string;
  file: string;
  release: string | null;
  status: string;
  rowsDone: number;
  createdBy: string;
  createdAt: string;
  decidedBy: string | null;
  counts: ImportReport['counts'] | null;
}

/** Recorded batches, newest first. */
export async function listBatches({ client }: Db, limit = 20): Promise<BatchSummary[]> {
  const rows = (
    await client.execute({
      sql: 'SELECT id, file, release, status, rowsDone, createdBy, createdAt, decidedBy, counts FROM import_batches ORDER BY createdAt DESC LIMIT ?',
      args: [limit],
    })
  ).rows;
  return rows.map((r) => ({
    id: String(r.id),
    file: String(r.file),
    release: r.release === null ? null : String(r.release),
    status: String(r.status),
    rowsDone: Number(r.rowsDone),
    createdBy: String(r.createdBy),
    createdAt: String(r.createdAt),
    decidedBy: r.decidedBy === null ? null : String(r.decidedBy),
    counts: (JSON.parse(String(r.counts)) as Partial<ImportReport>).counts ?? null,
  }));
}

async function batchStatus({ client }: Db, id: string): Promise<string> {
  const row = (await client.execute({ sql: 'SELECT status FROM import_batches WHERE id = ?', args: [id] })).rows[0];
  if (!row) throw new NotFoundError(`No import batch with id ${id}`);
  return String(row.status);
}

/** The batch's records, a page at a time (a batch may hold hundreds of thousands). */
async function* batchRecords({ client }: Db, batchId: string, outcomes: readonly Outcome[], page = 1000) {
  let after = '';
  for (;;) {
    const rows = (
      await client.execute({
        sql: `SELECT overtureId, outcome, providerId, before FROM import_records WHERE batchId = ? AND overtureId > ? AND outcome IN (SELECT value FROM json_each(?)) ORDER BY overtureId LIMIT ?`,
        args: [batchId, after, JSON.stringify(outcomes), page],
      })
    ).rows;
    if (!rows.length) return;
    yield rows.map((r) => ({
      overtureId: String(r.overtureId),
      outcome: String(r.outcome) as Outcome,
      providerId: String(r.providerId),
      before: r.before === null ? null : String(r.before),
    }));
    after = String(rows.at(-1)!.overtureId);
  }
}

/**
 * Approves an applied batch: each of its new listings still listed is vetted through the operator's
 * approval (moderation.server.ts approveListings: vetted, in the vocabulary, an audit row each), so
 * they join suggestions, featured lists and the sitemap; one transaction a page of the batch's
 * records, so time and memory go with the page, not the batch. Returns the listings vetted; the
 * caller asks for one rebuild.
 */
export async function approveBatch(
  database: Db,
  batchId: string,
  actor: string,
  reason = 'Approved with npm run import',
  now = new Date(),
): Promise<{ providerIds: string[] }> {
  const status = await batchStatus(database, batchId);
  if (status !== 'applied') throw new ConflictError(`Batch ${batchId} is ${status}: only an applied batch can be approved`);
  const vetted: string[] = [];
  for await (const page of batchRecords(database, batchId, ['new'])) {
    const rows = (
      await database.client.execute({
        sql: 'SELECT id FROM providers WHERE id IN (SELECT value FROM json_each(?)) AND isHidden = 0 AND vetted_at IS NULL',
        args: [inList(page.map((r) => r.providerId))],
      })
    ).rows;
    const ids = rows.map((r) => String(r.id));
    vetted.push(...(await approveListings(database, ids, { reason: `Import batch ${batchId} approved: ${reason}`, actor }, now)));
  }
  await database.client.execute({
    sql: `UPDATE import_batches SET status = 'approved', decidedBy = ?, decidedAt = ?, decisionReason = ? WHERE id = ?`,
    args: [actor, now.toISOString(), reason, batchId],
  });
  return { providerIds: vetted };
}

/**
 * Rolls a batch back: its new listings hidden (their pages answer 410) and unlinked, its matches
 * unlinked, its open holds dropped, and each field it changed put back where the listing still holds
 * what the batch wrote. Returns the listings changed, for the caller to purge.
 */
export async function rollbackBatch(
  database: Db,
  batchId: string,
  actor: string,
  reason = 'Rolled back with npm run import',
  now = new Date(),
): Promise<{ providerIds: string[] }> {
  const status = await batchStatus(database, batchId);
  if (status === 'rolled_back') throw new ConflictError(`Batch ${batchId} is already rolled back`);
  const { client } = database;
  const touched: string[] = [];
  for await (const page of batchRecords(database, batchId, OUTCOMES)) {
    const ids = page.map((r) => r.providerId);
    const current = await currentRows(database, ids);
    const writes: InStatement[] = [];
    for (const record of page) {
      const now = current.get(record.providerId);
      if (!now) continue;
      if (record.outcome === 'new') {
        if (Number(now.isHidden) === 0) {
          writes.push({ sql: 'UPDATE providers SET isHidden = 1 WHERE id = ?', args: [now.id] });
          if (inVocabulary(now)) writes.push(...removeTermsStatements(termsRow(now)));
          touched.push(now.id);
        }
        writes.push(
          { sql: 'DELETE FROM provider_sources WHERE providerId = ?', args: [now.id] },
          { sql: 'DELETE FROM provider_field_sources WHERE providerId = ?', args: [now.id] },
        );
      } else if (record.outcome === 'matched') {
        writes.push({ sql: 'DELETE FROM provider_sources WHERE providerId = ? AND overtureId = ?', args: [now.id, record.overtureId] });
      } else if (record.outcome === 'updated' || record.outcome === 'closed') {
        const before = JSON.parse(record.before ?? '{}') as { fields: Partial<FieldValues>; provenance: Record<string, string | null> };
        // Only fields that still hold what this batch wrote: a later edit by anyone stands.
        const fields = (Object.keys(before.fields) as Field[]).filter((f) => now.provenance.get(f) === json(now[f]));
        if (!fields.length) continue;
        const restored = { ...now, ...Object.fromEntries(fields.map((f) => [f, before.fields[f] ?? null])) } as ProviderNow;
        writes.push({
          sql: `UPDATE providers SET ${fields.map((f) => `${f} = ?`).join(', ')} WHERE id = ?`,
          args: [...fields.map((f) => before.fields[f] ?? null), now.id],
        });
        writes.push(
          provenanceStatement(
            now.id,
            Object.fromEntries(fields.map((f) => [f, JSON.parse(before.provenance[f] ?? 'null') as string | number | null])),
            batchId,
          ),
        );
        writes.push(...copiesStatements(now, restored, fields));
        touched.push(now.id);
      }
    }
    if (writes.length) await client.batch(writes, 'write');
  }
  await client.batch(
    [
      { sql: 'DELETE FROM import_holds WHERE batchId = ? AND resolvedAt IS NULL', args: [batchId] },
      {
        sql: `UPDATE import_batches SET status = 'rolled_back', decidedBy = ?, decidedAt = ?, decisionReason = ? WHERE id = ?`,
        args: [actor, now.toISOString(), reason, batchId],
      },
    ],
    'write',
  );
  return { providerIds: touched };
}

export interface ImportHold {
  id: string;
  batchId: string;
  overtureId: string;
  name: string;
  city: string;
  candidateSlug: string;
  reason: string;
}

/** Records held for an operator because their match to a listing is unclear, oldest first. */
export async function openHolds({ client }: Db, limit = 50): Promise<ImportHold[]> {
  const rows = (
    await client.execute({
      sql: `SELECT h.id, h.batchId, h.overtureId, h.payload, h.reason, p.slug FROM import_holds h JOIN providers p ON p.id = h.candidateProviderId
            WHERE h.resolvedAt IS NULL ORDER BY h.createdAt LIMIT ?`,
      args: [limit],
    })
  ).rows;
  return rows.map((r) => {
    const { place } = JSON.parse(String(r.payload)) as { place: MappedPlace };
    return {
      id: String(r.id),
      batchId: String(r.batchId),
      overtureId: String(r.overtureId),
      name: place.listing.name,
      city: place.listing.city,
      candidateSlug: String(r.slug),
      reason: String(r.reason),
    };
  });
}

/**
 * An operator's decision on a held record: `same` links it to the listing it looked like (the
 * listing's fields stay as they are); `different` lists it as a new listing of the hold's batch.
 */
export async function resolveHold(
  database: Db,
  holdId: string,
  resolution: 'same' | 'different',
  { actor = 'npm run import', reason = 'Decided with npm run import' }: { actor?: string; reason?: string } = {},
  now = new Date(),
): Promise<{ providerId: string }> {
  const { client } = database;
  const row = (
    await client.execute({ sql: 'SELECT batchId, candidateProviderId, payload FROM import_holds WHERE id = ? AND resolvedAt IS NULL', args: [holdId] })
  ).rows[0];
  if (!row) throw new NotFoundError(`No open import hold with id ${holdId}`);
  const batchId = String(row.batchId);
  const { place, release } = JSON.parse(String(row.payload)) as { place: MappedPlace; release: string | null };
  const resolved: InStatement = {
    sql: 'UPDATE import_holds SET resolvedAt = ?, resolution = ?, decidedBy = ?, decisionReason = ? WHERE id = ?',
    args: [now.toISOString(), resolution, actor, reason, holdId],
  };
  if (resolution === 'same') {
    const providerId = String(row.candidateProviderId);
    await client.batch(
      [sourcesStatement(providerId, place, release, batchId), recordStatement(batchId, place.overtureId, 'matched', providerId, { linked: true }), resolved],
      'write',
    );
    return { providerId };
  }
  const [slug] = await freeSlugs(database, [place.listing]);
  const providerId = crypto.randomUUID();
  await client.batch([...newListingStatements(database, place, await fieldValues(place), slug!, release, batchId, providerId), resolved], 'write');
  return { providerId };
}

/**
 * Where an imported or import-linked listing's data came from, for its page: the datasets Overture
 * credits, or null for a listing no import touched. (Which import made a listing is its `source` column.)
 */
export async function listingSource({ db }: Db, providerId: IdOf): Promise<{ datasets: string[]; licences: string[]; release: string | null } | null> {
  const row = (
    await sql<{ sources: string; release: string | null }>`SELECT sources, release FROM provider_sources WHERE providerId = ${providerId}`.execute(db)
  ).rows[0];
  if (!row) return null;
  const sources = JSON.parse(String(row.sources)) as MappedPlace['sources'];
  return {
    datasets: [...new Set(sources.map((s) => s.dataset ?? 'Overture Maps'))],
    licences: [...new Set(sources.map((s) => s.license))],
    release: row.release === null ? null : String(row.release),
  };
}
