/**
 * Where the plans of another order or a point read their matches (and count them): the coordinate
 * index (a `near` box; with a service, its category rows in the box), else the ordered index of the place's most selective part, else a service's
 * category rows, else the text's matches listed from the full-text index, else a minimum rating's
 * range of the rating index; with no filter at all, the sort's own index. Each bounds what is read
 * by the filter's own matches, never a scan of every provider with a check per row.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { boxTables } from '../near.server';
import { carriedByAll, carriedByTokens, categoryConditions, filtersOf, FILTERS, listedMatch, rowConditions } from '../filters.server';
import { CATEGORY_INDEXES, INDEXES, indexedBy, PLACE_INDEXES, type IndexName } from '../indexes.server';
import {
  and,
  leadingIndex,
  listTextOver,
  sampledRows,
  SORT_ORDERS,
  textSourceOf,
  textTops,
  type ListedSource,
  type SearchRun,
  type TextSource,
} from './context.server';
import { manyText, textListMade, textListOf, wordsEstimate } from '../textFacts.server';
import { boxRegion, circleRowsOf, tokenShares } from '../tokenShares.server';
import { PLAN_TUNING } from '../tuning.server';
import type { Circle, FilterName, Region, Resolved } from '../searchTypes.server';
import { wordsFewer } from './category.server';

/** Where another order's or a point's plan reads its matches (`pointSource`). */
export interface PointSource {
  tables: RawBuilder<unknown>;
  conds: Expression<SqlBool>[];
  byOrder: (typeof SORT_ORDERS)[keyof typeof SORT_ORDERS] | null;
  unfiltered: boolean;
  /** The text's matches when they are the source (listed from the full-text index). */
  text?: TextSource;
  /** …and as rowids alone, to count them, when every other filter is checked on seq (`textSourceOf`). */
  seqSource?: ListedSource;
  /** A price alone by rating or reviews: the price's index (a minimum rating a range of it), which counts the matches and sorts them when the sort's index holds them too sparsely. */
  priceRows?: ListedSource;
  /** The source is every provider, or a minimum rating's range: no filter narrows it. */
  scan?: true;
  /** Text is checked against one list of its matches (not a lookup per row, nor the source itself). */
  listedText?: boolean;
  /** The box's states (and cells) the text's list was narrowed to (`textInBox`), none when it was not. */
  boxStates?: Region;
  /** The search as its text is listed in the box (`textInBox`), when the source is `near`'s box read whole and its text listed (plans/nearest.server.ts reads it point by point instead). */
  boxed?: Resolved;
}

