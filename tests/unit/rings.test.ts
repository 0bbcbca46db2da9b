/** The rings around a place, as decisions (src/features/search/rings.ts, docs/search.md "Places"). */
import { describe, expect, it } from 'vitest';
import {
  afterWidest,
  aheadOfOwn,
  fills,
  hasText,
  radiiFor,
  readAtOnce,
  RING_TUNING,
  ringRead,
  ringsListed,
  ringStart,
  textRingChoice,
  textRingPage,
  widestPastCap,
} from '../../src/features/search/rings';

const RADII = [13, 25, 50];
const start = (o: Partial<Parameters<typeof ringStart>[1]> = {}) => ringStart(RADII, { own: 2, shown: 2, ownSearched: true, offset: 0, limit: 20, ...o });

describe('radiiFor', () => {
  it('starts at the place’s extent plus ten miles, whole, then the wider steps, never past fifty', () => {
    expect(radiiFor({ extentMiles: 0 })).toEqual([10, 25, 50]);
    expect(radiiFor({ extentMiles: 2.2 })).toEqual([13, 25, 50]);
    expect(radiiFor({ extentMiles: 30 })).toEqual([40, 50]);
    expect(radiiFor({ extentMiles: 80 })).toEqual([50]);
  });
});

describe('aheadOfOwn: which rings statement is read beside the place\u2019s own page', () => {
  const kinds = { text: { openNow: false, text: true }, open: { openNow: true, text: false }, spots: { openNow: false, text: false } };
  it('by the fact the search\u2019s kind reads by, when its own fall short of the page', () => {
    expect(aheadOfOwn({ ...kinds.text, wanted: 12 }, { most: 5 })).toEqual({ rings: 'text', own: 5 });
    expect(aheadOfOwn({ ...kinds.text, openNow: true, wanted: 12 }, { most: 0 })).toEqual({ rings: 'text', own: 0 });
    expect(aheadOfOwn({ ...kinds.open, wanted: 12 }, { open: 11 })).toEqual({ rings: 'open', own: 11 });
    expect(aheadOfOwn({ ...kinds.spots, wanted: 24 }, { counted: 3 })).toEqual({ rings: 'spots', own: 3 });
  });
  it('nothing when its own fill the page, or the fact told is another kind\u2019s', () => {
    expect(aheadOfOwn({ ...kinds.text, wanted: 12 }, { most: 12 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.open, wanted: 12 }, { open: 12 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.spots, wanted: 12 }, { counted: 40 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.text, wanted: 12 }, { counted: 3 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.open, wanted: 12 }, { most: 3 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.spots, wanted: 12 }, { open: 3 })).toBeNull();
  });
  it('with words, also when the most their list holds is likely to leave fewer than the page, read for any own count up to that most', () => {
    const margin = RING_TUNING.likelyShortMargin;
    expect(aheadOfOwn({ ...kinds.text, wanted: 12, share: 0.1 }, { most: 40 })).toEqual({ rings: 'text', own: 40 });
    expect(aheadOfOwn({ ...kinds.text, wanted: 12, share: 12 / 40 / margin + 0.01 }, { most: 40 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.text, wanted: 12 }, { most: 40 })).toBeNull();
    // Not without words: open now and the points' statement read by an exact count.
    expect(aheadOfOwn({ ...kinds.open, wanted: 12, share: 0.01 }, { open: 40 })).toBeNull();
    expect(aheadOfOwn({ ...kinds.spots, wanted: 12, share: 0.01 }, { counted: 40 })).toBeNull();
  });
});

