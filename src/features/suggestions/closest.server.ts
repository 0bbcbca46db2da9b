/**
 * The closest term of the vocabulary (search_terms) to a word that matches nothing. Candidates are
 * read by kind, length and first letter from the index search_terms_band (a seek per length), so
 * only the terms that could be within the allowed edits are compared, whatever the size of the
 * directory; a typo in the first letter is not corrected (the price of that speed), nor a word with
 * a digit.
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
  // A number is no misspelling of another (a street number, a ZIP code, a name's number), and
  // numbered names put thousands of numbers behind one first digit: not corrected.
  if (!first || t.length < 3 || /\p{N}/u.test(t)) return [];
  const to = `${first}\u{10FFFF}`;
  // One seek per length on (kind, length(term), term): a range of lengths would leave the term
  // range unused and read every term of those lengths. A start of any length (prefix) is read from
  // the primary key (kind, term) by first letter (too short a term is then too far).
  const lengths = Array.from({ length: 2 * edits + 1 }, (_, i) => t.length - edits + i);
  const candidates = (
    prefix
      ? await sql<Term>`SELECT term, label, n FROM search_terms WHERE kind = ${kind} AND term >= ${first} AND term < ${to}`.execute(db)
      : await sql<Term>`SELECT term, label, n FROM search_terms INDEXED BY ${sql.raw(TERMS_BAND_INDEX)}
      WHERE kind = ${kind} AND length(term) IN (${sql.join(lengths)}) AND term >= ${first} AND term < ${to}`.execute(db)
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
