/**
 * SELECTs on a local database file through statements prepared once per SQL text. The file client
 * of @libsql/client prepares every statement again on each call, asks for its column list twice
 * and builds each row value by value with `Object.defineProperty`: under `npm start` that cost more
 * than running the queries (docs/BENCHMARKS.md "`npm start` at 100,000 providers"). Here the SELECTs of a process go through one
 * connection of their own whose statements and column names are kept (up to MAX_STATEMENTS; the
 * SQL texts are the search plans' shapes, values are bound); writes, batches and transactions stay
 * with the client. Rows have the same shape as the client's: named columns as enumerable
 * properties, positions and `length` not enumerable.
 */
import type { Client, InStatement, InValue, ResultSet, Row } from '@libsql/client';
import Database from 'libsql';

/**
 * Page cache of the read connection, in KiB. SQLite's default (2 MiB) holds little of a large
 * database, whose pages a search would then read again from the operating system on every call, a
 * system call each. The file is mapped only up to READ_MAP_BYTES,
 * and at a million providers the pages searches keep reading beyond it (the full-text index's, the
 * coordinate and order indexes') outgrew 256 MiB: 1 GiB holds them, 2 GiB gained nothing more.
 * Pages are only allocated as they are read, so a small
 * database costs no more.
 */
const READ_CACHE_KIB = 1024 * 1024;

/**
 * Bytes of the file the read connection maps into memory (SQLite's memory-mapped I/O, at most the
 * 2 GiB its build allows): a page read there is a memory read of the operating system's own cache,
 * where a page missing from the page cache above is a system call and a copy. A search at a million
 * providers reads tens of thousands of pages scattered over a file of several gigabytes, more than
 * the page cache keeps between searches. The connection is
 * query-only, so the map is never written through.
 */
const READ_MAP_BYTES = 2 ** 31;

/**
 * Prepared statements kept per connection; the least recently used goes first. The search's SQL
 * texts are many more than its plans: each combination of filters, the hour open now reads and the
 * length of a bound list is a text of its own. A cache smaller than the texts a server cycles
 * through keeps none of them (the least recently used is always the next one asked for), and a
 * plan's large statements are slow to prepare (docs/benchmarks-history.md "Fuzz: the changes of
 * session 9").
 */
const MAX_STATEMENTS = 2000;

interface Prepared {
  statement: Database.Statement;
  columns: string[];
  columnTypes: string[];
  /** Rows' prototype: positions and length read through to the named columns. */
  rowPrototype: object;
  /** Per position, whether its name is already on the row (its value is then kept by position only); null when none is. */
  repeated: boolean[] | null;
}

/**
 * The client's `intMode: 'number'` conversion: integers arrive as bigint and must fit a number. A
 * bigint past the safe range becomes a number that is not a safe integer, so one test of the number
 * says what comparing the bigint with both bounds would.
 */
function fromSql(value: unknown): unknown {
  if (typeof value === 'bigint') {
    const number = Number(value);
    if (!Number.isSafeInteger(number)) throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    return number;
  }
  return value instanceof Buffer ? value.buffer : value;
}

/** The client's argument conversion, for the values kysely and the code here bind. */
function toSql(value: InValue): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

function rowPrototype(columns: string[]): object {
  const proto: PropertyDescriptorMap = { length: { value: columns.length } };
  columns.forEach((name, i) => {
    // A repeated name keeps its first value by name, as in the client; each position its own (below).
    if (columns.indexOf(name) === i)
      proto[i] = {
        get: function (this: Record<string, unknown>) {
          return this[name];
        },
      };
  });
  return Object.create(Object.prototype, proto);
}

/** Per position, whether toRow finds its name already on the row (then it keeps the value by position); null when none does. */
function repeatedNames(columns: string[]): boolean[] | null {
  const own = new Set<string>();
  const repeated = columns.map((name, i) => {
    const seen = own.has(name);
    own.add(seen ? String(i) : name);
    return seen;
  });
  return repeated.includes(true) ? repeated : null;
}

function toRow(prepared: Prepared, values: unknown[]): Row {
  const row = Object.create(prepared.rowPrototype) as Record<string | number, unknown>;
  const { columns, repeated } = prepared;
  for (let i = 0; i < values.length; i++) {
    const value = fromSql(values[i]);
    if (repeated?.[i]) Object.defineProperty(row, i, { value });
    else row[columns[i]!] = value;
  }
  return row as unknown as Row;
}

/**
 * Reads: a SELECT, or one led by a WITH clause (the search's one-statement plans). A WITH may lead
 * a write too; the read connection is query-only, so such a statement fails there and goes to the
 * client like any other write.
 */
const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql);

/**
 * `client` with its `execute` of SELECTs answered from a connection of its own to `path` with
 * prepared statements kept. Anything the fast path cannot answer (another statement, an error) goes
 * to the client, so errors keep the client's form (LibsqlError and its codes).
 */
export function withCachedReads(client: Client, path: string, pragmas: string[]): Client {
  const connection = new Database(path);
  for (const pragma of pragmas) connection.exec(pragma);
  connection.exec(`PRAGMA cache_size = -${READ_CACHE_KIB}`);
  connection.exec('PRAGMA query_only = ON');
  connection.exec(`PRAGMA mmap_size = ${READ_MAP_BYTES}`);
  const prepared = new Map<string, Prepared>();

  const prepare = (sql: string): Prepared => {
    let entry = prepared.get(sql);
    if (entry) {
      // Most recently used last: a Map iterates in insertion order.
      prepared.delete(sql);
      prepared.set(sql, entry);
      return entry;
    }
    const statement = connection.prepare(sql);
    statement.safeIntegers(true);
    statement.raw(true);
    const described = statement.columns();
    const columns = described.map((c) => c.name);
    const repeated = repeatedNames(columns);
    entry = {
      statement,
      columns,
      columnTypes: described.map((c) => c.type ?? ''),
      rowPrototype: rowPrototype(columns),
      repeated,
    };
    prepared.set(sql, entry);
    if (prepared.size > MAX_STATEMENTS) prepared.delete(prepared.keys().next().value!);
    return entry;
  };

  const read = (stmt: InStatement): ResultSet | null => {
    const { sql, args = [] } = typeof stmt === 'string' ? { sql: stmt } : stmt;
    if (!isRead(sql) || !Array.isArray(args)) return null;
    try {
      const entry = prepare(sql);
      const rows = (entry.statement.all(args.map(toSql)) as unknown[][]).map((values) => toRow(entry, values));
      const { columns, columnTypes } = entry;
      return {
        columns,
        columnTypes,
        rows,
        rowsAffected: 0,
        lastInsertRowid: undefined,
        toJSON: () => ({ columns, columnTypes, rows, rowsAffected: 0, lastInsertRowid: null }),
      };
    } catch {
      return null;
    }
  };

  const execute = (stmt: InStatement | string, args?: InValue[]) =>
    Promise.resolve(read(typeof stmt === 'string' && args ? { sql: stmt, args } : stmt)).then(
      (result) => result ?? client.execute(stmt as never, args as never),
    );
  const close = () => {
    prepared.clear();
    connection.close();
    client.close();
  };
  return new Proxy(client, {
    get(target, key) {
      if (key === 'execute') return execute;
      if (key === 'close') return close;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
