/**
 * A visitor's report of something shown on a listing (a review, an owner's response, a photo),
 * stored for the moderators (`npm run moderate -- list`); a report never hides or changes anything
 * by itself (docs/moderation.md).
 */
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { ReportCreate } from './schemas/report';

/** What is reported, and where its reports are kept. */
export interface Reportable<K extends string> {
  /** The reports table. */
  table: string;
  /** Its column (and the report's field) naming the reported row, e.g. `reviewId`. */
  key: K;
  /**
   * FROM … WHERE: the reported row, named by `:${key}`, while it is up (published or visible, on a
   * listed provider).
   */
  up: string;
  /** Further columns the report keeps, each with the SQL over `up` that reads it. */
  kept?: Record<string, string>;
  /** What the refusals call it ("review"), and the 404's message. */
  noun: string;
  notFound: string;
}

export type StoredReport<K extends string> = { id: string; reason: string; details: string | null; createdAt: string } & Record<K, string>;

/**
 * Stores a report of the row `itemId` while it is up. One statement checks it is up where the report
 * is written; with the reporter's address hash (`clientKey`), the table's unique index (row,
 * clientKey) keeps a second report from the same address out (docs/security.md "Limits"). Nothing
 * written: the row is not up (NotFoundError), or this address reported it already (ConflictError).
 */
export async function fileReport<K extends string>(
  { client }: Db,
  reportable: Reportable<K>,
  itemId: string,
  input: ReportCreate,
  now: Date,
  clientKey: string | null,
): Promise<StoredReport<K>> {
  const { table, key, up, kept = {}, noun, notFound } = reportable;
  const report = { id: crypto.randomUUID(), [key]: itemId, reason: input.reason, details: input.details, createdAt: now.toISOString() } as StoredReport<K>;
  const { rowsAffected } = await client.execute({
    sql: `INSERT INTO ${table} (id, ${key}, ${Object.keys(kept)
      .map((column) => `${column}, `)
      .join('')}reason, details, createdAt, clientKey)
          SELECT :id, :${key}, ${Object.values(kept)
            .map((read) => `${read}, `)
            .join('')}:reason, :details, :createdAt, :clientKey FROM ${up}
          ON CONFLICT DO NOTHING`,
    args: { ...report, clientKey },
  });
  if (rowsAffected === 1) return report;
  const stillUp = await client.execute({ sql: `SELECT 1 FROM ${up}`, args: { [key]: itemId } });
  if (!stillUp.rows.length) throw new NotFoundError(notFound);
  throw new ConflictError(`You have already reported this ${noun}. Our moderators will look at it.`);
}
