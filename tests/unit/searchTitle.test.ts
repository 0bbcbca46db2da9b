/** The /search page's title and count line (src/features/search/searchTitle.ts). */
import { describe, expect, it } from 'vitest';
import { foundLine, searchTitle, placeLines } from '../../src/features/search/searchTitle';

describe('searchTitle', () => {
  it('prefers the query, then service with location, service, location', () => {
    expect(searchTitle({ query: 'gel', service: 'Nail Salon', location: 'Austin' })).toBe('Search Results for "gel"');
    expect(searchTitle({ service: 'Nail Salon', location: 'Austin' })).toBe('Nail Salon in Austin');
    expect(searchTitle({ service: 'Nail Salon' })).toBe('Nail Salon Services');
    expect(searchTitle({ location: 'Austin' })).toBe('Beauty Services in Austin');
    expect(searchTitle({})).toBe('Beauty Services');
    expect(searchTitle({ query: '', location: '' })).toBe('Beauty Services');
  });
});

describe('foundLine', () => {
  it('counts providers in the singular for one', () => {
    expect(foundLine(0)).toBe('Found 0 providers');
    expect(foundLine(1)).toBe('Found 1 provider');
    expect(foundLine(2, 'Austin')).toBe('Found 2 providers in Austin');
  });

  it('says "1,000+" for a total the API capped, and groups thousands', () => {
    expect(foundLine(1000, undefined, true)).toBe('Found 1,000+ providers');
    expect(foundLine(1000, 'Texas', true)).toBe('Found 1,000+ providers in Texas');
    expect(foundLine(1, undefined, true)).toBe('Found 1+ providers');
    expect(foundLine(1234)).toBe('Found 1,234 providers');
  });
});

describe('placeLines: what is in the place and what is only near it', () => {
  const evanston = { kind: 'city', name: 'Evanston, IL', inPlace: 0, radiusMiles: 12 };
  it('nothing in the place: one honest line naming it and the radius', () => {
    expect(placeLines(evanston, 10, { service: 'Nail Salon', location: 'Evanston' })).toEqual({
      found: 'No nail salons in Evanston, IL. Showing 10 within 12 miles.',
    });
    expect(placeLines({ ...evanston, kind: 'zip', name: '60614', within: 'Chicago, IL' }, 3, { location: '60614' }).found).toBe(
      'No providers in 60614 · Chicago, IL. Showing 3 within 12 miles.',
    );
    expect(placeLines(evanston, 2, { service: 'Massage', location: 'Evanston' }).found).toBe(
      'No massage therapy providers in Evanston, IL. Showing 2 within 12 miles.',
    );
  });

  it('some in the place: counted as in it, the rest as more within the radius', () => {
    expect(placeLines({ kind: 'city', name: 'Dallas, TX', inPlace: 6, radiusMiles: 50 }, 7, { location: 'Dallas' })).toEqual({
      found: 'Found 6 providers in Dallas',
      nearby: 'Showing 1 more within 50 miles.',
    });
  });

  it('a place that fills the page, or nothing nearby: the count line as before', () => {
    expect(placeLines({ kind: 'city', name: 'Chicago, IL', inPlace: 10 }, 10, { location: 'Chicago' })).toEqual({ found: 'Found 10 providers in Chicago' });
    expect(placeLines({ kind: 'city', name: 'Chicago, IL', inPlace: 10, radiusMiles: 50 }, 10, { location: 'Chicago' })).toEqual({
      found: 'Found 10 providers in Chicago',
    });
  });

  it('a neighbourhood is searched by radius too', () => {
    expect(
      placeLines({ kind: 'neighbourhood', name: 'Wicker Park', within: 'Chicago, IL', inPlace: 0, radiusMiles: 10 }, 4, { location: 'Wicker Park' }).found,
    ).toBe('Showing 4 within 10 miles of Wicker Park · Chicago, IL.');
  });

  it('a county is searched by radius: nothing is said to be in it or not', () => {
    expect(placeLines({ kind: 'county', name: 'Cook County, IL', inPlace: 0, radiusMiles: 39 }, 10, { location: 'Cook County, IL' }).found).toBe(
      'Showing 10 within 39 miles of Cook County, IL.',
    );
  });
});