describe('ringStart', () => {
  it('a first page past a few of the place’s own: the rest of it from the rings, read at once', () => {
    const s = start();
    expect(s).toMatchObject({ wanted: 20, skip: 0, take: 18, ownIn: true, deep: false, widestFirst: false, widestAsPage: false });
  });

  it('a page past the place’s own skips the rings’ matches before it', () => {
    expect(start({ own: 5, shown: 0, offset: 40 })).toMatchObject({ skip: 35, take: 20 });
  });

  it('a deep page (its rows past the probe threshold) asks each circle’s count first, the narrowest, then the widest', () => {
    const deep = start({ own: 2, shown: 0, offset: RING_TUNING.probedFromRows });
    expect(deep).toMatchObject({ deep: true, widestFirst: true, narrowestFirst: true });
    expect(ringStart([50], { own: 2, shown: 0, ownSearched: true, offset: 200, limit: 20 })).toMatchObject({ deep: true, widestFirst: false });
  });

  it('with none of the place’s own (a county, or a city with none), a short page asks the widest for its page itself', () => {
    expect(start({ own: 0, shown: 0 })).toMatchObject({ ownIn: false, widestAsPage: true });
    expect(start({ ownSearched: false })).toMatchObject({ ownIn: false, widestAsPage: true });
  });
});

describe('fills, ringRead, afterWidest', () => {
  it('a circle fills the page with the place’s own, or when its count stopped at the cap', () => {
    const s = start();
    expect(fills(s, { total: 18 })).toBe(true);
    expect(fills(s, { total: 17 })).toBe(false);
    expect(fills(s, { total: 3, capped: true })).toBe(true);
  });

  it('a ring holding the place’s own is read from its start as far as they could push the page; one without, only its page', () => {
    const s = start({ own: 5, shown: 0, offset: 40 });
    expect(ringRead(s, null)).toEqual({ offset: 0, limit: 35 + 20 + 5, fromStart: true });
    expect(ringRead(s, 3)).toEqual({ offset: 0, limit: 35 + 20 + 3, fromStart: true });
    expect(ringRead(s, 0)).toEqual({ offset: 35, limit: 20, fromStart: false });
    expect(ringRead(start({ own: 0, shown: 0 }), null)).toEqual({ offset: 0, limit: 20, fromStart: false });
  });

  it('the widest circle’s count: read it whole when it fills the page, else only the last ring, or its page is the answer', () => {
    const s = start();
    expect(afterWidest(s, { total: 18 })).toEqual({ next: 'read' });
    expect(afterWidest(s, { total: 5 })).toEqual({ next: 'rings', from: 2 });
    expect(afterWidest(s, { total: 5, capped: true })).toEqual({ next: 'rings', from: 0 });
    const asPage = start({ own: 0, shown: 0 });
    expect(afterWidest(asPage, { total: 5 })).toEqual({ next: 'answer' });
    expect(afterWidest(asPage, { total: 0 })).toEqual({ next: 'rings', from: 3 });
  });

  it('the widest circle surely past the cap: the narrowest past it, or its count over the widest’s area past the cap with room to spare', () => {
    const cap = 1000;
    // 13 then 50 miles: the widest's area is (50/13)^2, about 14.8 times the narrowest's.
    const over = Math.ceil((RING_TUNING.widestPastCapMargin * cap) / (50 / 13) ** 2);
    expect(widestPastCap(start(), { total: 3, capped: true }, cap)).toBe(true);
    expect(widestPastCap(start(), { total: over }, cap)).toBe(true);
    expect(widestPastCap(start(), { total: over - 1 }, cap)).toBe(false);
    expect(widestPastCap(start(), { total: 0 }, cap)).toBe(false);
  });
});

describe('ringsListed', () => {
  it('one past the counted cap, and as deep as the page reaches past the place\u2019s own, so that a deep page is read at once', () => {
    const cap = 1000;
    expect(ringsListed(start(), { cap })).toBe(1001);
    const deep = start({ own: 5, shown: 0, offset: 990, limit: 12 });
    expect(ringsListed(deep, { cap })).toBe(985 + 12 + 5);
    expect(readAtOnce(deep, { listed: ringsListed(deep, { cap }) })).toBe(true);
    expect(readAtOnce(deep, { listed: cap + 1 })).toBe(false);
  });
});

