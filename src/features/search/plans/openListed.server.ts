/**
 * Open now, when few are open (at night, most of the week): the open-now list leads, each looked up
 * in provider_search (no index but its key, so SQLite stays on the list), checked and sorted. The
 * filters its hours rows apply (a city, a service, a price, a rating) are not checked again: a
 * service's was a category-row lookup per open provider.
 */
import { sql } from 'kysely';
import { rowConditions } from '../filters.server';
import { manyText, wordsListedWhole } from '../textFacts.server';
import { and, type Plan, type SearchRun } from './context.server';
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
    const listText = await s.listTextFor(s.r.openCount ?? 0);
    const r = listText ? await textInBoxRegion(s, await wordsRowidsOf(s)) : s.r;
    const [rows, count] = await s.fewSorted(sql`FROM provider_search p ${and(rowConditions(r, { skip: 'openList', listText }))}`);
    return { rows, count };
  },
};

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
