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
import { cappedTotal } from '../../providers/index.server';
import { LIMITS } from '../../../config';
import type { Circle, Count } from '../resolve.server';
import { spotsNear, type SpotNear } from '../near.server';
import { carriedByAll, categoryConditions, isListed, rowConditions } from '../filters.server';
import { INDEXES, indexedBy } from '../indexes.server';
import { and, type PlanResult, type SearchRun } from './context.server';
import { countOnce } from '../requestReads.server';

/** Points read per round of the page: the first round, and the most (SQLite allows 500 arms of a UNION ALL). */
const SPOTS_PER_ROUND = { first: 4, most: 128 } as const;

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
  // The count and the first round of the page side by side (one round trip); further rounds only when
  // the count found any.
  const counting = s.r.openTotal ? Promise.resolve(s.r.openTotal) : countAt(s, source, spots);
  const [count, seqs] = await Promise.all([counting, pageAtSpots(s, source, spots, counting)]);
  if (count.total === 0 || !seqs.length) return { count, rows: [], step: 'spots' };
  const rows = await s.run(sql`SELECT p.*${s.distance} FROM providers p WHERE p.seq IN (${sql.join(seqs)})`);
  const place = new Map(seqs.map((seq, k) => [seq, k]));
  return { count, rows: rows.sort((a, b) => place.get(Number(a.seq))! - place.get(Number(b.seq))!), step: 'spots' };
}

/**
 * The seq of the page's matches at `spots`, nearest first, read a round of points at a time until the
 * page is full; past the first round only when `count` found any.
 */
async function pageAtSpots(s: SearchRun, source: SpotSource, spots: SpotNear[], count: Promise<Count>): Promise<number[]> {
  const found: { seq: number; miles: number }[] = [];
  for (let i = 0, round: number = SPOTS_PER_ROUND.first; i < spots.length && found.length < s.wanted; round = Math.min(round * 4, SPOTS_PER_ROUND.most)) {
    if (i > 0 && (await count).total === 0) break;
    // A round ends where the distance changes: points at one distance are merged by seq.
    let end = Math.min(spots.length, i + round);
    while (end < spots.length && spots[end]!.miles === spots[end - 1]!.miles) end++;
    const need = s.wanted - found.length;
    const arms = spots
      .slice(i, end)
      .map(
        (spot, k) =>
          sql`SELECT * FROM (SELECT ${source.seq} AS seq, ${i + k} AS spot FROM ${source.tables} ${and([source.at(spot.latitude, spot.longitude), ...source.conds])} ORDER BY 1 LIMIT ${need})`,
      );
    const { rows } = await sql<{ seq: number; spot: number }>`${sql.join(arms, sql` UNION ALL `)}`.execute(s.database.db);
    const inRound = rows.map((row) => ({ seq: Number(row.seq), miles: spots[Number(row.spot)]!.miles }));
    inRound.sort((a, b) => a.miles - b.miles || a.seq - b.seq);
    found.push(...inRound.slice(0, need));
    i = end;
  }
  return found.slice(s.params.offset, s.wanted).map((f) => f.seq);
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
