/** Migrations and seed (issue "Foundation", README "Edit content"). */
import { readdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { readSeed } from '../../src/setup/seed';
import { setupDatabase } from '../../src/setup/setup';
import { tempDatabaseUrl } from '../helpers/api';

const { url, dir } = tempDatabaseUrl();
const MIGRATIONS = readdirSync('migrations')
  .filter((f) => f.endsWith('.sql'))
  .sort();
afterAll(async () => {
  await closeDb(url);
  rmSync(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('migrations apply in order, are recorded, and running them again changes nothing', async () => {
    const first = await setupDatabase(url);
    expect(first.migrated).toEqual(MIGRATIONS);
    expect(MIGRATIONS[0]).toBe('0001_providers_reviews.sql');
    const again = await migrate(await getDb(url));
    expect(again).toEqual([]);
    const second = await setupDatabase(url);
    expect(second.seeded).toBe(0);
    const { rows } = await second.client.execute('SELECT name FROM _migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(MIGRATIONS);
  });

  it('the local database runs in WAL mode', async () => {
    const { rows } = await (await getDb(url)).client.execute('PRAGMA journal_mode');
    expect(rows[0]!.journal_mode).toBe('wal');
  });

  it('every search filter has an index', async () => {
    const { rows } = await (await getDb(url)).client.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL");
    const sql = rows.map((r) => String(r.sql)).join('\n');
    for (const column of ['city', 'state', 'zipCode', 'priceRange', 'rating', 'isPromoted DESC']) expect(sql).toContain(column);
    expect(rows.some((r) => r.tbl_name === 'provider_categories')).toBe(true);
  });

  it("category rows carry their provider's city and order columns, also after the provider changes", async () => {
    const stale = `SELECT count(*) AS n FROM provider_categories c JOIN providers p ON p.seq = c.providerSeq
                   WHERE c.city <> p.city OR c.rating <> p.rating OR c.reviewCount <> p.reviewCount OR c.name <> p.name OR c.isPromoted <> p.isPromoted`;
    // The change is rolled back: the other tests read the seed as it is.
    const tx = await (await getDb(url)).client.transaction('write');
    try {
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      await tx.execute("UPDATE providers SET city = 'Boise', rating = 1.5 WHERE seq = (SELECT min(providerSeq) FROM provider_categories)");
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      expect(Number((await tx.execute("SELECT count(*) AS n FROM provider_categories WHERE city = 'Boise'")).rows[0]!.n)).toBeGreaterThan(0);
    } finally {
      await tx.rollback();
    }
  });

  it("hours rows carry their provider's city and categories, category rows its price (migrations/0014), also after changes", async () => {
    const stale = `SELECT
        (SELECT count(*) FROM provider_categories c JOIN providers p ON p.seq = c.providerSeq WHERE c.priceRange <> p.priceRange) +
        (SELECT count(*) FROM provider_hours h JOIN providers p ON p.seq = h.providerSeq WHERE h.city IS NOT p.city) +
        -- Categories in any order: each one present, and nothing else.
        (SELECT count(*) FROM provider_hours h WHERE
          length(h.categories) IS NOT (SELECT length(' ' || group_concat(c.category, ' ') || ' ') FROM provider_categories c WHERE c.providerSeq = h.providerSeq)
          OR EXISTS (SELECT 1 FROM provider_categories c WHERE c.providerSeq = h.providerSeq AND instr(h.categories, ' ' || c.category || ' ') = 0)) AS n`;
    const seq = 'SELECT min(providerSeq) FROM provider_categories';
    const tx = await (await getDb(url)).client.transaction('write');
    try {
      expect(Number((await tx.execute('SELECT count(*) AS n FROM provider_hours')).rows[0]!.n)).toBeGreaterThan(0);
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      await tx.execute(`UPDATE providers SET city = 'Boise', priceRange = '$$$$' WHERE seq = (${seq})`);
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      expect(
        Number((await tx.execute(`SELECT count(*) AS n FROM provider_categories WHERE providerSeq = (${seq}) AND priceRange = '$$$$'`)).rows[0]!.n),
      ).toBeGreaterThan(0);
      // Category rows written or removed later (a new row copies its provider's columns, as the app writes it).
      await tx.execute(
        `INSERT INTO provider_categories (category, providerSeq, city, priceRange) SELECT 'massage', seq, city, priceRange FROM providers WHERE seq = (${seq})
         AND NOT EXISTS (SELECT 1 FROM provider_categories WHERE category = 'massage' AND providerSeq = (${seq}))`,
      );
      await tx.execute(`DELETE FROM provider_categories WHERE providerSeq = (${seq}) AND category <> 'massage'`);
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      const { rows } = await tx.execute(`SELECT DISTINCT city, categories FROM provider_hours WHERE providerSeq = (${seq})`);
      expect(rows.map((r) => ({ ...r }))).toEqual([{ city: 'Boise', categories: ' massage ' }]);
    } finally {
      await tx.rollback();
    }
  });

  it("category rows carry their provider's coordinates (migrations/0023), also after the provider moves", async () => {
    const stale = `SELECT count(*) AS n FROM provider_categories c JOIN providers p ON p.seq = c.providerSeq
                   WHERE c.latitude IS NOT p.latitude OR c.longitude IS NOT p.longitude`;
    const seq = 'SELECT min(providerSeq) FROM provider_categories';
    const tx = await (await getDb(url)).client.transaction('write');
    try {
      expect(Number((await tx.execute('SELECT count(*) AS n FROM provider_categories WHERE latitude IS NOT NULL')).rows[0]!.n)).toBeGreaterThan(0);
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      await tx.execute(`UPDATE providers SET latitude = 44.5, longitude = -116.25 WHERE seq = (${seq})`);
      expect(Number((await tx.execute(stale)).rows[0]!.n)).toBe(0);
      expect(
        Number((await tx.execute(`SELECT count(*) AS n FROM provider_categories WHERE latitude = 44.5 AND longitude = -116.25`)).rows[0]!.n),
      ).toBeGreaterThan(0);
    } finally {
      await tx.rollback();
    }
  });

  it('the aggregates the build reads (providers per city, review count and rating sum) follow inserts, updates and deletes', async () => {
    const drift = {
      cities: `SELECT count(*) AS n FROM (SELECT city, state, count(*) AS n FROM providers GROUP BY city, state) g
               FULL JOIN (SELECT * FROM city_counts WHERE n > 0) c ON c.city = g.city AND c.state = g.state WHERE c.n IS NOT g.n`,
      reviews: `SELECT count(*) AS n FROM review_stats s, (SELECT count(*) AS n, coalesce(sum(rating), 0) AS total FROM reviews) r
                WHERE s.n <> r.n OR s.ratingSum <> r.total`,
    };
    const tx = await (await getDb(url)).client.transaction('write');
    const check = async () => {
      for (const [what, sql] of Object.entries(drift)) expect(Number((await tx.execute(sql)).rows[0]!.n), what).toBe(0);
    };
    try {
      await check();
      const first = '(SELECT min(seq) FROM providers)';
      await tx.execute(`UPDATE providers SET city = 'Boise', state = 'ID' WHERE seq = ${first}`);
      await tx.execute(`UPDATE reviews SET rating = 1 WHERE rowid = (SELECT min(rowid) FROM reviews)`);
      await tx.execute(`DELETE FROM reviews WHERE rowid = (SELECT max(rowid) FROM reviews)`);
      await tx.execute(`DELETE FROM providers WHERE seq = (SELECT max(seq) FROM providers)`);
      await check();
    } finally {
      await tx.rollback();
    }
  });

  it('the seed holds the counts the pages claim', async () => {
    const seed = await readSeed();
    const { client } = await getDb(url);
    const count = async (sqlText: string, args: string[] = []) => Number((await client.execute({ sql: sqlText, args })).rows[0]!.n);
    expect(await count('SELECT count(*) AS n FROM providers')).toBe(seed.length);
    expect(seed.length).toBeGreaterThanOrEqual(120);
    expect(await count('SELECT count(DISTINCT city || state) AS n FROM providers')).toBeGreaterThanOrEqual(50);
    for (const [city, n] of [
      ['New York', 20],
      ['Los Angeles', 30],
      ['Chicago', 10],
      ['Miami', 10],
      ['Houston', 7],
    ] as const) {
      expect(await count('SELECT count(*) AS n FROM providers WHERE city = ?', [city]), city).toBe(n);
    }
    expect(await count("SELECT count(*) AS n FROM providers WHERE city = 'Dallas'")).toBeGreaterThanOrEqual(6);
    for (const category of ['nails', 'hair', 'beauty', 'brows', 'makeup', 'skincare']) {
      expect(await count('SELECT count(*) AS n FROM provider_categories WHERE category = ?', [category]), category).toBeGreaterThan(0);
    }
    expect(await count('SELECT min(c) AS n FROM (SELECT count(*) AS c FROM reviews GROUP BY providerId)')).toBeGreaterThanOrEqual(2);
  });

  it("each provider's rating and reviewCount equal its reviews", async () => {
    const { client } = await getDb(url);
    const { rows } = await client.execute(`
      SELECT p.slug, p.rating, p.reviewCount, count(r.id) AS n, round(avg(r.rating), 1) AS mean
      FROM providers p LEFT JOIN reviews r ON r.providerId = p.id GROUP BY p.id`);
    for (const row of rows) {
      expect(row.reviewCount, String(row.slug)).toBe(row.n);
      expect(row.rating, String(row.slug)).toBe(row.mean ?? 0);
    }
  });

  it('the seed is fictional: 555 phone numbers and example.com addresses', async () => {
    for (const p of await readSeed()) {
      expect(p.phone).toMatch(/555-01\d\d$/);
      expect(p.email).toMatch(/example\.com$/);
      if (p.website) expect(new URL(p.website).hostname).toMatch(/example\.com$/);
    }
  });
});

describe('vocabulary refold (migrations/0013)', () => {
  it("merges words stored with accents into the full-text index's form, leaves other scripts, and does nothing twice", async () => {
    const database = await getDb(url);
    const { refoldVocabulary } = await import('../../src/features/search/backfill.server');
    await database.client.batch(
      [
        "INSERT INTO search_terms (kind, term, label, n) VALUES ('word', 'beauté', 'beauté', 2), ('word', 'beaute', 'beaute', 1), ('word', 'soirée', 'soirée', 1), ('word', 'ネイル', 'ネイル', 4)",
        "INSERT INTO search_terms (kind, term, label, n) VALUES ('city', 'bogotá', 'Bogotá, NJ', 1)",
      ],
      'write',
    );
    expect(await refoldVocabulary(database)).toBe(2);
    const { rows } = await database.client.execute(
      "SELECT kind, term, n FROM search_terms WHERE term IN ('beauté', 'beaute', 'soirée', 'soiree', 'ネイル', 'bogotá') ORDER BY kind, term",
    );
    expect(rows.map((r) => [r.kind, r.term, r.n])).toEqual([
      ['city', 'bogotá', 1],
      ['word', 'beaute', 3],
      ['word', 'soiree', 1],
      ['word', 'ネイル', 4],
    ]);
    expect(await refoldVocabulary(database)).toBe(0);
  });
});

describe('service words (migrations/0039)', () => {
  it('a vocabulary without them gets the words of every service name, counted, and nothing twice', async () => {
    const database = await getDb(url);
    const { addServiceWords } = await import('../../src/features/suggestions/vocabulary.server');
    const serviceWords = async () =>
      (await database.client.execute("SELECT term, n FROM search_terms WHERE kind = 'serviceWord' ORDER BY term")).rows.map((r) => [r.term, Number(r.n)]);
    const written = await serviceWords();
    // Written with every vetted provider (the seed's): as the setup would add them to an older file.
    expect(written.length).toBeGreaterThan(0);
    await database.client.execute("DELETE FROM search_terms WHERE kind = 'serviceWord'");
    expect(await addServiceWords(database)).toBe(written.length);
    const added = await serviceWords();
    expect(added.map(([term]) => term)).toEqual(written.map(([term]) => term));
    // Counted from the service names: never fewer than the providers that have the word.
    for (const [i, [, n]] of added.entries()) expect(n).toBeGreaterThanOrEqual(written[i]![1] as number);
    expect(await addServiceWords(database)).toBe(0);
    expect(await serviceWords()).toEqual(added);
  });
});
