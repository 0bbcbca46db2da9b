/**
 * Everything else (text, a `near` box, a minimum rating, open now with many open, or nothing): when
 * the matches are many (past the counted cap) and dense in the order index, reading it in order and
 * checking each row finds a page fast; few or sparse, they are listed and sorted (many open from the
 * open-now list, text that is many with a top of the order: SearchRun.openSorted, topPage). A prefix too common
 * to expand (textMatch.server.ts) is listed either way, and with many matches the order index is
 * walked against that list. How dense: for text alone, from how far into the table (by seq, the
 * full-text index's own order) its first counted matches reach, which the count reads anyway;
 * otherwise from a sample of the order index's first rows.
 */
import { sql } from 'kysely';
import { LIMITS } from '../../../config';
import { cappedTotal } from '../../providers/index.server';
import { boxTables } from '../near.server';
import { filtersOf, isListed, rowConditions, sampledMeets, wordsMatch } from '../filters.server';
import { sampledOpenThisHour } from '../openNow.server';
import { INDEXES, indexedBy, PLACE_INDEXES } from '../indexes.server';
import {
  and,
  leadingIndex,
  ORDER,
  SAMPLE_ROWS,
  textSourceOf,
  textTops,
  type Dense,
  type Plan,
  type Reach,
  type Sampled,
  type SearchRun,
} from './context.server';
import { PLAN_TUNING, textWalkMost } from '../tuning.server';
import { textListMade, wordsEstimate } from '../textFacts.server';
import { circleRowsOf, regionShare, tokenShares, tokensShare } from '../tokenShares.server';
import type { Count, Resolved } from '../searchTypes.server';
import { boxTextTops, textInBox } from './pointSource.server';
import { openFacetWalk } from './facetListed.server';

/**
 * Whether a walk checking text on each row (a full-text lookup: the expression parsed again, its
 * terms sought) is expected to fill the page within `textWalkMost` rows for words of `words`
 * matches, at the density of `found` matches among `read` (and within `maxWalk`, as any walk:
 * SearchRun.walkFills). Past it the matches are listed, with a top of the order when many: each a
 * row read, not a lookup, but the words' whole list read to make the top.
 */
const textWalkFits = (s: SearchRun, found: number, read: number, words: number) => s.walkFills(found, read) && (s.wanted * read) / found <= textWalkMost(words);

/**
 * How many matches the words alone have, for `textWalkFits`: the request's count of them when made
 * (resolve's), else at the density the search's own count found (`reach`: with the other filters,
 * fewer), never a read of its own (a round trip).
 */
async function wordsFor(s: SearchRun, reach: Reach | undefined) {
  const { r } = s;
  const { database, reads } = s.q;
  const { size } = await tokenShares(database);
  if (textListMade(wordsMatch(r), reads)) return wordsEstimate(database, r, reads, size);
  return reach ? (size * reach.found) / Math.max(1, reach.reach) : 0;
}

/**
 * How many rows the words' list with the filters' tokens holds (a top within the promoted reads its
 * promoted ones, each a row: orderBuckets.server.ts `orderTop`), at the token sample's shares, when
 * the request listed the words already; else 0 (never a read of its own, a round trip).
 */
async function listedRows(s: SearchRun) {
  const { database, reads } = s.q;
  if (!textListMade(wordsMatch(s.r), reads)) return 0;
  const { size, shares } = await tokenShares(database);
  return tokensShare(shares, s.r.textTokens ?? [], await wordsEstimate(database, s.r, reads, size));
}

/**
 * Whether text listed in a box (`inBox` as textInBox left it) is read from the full-text index, each
 * match checked in the box, rather than the box read with each row checked against the words' list:
 * when the words are many, narrowed to the box's states or cells (`inBoxRegion`), and those (the rest of the words' list
 * decoded and left out, as SearchRun.listTextIn prices it) cost fewer than `wordsLeadBox` times the
 * providers the box holds, at the token sample's shares. A city's box holds tens of thousands at a
 * million and was read whole for words it held few of; listed in seq order, the count's reach also
 * sizes a top of the order by their density, where a box's capped count said only "at least 1,000".
 * Words not narrowed keep the box: it is small (listTextIn), finer than the sample can measure.
 */
export async function textLeadsBox(s: SearchRun, inBox: Resolved): Promise<boolean> {
  if (!inBox.regionStates?.length) return false;
  const { database, reads } = s.q;
  const shares = await tokenShares(database);
  const words = await wordsEstimate(database, s.r, reads, shares.size);
  const share = regionShare(shares.shares, inBox);
  return words * (share + (1 - share) * PLAN_TUNING.narrowedEntryCost) < PLAN_TUNING.wordsLeadBox * circleRowsOf(shares, inBox.within!);
}

/**
 * Text that is many with many open (each entry's hour bit checked in the order index, migrations/0091,
 * before the row's text is looked up): the entries a walk for the page reads, `deepWalkMargin` times
 * those the count's density (`reach`) says it needs, when within `deepWalk` and the rows among them
 * whose text is looked up (those open this hour and meeting the other filters the entries carry, at
 * the token sample's share) are at most `textWalkMost` for the words: at night a tenth are open, so a
 * walk for a deep page looks up few rows, where a top of the order read the words' and the
 * tokens' lists, which grow with the directory. 0 otherwise.
 */
