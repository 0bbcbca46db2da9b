/**
 * Deterministic benchmark data: a libSQL file holding the 139 seed providers plus generated ones up
 * to a given total, each generated provider with 1-8 reviews whose mean is its rating. The same
 * total always gives the same rows (fixed-seed PRNG), so a file already there with the right count
 * and generator version is reused instead of rebuilt.
 *
 * Loading is tuned for a million rows (docs/BENCHMARKS.md "Generating"): providers and reviews go
 * in as multi-row inserts (the native client's cost per statement makes one statement per row take
 * minutes), category and hours rows as one statement per batch through the app's own writer of the
 * copied rows (src/features/providers/copies.server.ts), ratings through the project's own
 * refreshRatingStatement, with no fsync while generating; the search indexes and the full-text
 * index are built once at the end (one sort each) instead of row by row. The rows are those the
 * earlier loaders wrote (checked table by table at 3,000 providers), except that files written
 * before copies.server.ts list an hours row's categories in the services' order rather than the
 * triggers' (alphabetical): the same set, which is all the open-now list reads (instr), so version
 * 2 files stay valid.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname } from 'node:path';
import type { InStatement } from '@libsql/client';
import type { Insertable } from 'kysely';
import { closeDb, getDb, type Db } from '../src/db/client';
import { env } from '../src/env.server';
import { readSeed, stableId } from '../src/setup/seed';
import { migrate } from '../src/db/migrate';
import { mergeTextIndex } from '../src/features/search/textIndex.server';
import { setupDatabase } from '../src/setup/setup';
import { backfillSearchData } from '../src/features/search/backfill.server';
import { categoryRowsStatement, hoursRowsStatement } from '../src/features/providers/copies.server';
import type { ProvidersTable, ReviewsTable } from '../src/db/schema';
import { placeOf, type Place } from '../src/features/places/place.server';
import { addServiceWords, providerTerms } from '../src/features/suggestions/vocabulary.server';
import { refreshRatingStatement } from '../src/features/reviews/reviews.server';
import { categoriesOfService } from '../src/features/catalog/services';
import { slugify } from '../src/features/providers/slugify';
import { facetBits } from '../src/features/facets';
import { CITIES, GENERIC_AREAS, NEIGHBOURHOODS } from './cities';

/** Bump when the generated rows change, so stale files are rebuilt. */
const GENERATOR_VERSION = 2;
export const BENCH_DIR = env().GLOW_BENCH_DIR;

/** mulberry32: small, fast, good enough for test data, and the same on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** Index drawn with the given cumulative weights. */
  const weighted = (cumulative: number[]): number => {
    const x = next() * cumulative.at(-1)!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  /** The generator's whole state: prng(state()) goes on where this one is. */
  const state = () => a;
  return { next, int, pick, weighted, sample, state };
}

const cumulative = (weights: number[]) => {
  let sum = 0;
  return weights.map((w) => (sum += w));
};

/** Service groups: the seed's service names, grouped by the category the taxonomy gives them. */
async function serviceGroups(): Promise<Map<string, string[]>> {
  const names = [...new Set((await readSeed()).flatMap((p) => p.services))].sort();
  const groups = new Map<string, string[]>();
  for (const name of names) {
    for (const category of categoriesOfService(name)) groups.set(category, [...(groups.get(category) ?? []), name]);
  }
  return groups;
}

