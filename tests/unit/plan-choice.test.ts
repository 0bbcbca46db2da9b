/**
 * The plan choice (src/features/search/plans/choice.server.ts) decides from the resolved search and
 * the facts read for it, reading nothing itself: each case gives the facts and expects a plan, or
 * the fact it must have first.
 */
import { describe, expect, it } from 'vitest';
import { choosePlan, type PlanFacts, type PlanQuestion } from '../../src/features/search/plans/choice.server';
import { PLAN_TUNING } from '../../src/features/search/tuning.server';
import type { Resolved } from '../../src/features/search/searchTypes.server';
import type { SearchPlace } from '../../src/features/places/index.server';

const NOW = new Date('2026-11-25T17:00:00Z');
const POINT = { latitude: 41.88, longitude: -87.63 };
const OPEN = { sql: 'open' } as unknown as Resolved['openNow'];

/** A resolved search with `part` of its fields (the rest as a search with no filter resolves them). */
const resolved = (part: Partial<Resolved> = {}, params: Resolved['params'] = {}): Resolved => ({
  params,
  now: NOW,
  match: null,
  checkable: true,
  checkSeeks: 0,
  ...part,
});
const place = (part: Partial<SearchPlace>): SearchPlace => ({ text: '', states: [], ...part });
const question = (r: Resolved, sort: PlanQuestion['sort'] = 'recommended', wanted = 12): PlanQuestion => ({ r, sort, wanted });
const choose = (q: PlanQuestion, facts: PlanFacts = {}) => choosePlan(q, facts);

describe('the plan choice', () => {
  it('takes the order plan for a search with no filter, reading nothing', () => {
    expect(choose(question(resolved()))).toEqual({ plan: 'order' });
  });

  it('asks for the text count when text has another filter, then lists few matches', () => {
    const q = question(resolved({ match: '"nail"', params: { priceRange: '$$' } }, { priceRange: '$$' }));
    expect(choose(q)).toEqual({ read: 'text' });
    expect(choose(q, { text: { text: 40, lead: null } })).toEqual({ plan: 'text-listed' });
  });

  it('does not count text alone in the recommended order: the order plan lists it', () => {
    expect(choose(question(resolved({ match: '"nail"' })))).toEqual({ plan: 'order' });
  });

  it('lets many text matches lead only when the filter that would lead has more rows, and not over fewer open', () => {
    const many = PLAN_TUNING.textLeads;
    const q = question(resolved({ match: '"nail"', category: 'nail-salon' }));
    expect(choose(q, { text: { text: many, lead: many + 1 } })).toEqual({ plan: 'text-listed' });
    expect(choose(q, { text: { text: many, lead: many }, wordsFewer: false })).toEqual({ plan: 'category' });
    const fewOpen = question(resolved({ match: '"nail"', category: 'nail-salon', openNow: OPEN, fewOpen: true, openCount: 10 }));
    expect(choose(fewOpen, { text: { text: many, lead: many + 1 } })).toEqual({ plan: 'open-listed' });
  });

  it('lists the open when few are open', () => {
    expect(choose(question(resolved({ openNow: OPEN, fewOpen: true, openCount: 3 })))).toEqual({ plan: 'open-listed' });
  });

  it('lists a ZIP prefix’s few inside a circle only when the circle holds more rows', () => {
    const q = question(resolved({ place: place({ zipPrefix: '606' }), within: { point: POINT, miles: 10 }, point: POINT }), 'distance');
    expect(choose(q)).toEqual({ read: 'fewFilter' });
    expect(choose(q, { fewFilter: 30 })).toEqual({ read: 'circleRows' });
    expect(choose(q, { fewFilter: 30, circleRows: 31 })).toEqual({ plan: 'filter-listed' });
    expect(choose(q, { fewFilter: 30, circleRows: 30 })).toEqual({ plan: 'nearest' });
    expect(choose(q, { fewFilter: null })).toEqual({ plan: 'nearest' });
  });

  it('asks whether a facet is rare, except nearest first', () => {
    const facets = resolved({}, { owned: ['women'] });
    expect(choose(question(facets))).toEqual({ read: 'rareFacet' });
    expect(choose(question(facets), { rareFacet: true })).toEqual({ plan: 'facet-listed' });
    expect(choose(question({ ...facets, point: POINT }, 'distance'))).toEqual({ plan: 'nearest' });
  });

  it('takes other-order for another order, and category for a service alone in it', () => {
    expect(choose(question(resolved(), 'rating'))).toEqual({ plan: 'other-order' });
    expect(choose(question(resolved({ category: 'nail-salon' }), 'rating'), { wordsFewer: false })).toEqual({ plan: 'category' });
  });

  it('lists a ZIP prefix with few matches, else reads it as the order plan’s source', () => {
    const q = question(resolved({ place: place({ zipPrefix: '100' }) }));
    expect(choose(q)).toEqual({ read: 'fewFilter' });
    expect(choose(q, { fewFilter: 5 })).toEqual({ plan: 'filter-listed' });
    expect(choose(q, { fewFilter: null })).toEqual({ plan: 'order' });
  });

  it('leaves a service to the words when they are fewer', () => {
    const q = question(resolved({ category: 'nail-salon' }));
    expect(choose(q)).toEqual({ read: 'wordsFewer' });
    expect(choose(q, { wordsFewer: false })).toEqual({ plan: 'category' });
    expect(choose(q, { wordsFewer: true })).toEqual({ plan: 'order' });
  });

  it('reads a state along its ordered index, but text over a state on a first page by the order plan', () => {
    const state = place({ state: 'TX', states: ['TX'] });
    expect(choose(question(resolved({ place: state })))).toEqual({ plan: 'place' });
    const text = question(resolved({ place: state, match: '"nail"' }), 'recommended', 12);
    expect(choose(text, { text: { text: PLAN_TUNING.textLeads + 1, lead: null } })).toEqual({ plan: 'order' });
    // A deep page: the place's walk, once the words' density says it reaches the page (place.server.ts placeWalks).
    const deep = { ...text, wanted: PLAN_TUNING.textOverPlaceUpTo + 1 };
    const many = { text: PLAN_TUNING.textLeads + 1, lead: null };
    expect(choose(deep, { text: many })).toEqual({ read: 'placeWalks' });
    expect(choose(deep, { text: many, placeWalks: true })).toEqual({ plan: 'place' });
    expect(choose(deep, { text: many, placeWalks: false })).toEqual({ plan: 'order' });
  });
});
