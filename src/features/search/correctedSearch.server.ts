/**
 * Search that forgives typos (docs/search.md): when a search finds nothing, each word of `query`,
 * `service` and `location` that matches no word of the data is replaced by the closest one that
 * does, and the search runs again. `corrected` says what was searched instead, as query text
 * (the X-Corrected-Query header), e.g. `location=Chicago`.
 */
import type { Db } from '../../db/client';
import { overNetwork } from '../../db/batchedReads';
import type { Page } from '../providers/index.server';
import type { SearchParams, SearchResult } from './schemas/search';
import { searchOf } from './search.server';
import type { SearchRequest } from './request.server';
import { placeOfSearch, type SearchPlace } from '../places/index.server';
import { cityOfLabel } from '../places';
import { assumeTerms, bandRead, EXPANSION_READ, termsOnce, termsRead, textUnread, type RequestReads } from './requestReads.server';
import { readWordsEarly, readWordsListEarly } from './textFacts.server';
import { searchWords } from '../../lib/words';
import { termsOfWord } from './textMatch.server';
import { isIndexedPrefix } from './searchText';
import { categoryForSearch, SEARCH_OPTIONS } from '../catalog';
import { closestTerms, prefixTermsInBand, type TermKind } from '../suggestions/index.server';
import { allowedEdits, editDistance } from '../suggestions';
import { MIN_WORD_LENGTH } from '../suggestions/index.server';

type Corrected = Partial<Record<'query' | 'service' | 'location', string>>;

/**
 * Whether a term of `kind` starts with `prefix`, else the closest terms to `text` (with `all`, every
 * candidate, nearest first). Known from the request's reads when the search read it already (its
 * words, `readWordsEarly`), else read beside the closest: one round trip at most (docs/SCALING.md "Round trips").
 * A word's candidates (a query's word, a service, a city) came with its terms (requestReads.server.ts `termsOnce`): none is read then.
 */
async function knownElseClosest(database: Db, reads: RequestReads, kind: TermKind, prefix: string, text: string, all = false) {
  const readAlready = termsRead(reads, kind, prefix);
  const known = termsOnce(database, reads)(kind, prefix).then((terms) => terms.length > 0);
  const closest = async () => {
    const band = await bandRead(reads, kind, prefix);
    // Read with its terms and none: the word has terms (known), its candidates are not asked for.
    if (band === null) return [];
    return closestTerms(database, kind, text, { ...(all ? { limit: Number.MAX_SAFE_INTEGER } : {}), ...(band ? { candidates: band } : {}) });
  };
  if (readAlready) return (await known) ? ([true, []] as const) : ([false, await closest()] as const);
  return Promise.all([known, closest()]);
}

/** A corrected word and its terms as guessed from its band (closest.server.ts `prefixTermsInBand`). */
interface Guess {
  word: string;
  terms: string[];
}

/** The query corrected, and the terms of each word put in, guessed from the candidates read with the word it replaces. */
async function correctQuery(database: Db, reads: RequestReads, queryWords: readonly string[]): Promise<{ text: string; guesses: Guess[] } | null> {
  let changed = false;
  const guesses: Guess[] = [];
  const words = await Promise.all(
    queryWords.map(async (w) => {
      if (w.length < MIN_WORD_LENGTH) return w;
      const [known, [best]] = await knownElseClosest(database, reads, 'word', w, w);
      if (known || !best) return w;
      changed = true;
      const band = await bandRead(reads, 'word', w);
      if (band && !termsRead(reads, 'word', best.term)) guesses.push({ word: best.term, terms: prefixTermsInBand(band, best.term, EXPANSION_READ) });
      return best.term;
    }),
  );
  return changed ? { text: words.join(' '), guesses } : null;
}

/**
 * The corrected search. Where a search's words' list is read beside their terms
 * (textFacts.server.ts `readWordsListEarly`), the corrected words' are: their terms and their list
 * in one round trip, as a search typed so would read them. Elsewhere its corrected words' terms are
 * taken as `guesses`, so that it reads its text's count in its first round trip, with the terms
 * read beside it to check them (a term longer than the candidates' lengths may start with the word
 * too): when one was wrong, it runs again with those read, keeping the reads its text does not enter.
 */
