/**
 * GET /api/suggest from the browser for the search form's comboboxes: one answer per typed text,
 * kept in memory for the page's life, since the same few letters come back as people type and delete.
 */
import type { Suggestions } from '@/features/suggestions/schemas';

const cache = new Map<string, Suggestions>();

/** The API trims, lowercases and collapses spaces (src/features/suggestions/suggest.server.ts); so does the cache key. */
const keyOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Suggestions for `text`; rejects with an AbortError when `signal` aborts first. */
export async function suggestionsFor(text: string, signal: AbortSignal): Promise<Suggestions> {
  const key = keyOf(text);
  const known = cache.get(key);
  if (known) return known;
  const res = await fetch(`/api/suggest?${new URLSearchParams({ q: key })}`, { headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  const answer = (await res.json()) as Suggestions;
  cache.set(key, answer);
  return answer;
}
