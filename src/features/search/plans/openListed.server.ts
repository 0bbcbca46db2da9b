/**
 * Open now, when few are open (at night, most of the week): the open-now list leads, each looked up
 * in provider_search (no index but its key, so SQLite stays on the list), checked and sorted. The
 * filters its hours rows apply (a city, a service, a price, a rating) are not checked again: a
 * service's was a category-row lookup per open provider.
 */
import { sql } from 'kysely';
import { LIMITS } from '../../../config';
import { isLookup, rowConditions } from '../filters.server';
import { manyText, wordsEstimate, wordsListedWhole } from '../textFacts.server';
import { tokenShares } from '../tokenShares.server';
import { PLAN_TUNING } from '../tuning.server';
import { and, fewChecked, type Plan, type SearchRun } from './context.server';
import { inBoxRegion } from './pointSource.server';
import type { Resolved } from '../searchTypes.server';

/**
 * The matches of a search with no text as this plan counts them (the open-now list's providers,
 * every other filter checked): read with the open-now count when it says they cannot fill the
 * page, so that a place's rings go beside its own page (plans/index.server.ts `afterOpenCount`).
 */
export const openListedCount = (r: Resolved) =>
  sql<{ n: number }>`SELECT count(*) AS n FROM (SELECT 1 FROM provider_search p ${and(rowConditions(r, { skip: 'openList', listText: false }))})`;

export const openListed: Plan = {
  name: 'open-listed',
  async run(s) {
    const looked = await textLookedUp(s);
    const listText = await s.listTextFor(looked);
    const r = listText ? await textInBoxRegion(s, await wordsRowidsOf(s)) : s.r;
    const conds = rowConditions(r, { skip: 'openList', listText });
    // Text looked up (not listed) when the count stops well short of the open: only to the cap and the page's end.
    const [rows, count] =
      looked * PLAN_TUNING.openCheckedMargin <= (r.openCount ?? 0) && conds.some(isLookup)
        ? await fewChecked(s, sql`FROM provider_search p`, conds)
        : await s.fewSorted(sql`FROM provider_search p ${and(conds)}`);
    return { rows, count };
  },
};

/**
 * The open providers whose text is looked up when it is not listed (SearchRun.listTextFor's rows):
 * those a count to the cap and the page's end read at the words' share of the directory (fewChecked),
 * else every open one (the count reads them all, and the page again). Words most of the
 * directory hold (a two-letter prefix) were listed whole, half a million rowids for a count the
 * first few thousand open reach. Not with a point or a place's rings (their counts are kept apart).
 */
async function textLookedUp(s: SearchRun): Promise<number> {
  const { r } = s;
  const open = r.openCount ?? 0;
  if (!r.match || r.within || r.openTotal) return open;
  const { size } = await tokenShares(s.q.database);
  const share = (await wordsEstimate(s.q.database, r, s.q.reads, size)) / Math.max(1, size);
  return Math.min(open, Math.ceil((LIMITS.countedTotal + 1 + s.wanted) / Math.max(share, 1 / Math.max(1, size))));
}

/**
 * `s.r` with its text listed from the words' list the request already read to decide listing it,
 * when that list holds every match (their rowids: textFacts.server.ts `wordsCounted`; nothing is
 * read here). It carries the city's words, which the full-text index's list leaves out: a short
 * prefix in a city listed the prefix's matches in the whole directory for the city's few open.
 */
async function wordsRowidsOf(s: SearchRun): Promise<Resolved> {
  const { r } = s;
  if (r.textRowids) return r;
  const list = await wordsListedWhole(r, s.q.reads);
  return list ? { ...r, textRowids: list.rowids } : r;
}

/**
 * Text that is many listed in a `near` box (a place's ring): narrowed to the tokens of the states the
 * box can hold providers in, or of its cells where they cost less, as pointSource lists it (pointSource.server.ts `textInBox`): a short
 * prefix's whole list was built for each circle's few open.
 */
async function textInBoxRegion(s: SearchRun, r: Resolved): Promise<Resolved> {
  if (!r.within || !r.match || r.textRowids || r.regionStates || !(await manyText(s.q.database, r, s.q.reads))) return r;
  const states = await s.boxStates(r.within.point, r.within.miles);
  return states?.length ? await inBoxRegion(s, r, states, r.within) : r;
}
