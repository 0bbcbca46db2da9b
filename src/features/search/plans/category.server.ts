/**
 * A service: its category rows lead, in the recommended order (their copies of the provider's
 * order columns, city, price, rating and facets apply those filters in the index, filters.server.ts);
 * a service in a city has an index of its own, with a price too. A service alone by rating or
 * reviews has an index in that order (migrations/0082): read in it, a deep page is the rows before
 * it, where sorting read every row of the service.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { LIMITS } from '../../../config';
import { cappedTotal } from '../../providers/index.server';
import {
  carriedByAll,
  categoryConditions,
  FILTERS,
  inSampledCategoryRows,
  isListed,
  listedMatch,
  listsText,
  matchesText,
  rowConditions,
  type SearchFilter,
} from '../filters.server';
import { CATEGORY_INDEXES, INDEXES, indexSql, PLACE_INDEXES, type IndexName } from '../indexes.server';
import { and, CATEGORY_ORDER, onSeq, CATEGORY_SORT_ORDERS, leadingIndex, listTextOver, type Plan, type PlanResult, type SearchRun } from './context.server';
import type { Resolved } from '../searchTypes.server';
import { manyText, wordsEstimate } from '../textFacts.server';
import { PLAN_TUNING } from '../tuning.server';
import { serviceRowsOf, tokenShares, tokensShare } from '../tokenShares.server';

/**
 * The category index a search reads in its own order, with that order: in the recommended order a
 * service with a place of its index (in a city), or with no place its rows do not carry (a price
 * they do: a service at a price reads the service's entries, not a lookup per provider at that
 * price; a state or a ZIP prefix leads); by
 * rating or reviews a service alone, no place, point or text (those read their own sources, plans/otherOrder.server.ts).
 */
export function categoryLead(s: Pick<SearchRun, 'r' | 'sort'>): { index: IndexName; order: RawBuilder<unknown> } | null {
  const index = leadingIndex(s.r, CATEGORY_INDEXES);
  if (!index) return null;
  if (s.sort === 'recommended') return index.filters.length > 1 || !leadingIndex(s.r, UNCARRIED_PLACES) ? { index: index.index, order: CATEGORY_ORDER } : null;
  return categorySorted(s);
}

/** A service alone by rating or reviews, with its index and order (categoryLead); null for any other search. */
export function categorySorted({ r, sort }: Pick<SearchRun, 'r' | 'sort'>) {
  const other = sort === 'rating' || sort === 'reviews' ? CATEGORY_SORT_ORDERS[sort] : null;
  return other && leadingIndex(r, CATEGORY_INDEXES)?.index === INDEXES.categoryOrder && !alongOtherSources(r) ? other : null;
}

/** Place indexes of filters the category rows do not carry (a state, a ZIP prefix): those lead another order. */
const UNCARRIED_PLACES = PLACE_INDEXES.filter((i) => !i.filters.every((f) => (FILTERS[f] as SearchFilter).carriedBy.includes('categoryRows')));
/** Whether a place, a point or text leads another order's search (what categoryLead leaves to other-order). */
const alongOtherSources = (r: Resolved) => !!leadingIndex(r, UNCARRIED_PLACES) || !!r.point || !!r.within || !!r.match;

/**
 * Text with a service alone, whose words (estimated past the request's count, textFacts.server.ts),
 * as listed with the filters' tokens resolve chose (a state's: `listedMatch`), are fewer than the
 * service's rows with the search's other filters that category rows carry (times `wordsLeadService`)
 * (the token sample's share): the words lead in the order plan, each match probed for its category
 * row by seq, a list as long as the words, where the service's rows were each read with the
 * provider's row to check the text (a third of the directory for hair, at a million) and a filter
 * they do not carry (a state's row for each of a service's 310,928 at a million).
 */