async function searchGuessing(q: SearchRequest, params: SearchParams, place: SearchPlace | undefined, guesses: readonly Guess[]): Promise<Page<SearchResult>> {
  if (!guesses.length) return searchOf({ ...q, params }, { place });
  if (overNetwork(q.database) && readWordsListEarly({ ...q, params })) {
    readWordsEarly({ ...q, params, words: searchWords(params.query ?? '') });
    return searchOf({ ...q, params }, { place });
  }
  // A short word (an indexed prefix) is its prefix in the query whatever its terms (textMatch.server.ts): only a
  // longer word's guess is checked, where a short one's unlike the terms read ran the whole search again, the same.
  const guessed = guesses.filter((g) => !isIndexedPrefix(g.word));
  const checks = guessed.map((g) => termsOfWord(q.database, 'word', g.word));
  for (const check of checks) check.catch(() => {});
  for (const g of guessed) assumeTerms(q.reads, 'word', g.word, g.terms);
  const answer = await searchOf({ ...q, params }, { place });
  const read = await Promise.all(checks);
  if (read.every((terms, i) => terms.join('\0') === guessed[i]!.terms.join('\0'))) return answer;
  const reads: RequestReads = { ...q.reads, ...textUnread(), prefixes: new Map(q.reads.prefixes) };
  for (const [i, g] of guessed.entries()) assumeTerms(reads, 'word', g.word, read[i]!);
  return searchOf({ ...q, params, reads }, { place });
}

async function correctService(database: Db, reads: RequestReads, service: string): Promise<string | null> {
  if (categoryForSearch(service)) return null;
  const text = service.toLowerCase();
  const [known, [best]] = await knownElseClosest(database, reads, 'service', service, text);
  if (known) return null;
  const edits = allowedEdits(text.length);
  const option = SEARCH_OPTIONS.map((o) => ({ o, d: editDistance(text, o.toLowerCase(), edits) })).sort((a, b) => a.d - b.d)[0];
  if (option && option.d <= edits) return option.o;
  return best?.label ?? null;
}

/** A location's correction: the closest city, and the states the directory lists it in (most providers first), so the corrected place is not read again. */
interface CorrectedLocation {
  location: string;
  states: string[];
}

/** Whether the city typed (no state with it) is one the directory lists in some state: its name is a term of the vocabulary, read with the place. */
const cityListed = (place: SearchPlace) => !place.state && place.states.length > 0;

async function correctLocation(database: Db, reads: RequestReads, place: SearchPlace): Promise<CorrectedLocation | null> {
  const city = place.cityName;
  if (!city || cityListed(place)) return null;
  const [known, closest] = await knownElseClosest(database, reads, 'city', city, city, true);
  const best = closest[0];
  if (known || !best) return null;
  const name = cityOfLabel(best.label).city;
  // Every state of the closest city's name, as its own lookup lists them (statesOfCity): most providers first.
  const states = closest.filter((t) => t.term === best.term).map((t) => cityOfLabel(t.label).state);
  // The state typed with the city ("New York" alone, read as the state for want of the city, carries none).
  return { location: place.state && place.city ? `${name}, ${place.state}` : name, states };
}

/** The search as typed, run already (a place's own search), and the plan it took. */
export interface TypedSearch {
  found: Page<SearchResult>;
  plan: string;
}

/**
 * The spelling step of a request's search: the search as typed (`typed`, started by the caller:
 * nearPlace.server.ts `answerOf`), and again with its typos corrected when it finds nothing. The
 * place is the request's, read once (SearchRequest.located); a corrected city's is resolved with
 * the states its correction read.
 */
export async function correctedSearch(
  q: SearchRequest,
  place: SearchPlace | undefined,
  typed: Promise<Page<SearchResult>>,
): Promise<Page<SearchResult> & { corrected?: string }> {
  const { database, params, reads } = q;
  // A city the vocabulary lists in no state is likely misspelt: its correction is read beside the
  // search, not after it (one round trip fewer); only such a place pays for it.
  const early = place?.cityName && !place.states.length ? correctLocation(database, reads, place) : null;
  early?.catch(() => {});
  const found = await typed;
  if (found.total > 0 || !(params.query || params.service || params.location)) return found;
  const [query, service, location] = await Promise.all([
    params.query ? correctQuery(database, reads, q.words) : null,
    params.service ? correctService(database, reads, params.service) : null,
    place ? (early ?? correctLocation(database, reads, place)) : null,
  ]);
  const corrected: Corrected = {};
  if (query) corrected.query = query.text;
  if (service) corrected.service = service;
  if (location) corrected.location = location.location;
  if (!Object.keys(corrected).length) return found;
  const again = { ...params, ...corrected };
  // The place of the search again: as it was, or the corrected city in the states its correction read.
  const placeAgain = location ? await placeOfSearch(database, again, { states: location.states }) : place;
  const answer = await searchGuessing(q, again, placeAgain, query?.guesses ?? []);
  return { ...answer, corrected: new URLSearchParams(corrected).toString() };
}
