/**
 * The closest term of the vocabulary (search_terms) to a word that matches nothing. Candidates are
 * read by kind, length and first letter from the index search_terms_band (a seek per length), so
 * only the terms that could be within the allowed edits are compared, whatever the size of the
 * directory; a typo in the first letter is not corrected (the price of that speed), nor a word with
 * a digit.
 */
import { sql, type RawBuilder } from 'kysely';
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

/** Where a word's candidates lie in search_terms_band: its first letter, the lengths within its allowed edits. Null when it is not corrected. */
function bandOf(text: string): { first: string; to: string; lengths: number[] } | null {
  const edits = allowedEdits(text.length);
  // The first letter as a whole code point: half of a surrogate pair is not text a database accepts.
  const first = [...text][0];
  // A number is no misspelling of another (a street number, a ZIP code, a name's number), and
  // numbered names put thousands of numbers behind one first digit: not corrected.
  if (!first || text.length < 3 || /\p{N}/u.test(text)) return null;
  // One seek per length on (kind, length(term), term): a range of lengths would leave the term
  // range unused and read every term of those lengths.
  return { first, to: `${first}\u{10FFFF}`, lengths: Array.from({ length: 2 * edits + 1 }, (_, i) => text.length - edits + i) };
}

type Band = NonNullable<ReturnType<typeof bandOf>>;

/**
 * The one definition of a word's candidates for correction: the terms of `kind` in its band, on
 * `search_terms b` read by search_terms_band (closestTerms, termsElseBand).
 */
const inBand = (kind: TermKind, { first, to, lengths }: Band) =>
  sql`b.kind = ${kind} AND length(b.term) IN (${sql.join(lengths)}) AND b.term >= ${first} AND b.term < ${to}`;

/** The one definition of a word's terms: up to `limit` terms of `kind` that start with `p` (lower case), in order (termsWithPrefix, termsElseBand; a search's words' list read beside them, search textFacts.server.ts `wordsEarlyRead`). */
export const termsStartingWith = (kind: TermKind, p: string, limit: number) =>
  sql<{
    term: string;
  }>`SELECT DISTINCT term FROM search_terms WHERE kind = ${kind} AND term >= ${p} AND term < ${`${p}\u{10FFFF}`} ORDER BY term LIMIT ${limit}`;

/** The candidates within the allowed edits of `text` (its start with `prefix`): nearest first, then the most common. */
function nearestOf(candidates: readonly Term[], text: string, { limit = 1, prefix = false } = {}): Term[] {
  const t = text.toLowerCase();
  const edits = allowedEdits(t.length);
  return candidates
    .map((c) => ({ ...c, d: editDistance(t, prefix ? c.term.slice(0, t.length) : c.term, edits) }))
    .filter((c) => c.d <= edits)
    .sort((a, b) => a.d - b.d || b.n - a.n)
    .slice(0, limit)
    .map(({ d: _d, ...c }) => c);
}

/**
 * Terms of `kind` within the allowed edits of `text` (with `prefix`, of the term's start, as someone
 * still typing it): nearest first, then the most common. `candidates`: the word's band, read
 * already (termsElseBand).
 */
export async function closestTerms(
  { db }: Db,
  kind: TermKind,
  text: string,
  { limit = 1, prefix = false, candidates }: { limit?: number; prefix?: boolean; candidates?: readonly Term[] } = {},
): Promise<Term[]> {
  const t = text.toLowerCase();
  const band = bandOf(t);
  if (!band) return [];
  const { first, to } = band;
  // A start of any length (prefix) is read from the primary key (kind, term) by first letter (too
  // short a term is then too far).
  const read =
    candidates ??
    (prefix
      ? await sql<Term>`SELECT term, label, n FROM search_terms WHERE kind = ${kind} AND term >= ${first} AND term < ${to}`.execute(db)
      : await sql<Term>`SELECT b.term, b.label, b.n FROM search_terms b INDEXED BY ${sql.raw(TERMS_BAND_INDEX)} WHERE ${inBand(kind, band)}`.execute(db)
    ).rows;
  return nearestOf(read, t, { limit, prefix });
}

/**
 * A word's terms (up to `limit` that start with it, as termsWithPrefix) and, when there are none, its
 * candidates for correction (closestTerms' band), in one statement: a search whose word is unknown
 * finds nothing and is corrected with no read of its own (docs/SCALING.md "Round trips"). The band
 * is read only when the prefix finds nothing (a condition on the outer row, checked before its
 * loop): a known word's statement reads the rows its terms alone do. `band` null: not read (or
 * not asked for: `band: false`). `beside`: values (one-row subqueries) the same statement reads,
 * returned in their order: the request's other reads of the vocabulary's kind, one statement fewer.
 */
export async function termsElseBand(
  database: Db,
  kind: TermKind,
  word: string,
  limit: number,
  { band: withBand = true, beside = [] }: { band?: boolean; beside?: readonly RawBuilder<unknown>[] } = {},
): Promise<{ terms: string[]; band: Term[] | null; beside: unknown[] }> {
  const p = word.toLowerCase();
  const band = withBand ? bandOf(p) : null;
  if (!band && !beside.length) return { terms: await termsWithPrefix(database, kind, p, limit), band: null, beside: [] };
  const bandRead = band
    ? sql`(SELECT json_group_array(json_array(b.term, b.label, b.n)) FROM search_terms b INDEXED BY ${sql.raw(TERMS_BAND_INDEX)}
        WHERE s.terms = '[]' AND ${inBand(kind, band)})`
    : sql`NULL`;
  const besideRead = beside.map((value, i) => sql`, ${value} AS ${sql.raw(`beside${i}__`)}`);
  const { rows } = await sql<Record<string, unknown> & { terms: string; band: string | null }>`SELECT s.terms,
      ${bandRead} AS band${sql.join(besideRead, sql``)}
    FROM (SELECT json_group_array(term) AS terms FROM (${termsStartingWith(kind, p, limit)})) s`.execute(database.db);
  const [row] = rows;
  const terms = JSON.parse(row!.terms) as string[];
  const besideValues = beside.map((_, i) => row![`beside${i}__`]);
  if (!band || terms.length) return { terms, band: null, beside: besideValues };
  const read = JSON.parse(row!.band ?? '[]') as [string, string, number][];
  return { terms, band: read.map(([term, label, n]) => ({ term, label, n })), beside: besideValues };
}

/**
 * The terms that start with `word` among its band (termsElseBand's `band`), as termsWithPrefix would
 * read them (up to `limit`, in the database's order), when every one of them lies in the band: a
 * term longer than its longest length may start with it too, so this is a guess to be checked.
 */
export function prefixTermsInBand(band: readonly Term[], word: string, limit: number): string[] {
  const starts = [...new Set(band.map((c) => c.term).filter((term) => term.startsWith(word)))];
  return starts.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))).slice(0, limit);
}

/** Up to `limit` terms of `kind` that start with `prefix`, in order. */
export async function termsWithPrefix({ db }: Db, kind: TermKind, prefix: string, limit: number): Promise<string[]> {
  return (await termsStartingWith(kind, prefix.toLowerCase(), limit).execute(db)).rows.map((r) => r.term);
}

/** Whether some term of `kind` starts with `prefix` (a word of a search that matches something). */
export async function hasTermWithPrefix(database: Db, kind: TermKind, prefix: string): Promise<boolean> {
  return (await termsWithPrefix(database, kind, prefix, 1)).length > 0;
}
