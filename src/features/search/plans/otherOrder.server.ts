/**
 * sort=rating or sort=reviews, or a `near` box in the recommended order with a filter that leads:
 * with a filter, the sort's index is walked when the matches are many and dense in it (a city's
 * box holds a few per cent of all); else many open are listed from the open-now list, text that is
 * many is read with a top of the order (SearchRun.topPage), and anything else is sorted whole.
 */
import { manyText } from '../textFacts.server';
import { leadingIndex, SAMPLE_ROWS, textTops, withTop, type Plan, type SearchRun } from './context.server';
import { pointSource } from './pointSource.server';
import { CATEGORY_INDEXES, PLACE_INDEXES } from '../indexes.server';
import { rowConditions } from '../filters.server';

/**
 * A `near` box in the recommended order with no filter that has an ordered index of its own: the
 * order plan walks the order index when the box holds many, as with text.
 */
export const nearInOrder = ({ r, sort }: Pick<SearchRun, 'r' | 'sort'>) =>
  !!r.within && sort === 'recommended' && !r.fewOpen && !leadingIndex(r, PLACE_INDEXES) && !leadingIndex(r, CATEGORY_INDEXES);

export const otherOrder: Plan = {
  name: 'other-order',
  async run(s) {
    const { conds, byOrder, unfiltered, tables, text, seqSource, scan, listedText, boxStates } = await pointSource(s);
    // Few matches are the page already, sorted from the read that counted them.
    const { count, sorted, reach } = await s.countOrList(tables, conds, seqSource);
    if (count.total === 0) return { count, rows: [] };
    if (sorted) return { count, rows: await sorted(), step: 'sorted' };
    // Text's matches as sparse where they were counted as a walk could not fill the page in: no sample.
    const sparseText = !!text && !!reach && !s.walkFills(reach.found, reach.reach);
    if (byOrder && !unfiltered && count.capped && !sparseText) {
      // Dense: a lookup per row of the short walk costs less than listing every match.
      const sampled = await s.denseIn(byOrder.index, byOrder.order, SAMPLE_ROWS.row);
      const rows = sampled.page ?? (sampled.dense ? await s.walk(byOrder.index, byOrder.order, rowConditions(s.r), sampled.sampled) : null);
      if (rows) return { count, rows, step: 'walk' };
    }
    // Many open, too sparse to walk for the page, with no narrower source than every provider (or a
    // rating's range): listed from the open-now list.
    if (scan && s.r.openList) return { count, rows: await s.openSorted(), step: 'open' };
    // Text that is many: listed with the top of the order the page lies in, not every match sorted.
    // As the source, at the density its count found; as one list checked against another source (a
    // box, a place's or a service's rows), only when its words are many (a long list to build), with
    // the matches sized at no more than those counted.
    const match = s.r.match;
    if (match && s.sort !== 'distance') {
      const rows =
        text && reach
          ? await s.topPage(textTops(text), { reach, least: count.total })
          : listedText && (await manyText(s.q.database, s.r, s.q.reads))
            ? await s.topPage((top) => pointSource({ ...s, r: { ...s.r, match: withTop(match, top), regionStates: boxStates ?? [] } }), { least: count.total })
            : null;
      if (rows) return { count, rows, step: 'top' };
    }
    return { count, rows: await s.sortedPage(tables, conds, text), step: 'sorted' };
  },
};
