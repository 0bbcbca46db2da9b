/**
 * The plans by name (docs/search.md "Plans"): the choice names one (choice.server.ts, pure), asking
 * for the facts it needs read (facts.server.ts); the plan named then runs.
 */
import { choosePlan, type PlanFacts, type PlanName } from './choice.server';
import type { Plan, SearchRun } from './context.server';
import { readFact } from './facts.server';
import { openListed } from './openListed.server';
import { textFew } from './textListed.server';
import { filterListed } from './filterListed.server';
import { nearest } from './nearest.server';
import { facetListed } from './facetListed.server';
import { otherOrder } from './otherOrder.server';
import { category } from './category.server';
import { place } from './place.server';
import { order } from './order.server';

export const PLANS: Readonly<Record<PlanName, Plan>> = {
  'text-listed': textFew,
  'open-listed': openListed,
  'filter-listed': filterListed,
  'facet-listed': facetListed,
  nearest,
  'other-order': otherOrder,
  category,
  place,
  order,
};

/** The plan for `s`: the choice asked again after each fact it needs is read. */
export async function planFor(s: SearchRun): Promise<Plan> {
  const facts: PlanFacts = {};
  for (;;) {
    const choice = choosePlan(s, facts);
    if ('plan' in choice) return PLANS[choice.plan];
    await readFact(s, facts, choice.read);
  }
}
