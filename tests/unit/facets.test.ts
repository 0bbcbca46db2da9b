/** The facet table (src/features/facets): bits read back as saved, filters and page lines come from the one table. */
import { describe, expect, it } from 'vitest';
import {
  FACET_FILTERS,
  FACET_GROUPS,
  FACET_PARAMS,
  facetBits,
  facetLines,
  facetSelection,
  facetsLd,
  facetsSchema,
  filterMask,
  filtersOfMask,
  IDENTITY_BITS,
} from '../../src/features/facets';

describe('facet bits', () => {
  it('gives every option bits of its own, below 32, never shared between options but "both"', () => {
    const seen = new Map<number, string>();
    for (const g of FACET_GROUPS)
      for (const o of g.options) {
        for (const b of o.bits) expect(b).toBeLessThan(31);
        if (o.bits.length !== 1) continue;
        expect(seen.get(o.bits[0]!), `${g.key}.${o.value}`).toBeUndefined();
        seen.set(o.bits[0]!, `${g.key}.${o.value}`);
      }
  });

  it('reads a selection back as it was saved, "both" included', () => {
    const selection = {
      walkIns: ['both'],
      access: ['stepFree', 'parking'],
      languages: ['en', 'vi'],
      payments: [],
      kids: ['welcome'],
      parking: [],
      identity: ['women'],
    };
    expect(facetSelection(facetBits(selection))).toEqual(selection);
    expect(facetSelection(facetBits({ walkIns: ['welcome'] })).walkIns).toEqual(['welcome']);
    expect(facetSelection(facetBits({ walkIns: ['appointments'] })).walkIns).toEqual(['appointments']);
    expect(facetSelection(0)).toEqual(Object.fromEntries(FACET_GROUPS.map((g) => [g.key, []])));
  });

  it('marks the identity labels, and only them, as identity bits', () => {
    expect(facetBits({ identity: ['black', 'lgbtq'] }) & ~IDENTITY_BITS).toBe(0);
    expect(facetBits({ languages: ['es'], walkIns: ['both'] }) & IDENTITY_BITS).toBe(0);
  });
});

describe('facet filters', () => {
  it('walk-ins=true asks for walk-ins, which "welcome" and "both" hold and "appointments" does not', () => {
    const mask = filterMask({ walkIns: ['true'] });
    expect(facetBits({ walkIns: ['both'] }) & mask).toBe(mask);
    expect(facetBits({ walkIns: ['welcome'] }) & mask).toBe(mask);
    expect(facetBits({ walkIns: ['appointments'] }) & mask).toBe(0);
  });

  it('combines several parameters into one mask and reads the chips back from it', () => {
    const mask = filterMask({ lang: ['vi', 'es'], access: ['stepFree'], owned: ['women'] });
    expect(filtersOfMask(mask).map((f) => f.chip)).toEqual(['Wheelchair accessible', 'Speaks Spanish', 'Speaks Vietnamese', 'Women-owned']);
    expect(filterMask({ lang: ['xx'] })).toBe(0);
  });

  it('has one parameter per group and a chip per filter', () => {
    expect(FACET_PARAMS).toEqual(['walkIns', 'access', 'lang', 'pay', 'kids', 'parking', 'owned']);
    for (const f of FACET_FILTERS) expect(f.chip.length).toBeGreaterThan(3);
  });
});

describe('what the page says', () => {
  it('shows only what is set, never "no"', () => {
    expect(facetLines(0)).toEqual([]);
    const lines = facetLines(facetBits({ languages: ['en', 'ht'], kids: ['welcome'] }));
    expect(lines.map((l) => [l.label, l.values])).toEqual([
      ['Languages spoken', ['English', 'Haitian Creole']],
      ['Kids', ['Kids welcome']],
    ]);
  });

  it('says amenities as schema.org amenity features and languages as codes, identity in neither', () => {
    const ld = facetsLd(facetSelection(facetBits({ access: ['stepFree'], languages: ['es'], identity: ['black'], parking: ['lot'] })));
    expect(ld).toEqual({ amenities: ['Step-free entrance', 'Parking lot'], languages: ['es'] });
  });
});

describe('the facets schema', () => {
  it('defaults every group to unset and refuses unknown values, two walk-in answers and repeats', () => {
    expect(facetsSchema.parse({})).toEqual(Object.fromEntries(FACET_GROUPS.map((g) => [g.key, []])));
    expect(facetsSchema.safeParse({ languages: ['xx'] }).success).toBe(false);
    expect(facetsSchema.safeParse({ walkIns: ['welcome', 'both'] }).success).toBe(false);
    expect(facetsSchema.safeParse({ access: ['stepFree', 'stepFree'] }).success).toBe(false);
    expect(facetsSchema.safeParse({ wifi: ['yes'] }).success).toBe(false);
  });
});
