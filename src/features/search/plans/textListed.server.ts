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
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { LIMITS } from '../../../config';
import { cappedTotal } from '../../providers/index.server';
import { searchWords } from '../../../lib/words';
import { boxTables, withinCondition } from '../near.server';
import { FILTERS, filtersOf, heldChecks, isLookup, listableFilters, rowConditions, sampledMeets, textIndexCarries, type SearchFilter } from '../filters.server';
import { statesShare, tokenShares, tokensShare } from '../tokenShares.server';
import { openNowCondition } from '../openNow.server';
import { fewOf } from './filterListed.server';
import { rarestBit } from './facetListed.server';
import { CATEGORY_INDEXES, INDEXES, indexedBy, PLACE_INDEXES } from '../indexes.server';
import { PLAN_TUNING } from '../tuning.server';
import { and, inTurn, leadingIndex, onSeq, ORDER, SORT_ORDERS, type Plan, type PlanResult, type SearchRun } from './context.server';
import { fewText, leadAsked, textList, wordsEstimate, type LeadCount } from '../textFacts.server';
import { countOnce } from '../requestReads.server';
import type { FilterName, Resolved } from '../searchTypes.server';

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
  const share = tokensShare(shares, r.textTokens ?? [], statesShare(shares, r.regionStates));
  return (await wordsEstimate(s.q.database, r, s.q.reads, size)) * share <= PLAN_TUNING.textLeads * PLAN_TUNING.intersectionMargin;
}

const FILTER_TABLE: Record<FilterName, SearchFilter> = FILTERS;

/**
 * The rows the plan after this one would read from the index of a filter that leads (a `near` box,
 * a place's index, a service's category rows), as a count up to `most`; null when none leads (then
 * the rarest facet's rows lead, or the text is that plan's own source already: `textAndLead`).
 */