/** How common each main category is among generated providers. */
const CATEGORY_WEIGHTS: Record<string, number> = { hair: 30, nails: 28, brows: 12, skincare: 10, makeup: 8, beauty: 7, massage: 5 };
const KINDS: Record<string, string[]> = {
  nails: ['Nail Studio', 'Nail Bar', 'Nail Lounge', 'Nails & Spa', 'Nail Atelier'],
  hair: ['Hair Studio', 'Salon', 'Hair Co.', 'Blowout Bar', 'Hair Collective', 'Color Bar'],
  brows: ['Brow Bar', 'Threading Studio', 'Lash Lounge', 'Brow & Lash Studio'],
  skincare: ['Skin Studio', 'Facial Bar', 'Skin Clinic', 'Skincare Lounge'],
  makeup: ['Makeup Studio', 'Beauty Artistry', 'Makeup Atelier'],
  beauty: ['Beauty Parlour', 'Beauty Lounge', 'Beauty House'],
  massage: ['Massage Studio', 'Bodywork', 'Massage & Wellness'],
};
const WORDS_A = [
  'Velvet',
  'Golden',
  'Rose',
  'Ivory',
  'Coral',
  'Luna',
  'Sage',
  'Pearl',
  'Amber',
  'Willow',
  'Blush',
  'Copper',
  'Jade',
  'Silk',
  'Honey',
  'Maple',
  'Indigo',
  'Violet',
  'Olive',
  'Ruby',
  'Crystal',
  'Saffron',
  'Cedar',
  'Lotus',
  'Orchid',
  'Peony',
  'Iris',
  'Poppy',
  'Hazel',
  'Aurora',
];
const WORDS_B = [
  'House',
  'Room',
  'Lane',
  'Street',
  'Garden',
  'Loft',
  'Corner',
  'Studio',
  'Society',
  'Parlor',
  'Social',
  'Club',
  'Atelier',
  'Works',
  'Place',
  'Point',
  'Bloom',
  'Glow',
  'Touch',
  'Haven',
];
const ADJECTIVES = ['friendly', 'bright', 'calm', 'busy', 'cozy', 'modern', 'family-run', 'award-winning', 'welcoming', 'small'];
const LINES = [
  'Walk-ins are welcome on weekday mornings.',
  'Booking ahead is recommended on weekends.',
  'Every tool is sterilised between clients.',
  'The team trains together every month on new techniques.',
  'Regulars love the relaxed atmosphere and the free parking nearby.',
  'Gift cards and bridal packages are available.',
  'Consultations are free for first-time clients.',
  'The studio uses cruelty-free, vegan products.',
];
const FIRST_NAMES = [
  'Ava',
  'Maya',
  'Sofia',
  'Olivia',
  'Priya',
  'Keisha',
  'Lena',
  'Grace',
  'Nina',
  'Chloe',
  'Jasmine',
  'Aaliyah',
  'Hannah',
  'Zoe',
  'Ines',
  'Mei',
  'Rosa',
  'Tara',
  'Erin',
  'Dana',
  'Marcus',
  'Leo',
  'Sam',
  'Jordan',
];
const COMMENTS = [
  'Really happy with my {s}. Friendly staff and a spotless space.',
  'Booked a {s} and it was worth every penny. I will be back.',
  'My {s} was fine, but I waited twenty minutes past my appointment.',
  'Best {s} I have had in years. Careful, patient and precise.',
  'Good {s}, fair price. Parking was a little tricky.',
  'The {s} did not last as long as I hoped, but they fixed it for free.',
  'Lovely team, calm music and a great {s}. Highly recommend.',
  'Came in for a {s} before a wedding and felt amazing all night.',
];
const HOURS = [
  { weekday: '9:00 AM - 7:00 PM', saturday: '9:00 AM - 6:00 PM', sunday: 'Closed' },
  { weekday: '10:00 AM - 8:00 PM', saturday: '10:00 AM - 6:00 PM', sunday: '11:00 AM - 5:00 PM' },
  { weekday: '8:00 AM - 6:00 PM', saturday: '9:00 AM - 4:00 PM', sunday: 'Closed' },
  { weekday: '11:00 AM - 9:00 PM', saturday: '10:00 AM - 9:00 PM', sunday: '10:00 AM - 6:00 PM' },
];
const PRICE_RANGES = ['$', '$$', '$$$', '$$$$'] as const;
const PRICE_WEIGHTS = cumulative([15, 50, 28, 7]);
/** Cities weighted by rank (Zipf, exponent 0.8): New York holds ~9% of providers, the smallest ~0.1%. */
const CITY_WEIGHTS = cumulative(CITIES.map((_, rank) => 1 / (rank + 1) ** 0.8));

export interface Generated {
  url: string;
  file: string;
  providers: number;
  reviews: number;
  /** Wall-clock seconds spent generating, or 0 when an existing file was reused. */
  seconds: number;
  reused: boolean;
}

