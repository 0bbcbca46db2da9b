/**
 * Text with other filters or another order, when the text's matches are few (at most the counted
 * cap, or up to `PLAN_TUNING.textLeads` when the filter that would lead has more rows): they are
 * listed from the full-text index (by the count that finds them few) and checked and sorted, never
 * searched for along another index (a walk of a price's or a state's index with a full-text lookup
 * per row reads the whole index when the text is rare: docs/search.md "Bounded cost"). The
 * full-text index intersects the text with what it carries of the other filters first (list against
 * list, in C: the city's words, a state's, a price's and a rating step's tokens, filters.server.ts
 * `listedMatch`), which leaves fewer.
 */
import { sql } from 'kysely';
import { boxTables, withinCondition } from '../near.server';
import { FILTERS, listableFilters, rowConditions, type SearchFilter } from '../filters.server';
import { statesShare, tokenShares } from '../tokenShares.server';
import { openNowCondition } from '../openNow.server';
import { fewOf } from './filterListed.server';
import { CATEGORY_INDEXES, indexedBy, PLACE_INDEXES } from '../indexes.server';
import { PLAN_TUNING } from '../tuning.server';
import { and, leadingIndex, type Plan, type SearchRun } from './context.server';
import { fewText, textList, wordsEstimate } from '../textFacts.server';
import { countOnce } from '../requestReads.server';
import type { FilterName } from '../searchTypes.server';

/**
 * Whether text that is many with a ZIP prefix of many providers (which filter-listed does not take)
 * is counted as its intersection with its filters' tokens and the prefix's states: when the words'
 * estimated matches times those tokens' shares of the directory are within `textLeads` (times
 * `PLAN_TUNING.intersectionMargin`), so that the intersection is likely few enough to lead.
 * Counting it reads the words' whole list, so an intersection estimated larger is not counted at
 * all (`service=Dip+Powder+Nails&location=1006`).
 */
async function countsIntersection(s: SearchRun): Promise<boolean> {
  const { r } = s;
  if (!r.regionStates?.length || !listableFilters(r).length || (await fewOf(s))) return false;
  const { size, shares } = await tokenShares(s.q.database);
  const share = (r.textTokens ?? []).reduce((product, token) => product * (shares.get(token) ?? 0), statesShare(shares, r.regionStates));
  return (await wordsEstimate(s.q.database, r, s.q.reads, size)) * share <= PLAN_TUNING.textLeads * PLAN_TUNING.intersectionMargin;
}

const FILTER_TABLE: Record<FilterName, SearchFilter> = FILTERS;

/**
 * The rows the plan after this one would read from the index of a filter that leads (a `near` box,
 * a place's index, a service's category rows), counted up to `most`; null when none leads (then
 * the text is that plan's own source already).
 */
async function leadRows(s: SearchRun, most: number): Promise<number | null> {
  const { r } = s;
  const place = leadingIndex(r, PLACE_INDEXES);
  const category = leadingIndex(r, CATEGORY_INDEXES);
  const from = r.within
    ? sql`${boxTables(r.within.point, r.within.miles)} WHERE ${withinCondition(r.within.point, r.within.miles)}`
    : place
      ? sql`FROM providers p ${indexedBy(place.index)} WHERE ${sql.join(
          place.filters.map((f) => FILTER_TABLE[f].row(r, { listText: false })),
          sql` AND `,
        )}`
      : category
        ? sql`FROM provider_categories c ${indexedBy(category.index)} WHERE ${sql.join(
            category.filters.map((f) => FILTER_TABLE[f].categoryRow!(r)),
            sql` AND `,
          )}`
        : null;
  if (!from) return null;
  // A place's rings ask the same circle more than once (its count, then its page): counted once.
  return countOnce(s.q.database, s.q.reads.counts, sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${most})`);
}

/**
 * The text's matches (counted one past `textLeads`, at least past the counted cap) and, when they
 * are more than the cap and at most `textLeads`, the rows of the filter that would lead, counted
 * one past them; once per search.
 */
export function textAndLead(s: SearchRun): Promise<{ text: number; lead: number | null; rowids: string | null }> {
  s.once.textAndLead ??= (async () => {
    // The filters' tokens make the count the intersection, where text that is many at a price
    // or in a state is still few. Not against a box, whose covering index applies a price, a
    // rating, a state and a city as cheaply (migrations/0028), nor with open now, whose few open
    // are listed and each checked for the words at less than each match's hours looked up, nor
    // with a ZIP prefix, whose few are listed (filter-listed) for less than counting the
    // intersection costs: it reads the words' whole list when few are left.
    // A ZIP prefix of many (filter-listed does not take it) is counted with its states and the
    // tokens when the intersection looks few (`countsIntersection`).
    const intersect = !s.r.within && !s.r.params.openNow && (await countsIntersection(s));
    const { n: text, rowids } = await textList(s.q.database, s.r, s.q.reads, {
      tokens: s.r.within || s.r.params.openNow || (listableFilters(s.r).length && !intersect) ? [] : s.r.textTokens,
      regions: intersect,
    });
    return { text, rowids, lead: !fewText(text) && text <= PLAN_TUNING.textLeads ? await leadRows(s, text + 1) : null };
  })();
  return s.once.textAndLead;
}

export const textFew: Plan = {
  name: 'text-listed',
  async run(s) {
    // The count listed every match (they are few): read from that list, each checked against the
    // other filters, where listing them from the full-text index decoded the words' lists again. The
    // list holds the words' matches with at most some of the filters' tokens, so the filters are
    // all checked on the row.
    const { rowids, text } = await textAndLead(s);
    // The choice takes this plan only for a count of at most textLeads, which lists every match it counts.
    if (!rowids) throw new Error('text-listed ran on text whose count did not list every match');
    s.q.tell?.({ most: text });
    // With few open yet fewer matches (the choice's rule), each match's hours are looked up: the open-now
    // list as an IN list is built whole, every open provider's range, for the few it is asked about.
    const conds = rowConditions({ ...s.r, match: null, ...(s.r.fewOpen ? { openNow: openNowCondition(s.r.now) } : {}) });
    const [rows, count] = await s.fewSorted(sql`FROM json_each(${rowids}) m CROSS JOIN provider_search p ON p.seq = m.value ${and(conds)}`);
    return { rows, count };
  },
};
