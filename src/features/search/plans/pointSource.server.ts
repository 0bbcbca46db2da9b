/**
 * Where the plans of another order or a point read their matches (and count them): the coordinate
 * index (a `near` box), else the ordered index of the place's most selective part, else a service's
 * category rows, else the text's matches listed from the full-text index, else a minimum rating's
 * range of the rating index; with no filter at all, the sort's own index. Each bounds what is read
 * by the filter's own matches, never a scan of every provider with a check per row.
 */
import { sql } from 'kysely';
import { boxTables } from '../near.server';
import { carriedByAll, categoryConditions, filtersOf, FILTERS, rowConditions, textNarrowing } from '../filters.server';
import { CATEGORY_INDEXES, INDEXES, indexedBy, PLACE_INDEXES } from '../indexes.server';
import { and, leadingIndex, SORT_ORDERS, textListed, type SearchRun } from './context.server';

export function pointSource(s: SearchRun) {
  const { r } = s;
  const byOrder = s.sort === 'rating' || s.sort === 'reviews' ? SORT_ORDERS[s.sort] : null;
  const unfiltered = filtersOf(r).length === 0;
  const place = leadingIndex(r, PLACE_INDEXES);
  const category = leadingIndex(r, CATEGORY_INDEXES);
  if (r.within || place || unfiltered) {
    const conds = rowConditions(r, { listText: true });
    const index = place ? indexedBy(place.index) : byOrder && unfiltered ? indexedBy(byOrder.index) : sql``;
    return { conds, byOrder, unfiltered, tables: r.within ? boxTables(r.within.point, r.within.miles) : sql`FROM providers p ${index}` };
  }
  if (category && carriedByAll(r, 'categoryRows')) {
    // Every filter carried by the category rows: their copies of the order columns (which the
    // category's index covers) are read and sorted alone, not each provider's row.
    const coordinates = r.point ? sql`, c.latitude, c.longitude` : sql``;
    return {
      conds: rowConditions(r, { skip: 'categoryRows' }),
      byOrder,
      unfiltered,
      tables: sql`FROM (SELECT c.providerSeq AS seq, c.isPromoted, c.rating, c.reviewCount, c.name${coordinates}
        FROM provider_categories c ${indexedBy(category.index)} ${and(categoryConditions(r))}) p`,
    };
  }
  if (category) {
    const conds = [...categoryConditions(r), ...rowConditions(r, { skip: 'categoryRows', listText: true })];
    return { conds, byOrder, unfiltered, tables: sql`FROM provider_categories c ${indexedBy(category.index)} CROSS JOIN providers p ON p.seq = c.providerSeq` };
  }
  if (r.match) return { ...textListed(r.match, rowConditions({ ...r, match: null }), textNarrowing(r)), byOrder, unfiltered };
  const rating = FILTERS.rating.on(r);
  return { conds: rowConditions(r), byOrder, unfiltered, tables: sql`FROM providers p ${rating ? indexedBy(INDEXES.ratingOrder) : sql``}` };
}