/**
 * What only serves reads (the search indexes, the full-text index's insert and update triggers: a
 * rating refreshed after its reviews would rewrite each row's tokens) or what the
 * generator's statements write already (the hours rows' categories, copied as they are written,
 * after the category rows): dropped before loading and given back as
 * the statements that restore it, so each index is built once, in one sort, instead of row by
 * row. The indexes the generator's own statements read stay (rating refresh by provider, category
 * rows by provider, the unique id and slug keys).
 */
const NEEDED_WHILE_LOADING = new Set(['reviews_provider', 'provider_categories_provider']);
async function deferReadIndexes(database: Db): Promise<string[]> {
  const { rows } = await database.client.execute(
    `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND (
       (type = 'index' AND tbl_name IN ('providers', 'provider_categories', 'provider_hours'))
       OR (type = 'trigger' AND name IN ('providers_fts_insert', 'providers_fts_update_old', 'providers_fts_update', 'provider_hours_categories_insert')))`,
  );
  const deferred = rows.filter((r) => !NEEDED_WHILE_LOADING.has(String(r.name)));
  for (const r of deferred) await database.client.execute(`DROP ${String(r.type).toUpperCase()} "${String(r.name)}"`);
  return [
    ...deferred.map((r) => String(r.sql)),
    // The trigger was off: index every row at once (FTS5's own bulk path).
    "INSERT INTO providers_fts (providers_fts) VALUES ('rebuild')",
  ];
}

/**
 * Shares of the generated listings' facets (docs/facets.md "Data"), near what the trade reports:
 * four in ten appointments only, one in twenty speaking Vietnamese, a few in a hundred each identity
 * label; one in seven says nothing at all.
 */
const FACET_SHARES: { walkIns: [string, number][]; each: [string, string, number][] } = {
  walkIns: [
    ['appointments', 0.4],
    ['both', 0.3],
    ['welcome', 0.15],
  ],
  each: [
    ['access', 'stepFree', 0.45],
    ['access', 'restroom', 0.25],
    ['access', 'parking', 0.15],
    ...(
      [
        ['en', 0.85],
        ['es', 0.25],
        ['vi', 0.05],
        ['zh', 0.03],
        ['ko', 0.02],
        ['tl', 0.02],
        ['ru', 0.015],
        ['pt', 0.015],
        ['ar', 0.01],
        ['ht', 0.01],
        ['fr', 0.01],
        ['hi', 0.01],
      ] as const
    ).map(([code, share]) => ['languages', code, share] as [string, string, number]),
    ['payments', 'cards', 0.85],
    ['payments', 'cash', 0.6],
    ['payments', 'contactless', 0.4],
    ['kids', 'welcome', 0.2],
    ['parking', 'lot', 0.35],
    ['parking', 'street', 0.3],
    ['parking', 'paid', 0.08],
    ['identity', 'women', 0.15],
    ['identity', 'asian', 0.06],
    ['identity', 'latino', 0.04],
    ['identity', 'black', 0.03],
    ['identity', 'lgbtq', 0.02],
    ['identity', 'veteran', 0.01],
  ],
};

/** A generated provider's facets, from a stream of its own (the main stream's rows stay as they were). */
export function drawFacets(seq: number): number {
  const rnd = prng(0xfa_ce_75 ^ seq);
  if (rnd.next() < 1 / 7) return 0;
  const selection: Record<string, string[]> = {};
  const x = rnd.next();
  let at = 0;
  for (const [value, share] of FACET_SHARES.walkIns) {
    at += share;
    if (x < at) {
      selection.walkIns = [value];
      break;
    }
  }
  for (const [group, value, share] of FACET_SHARES.each) if (rnd.next() < share) selection[group] = [...(selection[group] ?? []), value];
  return facetBits(selection);
}

/**
 * Draws the generated providers' facets once per file (a file made before facets gets them too):
 * by seq ranges, each an UPDATE of its rows, so the copies' triggers (provider_search,
 * provider_facets, migrations/0046) write as the app's saves do. Returns how many it drew.
 */
