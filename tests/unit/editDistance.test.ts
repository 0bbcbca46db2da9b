/** Edit distance for spelling correction (src/features/suggestions/editDistance.ts): pure, so held here without a database. */
import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance } from '../../src/features/suggestions/editDistance';

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('chicago', 'chicago')).toBe(0);
    expect(editDistance('chicgo', 'chicago')).toBe(1);
    expect(editDistance('chicagoo', 'chicago')).toBe(1);
    expect(editDistance('chicage', 'chicago')).toBe(1);
    expect(editDistance('', 'nail')).toBe(4);
    expect(editDistance('nail', '')).toBe(4);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('counts two neighbours swapped as one edit', () => {
    expect(editDistance('balayaeg', 'balayage')).toBe(1);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('is the same both ways', () => {
    for (const [a, b] of [
      ['manicure', 'manicrue'],
      ['henna', 'hena'],
      ['threading', 'treading'],
    ] as const)
      expect(editDistance(a, b)).toBe(editDistance(b, a));
  });

  it('stops past the limit and answers limit + 1', () => {
    expect(editDistance('nail', 'massage', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
    expect(editDistance('chicgo', 'chicago', 1)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('allowedEdits', () => {
  it('allows one edit up to 4 letters, two up to 8, three beyond', () => {
    expect([1, 4, 5, 8, 9, 20].map(allowedEdits)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
