/**
 * Text with other filters or another order, when the text's matches are few (at most the counted cap): they are
 * listed from the full-text index and checked and sorted, never searched for along another index
 * (a walk of a price's or a state's index with a full-text lookup per row reads the whole index when
 * the text is rare: docs/search.md "Bounded cost"). In a city the full-text index intersects the
 * text with the city's words first (list against list, in C), which leaves fewer.
 */
import { sql } from 'kysely';
import { cappedCount } from '../../providers/providers.server';
import { filtersOf, rowConditions } from '../filters.server';
import { searchWords } from '../searchText';
import { and, textListed, type Plan, type SearchRun } from './context.server';

/** The full-text expression to list: the text, in the city's words when the search has a city. */
function listedText({ r }: SearchRun): string {
  const cityWords = r.place?.city ? searchWords(r.place.city) : [];
  return cityWords.length ? `(${r.match}) AND city : (${cityWords.map((w) => `"${w}"`).join(' ')})` : (r.match as string);
}

export const textFew: Plan = {
  name: 'text-listed',
  async applies(s) {
    // Text alone in the recommended order: the order plan counts and lists it from the index alone.
    if (!s.r.match || (filtersOf(s.r).length < 2 && s.sort === 'recommended' && !s.r.point)) return false;
    return !(await cappedCount(s.database, sql`FROM providers_fts WHERE providers_fts MATCH ${listedText(s)}`)).capped;
  },
  async run(s) {
    const listed = textListed(listedText(s), rowConditions({ ...s.r, match: null }));
    const [rows, count] = await s.fewSorted(sql`${listed.tables} ${and(listed.conds)}`);
    return { rows, count };
  },
};
