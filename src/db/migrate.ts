/**
 * Applies migrations/*.sql in name order, each once: a file and its record in _migrations commit
 * together, so running this twice, or from two processes, changes nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './client';

export const MIGRATIONS_DIR = join(process.cwd(), 'migrations');

export async function migrate({ client }: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await client.execute('CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, appliedAt TEXT NOT NULL)');
  const files = (await readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
  const applied = new Set((await client.execute('SELECT name FROM _migrations')).rows.map((r) => String(r.name)));
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(join(dir, file), 'utf8');
    const record = `INSERT INTO _migrations (name, appliedAt) VALUES ('${file}', '${new Date().toISOString()}');`;
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