export async function pointSource(s: SearchRun): Promise<PointSource> {
  const { r } = s;
  const byOrder = s.sort === 'rating' || s.sort === 'reviews' ? SORT_ORDERS[s.sort] : null;
  const unfiltered = filtersOf(r).length === 0;
  const category = leadingIndex(r, CATEGORY_INDEXES);
  const serviceRows = await serviceOverPrice(s, category?.index);
  // A state's or a price's index does not lead text listed with that filter's token: the
  // intersection in the full-text index is already the smaller list; nor a price's a service's rows
  // that carry the price (serviceOverPrice).
  const place = leadingIndex(
    r,
    PLACE_INDEXES.filter((i) => !(r.match && carriedByTokens(r, i.filters)) && !(serviceRows && i.index === INDEXES.priceOrder)),
  );
  // A box with a service: that service's category rows in the box, not every provider there (a
  // city's box holds tens of thousands at a million, a service a tenth of them).
  // Text in a box: checked row by row in a small one, listed once in a large one (SearchRun.listTextIn).
  const { listText: boxText, r: inBox } = r.within ? await textInBox(s) : { listText: true, r };
  const listedText = !!r.match && boxText;
  const boxStates = regionOf(inBox);
  // A place (a city, a state, a ZIP prefix: not a price alone) whose index holds fewer providers than
  // the box (a state away from the point holds none in it) is the source, the box's distance a
  // condition on its rows: the box was read whole for them.
  const placeLeads = !!r.within && !!place && place.filters.some((f) => f !== 'priceRange') && (await fewerThanBox(s, place.filters));
  if (r.within && r.category && !placeLeads)
    return {
      ...categorySource(inBox, boxTables(r.within.point, r.within.miles, r.category), boxText),
      byOrder,
      unfiltered,
      listedText,
      boxStates,
      ...(listedText ? { boxed: inBox } : {}),
    };
  // Text whose words are fewer than the place's rows leads, as with a service (category.server.ts
  // `wordsFewer`): the place's index was read until the count's cap with the words' list built for it.
  // Counted with the city's words (textFacts.server.ts `wordsCounted`), they are listed so: the words'
  // whole list (a short prefix's, most of the directory) had each match's row read for a city's few.
  if (!r.within && place && (await wordsFewerThan(s, place.filters))) return { ...textSourceOf(r, { inText: true }), byOrder, unfiltered };
  // Nearest first from a city with a service: the service's rows in the city (its category rows,
  // which carry the city), not every provider of the city checked for the service by a lookup.
  if (s.sort === 'distance' && !r.within && !r.match && category?.filters.includes('city'))
    return { ...categorySource(r, sql`FROM provider_categories c ${indexedBy(category.index)}`, false), byOrder, unfiltered };
  if (r.within || place || unfiltered) {
    // A place of few rows for a check each (a city's) checks the text row by row, as the place plan
    // does (listTextOver): a common word's list is most of the directory, built for a few hundred rows.
    const listText = !r.within && place && r.match ? await listTextOver(s, place.filters) : boxText;
    const conds = rowConditions(inBox, { listText });
    // A price alone by rating or reviews: the page is read along the sort's index, which carries the
    // price and the other row filters' columns (migrations/0083); the count along the price's, which
    // carries them too (0084) and holds only that price (a minimum rating a range of it): where few
    // match, the sort's index was read whole for them (a million entries).
    const byPrice = !r.within && !!byOrder && place?.index === INDEXES.priceOrder;
    const sortIndex = byOrder && (unfiltered || byPrice);
    const index = sortIndex ? indexedBy(byOrder.index) : place ? indexedBy(place.index) : sql``;
    const priceRows = byPrice ? { tables: sql`FROM providers p ${indexedBy(place.index)}`, conds } : undefined;
    return {
      conds,
      byOrder,
      unfiltered,
      listedText: !!r.match && listText,
      boxStates,
      seqSource: priceRows,
      priceRows,
      tables: r.within && !placeLeads ? boxTables(r.within.point, r.within.miles) : sql`FROM providers p ${index}`,
      ...(r.within && !placeLeads && r.match && listText ? { boxed: inBox } : {}),
    };
  }
  // Text whose words are fewer than the service's rows leads, as in the recommended order (plans/category.server.ts).
  if (category && !(await wordsFewer(s)))
    return { ...categorySource(r, sql`FROM provider_categories c ${indexedBy(category.index)}`, true), byOrder, unfiltered, listedText };
  if (r.match) return { ...textSourceOf(r), byOrder, unfiltered };
  const index = FILTERS.rating.on(r) ? INDEXES.ratingOrder : undefined;
  return { conds: rowConditions(r, { index }), byOrder, unfiltered, scan: true, tables: sql`FROM providers p ${index ? indexedBy(index) : sql``}` };
}

/**
 * Whether text with a service and a price reads the service's rows, which carry the price (that
 * index's rows narrowed to the service), rather than the price's index: while its words are at most
 * `PLAN_TUNING.wordsOverService`, the list checked against those rows, built by the count and again by
 * the sort. The price's index led with the words fewer than its rows, and the words were the source:
 * each chunk of the sorted page read every match again.
 */
async function serviceOverPrice(s: SearchRun, category: IndexName | undefined): Promise<boolean> {
  const { r, q } = s;
  if (!r.match || category !== INDEXES.categoryOrder || !FILTERS.priceRange.on(r)) return false;
  const { size } = await tokenShares(q.database);
  return (await wordsEstimate(q.database, r, q.reads, size)) <= PLAN_TUNING.wordsOverService;
}

/** Whether the index led by `filters` holds fewer providers than the search's box (a service's rows in it, with a service), at the token sample's shares. */
async function fewerThanBox(s: SearchRun, filters: readonly FilterName[]): Promise<boolean> {
  const { r } = s;
  const shares = await tokenShares(s.q.database);
  const category = r.category ? sampledRows(shares, r, ['category']) / Math.max(1, shares.size) : 1;
  return sampledRows(shares, r, filters) < circleRowsOf(shares, r.within!) * category;
}

/** Whether the text's words (estimated past the request's count) are fewer than the rows of the index led by `filters` (PLAN_TUNING.wordsLeadPlace). */
async function wordsFewerThan(s: SearchRun, filters: readonly FilterName[]): Promise<boolean> {
  const { r, q } = s;
  if (!r.match) return false;
  const { size } = await tokenShares(q.database);
  return (await wordsEstimate(q.database, r, q.reads, size)) < sampledRows(await tokenShares(q.database), r, filters) * PLAN_TUNING.wordsLeadPlace;
}

