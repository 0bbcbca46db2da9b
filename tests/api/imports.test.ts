/**
 * Open data imports (docs/imports.md), over a libSQL file and over sqld: the committed fixture in
 * Overture's place schema (validated against that schema), read as published and imported through
 * the same functions `npm run import` runs. A dry run changes nothing; applying twice equals
 * applying once; an interrupted apply resumes without duplicates; a newer release updates only
 * what the import set and nobody changed since, and closes a closed place; ODbL sources, low
 * confidence, unmapped categories and places outside the US are left out and counted; an unclear
 * match is held for an operator; a batch is approved (vetted) and rolled back; the CLI prints the
 * report with its progress.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../helpers/api';
import { approveBatch, openHolds, resolveHold, rollbackBatch, runImport, type ImportReport } from '../../src/features/imports/index.server';
import { saveListingEdit } from '../../src/features/owners/listingEdits.server';
import { listingEditSchema } from '../../src/features/owners/schemas/listingEdit';
import { ownerListing } from '../../src/features/owners/listingEdits.server';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ProviderCard } from '../../src/components/ProviderCard';
import HoursSection from '../../src/islands/business/HoursSection';
import type { SearchResult } from '../../src/features/search/schemas';
import { afterDecision, PURGE_EACH_UP_TO } from '../../src/features/moderation/index.server';
import { setPurgeBackend } from '../../src/server/cachePurge';

const FIXTURE = join(process.cwd(), 'tests/fixtures/overture/places.geojsonseq');
const SCHEMA_DIR = join(process.cwd(), 'tests/fixtures/overture-schema');
const records = readFileSync(FIXTURE, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { id: string; properties: Record<string, unknown> & { names: { primary: string } } });
const idOf = (name: string) => records.find((r) => r.properties.names.primary === name)!.id;

let api: TestApi;
let dir: string;
const actor = 'ops-jordan';

beforeAll(async () => {
  api = await startApi();
  dir = mkdtempSync(join(tmpdir(), 'glow-import-'));
});
afterAll(async () => {
  await api?.close();
});

const bySlug = async (slug: string) => {
  const res = await api.get(`/api/providers/by-slug/${slug}`);
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : null;
};
/** Everything an import may write, as rows, to compare before and after. */
async function snapshot() {
  const tables = ['providers', 'provider_sources', 'provider_field_sources', 'import_holds', 'provider_categories', 'provider_hours', 'search_terms'];
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const order = t === 'providers' ? 'id' : t === 'search_terms' ? 'kind, term' : '1, 2';
    out[t] = (await api.database.client.execute(`SELECT * FROM ${t} ORDER BY ${order}`)).rows.map((r) => ({ ...r }));
  }
  out.providers = out.providers!.map((r) => ({ ...(r as object), seq: undefined }));
  return out;
}
/** Whether a listing is vetted (docs/owners.md "Which listings are vetted"). */
const isVetted = async (_: unknown, id: string) =>
  Boolean((await api.database.client.execute({ sql: 'SELECT vetted_at FROM providers WHERE id = ?', args: [id] })).rows[0]?.vetted_at);
const count = async (sql: string) => Number((await api.database.client.execute(sql)).rows[0]![0]);

/** A newer release: the same file with some records changed. */
function release(name: string, change: (r: (typeof records)[number]) => void) {
  const file = join(dir, name);
  const changed = records.map((r) => {
    const copy = structuredClone(r);
    change(copy);
    return JSON.stringify(copy);
  });
  writeFileSync(file, `${changed.join('\n')}\n`);
  return file;
}

describe('the fixture', () => {
  it("is valid by Overture's own JSON Schema for places", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const base = 'https://overture.test/schema/';
    for (const file of ['defs.yaml', 'places/defs.yaml', 'places/place.yaml']) {
      ajv.addSchema({ ...(yaml.load(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as object), $id: `${base}${file}` });
    }
    // place.yaml names GeoJSON's Point schema by its address: a local one, derived from RFC 7946, instead of a fetch.
    ajv.addSchema({
      $id: 'https://geojson.org/schema/Point.json',
      type: 'object',
      required: ['type', 'coordinates'],
      properties: { type: { const: 'Point' }, coordinates: { type: 'array', minItems: 2, items: { type: 'number' } }, bbox: { type: 'array' } },
    });
    const validate = ajv.getSchema(`${base}places/place.yaml`)!;
    for (const record of records) expect(validate(record) ? [] : validate.errors, record.id).toEqual([]);
    // And the schema is heard: a record it must refuse (an unknown property, a bad status).
    const bad = structuredClone(records[0]!);
    bad.properties.operating_status = 'maybe';
    expect(validate(bad)).toBe(false);
  });
});

