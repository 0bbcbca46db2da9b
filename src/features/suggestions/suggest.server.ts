/**
 * Suggestions for the search form's comboboxes (GET /api/suggest): cities and services whose name
 * starts with what was typed, else those whose start is within a typo or two of it.
 */
import type { Db } from '../../db/client';
import { SUGGEST_MAX, type Suggestion, type Suggestions } from './schemas/suggest';
import { SEARCH_OPTIONS } from '../content/services';
import { closestTerms } from './closest.server';
import { allowedEdits, editDistance } from './editDistance';
import type { TermKind } from './vocabulary.server';

const TYPO_FROM = 4;
const asSuggestion = (label: string): Suggestion => ({ label, value: label });

async function startingWith({ db }: Db, kind: TermKind, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('search_terms')
    .select('label')
    .where('kind', '=', kind)
    .where('term', '>=', prefix)
    .where('term', '<', `${prefix}\u{10FFFF}`)
    .orderBy('n', 'desc')
    .orderBy('label')
    .limit(SUGGEST_MAX * 4)
    .execute();
  return rows.map((r) => r.label);
}

/** Up to SUGGEST_MAX labels, exact starts first, then near misses, each once. */
async function suggestKind(database: Db, kind: 'city' | 'service', text: string, first: string[] = []): Promise<Suggestion[]> {
  // "Chicago, I": the city's name leads, the rest narrows by label.
  const [head = ''] = text.split(',');
  const matches = [...first, ...(await startingWith(database, kind, head.trim())).filter((l) => l.toLowerCase().startsWith(text))];
  // Near misses only from four letters on: "chi" is a start, not a typo of "cha".
  if (matches.length < SUGGEST_MAX && head.trim().length >= TYPO_FROM)
    matches.push(...(await closestTerms(database, kind, head.trim(), { limit: SUGGEST_MAX, prefix: true })).map((t) => t.label));
  const seen = new Set<string>();
  return matches
    .filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()))
    .slice(0, SUGGEST_MAX)
    .map(asSuggestion);
}

/** The search form's own services whose name, or a word of it, starts with (or nearly with) the text. */
function optionsFor(text: string): string[] {
  const edits = allowedEdits(text.length);
  const near = (word: string) => word.startsWith(text) || (text.length >= TYPO_FROM && editDistance(text, word.slice(0, text.length), edits) <= edits);
  return SEARCH_OPTIONS.filter(
    (o) =>
      near(o.toLowerCase()) ||
      o
        .toLowerCase()
        .split(' ')
        .some((w) => w.startsWith(text)),
  );
}

export async function suggest(database: Db, q: string): Promise<Suggestions> {
  const text = q.trim().toLowerCase().replace(/\s+/g, ' ');
  const [locations, services] = await Promise.all([suggestKind(database, 'city', text), suggestKind(database, 'service', text, optionsFor(text))]);
  return { locations, services };
}
