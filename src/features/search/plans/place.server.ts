/**
 * A city, state or price (without a service in a city): the ordered index of its most selective
 * part leads, read in order with each row checked. Text that is few was listed before
 * (textListed.server.ts); text that is many is listed once as a set of rowids here, since a
 * full-text lookup per row of a long walk costs far more than the list (docs/search.md "Bounded
 * cost"), unless the place holds few rows for a check each.
 */
import { sql } from 'kysely';
import { FILTERS, filtersOf, listsText, rowConditions, type SearchFilter } from '../filters.server';
import { indexedBy, PLACE_INDEXES } from '../indexes.server';
import { wordsEstimate } from '../textFacts.server';
import { tokenShares } from '../tokenShares.server';
import { PLAN_TUNING } from '../tuning.server';
import type { FilterName } from '../searchTypes.server';
import { and, leadingIndex, listTextOver, ORDER, sampledRows, type Plan, type SearchRun } from './context.server';

export const place: Plan = {
  name: 'place',
  async run(s) {
    const leading = leadingIndex(s.r, PLACE_INDEXES)!;
    const index = indexedBy(leading.index);
    // A place of few rows for a check each (a city's) checks the text row by row (listTextOver).
    const how = { listText: await listTextOver(s, leading.filters) };
    const conds = rowConditions(s.r, how);
    // The count follows the same index: SQLite alone may start from a far larger filter.
    return s.pageAndCount(sql`FROM providers p ${index} ${and(conds)}`, ORDER, undefined, listsText(s.r, how));
  },
};

/**
 * Whether the place plan leads (choice.server.ts): a city, state or price whose index is in result
 * order (a ZIP prefix's, unordered, is the order plan's source instead); text not in a city leads a
 * first page over a place (order).
 */
export function placeLeads({ r, wanted }: Pick<SearchRun, 'r' | 'wanted'>): boolean {
  const leading = leadingIndex(r, PLACE_INDEXES);
  return !!leading && !leading.unordered && !(textBesidePlace(r) && wanted <= PLAN_TUNING.textOverPlaceUpTo);
}

/** Whether the search has text its place's index does not narrow (a state's, a price's; a city's words the text columns hold). */
export const textBesidePlace = (r: SearchRun['r']) => !!r.match && !leadingIndex(r, PLACE_INDEXES)?.filters.includes('city');

/**
 * Whether the place's walk for a deep page of text beside it (`textBesidePlace`) reaches it within
 * `listedWalkRows` entries per match of the words (their estimate, as the order plan lists and sorts
 * them instead): the walk reads the page's end at the words' density among the place's rows thinned
 * by the other filters (the token sample's shares), the whole range when fewer are likely to pass
 * than the page needs (query=indianapolis&service=Cute Nails&priceRange=$$&rating=4&offset=990 read
 * every $$ entry of the price index for 985 matches). A service's share is left out (its words lean
 * to it: the walk only looks shorter); a filter the sample does not hold leaves the place leading.
 */
export async function placeWalks({ r, q, wanted }: Pick<SearchRun, 'r' | 'q' | 'wanted'>): Promise<boolean> {
  const leading = leadingIndex(r, PLACE_INDEXES)!;
  const names = filtersOf(r).filter((name) => name !== 'text' && name !== 'category');
  if (!names.every((name) => !!(FILTERS[name] as SearchFilter).sampledRow)) return true;
  const shares = await tokenShares(q.database);
  const rowsOf = (filters: readonly FilterName[]) => sampledRows(shares, r, filters);
  // The words are counted with what the text columns hold of the other filters (a city's words): their density is among those rows.
  const words = await wordsEstimate(q.database, r, q.reads, shares.size);
  const passing = (words * rowsOf(names)) / Math.max(1, rowsOf(names.filter((name) => !!(FILTERS[name] as SearchFilter).inText)));
  const rows = rowsOf(leading.filters);
  const walked = passing > wanted ? (wanted * rows) / passing : rows;
  return walked <= PLAN_TUNING.listedWalkRows * words;
}
