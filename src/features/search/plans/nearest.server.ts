/** sort=distance: nearest first from the point (`near`, or the place's), point by point within `near`'s radius, else in growing circles (`nearestFirst`). */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { boxTables } from '../near.server';
import { rowConditions } from '../filters.server';
import { PLAN_TUNING } from '../tuning.server';
import { and, type ListedSource, type Plan, type Row, type SearchRun } from './context.server';
import type { Region } from '../searchTypes.server';
import { categorySource, pointSource } from './pointSource.server';
import { nearestBySpot, spotSource } from './spots.server';
import { wordsInBox } from './otherOrder.server';

/**
 * Circles around the point searched in turn for the nearest providers: the first that holds a page
 * is the answer, since everyone nearer than its last lies inside it.
 */
const NEAREST_RINGS_MILES = [1, 4, 16] as const;

export const nearest: Plan = {
  name: 'nearest',
  async run(s) {
    if (s.r.within && !s.r.match) return nearestBySpot(s, s.r.within);
    // Text that is many in a box of many more providers: its list (narrowed to the box's states) leads,
    // each match checked in the box, as other orders read it (otherOrder.server.ts `wordsInBox`). A
    // place's ring reads the list made once for the request instead (pointSource.server.ts `textInBox`).
    const words = s.r.textCircle ? null : await wordsInBox(s);
    const source = words ?? (await pointSource(s));
    // Text listed in `near`'s box, read whole for it: point by point instead, nearest first, the list
    // built once for the count and the page (which stop at the cap and the page's end), where the box
    // was walked to count and walked again, every match sorted, for the page, each walk building the list.
    if (!words && source.boxed) return nearestBySpot({ ...s, r: source.boxed }, s.r.within!, true);
    const { conds, tables, seqSource, boxStates } = source;
    // The point first (a page there reads less than sorting the matches), then the few the count listed, sorted.
    const { count, sorted } = await s.countOrList(tables, conds, seqSource);
    if (count.total === 0) return { count, rows: [] };
    // Many past the cap, listed along the words: the page point by point, nearest first, up to its end
    // (the count known), where the circles checked each row for the text and the box sorted every match.
    if (words && !sorted && count.capped) return nearestBySpot({ ...s, r: words.boxed }, s.r.within!, true, count);
    // Few matches, listed by the count: sorted, those at the point come first in seq order, as below.
    return { count, rows: sorted ? await sorted() : await nearestFirst(s, tables, conds, boxStates) };
  },
};

/**
 * The matches many (past the count's cap): first the providers at the point itself; then growing
 * circles around it (within the radius of `near`), the first that fills the page; else every match
 * of `tables` and `conds` sorted. Providers sit at their ZIP area's centre, so a city's or ZIP's
 * point may hold thousands: at distance 0 their order is seq, which the coordinate index yields for
 * one point without sorting them. Text (many: few was listed before) is checked row by row in a
 * small circle and listed once in a large one (`listTextIn`), narrowed to `boxStates` (the states or
 * cells of `near`'s box, which holds every circle) when the source's list was.
 */
async function nearestFirst(s: SearchRun, tables: RawBuilder<unknown>, conds: Expression<SqlBool>[], boxStates?: Region): Promise<Row[]> {
  const { r, page, run, distance } = s;
  const { params } = s.q;
  const { latitude, longitude } = r.point!;
  const atPointText = await s.listTextIn(r.point!, 0);
  // A deep page is seldom all at the point: with text listed, each read lists the words again.
  if (atPointText && s.wanted > PLAN_TUNING.pointListedUpTo) return s.sortedPage(tables, conds);
  // A service's rows at the point (a ZIP's centre holds all its providers), as nearestBySpot reads a point.
  const at = spotSource(s, atPointText);
  const atPoint = await run(
    sql`SELECT p.*${distance} FROM (SELECT ${at.seq} AS seq FROM ${at.tables} ${and([at.at(latitude, longitude), ...at.conds])}
      ORDER BY 1 ${page}) s CROSS JOIN providers p ON p.seq = s.seq ORDER BY p.seq`,
  );
  if (atPoint.length === params.limit) return atPoint;
  // Text listed is listed again by each statement (the words' whole list): once a listed read falls
  // short, the circles between are passed over for the whole source, one list more, not one each.
  for (const miles of atPointText ? [] : NEAREST_RINGS_MILES) {
    if (r.within && miles >= r.within.miles) break;
    const listText = await s.listTextIn(r.point!, miles);
    // As at the point: a deep page seldom fills a small circle, and its listed read would list the words once more.
    if (listText && s.wanted > PLAN_TUNING.pointListedUpTo) return s.sortedPage(tables, conds);
    const circle = ringSource(s, miles, listText, boxStates);
    const ring = await s.sortedPage(circle.tables, circle.conds);
    if (ring.length === params.limit || listText) return ring.length === params.limit ? ring : s.sortedPage(tables, conds);
  }
  return s.sortedPage(tables, conds);
}

/**
 * A circle's matches: a service's category rows in its box, else every provider there checked. A
 * city's box holds tens of thousands at a million, each checked for the service by a lookup, where
 * the service's own rows there are a tenth of them (as pointSource reads `near`'s box). Text listed
 * is narrowed to `boxStates` when known: the words' whole list was built for a circle of one city.
 */
function ringSource({ r }: SearchRun, miles: number, listText: boolean, boxStates?: Region): ListedSource {
  const within = { point: r.point!, miles };
  const narrowed = boxStates && (boxStates.regionStates?.length || boxStates.regionCells?.length) && !r.regionStates && !r.regionCells;
  const inRing = { ...r, within, ...(narrowed ? boxStates : {}) };
  if (r.category) return categorySource(inRing, boxTables(within.point, miles, r.category), listText);
  return { tables: boxTables(within.point, miles), conds: rowConditions(inRing, { listText }) };
}