async function fillFacets(database: Db): Promise<number> {
  await database.client.execute('CREATE TABLE IF NOT EXISTS bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  if ((await database.client.execute("SELECT 1 FROM bench_meta WHERE key = 'facets'")).rows.length) return 0;
  // The seed's rows come first and say their own facets (migrations/seed/providers.json).
  const lo = (await readSeed()).length + 1;
  const hi = Number((await database.client.execute('SELECT coalesce(max(seq), 0) AS n FROM providers')).rows[0]!.n);
  for (let from = lo; from <= hi; from += 5000) {
    const values: string[] = [];
    for (let seq = from; seq <= Math.min(hi, from + 4999); seq++) values.push(`(${seq}, ${drawFacets(seq)})`);
    await database.client.execute(`UPDATE providers SET facets = v.column2 FROM (VALUES ${values.join(', ')}) v WHERE providers.seq = v.column1`);
  }
  await database.client.execute("INSERT OR REPLACE INTO bench_meta (key, value) VALUES ('facets', '1')");
  return Math.max(0, hi - lo + 1);
}

/**
 * The generator version and provider count a finished file was made with, and how many providers it
 * holds now (more after an import into a copy, docs/BENCHMARKS.md "Overture import"); null when unfinished.
 */
async function meta(database: Db): Promise<{ version: number; providers: number; count: number } | null> {
  try {
    const { rows } = await database.client.execute("SELECT value FROM bench_meta WHERE key = 'generator'");
    const [version, providers] = String(rows[0]?.value ?? '')
      .split(':')
      .map(Number);
    if (!version || providers === undefined) return null;
    const count = Number((await database.client.execute('SELECT count(*) AS n FROM providers')).rows[0]!.n);
    return { version, providers, count };
  } catch (error) {
    // Only a file without the table is unfinished; any other failure (a lock held by another
    // benchmark reading the same shared file) must not get the file deleted and rebuilt.
    if (/no such table/i.test(String((error as Error)?.message))) return null;
    throw error;
  }
}

/**
 * A database file at `file` with exactly `total` providers (the seed plus generated ones); reused
 * when it already holds them, rebuilt otherwise. Leaves the database open (getDb) for the caller.
 */
export async function ensureBenchDb(
  total: number,
  given?: string,
  log = console.log,
  /** Segments in this process (tests/db/copies.test.ts: a small file), not a child each. */
  { inProcess = false } = {},
): Promise<Generated> {
  const file = given ?? `${BENCH_DIR}/providers-${total}.db`;
  mkdirSync(dirname(file), { recursive: true });
  const url = `file:${file}`;
  if (existsSync(file)) {
    const database = await getDb(url);
    const found = await meta(database);
    const finished = found?.version === GENERATOR_VERSION && found.providers === total;
    // A file named with --db is never deleted: it may hold more than it was generated with (an
    // import into a copy); one that is not a finished file of `total` is an error, not a rebuild.
    if (given && !(finished && found.count >= total)) {
      throw new Error(
        `${file} is not a finished benchmark file of ${total} providers (${found ? `generated with ${found.providers}, holds ${found.count}` : 'unfinished'})`,
      );
    }
    if (finished && (found.count === total || given)) {
      // A file made before a schema change gets the new migrations (indexes) instead of a rebuild.
      const applied = await migrate(database);
      if (applied.length) log(`[bench] applied ${applied.join(', ')} to ${file}`);
      // The vocabulary a migration's new kind needs, as the setup fills it (migrations/0039).
      const words = await addServiceWords(database);
      if (words) log(`[bench] added ${words} service words to ${file}`);
      const facets = await fillFacets(database);
      if (facets) log(`[bench] drew facets for ${facets.toLocaleString('en-US')} providers of ${file}`);
      // A file generated before the merge came last holds many segments (every search reads each).
      const merged = await mergeTextIndex(database);
      if (merged.before > 1) log(`[bench] merged the full-text index of ${file}: ${merged.before} segments into ${merged.after}`);
      const reviews = Number((await database.client.execute('SELECT count(*) AS n FROM reviews')).rows[0]!.n);
      log(`[bench] reusing ${file}: ${total.toLocaleString('en-US')} providers, ${reviews.toLocaleString('en-US')} reviews`);
      return { url, file, providers: total, reviews, seconds: 0, reused: true };
    }
    await closeDb(url);
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }

  const started = performance.now();
  const database = await setupDatabase(url, { seed: true });
  const deferred = await deferReadIndexes(database);
  await tuneForLoading(database);
  const seeded = Number((await database.client.execute('SELECT count(*) AS n FROM providers')).rows[0]!.n);
  const toGenerate = Math.max(0, total - seeded);
  log(`[bench] generating ${file}: ${seeded} seed providers + ${toGenerate.toLocaleString('en-US')} generated`);

  // Each segment in a process of its own: the native client keeps memory for every provider written
  // until its process exits (not its connection, not a garbage collection), so a million in one
  // process do not fit in memory (docs/BENCHMARKS.md "Generating").
  const firstSeq = Number((await database.client.execute('SELECT coalesce(max(seq), 0) AS n FROM providers')).rows[0]!.n) + 1;
  let state = prng(0x61_0b_00 + GENERATOR_VERSION).state();
  let reviews = 0;
  for (let from = 0; from < toGenerate; from += SEGMENT_PROVIDERS) {
    const to = Math.min(toGenerate, from + SEGMENT_PROVIDERS);
    const out = inProcess ? await generateSegment({ file, from, to, firstSeq, state }, { close: false }) : runSegment({ file, from, to, firstSeq, state });
    state = out.state;
    reviews += out.reviews;
    log(`[bench]   ${to.toLocaleString('en-US')} generated (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const indexing = performance.now();
  for (const sql of deferred) await database.client.execute(sql);
  log(`[bench]   indexes and full-text index built in ${((performance.now() - indexing) / 1000).toFixed(0)} s`);
  // Coordinates, time zone, opening-hours rows and vocabulary, as the app fills them for older rows.
  const filling = performance.now();
  await backfillSearchData(database);
  log(`[bench]   places, hours and vocabulary filled in ${((performance.now() - filling) / 1000).toFixed(0)} s`);
  const drawing = performance.now();
  await fillFacets(database);
  log(`[bench]   facets drawn in ${((performance.now() - drawing) / 1000).toFixed(0)} s`);
  // 'rebuild' leaves several segments, and the facets' UPDATE re-inserts every row through the
  // triggers (more segments): merged last, as the daily job keeps production's (textIndex.server.ts).
  const merging = performance.now();
  await mergeTextIndex(database);
  log(`[bench]   full-text index merged in ${((performance.now() - merging) / 1000).toFixed(0)} s`);
  await database.client.execute('PRAGMA synchronous = NORMAL');
  await database.client.execute('CREATE TABLE IF NOT EXISTS bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  await database.client.execute({ sql: "INSERT OR REPLACE INTO bench_meta (key, value) VALUES ('generator', ?)", args: [`${GENERATOR_VERSION}:${total}`] });
  // No ANALYZE: production databases have no planner statistics either, so neither does this one.
  await database.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const seconds = (performance.now() - started) / 1000;
  const allReviews = Number((await database.client.execute('SELECT count(*) AS n FROM reviews')).rows[0]!.n);
  log(`[bench] generated ${total.toLocaleString('en-US')} providers and ${allReviews.toLocaleString('en-US')} reviews in ${seconds.toFixed(1)} s`);
  return { url, file, providers: total, reviews: allReviews || reviews, seconds, reused: false };
}

/** Providers generated per child process (the native client's memory grows with each; GLOW_BENCH_SEGMENT to try others). */
const SEGMENT_PROVIDERS = env().GLOW_BENCH_SEGMENT;

interface SegmentInput {
  file: string;
  /** Generated providers [from, to) of the whole run: their seq, ids and slugs follow from i. */
  from: number;
  to: number;
  firstSeq: number;
  /** The PRNG's state where the previous segment left it, so segments draw what one run would. */
  state: number;
}
interface SegmentOutput {
  state: number;
  reviews: number;
}

/** Runs one segment in a child process (this file with --segment) and reads its result. */
function runSegment(input: SegmentInput): SegmentOutput {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--segment', JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`[bench] generating providers ${input.from}-${input.to} failed (exit ${child.status ?? child.signal})`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as SegmentOutput;
}

/**
 * A half-written file is deleted and rebuilt on the next run (no bench_meta), so durability while
 * loading buys nothing; a large cache and in-memory temporaries speed the bulk inserts and index builds.
 */
async function tuneForLoading(database: Db): Promise<void> {
  await database.client.execute('PRAGMA synchronous = OFF');
  await database.client.execute('PRAGMA cache_size = -1000000');
  await database.client.execute('PRAGMA temp_store = MEMORY');
}

async function generateSegment(input: SegmentInput, { close = true } = {}): Promise<SegmentOutput> {
  const url = `file:${input.file}`;
  const database = await getDb(url);
  await tuneForLoading(database);
  const groups = await serviceGroups();
  const categories = Object.keys(CATEGORY_WEIGHTS).filter((c) => groups.has(c));
  const categoryWeights = cumulative(categories.map((c) => CATEGORY_WEIGHTS[c]!));
  const taken = new Set((await database.client.execute('SELECT slug FROM providers')).rows.map((r) => String(r.slug)));
  const rnd = prng(input.state);
  const { firstSeq } = input;
  /** Providers per write batch. */
  const BATCH_PROVIDERS = 1000;
  /** SQLite's bound of parameters per statement: a multi-row insert takes as many rows as fit. */
  const MAX_PARAMETERS = 32_766;
  const places = new Map<string, Place>();
  const terms = new Map<string, number>();
  let providerRows: Insertable<ProvidersTable>[] = [];
  /** The copied rows' sources, written through the app's one writer of them (copies.server.ts). */
  let copied: { id: string; services: string[]; openingHours: string }[] = [];
  let reviewRows: Insertable<ReviewsTable>[] = [];
  let refreshes: InStatement[] = [];
  let reviews = 0;
  const chunks = <T>(rows: T[], size: number) => Array.from({ length: Math.ceil(rows.length / size) }, (_, k) => rows.slice(k * size, (k + 1) * size));
  const insert = (table: 'providers' | 'reviews', rows: object[]): InStatement[] =>
    // Every row of a table has the same columns: the first says how many rows fit.
    chunks(rows, rows.length ? Math.floor(MAX_PARAMETERS / Object.keys(rows[0]!).length) : 1).map((part) => {
      const compiled = database.db
        .insertInto(table)
        .values(part as never)
        .compile();
      return { sql: compiled.sql, args: compiled.parameters as never[] };
    });
  const flush = async () => {
    if (!providerRows.length) return;
    await database.client.batch(
      [
        ...insert('providers', providerRows),
        // Category rows before hours rows, which copy the categories.
        categoryRowsStatement(copied),
        ...insert('reviews', reviewRows),
        hoursRowsStatement(copied),
        ...refreshes,
      ],
      'write',
    );
    providerRows = [];
    copied = [];
    reviewRows = [];
    refreshes = [];
  };

  for (let i = input.from; i < input.to; i++) {
    const city = CITIES[rnd.weighted(CITY_WEIGHTS)]!;
    const category = categories[rnd.weighted(categoryWeights)]!;
    const own = groups.get(category)!;
    const services = rnd.sample(own, rnd.int(2, Math.min(6, own.length)));
    if (rnd.next() < 0.3) {
      const other = groups.get(rnd.pick(categories))!;
      for (const s of rnd.sample(other, rnd.int(1, 2))) if (!services.includes(s)) services.push(s);
    }
    const name = `${rnd.pick(WORDS_A)} ${rnd.pick(WORDS_B)} ${rnd.pick(KINDS[category]!)}`;
    const base = `${slugify(name)}-${slugify(city.name)}`;
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    const area = rnd.pick(NEIGHBOURHOODS[city.name] ?? GENERIC_AREAS);
    const [first, second = first] = services;
    const description =
      `${name} is a ${rnd.pick(ADJECTIVES)} ${KINDS[category]![0]!.toLowerCase()} in ${area}, ${city.name}, ` +
      `known for ${first!.toLowerCase()} and ${second!.toLowerCase()}. ${rnd.pick(LINES)} ${rnd.pick(LINES)}`;
    const hours = rnd.pick(HOURS);
    const id = stableId(`bench:${GENERATOR_VERSION}:${i}`);
    const phoneArea = 200 + (i % 700);
    const created = new Date(Date.UTC(2023, 0, 1) + rnd.int(0, 900) * 86_400_000);
    const seq = firstSeq + i;
    // Drawn in the same order as version 1, so the rows match it exactly (version 2 adds places and hours).
    const row: Insertable<ProvidersTable> = {
      seq,
      id,
      name,
      slug,
      description,
      address: `${rnd.int(1, 9999)} ${rnd.pick(['Main', 'Oak', 'Maple', 'Pine', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park'])} ${rnd.pick(['Street', 'Avenue', 'Boulevard', 'Road', 'Drive'])}`,
      city: city.name,
      state: city.state,
      zipCode: `${city.zip3}${String(rnd.int(0, 99)).padStart(2, '0')}`,
      phone: `(${phoneArea}) 555-01${String(rnd.int(0, 99)).padStart(2, '0')}`,
      email: `${slug.slice(0, 40)}@example.com`,
      website: rnd.next() < 0.6 ? `https://${slug.slice(0, 40)}.example.com` : null,
      services: JSON.stringify(services),
      isPromoted: rnd.next() < 0.02 ? 1 : 0,
      isOpen: rnd.next() < 0.9 ? 1 : 0,
      priceRange: PRICE_RANGES[rnd.weighted(PRICE_WEIGHTS)]!,
      openingHours: JSON.stringify({
        monday: hours.weekday,
        tuesday: hours.weekday,
        wednesday: hours.weekday,
        thursday: hours.weekday,
        friday: hours.weekday,
        saturday: hours.saturday,
        sunday: hours.sunday,
      }),
      imageUrl: rnd.next() < 0.95 ? `/images/providers/${category}-${rnd.int(1, 3)}.webp` : null,
      rating: 0,
      reviewCount: 0,
      createdAt: created.toISOString(),
      // Generated listings stand for vetted ones (migrations/0015).
      vetted_at: created.toISOString(),
      vetted_by: 'seed',
    };
    // Place, zone and vocabulary as the app writes them with a provider
    // (src/features/providers/providers.server.ts), in bulk: the same rows the setup's backfill would write.
    const key = `${row.zipCode}|${row.city}|${row.state}`;
    const place = places.get(key) ?? (await placeOf({ zipCode: row.zipCode, city: row.city, state: row.state }));
    places.set(key, place);
    Object.assign(row, place);
    for (const term of providerTerms({ name, description, services: row.services!, city: city.name, state: city.state })) {
      const k = JSON.stringify(term);
      terms.set(k, (terms.get(k) ?? 0) + 1);
    }
    providerRows.push(row);
    // Category and hours rows copy the row as written (rating 0 until refreshRatingStatement, whose
    // trigger brings the rating to the category rows).
    copied.push({ id, services, openingHours: row.openingHours! });
    // Quality drives the reviews; ratings spread from about 2 to 5 with most between 4 and 5.
    const quality = 5 - rnd.next() ** 2.2 * 3;
    const count = rnd.int(1, 8);
    for (let r = 0; r < count; r++) {
      const rating = Math.max(1, Math.min(5, Math.round(quality + (rnd.next() - 0.5) * 1.6)));
      reviewRows.push({
        id: stableId(`bench-review:${GENERATOR_VERSION}:${i}:${r}`),
        providerId: id,
        customerName: `${rnd.pick(FIRST_NAMES)} ${String.fromCharCode(65 + rnd.int(0, 25))}.`,
        rating,
        comment: rnd.pick(COMMENTS).replace('{s}', rnd.pick(services).toLowerCase()),
        createdAt: new Date(created.getTime() + rnd.int(1, 400) * 86_400_000).toISOString(),
      });
    }
    reviews += count;
    refreshes.push(refreshRatingStatement(id));
    if (providerRows.length >= BATCH_PROVIDERS) await flush();
  }
  await flush();
  const counted = [...terms].map(([k, n]) => {
    const [kind, term, label] = JSON.parse(k) as [string, string, string];
    return { kind, term, label, n };
  });
  for (let k = 0; k < counted.length; k += 2000) {
    const compiled = database.db
      .insertInto('search_terms')
      .values(counted.slice(k, k + 2000) as never)
      .onConflict((oc) => oc.columns(['kind', 'term', 'label']).doUpdateSet((eb) => ({ n: eb('search_terms.n', '+', eb.ref('excluded.n')) })))
      .compile();
    await database.client.execute({ sql: compiled.sql, args: compiled.parameters as never[] });
  }
  if (close) await closeDb(url);
  return { state: rnd.state(), reviews };
}

if (process.argv[2] === '--segment' && import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const out = await generateSegment(JSON.parse(process.argv[3]!) as SegmentInput);
  console.log(JSON.stringify(out));
}
