/**
 * The full-text index kept in one segment (docs/search.md "Bounded cost"). FTS5 writes every
 * transaction as a segment of its own and merges them only in part, so an index written row by row
 * (the triggers of migrations/0004) holds many. A check of one row against a search's words (a walk
 * of an order index, textMatch.server.ts) seeks each word in every segment: ten segments made each
 * check about ten times as slow as one. Merging rewrites the
 * index, so it runs once a day (functions/text-index-merge.mts) and after a bulk load, not per write;
 * the day's few small segments cost little next to the merged one.
 */
import type { Db } from '../../db/client';

/** Segments the full-text index is in now (one row per segment and term page in its `_idx` table). */
export async function textIndexSegments({ client }: Db): Promise<number> {
  const { rows } = await client.execute('SELECT count(DISTINCT segid) AS n FROM providers_fts_idx');
  return Number(rows[0]!.n);
}

/** Merges the full-text index into one segment (FTS5's 'optimize'); the segments it started from. */
export async function mergeTextIndex(database: Db): Promise<{ before: number; after: number }> {
  const before = await textIndexSegments(database);
  if (before > 1) await database.client.execute("INSERT INTO providers_fts (providers_fts) VALUES ('optimize')");
  return { before, after: await textIndexSegments(database) };
}
