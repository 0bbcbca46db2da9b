/**
 * A facet few providers hold (docs/search.md "Bounded cost"): its rows of provider_facets
 * (migrations/0046) lead, read along the facet's index in the search's order (migrations/0087: the
 * rows carry the order columns, city, price, rating and facets), so the page and its capped count
 * stop at the cap: with no other filter than those, from the index's entries alone; else each row
 * looked up in provider_search and checked. Searched for along another index, a rare facet was a
 * check on every row of it: a whole price's or the whole directory for a page of a language few
 * speak. How few is data, never a rule per facet: the token sample's share of the search's rarest
 * facet (tokenShares.server.ts), at most `facetListedMost`, where listing meets the other reads
 * (twice that when every other source holds twice as many). It leads only when it is the cheapest
 * read: fewer rows to the cap (each a lookup, `facetRowCost` rows of a walk; an entry,
 * `facetEntryCost`, when the facet rows carry every filter) than another plan counts and walks for
 * the page along its source (a service's or a place's rows, else the directory) at the sample's
 * share of the matches (with no text or open now those are index entries that carry the facets,
 * `facetEntryCost` of a row), and fewer than the place, box, service or text that would lead (each
 * counted in its own index only that far).
 */
import { hasText } from '../rings';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { boxTables } from '../near.server';
import {
  carriedByAll,
  facetBitsOf,
  facetConditions,
  facetTableConditions,
  FILTERS,
  inSample,
  isListed,
  rowConditions,
  sampledMeets,
  seqOnlyBeside,
  type SearchFilter,
} from '../filters.server';
import { CATEGORY_INDEXES, indexedBy, PLACE_INDEXES, type IndexName } from '../indexes.server';
import { facetListedMost, PLAN_TUNING } from '../tuning.server';
import { LIMITS } from '../../../config';
import { tokenShares } from '../tokenShares.server';
import { countOnce } from '../requestReads.server';
import { and, FACET_ORDERS, inTurn, leadingIndex, onSeq, sampledRows, type Plan, type Row, type SearchRun } from './context.server';
import type { SampledCategories } from '../searchTypes.server';
import { categoryLead } from './category.server';
import { wordsEstimate } from '../textFacts.server';

/**
 * The search's facet bit the token sample finds rarest, with its estimated rows; undefined with no
 * facet, or nearest first: that reads the points around a place in order and stops at the page (a
 * place's rings: nearPlace.server.ts), where the facet's rows would all be read and sorted by distance.
 */
export async function rarestBit(s: Pick<SearchRun, 'r' | 'sort' | 'q'>): Promise<{ bit: number; rows: number } | undefined> {
  const bits = facetBitsOf(s.r);
  if (!bits.length || s.sort === 'distance') return undefined;
  const { size, facetShares } = await tokenShares(s.q.database);
  return bits.map((bit) => ({ bit, rows: Math.ceil((facetShares.get(bit) ?? 0) * size) })).sort((a, b) => a.rows - b.rows)[0];
}

/** The search's rarest facet bit and its estimated rows, when listing them is the cheapest read; else null. */
export async function rarestFacet(s: SearchRun): Promise<{ bit: number; rows: number } | null> {
  const asked = await rarestAsks(s);
  return asked && !(await narrowerSource(s, asked)) ? asked.rarest : null;
}

/**
 * The first count rarestFacet reads for `s` (narrowerSource's), when it reads one: read ahead with
 * the open-now count (plans/index.server.ts `nextAfterOpenCount`).
 */
export async function rarestFacetCount(s: SearchRun): Promise<RawBuilder<{ n: number }> | undefined> {
  const asked = await rarestAsks(s);
  return asked ? narrowerCount(s, asked) : undefined;
}

/**
 * What rarestFacet asks of the sources another plan would lead with: the most rows they may hold for
 * the facet to lead, and those the token sample puts past `sampledPast` times that (not counted: a
 * count read `most` entries to find what the sample already says, the `$$` price's 112,001 entries
 * at a million for a facet listed up to twice its rows).
 */
interface NarrowerAsk {
  most: number;
  /** Each place or service index the sample puts past it (one that the sample holds each filter's column of). */
  past: ReadonlySet<IndexName>;
}