export async function wordsFewer(s: SearchRun): Promise<boolean> {
  const { r } = s;
  if (!r.match || !r.checkable || leadingIndex(r, CATEGORY_INDEXES)?.index !== INDEXES.categoryOrder) return false;
  const sample = await tokenShares(s.q.database);
  const listed = tokensShare(sample.shares, r.textTokens ?? [], await wordsEstimate(s.q.database, r, s.q.reads, sample.size));
  return listed < serviceRowsOf(sample, r) * PLAN_TUNING.wordsLeadService;
}

export const category: Plan = {
  name: 'category',
  async run(s) {
    const { r } = s;
    const lead = categoryLead(s)!;
    const cat = categoryConditions(r, lead.index);
    const index = indexSql(lead.index);
    const checked = lead.order === CATEGORY_ORDER ? await textChecked(s, cat, index, CATEGORY_ORDER) : null;
    if (checked) return checked;
    // Text (many: few was listed before) as one list of rowids, not a lookup per category row,
    // unless the service's rows (in its city) are few for a check each (listTextOver).
    const listText = await listTextOver(s, CATEGORY_INDEXES.find((i) => i.index === lead.index)?.filters ?? ['category']);
    const conds = [...cat, ...rowConditions(r, { skip: 'categoryRows', listText })];
    // Every filter applied by the category rows: listed from them alone, less hidden listings. The
    // others checked on the provider's seq alone (the text, open now): on the entry's seq, no
    // provider row read for each (a service's rows at a price: 40,107 rows read at random at a million).
    // Not with open now: its check by seq alone reads the hours rows' zones, and with the open-now
    // list's total the page is read from the provider row as it walks.
    const bySeq = !r.openNow && carriedByAll({ ...r, match: null }, 'categoryRows', { orSeqOnly: true });
    const from = carriedByAll(r, 'categoryRows')
      ? sql`FROM provider_categories c INDEXED BY ${index} ${and([...cat, isListed(sql`c.providerSeq`)])}`
      : bySeq
        ? sql`FROM provider_categories c INDEXED BY ${index} ${and([...cat, onSeq(sql`c.providerSeq`, rowConditions(r, { skip: 'categoryRows', listText, seqOnly: true }))])}`
        : sql`FROM provider_categories c INDEXED BY ${index} JOIN providers p ON p.seq = c.providerSeq ${and(conds)}`;
    return s.pageAndCount(from, lead.order, sql`c.providerSeq`, listsText(r, { listText }));
  },
};

/**
 * Text that is many (past `textLeads`, so text-listed did not take it), checkable, and the one
 * filter the category rows do not carry: its list would be built whole, a common word's hundreds of
 * thousands of rowids for one page. Instead the total is
 * counted along the words' own list, each match probed for its category row (the primary key), up
 * to the cap, reading at most `checkedWords` of the words' matches (all of them: the matches found
 * are every match, sorted for the page); and the page is walked along the category's index in the
 * page's order (`order`) with a full-text lookup per row, at most `maxWalk` rows past the page's end.
 * Tried only when the token sample's share of the category's rows (with their city, price, rating
 * and facets) reaches the cap within those matches (else within the words listed with the filters'
 * tokens, at its share among the providers holding them), and the words' estimated share of the
 * directory, halved, fills the page within the walk. Null when either would read past its bound: the text is
 * then listed as before (docs/search.md "Bounded cost").
 */
