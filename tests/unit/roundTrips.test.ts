/** The round-trip proxy's figure (tests/helpers/roundTrips.ts): requests answered before another was sent chain; overlapping ones do not. */
import { describe, expect, it } from 'vitest';
import { sequentialTrips } from '../helpers/roundTrips';

const trip = (start: number, end: number) => ({ path: '/v3/pipeline', start, end, statements: [] });

describe('sequentialTrips', () => {
  it('is zero without requests and one for requests sent side by side', () => {
    expect(sequentialTrips([])).toBe(0);
    expect(sequentialTrips([trip(0, 5), trip(1, 6), trip(2, 4)])).toBe(1);
  });

  it('counts the longest chain of requests each sent after an answer', () => {
    // 0-5, then 6-9 and 6-12 side by side, then 10-11 after the first of them only: three in sequence.
    expect(sequentialTrips([trip(0, 5), trip(6, 9), trip(6, 12), trip(10, 11)])).toBe(3);
    expect(sequentialTrips([trip(10, 11), trip(0, 5), trip(6, 9)])).toBe(3);
  });
});
