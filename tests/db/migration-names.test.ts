/**
 * Migration numbers are unique, and a database migrated under the old names (two files numbered
 * 0007, recorded by name in _migrations) migrates cleanly after the renumbering: nothing runs twice
 * and its schema ends as a fresh database's (src/db/migrate.ts RENAMED_MIGRATIONS).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb, type Db } from '../../src/db/client';
import { MIGRATIONS_DIR, migrate, RENAMED_MIGRATIONS } from '../../src/db/migrate';
import { startSqld, sqldUnavailable, type Sqld } from '../helpers/sqld';

const MIGRATIONS = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const temp = mkdtempSync(join(tmpdir(), 'glow-migration-names-'));
const opened: string[] = [];
let sqld: Sqld | null = null;

afterAll(async () => {
  for (const url of opened) await closeDb(url);
  await sqld?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/** The migrations folder as today's files were named before the renumbering. */
function oldNamesDir(): string {
  const dir = join(temp, 'old-migrations');
  mkdirSync(dir, { recursive: true });
  const oldName = new Map(Object.entries(RENAMED_MIGRATIONS).map(([from, to]) => [to, from]));
  for (const file of MIGRATIONS) copyFileSync(join(MIGRATIONS_DIR, file), join(dir, oldName.get(file) ?? file));
  return dir;
}

/** Tables, indexes, triggers and views with their SQL, and each table's columns (in any order). */
async function schema({ client }: Db) {
  const objects = await client.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name");
  const columns: Record<string, string[]> = {};
  for (const row of objects.rows.filter((r) => r.type === 'table')) {
    const info = await client.execute(`SELECT name, type, "notnull", dflt_value FROM pragma_table_info('${String(row.name)}')`);
    columns[String(row.name)] = info.rows.map((c) => `${c.name} ${c.type} ${c.notnull} ${c.dflt_value}`).sort();
  }
  // A column added by ALTER TABLE is part of the table's SQL in the order it was added.
  return { objects: objects.rows.map((r) => [r.type, r.name, r.type === 'table' ? '' : r.sql]), columns };
}

async function open(url: string): Promise<Db> {
  opened.push(url);
  return getDb(url);
}

describe('migration numbers', () => {
  it('no two migrations share a number', () => {
    const byNumber = new Map<number, string[]>();
    for (const file of MIGRATIONS) {
      const n = Number(/^(\d+)_/.exec(file)?.[1]);
      expect(Number.isInteger(n), `${file} starts with its number`).toBe(true);
      byNumber.set(n, [...(byNumber.get(n) ?? []), file]);
    }
    expect([...byNumber.values()].filter((files) => files.length > 1)).toEqual([]);
  });

  it('every renamed migration exists under its new name and no file carries an old name', () => {
    for (const [from, to] of Object.entries(RENAMED_MIGRATIONS)) {
      expect(MIGRATIONS).toContain(to);
      expect(MIGRATIONS).not.toContain(from);
    }
  });
});

const targets: [string, () => Promise<string>][] = [['a libSQL file', async () => `file:${join(temp, 'old.db')}`]];
const noSqld = sqldUnavailable();
if (!noSqld) {
  targets.push([
    'sqld',
    async () => {
      sqld = await startSqld(join(temp, 'sqld'));
      return sqld.url;
    },
  ]);
}

describe.each(targets)('a database migrated under the old names (%s)', (_, start) => {
  it('migrates cleanly after the renumbering: records renamed, nothing applied twice, the schema of a fresh database', async () => {
    const database = await open(await start());
    // As today's main did: the old file names, applied in their name order, no renames known.
    const old = await migrate(database, oldNamesDir(), {});
    expect(old).toContain('0007_site_aggregates.sql');
    expect(old).toContain('0008_provider_menu.sql');

    expect(await migrate(database)).toEqual([]);
    const { rows } = await database.client.execute('SELECT name FROM _migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(MIGRATIONS);
    // Again, as a second process would: still nothing to do.
    expect(await migrate(database)).toEqual([]);

    const fresh = await open(`file:${join(temp, `fresh-${opened.length}.db`)}`);
    expect(await migrate(fresh)).toEqual(MIGRATIONS);
    expect(await schema(database)).toEqual(await schema(fresh));
  });
});

describe('a database migrated under the old names before 0008_provider_menu existed', () => {
  it('takes the renamed record and applies the rest, the moved menu migration included', async () => {
    const database = await open(`file:${join(temp, 'older.db')}`);
    const dir = join(temp, 'older-migrations');
    mkdirSync(dir);
    for (const file of readdirSync(oldNamesDir()).filter((f) => f <= '0007_site_aggregates.sql'))
      copyFileSync(join(temp, 'old-migrations', file), join(dir, file));
    expect(await migrate(database, dir, {})).toContain('0007_site_aggregates.sql');
    const applied = await migrate(database);
    expect(applied).toContain('0020_provider_menu.sql');
    expect(applied).not.toContain('0008_site_aggregates.sql');
    const { rows } = await database.client.execute('SELECT name FROM _migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(MIGRATIONS);
  });
});
