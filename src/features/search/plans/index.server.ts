/**
 * The plans, in the order they are tried (docs/search.md "Plans"): the first that applies runs.
 * Earlier plans are the narrower cases; `order` applies to anything.
 */
import type { Plan, SearchRun } from './context.server';
import { openListed } from './openListed.server';
import { textFew } from './textListed.server';
import { filterListed, filterListedInCircle } from './filterListed.server';
import { nearest } from './nearest.server';
import { facetListed } from './facetListed.server';
import { otherOrder } from './otherOrder.server';
import { category } from './category.server';
import { place } from './place.server';
import { order } from './order.server';

// Few text matches before few open: one full-text list checked against the open list costs less
// than a full-text lookup for each provider open (docs/search.md "Bounded cost").
// A ZIP prefix's few inside a `near` circle (a place's rings, nearPlace.server.ts) are listed before
// the circle is read: the circle holds tens of thousands at a million, the prefix a few. A facet few
// hold is listed before any other source is read with a check on each row for it.
export const PLANS: readonly Plan[] = [textFew, openListed, filterListedInCircle, facetListed, nearest, otherOrder, filterListed, category, place, order];

export async function choosePlan(s: SearchRun): Promise<Plan> {
  for (const plan of PLANS) if (await plan.applies(s)) return plan;
  throw new Error('no search plan applies'); // unreachable: `order` applies to anything
}
