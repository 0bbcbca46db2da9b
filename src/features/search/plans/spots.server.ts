/**
 * sort=distance within `near`'s radius, one point at a time (docs/search.md "Places"). Providers sit
 * at their ZIP area's centre, so a radius of thousands of providers holds a few dozen points: these
 * are listed nearest first (spotsNear), the matches counted at them, and the page read point by point,
 * at each the first matches in seq order (their order at one distance) from the coordinate index, or
 * a service's from its category rows (migrations/0023), stopping at a page's worth. Circles read every
 * match of the box they needed: around a borough with no provider of its own, the last circle before
 * the radius held the thousands of the next borough over, and a service's count read every provider
 * of the radius (docs/BENCHMARKS.md "Places"). Text is left to the circles: its list of rowids would
 * be read once per point.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { cappedTotal } from '../../providers/providers.server';
import { LIMITS } from '../../../config';
import type { Circle, Count } from '../resolve.server';
import { spotsNear, type SpotNear } from '../near.server';
import { carriedByAll, categoryConditions, isListed, rowConditions } from '../filters.server';
import { INDEXES, indexedBy } from '../indexes.server';
import { and, type PlanResult, type SearchRun } from './context.server';
import { countOnce } from '../requestReads.server';

/**
 * Points read per statement of the page, counted as groups of points at one distance (each group one
 * arm of a UNION ALL, of which SQLite allows 500). The statement stops reading at the page's end, so
 * a wide first round costs no more than a narrow one where the first points fill the page.
 */
const SPOT_GROUPS_PER_ROUND = 128;

interface SpotSource {
  /** The match's seq. */
  seq: RawBuilder<unknown>;
  /** The tables, without FROM. */
  tables: RawBuilder<unknown>;
  /** The condition that a match sits at (latitude, longitude). */
  at(latitude: unknown, longitude: unknown): Expression<SqlBool>;
  conds: Expression<SqlBool>[];
}

/** Where the matches at one point are read in seq order: a service's category rows, else the coordinate index. */
function spotSource(s: SearchRun): SpotSource {
  const r = { ...s.r, within: undefined };
  if (r.category) {
    const carried = carriedByAll(r, 'categoryRows');
    return {
      seq: sql`c.providerSeq`,
      tables: sql`provider_categories c ${indexedBy(INDEXES.categoryGeo)} ${carried ? sql`` : sql`CROSS JOIN provider_search p ON p.seq = c.providerSeq`}`,
      at: (latitude, longitude) => sql<SqlBool>`c.latitude = ${latitude} AND c.longitude = ${longitude}`,
      // Only the hidden-listing lookup when category rows carry every filter: no provider row is read.
      conds: carried ? [isListed(sql`c.providerSeq`), ...categoryConditions(r)] : [...categoryConditions(r), ...rowConditions(r, { skip: 'categoryRows' })],
    };
  }
  return {
    seq: sql`p.seq`,
    tables: sql`providers p ${indexedBy(INDEXES.geo)}`,
    at: (latitude, longitude) => sql<SqlBool>`p.latitude = ${latitude} AND p.longitude = ${longitude}`,
    conds: rowConditions(r),
  };
}

export async function nearestBySpot(s: SearchRun, within: Circle): Promise<PlanResult> {
  const spots = await spotsNear(s.database, within.point, within.miles);
  const source = spotSource(s);
  if (!spots.length) return { count: s.r.openTotal ?? { total: 0, capped: false }, rows: [], step: 'spots' };
  // The count and the page side by side (one round trip); a further round only when the count found any.
  const counting = s.r.openTotal ? Promise.resolve(s.r.openTotal) : countAt(s, source, spots);
  const [count, rows] = await Promise.all([counting, pageAtSpots(s, source, spots, counting)]);
  return { count, rows: count.total === 0 ? [] : rows, step: 'spots' };
}

/**
 * The page's rows at `spots`, nearest first, matches at one distance in seq order: each statement
 * reads the points of up to SPOT_GROUPS_PER_ROUND distances, at each the first matches in seq order
 * (one UNION ALL arm a distance, stopped at the page's end), and the page's own rows beside them, so
 * the page is one round trip unless the points are more than a statement holds; past the first round
 * only when `count` found any.
 */
async function pageAtSpots(s: SearchRun, source: SpotSource, spots: SpotNear[], count: Promise<Count>): Promise<Row[]> {
  const groups: SpotNear[][] = [];
  for (const spot of spots) {
    const last = groups.at(-1);
    if (last && last[0]!.miles === spot.miles) last.push(spot);
    else groups.push([spot]);
  }
  const page: Row[] = [];
  let found = 0;
  for (let g = 0; g < groups.length && found < s.wanted; g += SPOT_GROUPS_PER_ROUND) {
    if (g > 0 && (await count).total === 0) break;
    const need = s.wanted - found;
    const arm = (spot: SpotNear, d: number) =>
      sql`SELECT * FROM (SELECT ${source.seq} AS seq, ${d} AS d FROM ${source.tables} ${and([source.at(spot.latitude, spot.longitude), ...source.conds])} ORDER BY 1 LIMIT ${need})`;
    // One arm a distance (`d`, nearest first); points at one distance merged by seq.
    const arms = groups
      .slice(g, g + SPOT_GROUPS_PER_ROUND)
      .map((group, k) => (group.length === 1 ? arm(group[0]!, g + k) : sql`SELECT * FROM (${sql.join(group.map((spot) => arm(spot, g + k)), sql` UNION ALL `)} ORDER BY 1)`));
    // The round's matches (at most `need`, in the page's order) counted, and the rows of those on the page read.
    const rows = await s.run(
      sql`WITH m AS MATERIALIZED (${sql.join(arms, sql` UNION ALL `)} LIMIT ${need})
        SELECT p.*${s.distance}, c.found AS roundFound FROM (SELECT count(*) AS found FROM m) c
        LEFT JOIN (SELECT seq, d FROM m ORDER BY d, seq LIMIT -1 OFFSET ${Math.max(0, s.params.offset - found)}) o ON 1
        LEFT JOIN providers p ON p.seq = o.seq ORDER BY o.d, o.seq`,
    );
    found += Number((rows[0] as Row & { roundFound: number }).roundFound);
    for (const { roundFound: _, ...row } of rows as (Row & { roundFound: number })[]) if (row.seq !== null) page.push(row);
  }
  return page;
}

/**
 * The matches at `spots`, counted up to the cap (LIMITS.countedTotal), the points given as a VALUES
 * list; once per request (a place's ring is asked for its count, then read for its page).
 */
async function countAt({ database, reads }: SearchRun, source: SpotSource, spots: SpotNear[]) {
  const values = sql.join(spots.map((spot) => sql`(${spot.latitude}, ${spot.longitude})`));
  const count = sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM (VALUES ${values}) s CROSS JOIN ${source.tables}
    ${and([source.at(sql`s.column1`, sql`s.column2`), ...source.conds])} LIMIT ${LIMITS.countedTotal + 1})`;
  return cappedTotal(await countOnce(database, reads.counts, count));
}
