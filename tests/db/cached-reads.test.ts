/** SELECTs on a local file through kept statements (src/db/cachedReads.ts): the same answers as the client's own. */
import { rmSync } from 'node:fs';
import { createClient, LibsqlError } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '../../src/db/client';
import { tempDatabaseUrl } from '../helpers/api';

const { url, dir } = tempDatabaseUrl();
/** The library's own client on the same file, to compare with. */
const plain = createClient({ url });
afterAll(async () => {
  plain.close();
  await closeDb(url);
  rmSync(dir, { recursive: true, force: true });
});

describe('cached reads', () => {
  it('rows have the client shape: named columns, positions, length, the first of a repeated name', async () => {
    const { client } = await getDb(url);
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)');
    await client.execute({ sql: 'INSERT INTO t (name, score, data) VALUES (?, ?, ?), (?, ?, ?)', args: ['a', 1.5, new Uint8Array([1, 2]), 'b', null, null] });
    const sql = 'SELECT id, name, score, data, name AS name, id * 2 AS twice FROM t ORDER BY id';
    const ours = await client.execute(sql);
    const theirs = await plain.execute(sql);
    expect(ours.columns).toEqual(theirs.columns);
    expect(ours.columnTypes).toEqual(theirs.columnTypes);
    expect(ours.rows.length).toBe(2);
    for (const [i, row] of ours.rows.entries()) {
      const expected = theirs.rows[i]!;
      expect({ ...row }).toEqual({ ...expected });
      expect(Object.keys(row)).toEqual(Object.keys(expected));
      expect(row.length).toBe(expected.length);
      for (let c = 0; c < expected.length; c++) expect(row[c]).toEqual(expected[c]);
      expect(JSON.stringify(row)).toBe(JSON.stringify(expected));
    }
    expect(ours.rows[0]!.id).toBe(1);
    expect(ours.rows[0]!.twice).toBe(2);
  });

  it('sees every write at once, through the same statement', async () => {
    const { client } = await getDb(url);
    const count = async () => Number((await client.execute({ sql: 'SELECT count(*) AS n FROM t WHERE name = ?', args: ['c'] })).rows[0]!.n);
    expect(await count()).toBe(0);
    await client.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['c'] });
    expect(await count()).toBe(1);
    await plain.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['c'] });
    expect(await count()).toBe(2);
  });

  it('binds values as the client does, and reports errors in its form', async () => {
    const { client } = await getDb(url);
    const { rows } = await client.execute({ sql: 'SELECT ? AS yes, ? AS no, ? AS big', args: [true, false, 2n] });
    expect({ ...rows[0] }).toEqual({ yes: 1, no: 0, big: 2 });
    const failure = await client.execute('SELECT nope FROM t').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LibsqlError);
    expect((failure as LibsqlError).code).toBe('SQLITE_ERROR');
    await expect(client.execute('SELECT 9007199254740993 AS n')).rejects.toThrow(RangeError);
  });

  it('writes and their results stay with the client (rows affected, last insert id)', async () => {
    const { client } = await getDb(url);
    const inserted = await client.execute({ sql: 'INSERT INTO t (name) VALUES (?)', args: ['d'] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBeTypeOf('bigint');
    const updated = await client.execute({ sql: "UPDATE t SET score = 2 WHERE name = 'c'", args: [] });
    expect(updated.rowsAffected).toBe(2);
  });

  it('a SELECT led by WITH is a read too; a write led by WITH still goes to the client', async () => {
    const { client } = await getDb(url);
    // Rows of the read connection inherit their positions from a shared prototype (rowPrototype).
    const viaReads = (row: object) => Object.getPrototypeOf(row) !== Object.prototype;
    const select = await client.execute('SELECT name FROM t ORDER BY id LIMIT 1');
    expect(viaReads(select.rows[0]!)).toBe(true);
    const withSelect = await client.execute('WITH m AS MATERIALIZED (SELECT name FROM t) SELECT count(*) AS n, (SELECT name FROM m LIMIT 1) AS first FROM m');
    expect(viaReads(withSelect.rows[0]!)).toBe(true);
    expect({ ...withSelect.rows[0] }).toEqual({
      ...(await plain.execute('WITH m AS MATERIALIZED (SELECT name FROM t) SELECT count(*) AS n, (SELECT name FROM m LIMIT 1) AS first FROM m')).rows[0],
    });
    const before = Number((await client.execute('SELECT count(*) AS n FROM t')).rows[0]!.n);
    const written = await client.execute("WITH v AS (SELECT 'e' AS name) INSERT INTO t (name) SELECT name FROM v");
    expect(written.rowsAffected).toBe(1);
    expect(Number((await client.execute('SELECT count(*) AS n FROM t')).rows[0]!.n)).toBe(before + 1);
  });
});