describe('an Overture import', () => {
  let first: ImportReport;

  it('reports in a dry run and changes nothing', async () => {
    const before = await snapshot();
    const report = await runImport(api.database, FIXTURE, { actor });
    expect(await snapshot()).toEqual(before);
    expect(report.applied).toBe(false);
    expect(report.rows).toBe(records.length);
    expect(report.counts).toEqual({ new: 5, updated: 0, closed: 0, matched: 1, held: 1, skipped: 8 });
    expect(report.skipped).toEqual({ odbl: 2, lowConfidence: 1, closed: 1, unmapped: 1, notUs: 1, invalid: 1, unknownLicence: 1 });
    expect(report.skippedDetail).toMatchObject({ 'odbl: OpenStreetMap': 2, 'unmapped: tattoo': 1, 'notUs: CA': 1 });
    expect(report.examples.new!.map((e) => e.name)).toContain('Riverside Lacquer Lounge');
    expect(report.examples.matched![0]).toMatchObject({ name: 'Lacquer & Lace Nail Studio', detail: 'name and phone' });
    expect(report.examples.held![0]).toMatchObject({ name: 'Hudson Polish Bar', detail: 'same name nearby, nothing else in common' });
  });

  it('resumes an interrupted apply without duplicates', async () => {
    // A crash after the second chunk: the chunks written stay, the batch stays "applying".
    let chunks = 0;
    await expect(
      runImport(
        api.database,
        FIXTURE,
        { actor, apply: true, chunkSize: 4 },
        {
          onChunk: () => {
            if (++chunks === 2) throw new Error('killed');
          },
        },
      ),
    ).rejects.toThrow('killed');
    expect(await count(`SELECT rowsDone FROM import_batches WHERE status = 'applying'`)).toBe(8);
    first = await runImport(api.database, FIXTURE, { actor, apply: true, chunkSize: 4 });
    expect(first.resumedAfter).toBe(8);
    expect(first.counts).toEqual({ new: 5, updated: 0, closed: 0, matched: 1, held: 1, skipped: 8 });
    expect(await count('SELECT count(*) FROM import_batches')).toBe(1);
    expect(await count('SELECT count(*) FROM provider_sources')).toBe(6);
    expect(await count(`SELECT count(*) FROM providers WHERE name = 'Riverside Lacquer Lounge'`)).toBe(1);
  });

  it('writes listings as the rules say: normalised fields, no hours, its sources, unvetted', async () => {
    const riverside = (await bySlug('riverside-lacquer-lounge'))!;
    expect(riverside).toMatchObject({
      phone: '(212) 555-0181',
      website: 'https://riversidelacquer.example.com/',
      zipCode: '10024',
      state: 'NY',
      services: '["Nail Salon"]',
      openingHours: '{}',
      // No price was given either: read as unknown (priceRangeKnown = 0, migrations/0043).
      priceRange: '',
      latitude: 40.7916,
      longitude: -73.9787,
      timeZone: 'America/New_York',
    });
    // A bad email and a website with credentials are dropped, not imported.
    expect(await bySlug('pilsen-facial-studio')).toMatchObject({ email: null, website: null, phone: '(312) 555-0166' });
    // A source without a licence of its own is judged by its dataset's (Microsoft: CDLA-Permissive-2.0).
    expect(await bySlug('soho-makeup-loft')).toMatchObject({ services: '["Makeup Services"]' });
    const sources = (
      await api.database.client.execute({ sql: 'SELECT overtureId, sources FROM provider_sources WHERE providerId = ?', args: [riverside.id as string] })
    ).rows[0]!;
    expect(sources.overtureId).toBe(idOf('Riverside Lacquer Lounge'));
    expect(JSON.parse(String(sources.sources))).toEqual([{ dataset: 'meta', license: 'CDLA-Permissive-2.0', recordId: '100200300401' }]);
    expect(await isVetted(api.database, riverside.id as string)).toBe(false);
    // Searchable at once, never "open now" (no hours were invented).
    const found = (await (await api.get('/api/search?query=Riverside%20Lacquer')).json()) as { slug: string }[];
    expect(found.map((p) => p.slug)).toContain('riverside-lacquer-lounge');
    const openNow = (await (await api.get('/api/search?query=Riverside%20Lacquer&openNow=true')).json()) as { slug: string }[];
    expect(openNow.map((p) => p.slug)).not.toContain('riverside-lacquer-lounge');
    // Its search card says nobody has confirmed its hours, as its page does; a listing made on Glow
    // without hours says they were not provided (src/features/providers/unknownFields.ts).
    const card = (found as SearchResult[]).find((p) => p.slug === 'riverside-lacquer-lounge')!;
    expect(card).toMatchObject({ source: 'overture', openingHours: '{}' });
    const cardText = (provider: SearchResult) => renderToStaticMarkup(createElement(ProviderCard, { provider, live: true })).replace(/<[^>]+>/g, ' ');
    expect(cardText(card)).toContain('Hours not confirmed');
    expect(cardText(card)).not.toContain('Hours not provided');
    expect(cardText({ ...card, source: null })).toContain('Hours not provided');
    expect(cardText({ ...card, source: null })).not.toContain('Hours not confirmed');
    // So does its owner's dashboard, until the owner sets the hours.
    const listing = await ownerListing(api.database, riverside.id as string);
    expect(listing.source).toBe('overture');
    const hoursSection = renderToStaticMarkup(createElement(HoursSection, { listing, onSaved: () => {} }));
    expect(hoursSection).toContain('Your page says “Hours not confirmed” and never shows you as open now');
    // Nor a price: the stand-in "$$" its row holds never matches a search for "$$".
    expect(await count(`SELECT priceRangeKnown FROM providers WHERE slug = 'riverside-lacquer-lounge'`)).toBe(0);
    const priced = (await (await api.get('/api/search?query=Riverside%20Lacquer&priceRange=%24%24')).json()) as { slug: string }[];
    expect(priced.map((p) => p.slug)).not.toContain('riverside-lacquer-lounge');
    // The matched seed listing is linked, its fields untouched (its source too: the business listed it here); nothing from ODbL or the closed place.
    expect(await bySlug('lacquer-lace-nail-studio-new-york')).toMatchObject({ source: null });
    expect(
      await count(`SELECT count(*) FROM provider_sources s JOIN providers p ON p.id = s.providerId WHERE p.slug = 'lacquer-lace-nail-studio-new-york'`),
    ).toBe(1);
    expect(
      await count("SELECT count(*) FROM provider_field_sources f JOIN providers p ON p.id = f.providerId WHERE p.slug = 'lacquer-lace-nail-studio-new-york'"),
    ).toBe(0);
    expect(
      await count(
        `SELECT count(*) FROM providers WHERE name IN ('Mission Brow Studio', 'Capitol Hill Nail Bar', 'Old Town Beauty Room', 'Queen West Nail Spa')`,
      ),
    ).toBe(0);
  });

  it('changes nothing when applied again', async () => {
    const before = await snapshot();
    const again = await runImport(api.database, FIXTURE, { actor, apply: true });
    expect(again.counts).toEqual({ new: 0, updated: 0, closed: 0, matched: 6, held: 0, skipped: 9 });
    expect(again.skipped.heldBefore).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it('holds an unclear match until an operator says it is another business', async () => {
    const holds = await openHolds(api.database);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ name: 'Hudson Polish Bar', candidateSlug: 'hudson-polish-bar-new-york', overtureId: idOf('Hudson Polish Bar') });
    expect(await count(`SELECT count(*) FROM providers WHERE name = 'Hudson Polish Bar'`)).toBe(1);
    await resolveHold(api.database, holds[0]!.id, 'different');
    expect(await openHolds(api.database)).toEqual([]);
    // Its own page, with a slug of its own that reads as the business.
    expect(await bySlug('hudson-polish-bar')).toMatchObject({ name: 'Hudson Polish Bar', address: '225 Hudson St', phone: '(212) 555-0199' });
  });

  it('approves a batch: its new listings are vetted', async () => {
    const term = (kind: string, t: string) => count(`SELECT coalesce(sum(n), 0) FROM search_terms WHERE kind = '${kind}' AND term = '${t}'`);
    const [chicago, riversideWord, salon] = [await term('city', 'chicago'), await term('word', 'riverside'), await term('service', 'nail salon')];
    const { providerIds } = await approveBatch(api.database, first.batchId!, actor);
    expect(providerIds).toHaveLength(6);
    const riverside = (await bySlug('riverside-lacquer-lounge'))!;
    expect(await isVetted(api.database, riverside.id as string)).toBe(true);
    // Their words join the vocabulary, each listing counted once (Wicker Park and Pilsen are in
    // Chicago; Riverside Lacquer Lounge and Hudson Polish Bar list Nail Salon).
    expect(await term('city', 'chicago')).toBe(chicago + 2);
    expect(await term('word', 'riverside')).toBe(riversideWord + 1);
    expect(await term('service', 'nail salon')).toBe(salon + 2);
    expect(await count(`SELECT count(*) FROM providers WHERE vetted_by = '${actor}'`)).toBe(6);
    expect(await count(`SELECT count(*) FROM moderation_actions WHERE action = 'approve-listing' AND actor = '${actor}'`)).toBe(6);
    await expect(approveBatch(api.database, first.batchId!, actor)).rejects.toThrow(/only an applied batch/);
  });

  it('updates, from a newer release, only what the import set and nobody changed since; closes a closed place; rolls back', async () => {
    const riverside = (await bySlug('riverside-lacquer-lounge'))!;
    // Its owner changes the phone.
    const edit = listingEditSchema.parse({
      description: null,
      phone: '(212) 555-0177',
      email: riverside.email,
      website: riverside.website,
      services: ['Nail Salon'],
      openingHours: {
        monday: 'Closed',
        tuesday: '10:00 AM - 7:00 PM',
        wednesday: '10:00 AM - 7:00 PM',
        thursday: '10:00 AM - 7:00 PM',
        friday: '10:00 AM - 7:00 PM',
        saturday: '10:00 AM - 5:00 PM',
        sunday: 'Closed',
      },
      menu: [],
      status: 'open',
    });
    await saveListingEdit(api.database, riverside.id as string, edit, 'owner@riversidelacquer.example.com');
    const newer = release('places-2025-10-22.0.geojsonseq', (r) => {
      if (r.properties.names.primary === 'Riverside Lacquer Lounge') {
        r.properties.phones = ['+1 212-555-0190'];
        r.properties.websites = ['https://riversidelacquerlounge.example.com/'];
        r.properties.version = 2;
      }
      if (r.properties.names.primary === 'East Austin Lash Lab') {
        r.properties.operating_status = 'permanently_closed';
        r.properties.confidence = 0;
      }
    });
    const second = await runImport(api.database, newer, { actor, apply: true });
    expect(second.release).toBe('2025-10-22.0');
    expect(second.counts).toMatchObject({ new: 0, updated: 1, closed: 1, held: 0 });
    expect(await bySlug('riverside-lacquer-lounge')).toMatchObject({ phone: '(212) 555-0177', website: 'https://riversidelacquerlounge.example.com/' });
    expect(await bySlug('east-austin-lash-lab')).toMatchObject({ status: 'permanently_closed', isOpen: false });

    // Rolling the newer batch back puts back what it changed.
    await rollbackBatch(api.database, second.batchId!, actor);
    expect(await bySlug('riverside-lacquer-lounge')).toMatchObject({ phone: '(212) 555-0177', website: 'https://riversidelacquer.example.com/' });
    expect(await bySlug('east-austin-lash-lab')).toMatchObject({ status: 'open' });
    // Rolling the first back hides its new listings and unlinks its match.
    await rollbackBatch(api.database, first.batchId!, actor);
    expect(await bySlug('riverside-lacquer-lounge')).toBeNull();
    expect((await api.get('/provider/riverside-lacquer-lounge')).status).not.toBe(200);
    expect(await count('SELECT count(*) FROM provider_sources')).toBe(0);
    expect(await bySlug('lacquer-lace-nail-studio-new-york')).not.toBeNull();
    await expect(rollbackBatch(api.database, first.batchId!, actor)).rejects.toThrow(/already rolled back/);
  });

  it('purges a batch of thousands by the tag every provider page carries, in one call', async () => {
    const calls: string[][] = [];
    const restore = setPurgeBackend(async (tags) => {
      calls.push(tags);
    });
    try {
      const ids = Array.from({ length: PURGE_EACH_UP_TO + 1 }, (_, i) => `listing-${i}`);
      const big = await afterDecision(
        api.database,
        { action: 'approve-batch' },
        { providerId: ids[0]!, alsoChanged: ids.slice(1), summary: '', changed: false },
      );
      expect(big.purged).toEqual(['providers', 'search', 'sitemap-providers']);
      const small = await afterDecision(api.database, { action: 'approve-batch' }, { providerId: 'one', alsoChanged: ['two'], summary: '', changed: false });
      expect(small.purged).toEqual(['provider-one', 'provider-two', 'search', 'sitemap-providers']);
      expect(calls[0]).toEqual(['providers', 'search', 'sitemap-providers']);
    } finally {
      restore();
    }
  });

  it('reads GeoParquet as Overture publishes it, the same as GeoJSON', async () => {
    const file = join(dir, 'places.parquet');
    writeParquet(file, records);
    const fromParquet = await runImport(api.database, file, { actor });
    const fromJson = await runImport(api.database, FIXTURE, { actor });
    expect(fromParquet.format).toBe('parquet');
    expect(fromParquet.rows).toBe(records.length);
    expect({ ...fromParquet.counts }).toEqual({ ...fromJson.counts });
    expect(fromParquet.skipped).toEqual(fromJson.skipped);
  });

  it('is run from the command line with a report and a progress bar', { timeout: 180_000 }, () => {
    const run = spawnSync('npm', ['run', '--silent', 'import', '--', FIXTURE, '--dry-run', '--min-confidence', '0.4'], {
      env: { ...process.env, USER: actor, NETLIFY_PURGE_API_TOKEN: '' },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run (nothing written; --apply writes it)');
    expect(run.stdout).toMatch(/15 records read/);
    expect(run.stdout).toMatch(/rows\/s/);
    expect(run.stdout).toContain('an ODbL (OpenStreetMap) source');
    const bad = spawnSync('npm', ['run', '--silent', 'import', '--', 'rollback'], { env: process.env, encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('rollback takes a batch id');
    const both = spawnSync('npm', ['run', '--silent', 'import', '--', FIXTURE, '--dry-run', '--apply'], {
      env: process.env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--dry-run and --apply: say one');
  });
});

/** The fixture as a GeoParquet file in Overture's column layout: WKB geometry, nested structs and lists. */
function writeParquet(file: string, rows: typeof records) {
  const wkb = (lon: number, lat: number) => {
    const view = new DataView(new ArrayBuffer(21));
    view.setUint8(0, 1);
    view.setUint32(1, 1, true);
    view.setFloat64(5, lon, true);
    view.setFloat64(13, lat, true);
    return new Uint8Array(view.buffer);
  };
  const prop = <T>(name: string) => rows.map((r) => (r.properties[name] as T | undefined) ?? null);
  const str = (name: string) => ({ name, type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type: 'OPTIONAL' as const });
  const list = (name: string, children: object[]) => [
    { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    ...children,
  ];
  const stringList = (name: string) => list(name, [{ ...str('element') }]);
  /** A group of `children` fields (`fields` lists them with their own nested elements). */
  const struct = (name: string, fields: object[], children = fields.length) => [{ name, repetition_type: 'OPTIONAL', num_children: children }, ...fields];
  const schema = [
    { name: 'root', num_children: 11 },
    { ...str('id'), repetition_type: 'REQUIRED' },
    { name: 'geometry', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' },
    ...struct('names', [str('primary')]),
    ...struct('categories', [str('primary'), ...stringList('alternate')], 2),
    { name: 'confidence', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
    ...stringList('websites'),
    ...stringList('emails'),
    ...stringList('phones'),
    ...list('addresses', struct('element', ['freeform', 'locality', 'postcode', 'region', 'country'].map(str))),
    str('operating_status'),
    ...list('sources', struct('element', ['property', 'dataset', 'license', 'record_id', 'update_time'].map(str))),
  ];
  const geo = JSON.stringify({ version: '1.1.0', primary_column: 'geometry', columns: { geometry: { encoding: 'WKB', geometry_types: ['Point'] } } });
  parquetWriteFile({
    filename: file,
    schema: schema as never,
    kvMetadata: [{ key: 'geo', value: geo }],
    columnData: [
      { name: 'id', data: rows.map((r) => r.id) },
      { name: 'geometry', data: rows.map((r) => wkb(...(r as unknown as { geometry: { coordinates: [number, number] } }).geometry.coordinates)) },
      { name: 'names', data: prop('names') },
      {
        name: 'categories',
        data: prop<{ primary: string; alternate?: string[] }>('categories').map((c) => c && { primary: c.primary, alternate: c.alternate ?? null }),
      },
      { name: 'confidence', data: prop('confidence') },
      { name: 'websites', data: prop('websites') },
      { name: 'emails', data: prop('emails') },
      { name: 'phones', data: prop('phones') },
      {
        name: 'addresses',
        data: prop<Record<string, string>[]>('addresses').map((list) =>
          list?.map((a) => ({ freeform: null, locality: null, postcode: null, region: null, country: null, ...a })),
        ),
      },
      { name: 'operating_status', data: prop('operating_status') },
      {
        name: 'sources',
        data: prop<Record<string, string>[]>('sources').map((list) =>
          list?.map((s) => ({ property: null, dataset: null, license: null, record_id: null, update_time: null, ...s })),
        ),
      },
    ],
  });
}
