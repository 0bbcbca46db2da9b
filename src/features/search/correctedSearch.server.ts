/**
 * Search that forgives typos (docs/search.md): when a search finds nothing, each word of `query`,
 * `service` and `location` that matches no word of the data is replaced by the closest one that
 * does, and the search runs again. `corrected` says what was searched instead, as query text
 * (the X-Corrected-Query header), e.g. `location=Chicago`.
 */
import type { Db } from '../../db/client';
import type { Page } from '../providers/index.server';
import type { SearchParams, SearchResult } from './schemas/search';
import { placeOfSearch, searchProviders, type SearchTrace } from './search.server';
import { searchWords } from '../../lib/words';
import type { SearchPlace } from '../places/index.server';
import { categoryForSearch, SEARCH_OPTIONS } from '../catalog';
import { closestTerms, hasTermWithPrefix, type TermKind } from '../suggestions/index.server';
import { allowedEdits, editDistance } from '../suggestions';
import { MIN_WORD_LENGTH } from '../suggestions/index.server';

type Corrected = Partial<Record<'query' | 'service' | 'location', string>>;

/**
 * Whether a term of `kind` starts with `prefix`, and the closest terms to `text`, read side by side:
 * one round trip (docs/SCALING.md "Round trips"); the closest are only used when none starts so.
 */
const knownElseClosest = (database: Db, kind: TermKind, prefix: string, text: string) =>
  Promise.all([hasTermWithPrefix(database, kind, prefix), closestTerms(database, kind, text)]);

async function correctQuery(database: Db, query: string): Promise<string | null> {
  let changed = false;
  const words = await Promise.all(
    searchWords(query).map(async (w) => {
      if (w.length < MIN_WORD_LENGTH) return w;
      const [known, [best]] = await knownElseClosest(database, 'word', w, w);
      if (known || !best) return w;
      changed = true;
      return best.term;
    }),
  );
  return changed ? words.join(' ') : null;
}

async function correctService(database: Db, service: string): Promise<string | null> {
  if (categoryForSearch(service)) return null;
  const text = service.toLowerCase();
  const [known, [best]] = await knownElseClosest(database, 'service', service, text);
  if (known) return null;
  const edits = allowedEdits(text.length);
  const option = SEARCH_OPTIONS.map((o) => ({ o, d: editDistance(text, o.toLowerCase(), edits) })).sort((a, b) => a.d - b.d)[0];
  if (option && option.d <= edits) return option.o;
  return best?.label ?? null;
}

async function correctLocation(database: Db, place: SearchPlace): Promise<string | null> {
  const city = place.cityName;
  if (!city) return null;
  const [known, [best]] = await knownElseClosest(database, 'city', city, city);
  if (known || !best) return null;
  const name = best.label.slice(0, best.label.lastIndexOf(', '));
  // The state typed with the city ("New York" alone, read as the state for want of the city, carries none).
  return place.state && place.city ? `${name}, ${place.state}` : name;
}

/**
 * `params` searched, and again with its typos corrected when it finds nothing. `place`: the place of
 * `location`, when the caller resolved it already. `typed`: the search as typed, when the caller ran
 * it already (a place's own search, nearPlace.server.ts), with its plan.
 */
export async function searchWithCorrection(
  database: Db,
  params: SearchParams,
  now = new Date(),
  trace: SearchTrace = {},
  known: { place?: SearchPlace; typed?: { found: Page<SearchResult>; plan: string } } = {},
): Promise<Page<SearchResult> & { corrected?: string }> {
  const { typed } = known;
  const place = known.place ?? (await placeOfSearch(database, params));
  if (typed) trace.plan = typed.plan;
  // A city the vocabulary lists in no state is likely misspelt: its correction is read beside the
  // search, not after it (one round trip fewer); only such a place pays for it.
  const early = place?.cityName && !place.states.length ? correctLocation(database, place) : null;
  early?.catch(() => {});
  const found = typed ? typed.found : await searchProviders(database, params, now, { place, trace });
  if (found.total > 0 || !(params.query || params.service || params.location)) return found;
  const [query, service, location] = await Promise.all([
    params.query ? correctQuery(database, params.query) : null,
    params.service ? correctService(database, params.service) : null,
    place ? (early ?? correctLocation(database, place)) : null,
  ]);
  const corrected: Corrected = {};
  if (query) corrected.query = query;
  if (service) corrected.service = service;
  if (location) corrected.location = location;
  if (!Object.keys(corrected).length) return found;
  const again = await searchProviders(database, { ...params, ...corrected }, now, { trace });
  return { ...again, corrected: new URLSearchParams(corrected).toString() };
}