/**
 * A service's category rows `rows` (a FROM clause of `c`) as the source. When they carry every filter
 * (a radius aside: the row condition keeps the exact distance on their copied coordinates) but those
 * checked by seq alone (open now, closures: filters.server.ts `seqOnly`), their copies of the order
 * columns (which the category's indexes cover) are read and sorted alone, not each provider's row
 * (open now's hours read the zone from their own rows).
 */
export function categorySource(r: Resolved, rows: RawBuilder<unknown>, listText: boolean) {
  // Without open now (its check by seq alone reads the hours rows' zones), the text is checked on
  // seq alone too (its list, or a lookup by rowid).
  if (carriedByAll({ ...r, within: undefined, ...(r.openNow ? {} : { match: null }) }, 'categoryRows', { orSeqOnly: true })) {
    const coordinates = r.point ? sql`, c.latitude, c.longitude` : sql``;
    return {
      conds: rowConditions(r, { skip: 'categoryRows', seqOnly: true, listText }),
      tables: sql`FROM (SELECT c.providerSeq AS seq, c.isPromoted, c.rating, c.reviewCount, c.name${coordinates} ${rows} ${and(categoryConditions(r))}) p`,
    };
  }
  return {
    conds: [...categoryConditions(r), ...rowConditions(r, { skip: 'categoryRows', listText })],
    tables: sql`${rows} CROSS JOIN provider_search p ON p.seq = c.providerSeq`,
  };
}

/** The region `r`'s text is listed narrowed to (`textInBox`): its states, none when it was not, and its cells when it is. */
export const regionOf = (r: Resolved): Region => ({
  regionStates: r.regionStates ?? [],
  ...(r.regionCells ? { regionCells: r.regionCells } : {}),
});

/**
 * How text is read in the search's `near` box: checked row by row in a small box, else listed once
 * (SearchRun.listTextIn). Text that is many (past `textLeads`) is listed narrowed to the tokens of the
 * states the box can hold providers in (SearchRun.boxStates, from state_cells): the full-text index intersects the words
 * with them, where the words' whole list was built for each statement that read the box; or, where
 * they cost less, of the cells the box touches (`inBoxRegion`).
 */
export async function textInBox(s: SearchRun): Promise<{ listText: boolean; r: Resolved }> {
  const { r } = s;
  const listText = await s.listTextIn(r.within!.point, r.within!.miles);
  // Decided already (the same search read again with a top of its order: otherOrder.server.ts).
  if (r.regionStates) return { listText, r };
  if (!r.match || !listText || !(await manyText(s.q.database, r, s.q.reads))) return { listText, r };
  const states = await s.boxStates(r.within!.point, r.within!.miles);
  if (!states?.length) return { listText, r };
  // A place's rings are narrowed to the widest circle's cells (each ring's box lies in them): one list for every ring.
  const inStates = await inBoxRegion(s, r, states, r.textCircle ?? r.within!);
  // A place's rings in the same states (or cells) as the widest circle list the same matches: a narrower ring
  // lists them once for the request when they are few enough (textListOf), and the wider rings read
  // that list, where each decoded the words' lists again. A
  // ring in fewer states keeps its own, shorter list; the widest alone makes none.
  if (!r.textCircle) return { listText, r: inStates };
  const match = listedMatch(inStates);
  const sameAsWidest = async ({ point, miles }: Circle) => {
    if (inStates.regionCells) return true;
    const widest = await s.boxStates(point, miles);
    return widest?.length === states.length && widest.every((state) => states.includes(state));
  };
  const list =
    textListMade(match, s.q.reads) ??
    (r.within!.miles < r.textCircle.miles && (await sameAsWidest(r.textCircle)) ? textListOf(s.q.database, match, s.q.reads) : undefined);
  const rowids = list ? (await list).rowids : null;
  return { listText, r: rowids ? { ...inStates, textRowids: rowids } : inStates };
}

/** `r`'s text narrowed to the box of `circle`, whose `states` were read: its states or its cells (tokenShares.server.ts `boxRegion`), at the words' estimated matches. */
export async function inBoxRegion(s: SearchRun, r: Resolved, states: readonly string[], circle: Circle): Promise<Resolved> {
  const sample = await tokenShares(s.q.database);
  return { ...r, ...boxRegion(sample, states, circle, await wordsEstimate(s.q.database, r, s.q.reads, sample.size)) };
}

/**
 * Text listed in a box (`r` as textInBox left it), a top of the order at a time (SearchRun.topPage's
 * source): the words narrowed to the box's states (or cells) and the top, listed from the full-text index, each
 * checked in the box. A top read through the box read every provider in it against the words' list,
 * a city's box tens of thousands at a million, however small the top.
 */
export const boxTextTops = (r: Resolved) => textTops(textSourceOf(r).text);