describe('readAtOnce', () => {
  it('one statement for the rings, with or without open now, for a page within the listed cap once the place\u2019s own are left out', () => {
    const at = { listed: 1001 };
    expect(readAtOnce(start({ own: 0, shown: 0 }), at)).toBe(true);
    expect(readAtOnce(start({ ownSearched: false }), at)).toBe(true);
    expect(readAtOnce(start(), at)).toBe(true);
    expect(readAtOnce(start({ own: 10, shown: 0, offset: 480 }), at)).toBe(true);
    expect(readAtOnce(start({ own: 0, shown: 0, offset: 990 }), at)).toBe(false);
    expect(readAtOnce(start({ own: 5, shown: 0, offset: 990 }), at)).toBe(false);
  });
});

describe('the rings with words in one statement: textRingChoice, textRingPage, hasText', () => {
  const CAP = 1000;
  it('the first circle whose matches, net of the place’s own in it, fill the page with the place’s own; else the widest', () => {
    const s = start();
    // own 2, wanted 20: the nearest holds 10 (1 own), the one between 20 (2 own), the widest 40.
    const counts = [
      { n: 10, o: 1 },
      { n: 20, o: 2 },
      { n: 40, o: 2 },
    ];
    expect(textRingChoice(s, counts, CAP)).toEqual({ ring: 1, total: 18 });
    expect(textRingChoice(s, [{ n: 19, o: 1 }, null, null], CAP)).toEqual({ ring: 0, total: 18 });
    expect(
      textRingChoice(
        s,
        [
          { n: 3, o: 1 },
          { n: 5, o: 2 },
          { n: 7, o: 2 },
        ],
        CAP,
      ),
    ).toEqual({ ring: 2, total: 5 });
  });

  it('nothing in the place nor the widest: null; a count it needs not made: undefined (the circles’ own plans answer)', () => {
    const none = start({ own: 0, shown: 0 });
    expect(
      textRingChoice(
        none,
        [
          { n: 0, o: 0 },
          { n: 0, o: 0 },
          { n: 0, o: 0 },
        ],
        CAP,
      ),
    ).toBeNull();
    expect(
      textRingChoice(
        start(),
        [
          { n: 0, o: 0 },
          { n: 0, o: 0 },
          { n: 0, o: 0 },
        ],
        CAP,
      ),
    ).toEqual({ ring: 2, total: 0 });
    expect(textRingChoice(start(), [{ n: 3, o: 0 }, null, null], CAP)).toBeUndefined();
  });

  it('a circle past the cap is the ring, its total capped net of the place’s own, as its own plan counts it', () => {
    expect(textRingChoice(start(), [{ n: CAP + 1, o: 0 }, null, null], CAP)).toEqual({ ring: 0, total: CAP, capped: true });
    expect(textRingChoice(start(), [{ n: 3, o: 0 }, { n: CAP + 40, o: 2 }, null], CAP)).toEqual({ ring: 1, total: CAP - 2, capped: true });
  });

  it('a ring’s page is its positions of the list read from `from`, those within its radius (a narrower ring’s list is the wider’s nearer than its radius)', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((k) => ({ seq: k, miles: k * 5 }));
    // Read from position 2 (any count of the place's own up to 2 was allowed for): positions 2..7.
    expect(textRingPage({ skip: 3, take: 3 }, rows, 2, 50).map((r) => r.seq)).toEqual([2, 3, 4]);
    expect(textRingPage({ skip: 3, take: 3 }, rows, 2, 12).map((r) => r.seq)).toEqual([2]);
    expect(textRingPage({ skip: 0, take: 2 }, rows, 0, 50).map((r) => r.seq)).toEqual([1, 2]);
  });

  it('words are a query or a service that is no catalog category', () => {
    expect(hasText({ query: 'gel' })).toBe(true);
    expect(hasText({ service: 'Gel' })).toBe(true);
    expect(hasText({ service: 'Nail Salon' })).toBe(false);
    expect(hasText({})).toBe(false);
  });
});
