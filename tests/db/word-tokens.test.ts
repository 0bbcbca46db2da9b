/**
 * A search's word is one token of the full-text index (src/lib/words.ts `searchWords`): the index keeps
 * no positions (migrations/0093, `detail = column`), so a word the tokenizer split would be a phrase
 * it cannot answer. Every letter and digit is checked against the index's own tokenizer.
 */
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { textMatch } from '../../src/features/search/textMatch.server';
import { searchWords } from '../../src/lib/words';
import { withTempDatabase } from '../helpers/database';

let database: Db;
withTempDatabase((opened) => {
  database = opened;
});

/** The index's `tokenize = '...'` option, read from its definition. */
async function tokenizerOf(db: Db): Promise<string> {
  const { rows } = await db.client.execute("SELECT sql FROM sqlite_master WHERE name = 'providers_fts'");
  const found = /tokenize\s*=\s*'([^']+)'/.exec(String(rows[0]!.sql));
  if (!found) throw new Error('providers_fts has no tokenize option');
  return found[1]!;
}

describe('search words and the full-text index', () => {
  it('the index keeps no positions: a phrase of two words is refused, a column filter and a prefix are not', async () => {
    const { rows } = await database.client.execute("SELECT sql FROM sqlite_master WHERE name = 'providers_fts'");
    expect(String(rows[0]!.sql)).toMatch(/detail\s*=\s*column/);
    await expect(database.client.execute(`SELECT count(*) FROM providers_fts WHERE providers_fts MATCH '"nail salon"'`)).rejects.toThrow(/phrase/);
    const ok = await database.client.execute(`SELECT count(*) AS n FROM providers_fts WHERE providers_fts MATCH 'services : ("nail"*) AND "sa"*'`);
    expect(Number(ok.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('every word the search reads from any character is one token of the index', async () => {
    const scratch = createClient({ url: ':memory:' });
    await scratch.execute(`CREATE VIRTUAL TABLE t USING fts5 (a, tokenize = '${await tokenizerOf(database)}')`);
    await scratch.execute(`CREATE VIRTUAL TABLE v USING fts5vocab('t', 'instance')`);
    // Each character between two letters, as the search reads it: its words, each a document.
    const words = new Set<string>();
    for (let cp = 0x30; cp < 0x30000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      for (const word of searchWords(`q${String.fromCodePoint(cp)}q`)) words.add(word);
    }
    expect(words.size).toBeGreaterThan(100_000);
    const inserts = [...words].map((word, i) => ({ sql: 'INSERT INTO t (rowid, a) VALUES (?, ?)', args: [i + 1, word] }));
    for (let i = 0; i < inserts.length; i += 5_000) await scratch.batch(inserts.slice(i, i + 5_000), 'write');
    const split = await scratch.execute('SELECT t.a AS word FROM v JOIN t ON t.rowid = v.doc GROUP BY v.doc HAVING count(*) > 1');
    expect(split.rows.map((r) => String(r.word))).toEqual([]);
    scratch.close();
  });

  it('a text with a letter the tokenizer separates is searched as two words, without an error', async () => {
    expect(searchWords('nail\u19b0salon')).toEqual(['nail', 'salon']);
    const match = await textMatch(database, 'nail\u19b0salon');
    if (!match) throw new Error('expected an expression');
    const { rows } = await database.client.execute({ sql: 'SELECT count(*) AS n FROM providers_fts WHERE providers_fts MATCH ?', args: [match.expression] });
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});