function leadCount(r: SearchRun['r']): LeadCount | null {
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
  return from && ((most) => sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT ${most})`);
}

/**
 * `tokens` less the state's when the list holds the city's words (textFacts.server.ts `textList`)
 * and the token sample has providers in a city of those words, every one in the state: its list
 * would be read whole for no match it leaves out, and the words' list with the city's words, read
 * for the count already (`wordsCounted`), is read again with it. The state stays carried (the
 * city's words hold it): `tokens` is still what the list carries for the walk's bound.
 */
async function beyondCityWords(s: SearchRun, tokens: readonly string[]): Promise<readonly string[]> {
  const { r } = s;
  if (!FILTERS.city.on(r) || !FILTERS.state.on(r)) return tokens;
  const stateTokens = FILTERS.state.textTokens(r);
  if (!tokens.some((token) => stateTokens.includes(token))) return tokens;
  const words = searchWords(r.place!.city!);
  const { categoryRows } = await tokenShares(s.q.database);
  const inCity = categoryRows.filter((row) => words.every((word) => row.cityWords.includes(word)));
  return inCity.length && inCity.every((row) => row.state === r.place!.state) ? tokens.filter((token) => !stateTokens.includes(token)) : tokens;
}

/**
 * The text's matches (counted one past `textLeads`, at least past the counted cap) and, when they
 * are more than the cap and at most `textLeads`, the rows of the filter that would lead, counted
 * one past them; once per search.
 */
export function textAndLead(s: SearchRun): Promise<{ text: number; lead: number | null; rowids: string | null; tokens: readonly string[] }> {
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
    const tokens = s.r.within || s.r.params.openNow || (listableFilters(s.r).length && !intersect) ? [] : (s.r.textTokens ?? []);
    // The lead's count comes with the list when the list is read here (textFacts.server.ts `textList`).
    const lead = leadCount(s.r);
    const listTokens = await beyondCityWords(s, tokens);
    const { n: text, rowids } = await textList(s.q.database, s.r, s.q.reads, { tokens: listTokens, regions: intersect, ...(lead ? { lead } : {}) });
    if (!leadAsked(text)) return { text, rowids, tokens, lead: null };
    // A place's rings ask the same circle more than once (its count, then its page): counted once. With
    // no index leading, the rarest facet's rows (plans/facetListed.server.ts), the token sample's
    // estimate: a count would be one more round trip in sequence.
    if (lead) return { text, rowids, tokens, lead: await countOnce(s.q.database, s.q.reads.counts, lead(text + 1)) };
    return { text, rowids, tokens, lead: (await rarestBit(s))?.rows ?? null };
  })();
  return s.once.textAndLead;
}

/**
 * `conds` on the provider_search row `p` of a listed match (`FROM json_each(list) m CROSS JOIN
 * provider_search p ON p.seq = m.value`), the lookups by seq alone among them (a category's rows:
 * filters.server.ts `lookup`) tested on `m.value`: SQLite tests a condition in the loop that has what
 * it reads, so a match they leave out is dropped before its row is read, where on `p.seq` each
 * match's row was read first.
 */
export function listedConditions(conds: Expression<SqlBool>[]): Expression<SqlBool>[] {
  const lookups = conds.filter(isLookup);
  return lookups.length ? [onSeq(sql`m.value`, lookups), ...conds.filter((cond) => !isLookup(cond))] : conds;
}

/**
 * The listed matches (`rowids`, listed with `tokens`) as walkedPage counts them: each joined to its
 * provider_search row and checked against `conds`; or, when the tokens hold every filter that is not
 * checked by seq (filters.server.ts `textIndexCarries`), the rowids alone, checked by seq, no row read.
 * Not with open now: its check by seq reads the provider_search row all the same.
 */
function listedCounted(r: Resolved, rowids: string, tokens: readonly string[], conds: Expression<SqlBool>[]): RawBuilder<unknown> {
  const rest = { ...r, match: null };
  const held = r.openNow ? null : textIndexCarries(rest);
  if (held?.tokens.every((token) => tokens.includes(token))) return sql`FROM json_each(${rowids}) m WHERE ${onSeq(sql`m.value`, heldChecks(rest, held))}`;
  return sql`FROM json_each(${rowids}) m CROSS JOIN provider_search p ON p.seq = m.value ${and(listedConditions(conds))}`;
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
    const listed = sql`FROM json_each(${rowids}) m CROSS JOIN provider_search p ON p.seq = m.value ${and(listedConditions(conds))}`;
    const walked = await walkedPage(s, rowids, text, conds, listed);
    if (walked) return { ...walked, step: 'walk' };
    const [rows, count] = await s.fewSorted(listed);
    return { rows, count };
  },
};

/**
 * A page of text whose list is past the counted cap, walked along its order's index, each entry
 * checked against the list (a set: no row is read before an entry is in it), where sorting read
 * every match's row (4,206 for `service=Henna Art&priceRange=$$$$` at a million); the count beside
 * it, in the same statement, stops at the cap. Taken while the walk, at the list's density in the
 * directory or in the price's or state's range read whose token it carries (thinned by the filters the list does not carry) times `deepWalkMargin`, visits at most `listedWalkRows` entries per listed match (sorting
 * reads each match's row and keeps it); null when it would visit more, when the sample says fewer
 * than the cap pass (the count reads every match's row anyway), or when it came short of the page
 * (the matches lie deeper in the order than their density says): the matches are sorted then
 * (`sorted`: what they are listed from).
 */
async function walkedPage(s: SearchRun, rowids: string, listed: number, conds: Expression<SqlBool>[], sorted: RawBuilder<unknown>): Promise<PlanResult | null> {
  const { params, database } = s.q;
  if (fewText(listed) || s.r.openTotal || s.sort === 'distance') return null;
  // In the recommended order a city's, a state's or a price's index is read in its range, which
  // holds the matches at least as densely as the directory does (the walk's bound takes the
  // directory's density, or the range's where the list carries its token: below).
  const place = s.sort === 'recommended' ? leadingIndex(s.r, PLACE_INDEXES) : undefined;
  const { index, order } =
    place && !place.unordered ? { index: place.index, order: ORDER } : s.sort === 'recommended' ? { index: INDEXES.order, order: ORDER } : SORT_ORDERS[s.sort];
  const range = place && index === place.index ? place.filters.map((f) => FILTER_TABLE[f].row(s.r, { listText: false })) : [];
  const { size, categoryRows } = await tokenShares(database);
  // The filters the list does not carry (a service, a price whose token it was not read with; the
  // city's words it holds) thin its matches along the order by their share (the sample's), but for
  // the range read (its share is the range's own).
  const { tokens } = await textAndLead(s);
  const listCarries = (name: FilterName) => name === 'city' || (FILTER_TABLE[name].textTokens?.(s.r) ?? []).some((token) => tokens.includes(token));
  const shareOf = (names: FilterName[]) => categoryRows.filter(sampledMeets(s.r, names)).length / Math.max(1, categoryRows.length);
  // The count stops at the cap only once that many matches pass: when fewer are likely to, it reads
  // every match's row, as sorting them does, and the walk beside it is read for nothing.
  if (listed * shareOf(filtersOf(s.r).filter((name) => !listCarries(name))) <= LIMITS.countedTotal) return null;
  const carried = (name: FilterName) => listCarries(name) || (range.length > 0 && place!.filters.includes(name));
  const share = shareOf(filtersOf(s.r).filter((name) => !carried(name)));
  // A price's or a state's range read holds every listed match when the list carries its token: their density is among its rows.
  const inRange = range.length > 0 && place!.filters.every((name) => name !== 'city' && listCarries(name));
  const rangeRows = inRange ? (size * (1 + categoryRows.filter(sampledMeets(s.r, place!.filters)).length)) / Math.max(1, categoryRows.length) : size;
  const most = Math.ceil((PLAN_TUNING.deepWalkMargin * s.wanted * rangeRows) / Math.max(1, listed * share));
  if (most > PLAN_TUNING.listedWalkRows * listed || most > PLAN_TUNING.deepWalk) return null;
  const inList = sql<SqlBool>`p.seq IN (SELECT value FROM json_each(${rowids}))`;
  // Short, the matches are sorted for the page (`sorted`, SearchRun.fewSorted's statement): read with the walk over the network.
  const found = await s.runOrElse(
    sql`SELECT p.*${s.distance}, c.matchCount FROM (SELECT count(*) AS matchCount FROM (SELECT 1 ${listedCounted(s.r, rowids, tokens, conds)} LIMIT ${LIMITS.countedTotal + 1})) c
      LEFT JOIN (SELECT w.seq FROM (SELECT p.seq, ${inTurn([inList, ...conds])} AS hit FROM providers p ${indexedBy(index)} ${and(range)} ORDER BY ${order} LIMIT ${most}) w
        WHERE w.hit LIMIT ${params.limit} OFFSET ${params.offset}) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY ${order}`,
    s.fewSortedRead(sorted),
    (tried) =>
      `(SELECT count(seq) FROM ${tried}) < ${params.limit} AND (SELECT max(matchCount) FROM ${tried}) > ${params.offset} + (SELECT count(seq) FROM ${tried})`,
  );
  const rows = found.filter((row) => row.seq !== null);
  const count = cappedTotal(Number(found[0]!.matchCount));
  // A short page is the last only when the matches end on it.
  if (rows.length < params.limit && count.total > params.offset + rows.length) return null;
  return { rows, count };
}