/**
 * rarestFacet up to the sources another plan would lead with: the rarest facet, and what it asks of
 * those (narrowerSource's); null when it does not lead before them.
 */
async function rarestAsks(s: SearchRun): Promise<({ rarest: { bit: number; rows: number } } & NarrowerAsk) | null> {
  const { r } = s;
  const rarest = await rarestBit(s);
  if (!rarest) return null;
  const shares = await tokenShares(s.q.database);
  const { size, categoryRows } = shares;
  const { bit, rows } = rarest;
  const most = facetListedMost(size);
  // Open now past the open ranges' scan (its count unknown): every other source is counted with an
  // hours lookup on each row, so the facet's rows are listed up to `facetOpenMargin` times `most`.
  if (rows > (r.openNow && !r.fewOpen && !r.openTotal ? PLAN_TUNING.facetOpenMargin : 2) * most) return null;
  // Another plan counts the matches up to the cap and walks for the page: it reads that many over
  // the matches' share of its source (the sample's, half a sampled row when none held), never more
  // than the source holds: a service's or a place's rows when one leads, else the directory.
  const held = Math.max(0.5, categoryRows.filter(inSample(r)).length);
  const n = Math.max(1, categoryRows.length);
  const source = Math.max(1, sourceSampled(s, categoryRows));
  // Every index another plan walks or counts along ends in the facets (migrations/0082-0084), so
  // with no lookup ahead of a match (text, open now) it reads entries, not rows: the count's, and a
  // deep page's again after it (the order plan walks for the page past its count).
  const entries = !r.match && !r.openNow;
  const read = entries ? LIMITS.countedTotal + 1 + s.wanted : Math.max(s.wanted, LIMITS.countedTotal + 1);
  const walked = r.openTotal?.capped
    ? openWalked(s, size, rows)
    : Math.min((read * source) / held, (source / n) * size) * (entries ? PLAN_TUNING.facetEntryCost : 1);
  // The facet's rows are read in order up to the cap too, at the matches' share of them.
  const facetHeld = Math.max(1, categoryRows.filter((row) => Number(row.facets) & (1 << bit)).length);
  const listedRows = Math.min(rows, (Math.max(s.wanted, LIMITS.countedTotal + 1) * facetHeld) / held);
  const listed = listedRows * (carriedByAll(r, 'facetRows') ? PLAN_TUNING.facetEntryCost : PLAN_TUNING.facetRowCost);
  if (walked <= listed) return null;
  // Past `most`, only when every other source holds twice as many: those are then sorted whole.
  const asked = rows <= most ? rows : 2 * rows;
  const past = [leadingIndex(r, PLACE_INDEXES), leadingIndex(r, CATEGORY_INDEXES)].filter(
    (index): index is NonNullable<typeof index> =>
      !!index &&
      index.filters.every((f) => !!(FILTERS[f] as SearchFilter).sampledRow) &&
      sampledRows(shares, r, index.filters) > PLAN_TUNING.sampledPast * asked,
  );
  return { rarest, most: asked, past: new Set(past.map((index) => index.index)) };
}

/**
 * The sampled providers in the source another plan would read: the service's (with its index's
 * city and price) when its rows lead, a city's, state's or price's when that index leads in the
 * recommended order with no text (place.server.ts `placeLeads`), else every sampled provider.
 */
function sourceSampled(s: SearchRun, rows: readonly SampledCategories[]): number {
  const { r } = s;
  const place = leadingIndex(r, PLACE_INDEXES);
  const lead = categoryLead(s) ? leadingIndex(r, CATEGORY_INDEXES) : s.sort === 'recommended' && !r.match && place && !place.unordered ? place : undefined;
  if (!lead) return rows.length;
  return rows.filter(sampledMeets(r, lead.filters)).length;
}

/**
 * Open now past the cap, counted by the open-now list with the facets (migrations/0085): no count
 * is read, and the matches, at least the cap, are at least that share of the facet's rows and of
 * the directory, so a walk for the page reads at most its share of both: the directory's entries
 * (`facetEntryCost` each) and the facet's rows, each with an hours lookup.
 */