async function openTextWalk(s: SearchRun, reach: Reach): Promise<number> {
  const { r, wanted } = s;
  if (!r.match || !r.checkable || r.fewOpen || !r.openNow || r.within || leadingIndex(r, PLACE_INDEXES) || !PLAN_TUNING.openTextWalkScale) return 0;
  const entries = Math.ceil((PLAN_TUNING.deepWalkMargin * wanted * reach.reach) / Math.max(1, reach.found));
  if (entries > PLAN_TUNING.deepWalk) return 0;
  const shares = await tokenShares(s.q.database);
  const open = sampledOpenThisHour(r.now);
  // Every sampled filter but a service's (a lookup of its category row) is checked in the entries (migrations/0083).
  const meets = sampledMeets(
    r,
    filtersOf(r).filter((name) => name !== 'category'),
  );
  const checked = shares.categoryRows.filter((row) => open(row) && meets(row)).length / Math.max(1, shares.categoryRows.length);
  return entries * checked <= PLAN_TUNING.openTextWalkScale * textWalkMost(await wordsFor(s, reach)) ? entries : 0;
}

export const order: Plan = {
  name: 'order',
  async run(s) {
    const { r } = s;
    const filters = filtersOf(r);
    const onlyText = filters.length === 1 && filters[0] === 'text';
    // A place whose index is not in result order (a ZIP prefix with many matches): its matches are
    // counted and sorted from it, a page is found along the order index when they are dense.
    const leading = leadingIndex(r, PLACE_INDEXES);
    // Listed text leads from the full-text index; within a radius, the box does. The count reads the
    // same source as the sorted page.
    const boxed = r.within ? await textInBox(s) : null;
    const wordsLead = !!boxed?.listText && !!r.match && (await textLeadsBox(s, boxed.r));
    const inBox = wordsLead ? null : boxed;
    const source = inBox
      ? { tables: boxTables(r.within!.point, r.within!.miles), conds: rowConditions(inBox.r, { listText: inBox.listText }) }
      : r.match
        ? textSourceOf(boxed?.r ?? r)
        : { tables: sql`FROM providers p ${leading ? indexedBy(leading.index) : sql``}`, conds: rowConditions(r, { listText: true }) };
    let walk = filters.length === 0;
    let after: Sampled | undefined;
    let count: Count;
    // How dense the text's matches were where they were counted (a top of the order is sized by it).
    let reach: Reach | undefined;
    // Past the cap, the order index's start is sampled next: read in the count's statement (SearchRun.countOrList).
    const sample = r.match && !r.checkable ? undefined : { index: INDEXES.order, order: ORDER, rows: r.match ? SAMPLE_ROWS.text : SAMPLE_ROWS.row };
    let dense: Dense | undefined;
    if (r.openTotal) {
      count = r.openTotal;
    } else if (onlyText) {
      const { rows } = await sql<{ n: number; reach: number | null }>`SELECT count(*) AS n, max(rowid) AS reach FROM (SELECT rowid FROM providers_fts
        WHERE providers_fts MATCH ${r.match} AND ${isListed(sql`providers_fts.rowid`)} LIMIT ${LIMITS.countedTotal + 1})`.execute(s.q.database.db);
      const n = Number(rows[0]!.n);
      count = cappedTotal(n);
      reach = { found: n, reach: Number(rows[0]!.reach) };
      walk = count.capped && (!r.checkable || textWalkFits(s, n, reach.reach, await wordsFor(s, reach)));
    } else if (walk) {
      // Nothing filtered: the order index is the page, only the total is counted.
      count = await s.count(sql`${source.tables} ${and(source.conds)}`);
    } else {
      // Few matches are listed by the read that counts them (a ZIP prefix counted by filter-listed is not read again).
      const listed = await s.countOrList(source.tables, source.conds, 'seqSource' in source ? source.seqSource : undefined, sample);
      if (listed.sorted && listed.count.total > 0) return { rows: await listed.sorted(), count: listed.count, step: 'listed' };
      count = listed.count;
      reach = listed.reach;
      dense = listed.dense;
    }
    if (count.total === 0) return { rows: [], count };
    if (!walk && !onlyText && count.capped) {
      if (r.match && !r.checkable) walk = true;
      else {
        const sampled = dense ?? (await s.denseIn(INDEXES.order, ORDER, sample!.rows));
        if (sampled.page) return { rows: sampled.page, count, step: 'walk' };
        walk = sampled.dense && (!r.match || textWalkFits(s, sampled.sampled?.found.length ?? 0, sampled.sampled?.rows ?? 0, await wordsFor(s, reach)));
        after = sampled.sampled;
      }
    }
    // Text with many open, too sparse for a text walk's first-page bound: walked on while its lookups are few (openTextWalk).
    const deep = !walk && count.capped && reach ? await openTextWalk(s, reach) : 0;
    if (walk || deep) {
      const rows = await s.walk(INDEXES.order, ORDER, rowConditions(r), after, deep);
      if (rows) return { rows, count, step: 'walk' };
    }
    // Text listed in a box, past the cap: listed with the top of the order the page lies in, not the box sorted.
    if (inBox?.listText && r.match && count.capped) {
      const rows = await s.topPage(boxTextTops(inBox.r), { least: count.total });
      if (rows) return { rows, count, step: 'top' };
    }
    // Many open, too sparse here to walk for the page: listed from the open-now list, not every provider checked.
    // With a facet, its rows walked in the order first, up to a bound.
    if (r.openList && !r.match && !r.within && !leading) {
      const rows = await openFacetWalk(s);
      return rows ? { rows, count, step: 'open-facet' } : { rows: await s.openSorted(), count, step: 'open' };
    }
    // Text that is many: listed with the top of the order the page lies in, not every match sorted.
    if ('text' in source && count.capped && reach) {
      const rows = await s.topPage(textTops(source.text), { reach, least: count.total, listed: await listedRows(s) });
      if (rows) return { rows, count, step: 'top' };
    }
    return { rows: await s.sortedPage(source.tables, source.conds, 'text' in source ? source.text : undefined), count, step: 'listed' };
  },
};
