/**
 * Suggestions for the search form's comboboxes (GET /api/suggest): cities with providers and
 * services whose name starts with what was typed, then the ZIP codes, towns and boroughs of the
 * gazetteer (src/features/places/gazetteer.ts) that start so, else names within a typo or two.
 * The gazetteer answers from memory: the database is asked what it was asked before.
 */
import type { Db } from '../../db/client';
import { SUGGEST_MAX, type Suggestion, type Suggestions } from './schemas/suggest';
import { SEARCH_OPTIONS } from '../catalog';
import { closestTerms } from './closest.server';
import { allowedEdits, editDistance } from './editDistance';
import type { TermKind } from './vocabulary.server';
import { placeKey } from '../places';
import { loadGazetteer } from '../places/index.server';

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

/**
 * Up to SUGGEST_MAX suggestions, each once: `first`, then exact starts, then `then`, then near misses.
 * Two spellings of one place ("St. Louis" and the dataset's "Saint Louis") count as one.
 */
async function suggestKind(database: Db, kind: 'city' | 'service', text: string, first: Suggestion[] = [], then: Suggestion[] = []): Promise<Suggestion[]> {
  // "Chicago, I": the city's name leads, the rest narrows by label.
  const [head = ''] = text.split(',');
  const matches = [...first, ...(await startingWith(database, kind, head.trim())).filter((l) => l.toLowerCase().startsWith(text)).map(asSuggestion), ...then];
  // Near misses only from four letters on: "chi" is a start, not a typo of "cha".
  if (matches.length < SUGGEST_MAX && head.trim().length >= TYPO_FROM)
    matches.push(...(await closestTerms(database, kind, head.trim(), { limit: SUGGEST_MAX, prefix: true })).map((t) => asSuggestion(t.label)));
  const seen = new Set<string>();
  return matches.filter((s) => !seen.has(placeKey(s.label)) && seen.add(placeKey(s.label))).slice(0, SUGGEST_MAX);
}

/** The gazetteer's ZIP codes ("60614 · Chicago, IL", taking "60614"), towns and boroughs that start with the text. */
async function placesFor(text: string): Promise<Suggestion[]> {
  return (await loadGazetteer())
    .suggest(text, SUGGEST_MAX)
    .map((p) => (p.kind === 'zip' ? { label: p.within ? `${p.name} · ${p.within}` : p.name, value: p.name } : asSuggestion(p.name)));
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
  const [locations, services] = await Promise.all([
    placesFor(text).then((places) => suggestKind(database, 'city', text, [], places)),
    suggestKind(database, 'service', text, optionsFor(text).map(asSuggestion)),
  ]);
  return { locations, services };
}