const openWalked = (s: SearchRun, size: number, rows: number) => (s.wanted / (LIMITS.countedTotal + 1)) * (size * PLAN_TUNING.facetEntryCost + rows);

/** Whether the box, place, service or text another plan would lead with holds at most `most` rows. */
async function narrowerSource(s: SearchRun, asked: NarrowerAsk): Promise<boolean> {
  const { r } = s;
  const count = narrowerCount(s, asked);
  if (count && (await countOnce(s.q.database, s.q.reads.counts, count)) > 0) return true;
  return !!r.match && (await wordsEstimate(s.q.database, r, s.q.reads, (await tokenShares(s.q.database)).size)) <= asked.most;
}

/**
 * The box's, the place's and the service's rows counted in turn, each one past `most` and only while
 * those before hold more, in one statement (a round trip each before): 1 when one holds at most
 * `most`, else 0; undefined when the search has none of them (or none the token sample leaves
 * within reach of `most`: narrowerReads).
 */
function narrowerCount(s: SearchRun, { most, past }: NarrowerAsk): RawBuilder<{ n: number }> | undefined {
  const reads = narrowerReads(s, past);
  if (!reads.length) return undefined;
  const held = reads.map((read) => sql`WHEN (SELECT count(*) FROM (${read} LIMIT ${most + 1})) <= ${most} THEN 1`);
  return sql<{ n: number }>`SELECT CASE ${sql.join(held, sql` `)} ELSE 0 END AS n`;
}

/** The reads narrowerCount counts in turn: the box's, the place's and the service's rows, but those the sample puts `past` (NarrowerAsk). */
function narrowerReads(s: SearchRun, past: ReadonlySet<IndexName>): RawBuilder<unknown>[] {
  const { r } = s;
  const place = leadingIndex(r, PLACE_INDEXES);
  const category = leadingIndex(r, CATEGORY_INDEXES);
  const reads: RawBuilder<unknown>[] = [];
  if (r.within) reads.push(sql`SELECT 1 ${boxTables(r.within.point, r.within.miles, r.category)}`);
  // Each index's own filters: a read of its entries alone.
  if (place && !past.has(place.index))
    reads.push(sql`SELECT 1 FROM providers p ${indexedBy(place.index)} ${and(place.filters.map((f) => FILTERS[f].row(r, { listText: false })))}`);
  if (category && !past.has(category.index))
    reads.push(
      sql`SELECT 1 FROM provider_categories c ${indexedBy(category.index)} ${and(category.filters.map((f) => (FILTERS[f] as SearchFilter).categoryRow!(r)))}`,
    );
  return reads;
}

/**
 * Open now past the cap with a facet, too sparse in the order index for a walk to find the page
 * (plans/order.server.ts): the rarest facet's rows read along its index in the order, each checked
 * in its entry (the other facets, a price, a rating) and then by seq (open now's hours), up to the
 * page, at most `openFacetWalk` checked by seq. Sorting the open-now list whole read every open
 * provider's hours range (hundreds of thousands at 1,000,000 providers) for a page of a common
 * facet's. Null when a filter is neither on the facet rows nor checkable by seq, or the page is not
 * found within the bound: the caller lists the open.
 */
export async function openFacetWalk(s: SearchRun): Promise<Row[] | null> {
  const { r, sort, run, distance } = s;
  const { params } = s.q;
  if (sort === 'distance' || !seqOnlyBeside(r, 'facetRows')) return null;
  const rarest = await rarestBit(s);
  if (!rarest) return null;
  const { bit } = rarest;
  const { order, index } = FACET_ORDERS[sort];
  const entries = sql`SELECT f.providerSeq AS seq FROM provider_facets f ${indexedBy(index)} ${and([sql<SqlBool>`f.bit = ${bit}`, ...facetConditions(r, index)])}
    ORDER BY ${order} LIMIT ${PLAN_TUNING.openFacetWalk}`;
  const rows = await run(
    sql`SELECT p.*${distance} FROM (SELECT w.seq FROM (SELECT p.seq, ${inTurn(rowConditions(r, { skip: 'facetRows', seqOnly: true }))} AS hit FROM (${entries}) p) w
      WHERE w.hit LIMIT ${params.limit} OFFSET ${params.offset}) s CROSS JOIN providers p ON p.seq = s.seq`,
  );
  return rows.length === params.limit ? rows : null;
}

