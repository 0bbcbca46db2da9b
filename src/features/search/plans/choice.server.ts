/**
 * Which plan answers a search (docs/search.md "Plans"), decided without reading anything: from the
 * resolved search and the facts read for it (facts.server.ts). A fact the decision needs and does
 * not have yet is asked for (`{ read }`); the caller reads it and asks again, so only the facts a
 * decision reaches are read, in the order it reaches them. The plans are tried narrowest first;
 * `order` takes anything.
 */
import { facetBitsOf, filtersOf, listableFilters } from '../filters.server';
import { fewText } from '../textFacts.server';
import { PLAN_TUNING } from '../tuning.server';
import { categoryLead, categorySorted } from './category.server';
import type { SearchRun } from './context.server';
import { nearInOrder } from './otherOrder.server';
import { placeLeads, textBesidePlace } from './place.server';

export type PlanName = 'text-listed' | 'open-listed' | 'filter-listed' | 'facet-listed' | 'nearest' | 'other-order' | 'category' | 'place' | 'order';

/** What the choice may need read (facts.server.ts reads each); absent: not read yet. */
export interface PlanFacts {
  /** The text's matches, counted one past `textLeads`, and the rows of the filter that would lead (null when not counted). */
  text?: { text: number; lead: number | null };
  /** The matches of the first listable filter (a ZIP prefix) with few, null when none has few. */
  fewFilter?: number | null;
  /** The rows of the `near` circle, counted one past `fewFilter`. */
  circleRows?: number;
  /** Whether a facet few providers hold is the cheapest read (facetListed.server.ts `rarestFacet`). */
  rareFacet?: boolean;
  /** Whether the words are fewer than the service's rows (category.server.ts `wordsFewer`). */
  wordsFewer?: boolean;
  /** Whether a place's walk for a deep page of text reaches it within its bound (place.server.ts `placeWalks`). */
  placeWalks?: boolean;
}

export type Fact = keyof PlanFacts;

/** The plan, or the fact to read before the choice can be made. */
export type PlanChoice = { plan: PlanName } | { read: Fact };

/** What the choice looks at: the resolved search, its order and how far its page reaches. */
export type PlanQuestion = Pick<SearchRun, 'r' | 'sort' | 'wanted'>;

/** The plan for `s`, given `facts`; or the first fact it needs that `facts` lacks. Reads nothing. */
export function choosePlan(s: PlanQuestion, facts: PlanFacts): PlanChoice {
  const { r, sort } = s;
  // Few text matches before few open: one full-text list checked against the open list costs less
  // than a full-text lookup for each provider open (docs/search.md "Bounded cost"). Text alone in
  // the recommended order: the order plan counts and lists it from the index alone.
  if (r.match && !(filtersOf(r).length < 2 && sort === 'recommended' && !r.point)) {
    if (!facts.text) return { read: 'text' };
    if (textLeads(s, facts.text)) return { plan: 'text-listed' };
  }
  if (r.fewOpen) return { plan: 'open-listed' };
  const listable = listableFilters(r).length > 0;
  // A ZIP prefix's few inside a `near` circle (a place's rings) are listed before the circle is
  // read: the circle holds tens of thousands at a million, the prefix a few.
  if (r.within && listable) {
    if (facts.fewFilter === undefined) return { read: 'fewFilter' };
    if (facts.fewFilter !== null) {
      if (facts.circleRows === undefined) return { read: 'circleRows' };
      if (facts.circleRows > facts.fewFilter) return { plan: 'filter-listed' };
    }
  }
  // A facet few hold is listed before any other source is read with a check on each row for it.
  // Nearest first reads the points around a place in order and stops at the page.
  if (facetBitsOf(r).length && sort !== 'distance') {
    if (facts.rareFacet === undefined) return { read: 'rareFacet' };
    if (facts.rareFacet) return { plan: 'facet-listed' };
  }
  if (sort === 'distance') return { plan: 'nearest' };
  // A service alone in another order reads its category rows in that order (category).
  if ((sort !== 'recommended' || !!r.point) && !nearInOrder(s) && !categorySorted(s)) return { plan: 'other-order' };
  if (listable) {
    if (facts.fewFilter === undefined) return { read: 'fewFilter' };
    if (facts.fewFilter !== null) return { plan: 'filter-listed' };
  }
  if (categoryLead(s)) {
    if (facts.wordsFewer === undefined) return { read: 'wordsFewer' };
    if (!facts.wordsFewer) return { plan: 'category' };
  }
  if (!placeLeads(s)) return { plan: 'order' };
  // Text beside the place at a deep page: the place's walk leads only while the words' density reaches the page (else listed: order).
  if (textBesidePlace(r)) {
    if (facts.placeWalks === undefined) return { read: 'placeWalks' };
    if (!facts.placeWalks) return { plan: 'order' };
  }
  return { plan: 'place' };
}

/**
 * Whether the text's matches lead: few (listed whole), or more than the cap but fewer than the rows
 * of the filter that would lead (a service's hundreds of thousands: its count reads that index
 * until it has the cap). Few open lead their own plan unless the matches are fewer still: each
 * listed row costs about the same either way.
 */
function textLeads({ r }: PlanQuestion, { text, lead }: NonNullable<PlanFacts['text']>): boolean {
  if (fewText(text)) return true;
  if (r.fewOpen && text >= (r.openCount ?? 0)) return false;
  return text <= PLAN_TUNING.textLeads && lead !== null && lead > text;
}
