/**
 * Applies migrations/*.sql in name order, each once: a file and its record in _migrations commit
 * together, so running this twice, or from two processes, changes nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './client';

export const MIGRATIONS_DIR = join(process.cwd(), 'migrations');

/**
 * Migrations renamed after databases recorded them, old name → new name. Two files were numbered
 * 0007; site_aggregates became 0008 and, to keep every file's order before the ones that need it
 * (0011 reads both 0007 and 0008), provider_menu, which nothing after it needs, moved to 0020.
 * A database that recorded the old names has its records renamed before the comparison, so none
 * runs twice. Never reuse an old name here for another file.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0007_site_aggregates.sql': '0008_site_aggregates.sql',
  '0008_provider_menu.sql': '0020_provider_menu.sql',
};

const MIGRATION_FILE = /^\d+_[\w-]+\.sql$/;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Renames the records of renamed migrations in one transaction: all or none, and a second process
 * doing the same at once finds nothing left to rename.
 */
async function renameRecords({ client }: Db, renames: Readonly<Record<string, string>>): Promise<void> {
  const pairs = Object.entries(renames);
  if (pairs.length === 0) return;
  const old = await client.execute(`SELECT name FROM _migrations WHERE name IN (${pairs.map(([from]) => quote(from)).join(', ')})`);
  if (old.rows.length === 0) return;
  const statements = pairs.flatMap(([from, to]) => [
    `INSERT OR IGNORE INTO _migrations (name, appliedAt) SELECT ${quote(to)}, appliedAt FROM _migrations WHERE name = ${quote(from)};`,
    `DELETE FROM _migrations WHERE name = ${quote(from)};`,
  ]);
  try {
    await client.executeMultiple(`BEGIN IMMEDIATE;\n${statements.join('\n')}\nCOMMIT;`);
  } catch (error) {
    await client.execute('ROLLBACK').catch(() => {});
    throw new Error(`Renaming recorded migrations failed: ${(error as Error).message}`);
  }
}

export async function migrate(database: Db, dir = MIGRATIONS_DIR, renames = RENAMED_MIGRATIONS): Promise<string[]> {
  const { client } = database;
  await client.execute('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, appliedAt TEXT NOT NULL)');
  await renameRecords(database, renames);
  const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
  const applied = new Set((await client.execute('SELECT name FROM _migrations')).rows.map((r) => String(r.name)));
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    const record = `INSERT INTO _migrations (name, appliedAt) VALUES (${quote(file)}, '${new Date().toISOString()}');`;
    try {
      await client.executeMultiple(`BEGIN IMMEDIATE;\n${sql}\n${record}\nCOMMIT;`);
    } catch (error) {
      await client.execute('ROLLBACK').catch(() => {});
      // Another process may have applied it meanwhile; that is not a failure.
      const again = await client.execute({ sql: 'SELECT 1 FROM _migrations WHERE name = ?', args: [file] });
      if (again.rows.length === 0) throw new Error(`Migration ${file} failed: ${(error as Error).message}`);
      continue;
    }
    done.push(file);
  }
  return done;
}