export const facetListed: Plan = {
  name: 'facet-listed',
  async run(s) {
    const { r, sort } = s;
    const { bit, rows } = (await rarestFacet(s))!;
    // Nearest first never lists the facet (rarestFacet).
    const { order, index } = FACET_ORDERS[sort === 'distance' ? 'recommended' : sort];
    const facet = [sql<SqlBool>`f.bit = ${bit}`, ...facetConditions(r, index)];
    // Every filter applied by the facet rows: the page and the count from the index's entries, less hidden listings.
    if (carriedByAll(r, 'facetRows'))
      return s.pageAndCount(sql`FROM provider_facets f ${indexedBy(index)} ${and([...facet, isListed(sql`f.providerSeq`)])}`, order, sql`f.providerSeq`);
    // Else each facet row is read in seq order (the key's range keeps SQLite on the key, not on an
    // order index: lookups in seq order share pages), checked on what the stored row carries (a
    // point, open now's zone and bits, a service: migrations/0092) and then by lookups, counted up
    // to the cap; few are sorted from the list, many are dense enough in the facet's order to walk
    // it for the page. A count the open-now list made leaves the page alone to read, along the
    // order, each row whole (SearchRun.pageAndCount).
    const listText = await s.listTextFor(rows);
    const stored = facetTableConditions(r);
    // Every other filter checked on the facet row's seq alone (a closure: filters.server.ts
    // `seqOnly`; the text, a full-text lookup by rowid or its list's membership, as
    // plans/category.server.ts checks it): no provider row is looked up for each.
    const bySeq = seqOnlyBeside({ ...r, match: null }, 'facetTable');
    const checked = rowConditions(r, { skip: 'facetTable', listText, seqOnly: bySeq });
    if (r.openTotal)
      return s.pageAndCount(
        sql`FROM provider_facets f ${indexedBy(index)} CROSS JOIN providers p ON p.seq = f.providerSeq ${and([...facet, ...rowConditions(r, { skip: 'facetRows', listText })])}`,
        order,
        sql`f.providerSeq`,
      );
    const read = (indexed: RawBuilder<unknown>, conds: Expression<SqlBool>[]) =>
      bySeq
        ? sql`FROM provider_facets f ${indexed} ${and([...conds, onSeq(sql`f.providerSeq`, checked)])}`
        : sql`FROM provider_facets f ${indexed} CROSS JOIN provider_search p ON p.seq = f.providerSeq ${and([...conds, ...checked])}`;
    // A page past the counted cap: the walk in the order to its end counts the cap on its way
    // (SearchRun.pageAndCount), where a count in seq order first read those matches twice. Not when a
    // place's rings wait for the count before the page (told `counted`: neither words nor open now).
    const ringsWait = !!s.q.tell && !s.r.params.openNow && !hasText(s.r.params);
    if (s.wanted > LIMITS.countedTotal && !ringsWait) return s.pageAndCount(read(indexedBy(index), [...facet, ...stored]), order, sql`f.providerSeq`);
    const inSeqOrder = [...facet, sql<SqlBool>`f.providerSeq > 0`, ...stored];
    const { count, sorted } = await s.countOrList(
      sql`FROM provider_facets f CROSS JOIN provider_search p ON p.seq = f.providerSeq`,
      [...inSeqOrder, ...checked],
      bySeq ? { tables: sql`FROM (SELECT f.providerSeq AS seq FROM provider_facets f ${and(inSeqOrder)}) p`, conds: checked } : undefined,
    );
    if (sorted) return { rows: await sorted(), count };
    // The page's positions along the facet's order and then its rows, one statement: one round trip, where they were two.
    return {
      rows: await s.pageOf(sql`SELECT f.providerSeq AS seq ${read(indexedBy(index), [...facet, ...stored])} ORDER BY ${order} LIMIT ${s.wanted}`),
      count,
    };
  },
};