async function textChecked(s: SearchRun, cat: Expression<SqlBool>[], index: RawBuilder<unknown>, order: RawBuilder<unknown>): Promise<PlanResult | null> {
  const { r } = s;
  const { params } = s.q;
  if (!r.match || !r.checkable || !carriedByAll({ ...r, match: null }, 'categoryRows') || !(await manyText(s.q.database, r, s.q.reads))) return null;
  // The category rows' share (with their city, price, rating and facets, from the sample) past the
  // cap among the words' first `checkedWords` matches (`checkedWordsMargin` times); and the walk's
  // rows for the page at the words' density in the directory, twice over, within its bound.
  const { size, categoryRows, shares } = await tokenShares(s.q.database);
  const held = categoryRows.filter(inSampledCategoryRows(r)).length;
  const reaches = (among: number) => PLAN_TUNING.checkedWords * held >= PLAN_TUNING.checkedWordsMargin * (LIMITS.countedTotal + 1) * among;
  // Short of it, the words as listed with the filters' tokens resolve kept (a price's, a rating's, a
  // facet's: filters the category rows apply too, so the probe still decides), where the service's
  // rows are their share among the providers holding those tokens: a walk checking each of the
  // service's rows for the words was a full-text lookup per row until the cap, a probe per word here.
  // Not when the words alone reach it: a token's whole list is read to intersect with it.
  const sampled = Math.max(1, categoryRows.length);
  const match = reaches(sampled) ? r.match : reaches(sampled * tokensShare(shares, r.textTokens ?? [])) ? listedMatch(r) : null;
  if (!match) return null;
  if (2 * s.wanted * size > (s.wanted + PLAN_TUNING.maxWalk) * (await wordsEstimate(s.q.database, r, s.q.reads, size))) return null;
  const inCategory = sql<SqlBool>`EXISTS (SELECT 1 FROM provider_categories c WHERE c.providerSeq = f.rowid AND ${sql.join(cat, sql` AND `)})`;
  const words = sql`SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${match} LIMIT ${PLAN_TUNING.checkedWords}`;
  // The matches' seq listed as they are counted, and how many of the words' matches there are up to
  // the bound (their list alone, no probe): fewer, and every match was counted.
  const counted = await sql<{ n: number; seqs: string; words: number }>`SELECT count(*) AS n, json_group_array(seq) AS seqs,
    (SELECT count(*) FROM (${words})) AS words FROM (SELECT f.rowid AS seq FROM (${words}) f
    WHERE ${isListed(sql`f.rowid`)} AND ${inCategory} LIMIT ${LIMITS.countedTotal + 1})`.execute(s.q.database.db);
  const { n, seqs, words: read } = counted.rows[0]!;
  const count = cappedTotal(Number(n));
  if (!count.capped) {
    // Every one of the words' matches was probed: those found are every match, sorted for the page.
    if (Number(read) < PLAN_TUNING.checkedWords) {
      const [rows, total] = await s.fewSorted(sql`FROM json_each(${seqs}) m CROSS JOIN provider_search p ON p.seq = m.value`);
      return { rows, count: total, step: 'listed' };
    }
    // Fewer than the cap among the words' first matches: the total is not known this way.
    return null;
  }
  const { rows } = await sql<{ seq: number }>`SELECT s.providerSeq AS seq FROM (SELECT c.providerSeq FROM provider_categories c INDEXED BY ${index}
    ${and(cat)} ORDER BY ${order} LIMIT ${s.wanted + PLAN_TUNING.maxWalk}) s
    WHERE ${isListed(sql`s.providerSeq`)} AND ${matchesText(r, sql`s.providerSeq`)}
    LIMIT ${params.limit} OFFSET ${params.offset}`.execute(s.q.database.db);
  if (rows.length < params.limit) return null;
  return { rows: await s.rowsBySeq(rows.map((row) => row.seq)), count, step: 'checked' };
}

/**
 * Text that is many with a service by rating or reviews (other-order): checked as in the
 * recommended order (`textChecked`), the page walked along the category's index in that order,
 * where the words' list was built whole and checked against the service's rows, then sorted.
 */
export async function textCheckedInOrder(s: SearchRun): Promise<PlanResult | null> {
  const other = s.sort === 'rating' || s.sort === 'reviews' ? CATEGORY_SORT_ORDERS[s.sort] : null;
  if (!other || !leadingIndex(s.r, CATEGORY_INDEXES)) return null;
  return textChecked(s, categoryConditions(s.r, other.index), indexSql(other.index), other.order);
}
