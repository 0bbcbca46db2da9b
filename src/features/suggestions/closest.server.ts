/**
 * The closest term of the vocabulary (search_terms) to a word that matches nothing. Candidates are
 * read by kind, length band and first letter from the index search_terms_band, so only a few
 * hundred rows are compared whatever the size of the directory; a typo in the first letter is not
 * corrected (the price of that speed).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { allowedEdits, editDistance } from './editDistance';
import type { TermKind } from './vocabulary.server';

/** The vocabulary's candidates by kind, length and first letter (migrations/0009). */
export const TERMS_BAND_INDEX = 'search_terms_band';

export interface Term {
  term: string;
  label: string;
  n: number;
}

/**
 * Terms of `kind` within the allowed edits of `text` (with `prefix`, of the term's start, as someone
 * still typing it): nearest first, then the most common.
 */
export async function closestTerms({ db }: Db, kind: TermKind, text: string, { limit = 1, prefix = false } = {}): Promise<Term[]> {
  const t = text.toLowerCase();
  const edits = allowedEdits(t.length);
  // The first letter as a whole code point: half of a surrogate pair is not text a database accepts.
  const first = [...t][0];
  if (!first || t.length < 3) return [];
  const longest = prefix ? 1000 : t.length + edits;
  const candidates = (
    await sql<Term>`SELECT term, label, n FROM search_terms INDEXED BY ${sql.raw(TERMS_BAND_INDEX)}
      WHERE kind = ${kind} AND length(term) BETWEEN ${t.length - edits} AND ${longest} AND term >= ${first} AND term < ${`${first}\u{10FFFF}`}`.execute(db)
  ).rows;
  return candidates
    .map((c) => ({ ...c, d: editDistance(t, prefix ? c.term.slice(0, t.length) : c.term, edits) }))
    .filter((c) => c.d <= edits)
    .sort((a, b) => a.d - b.d || b.n - a.n)
    .slice(0, limit)
    .map(({ d: _d, ...c }) => c);
}

/** Up to `limit` terms of `kind` that start with `prefix`, in order. */
export async function termsWithPrefix({ db }: Db, kind: TermKind, prefix: string, limit: number): Promise<string[]> {
  const p = prefix.toLowerCase();
  const rows = await db
    .selectFrom('search_terms')
    .select('term')
    .distinct()
    .where('kind', '=', kind)
    .where('term', '>=', p)
    .where('term', '<', `${p}\u{10FFFF}`)
    .orderBy('term')
    .limit(limit)
    .execute();
  return rows.map((r) => r.term);
}

/** Whether some term of `kind` starts with `prefix` (a word of a search that matches something). */
export async function hasTermWithPrefix(database: Db, kind: TermKind, prefix: string): Promise<boolean> {
  return (await termsWithPrefix(database, kind, prefix, 1)).length > 0;
}
