/** The /search page's title and count line (src/features/search/searchTitle.ts). */
import { describe, expect, it } from 'vitest';
import { emptiedLine, foundLine, searchTitle, placeLines } from '../../src/features/search/searchTitle';

describe('searchTitle', () => {
  it('prefers the query, then service with location, service, location', () => {
    expect(searchTitle({ query: 'gel', service: 'Nail Salon', location: 'Austin' })).toBe('Search Results for "gel"');
    // The service's own name, not the typing: "nail salon", "Nail Salon" and "nails" all read "Nail salons".
    expect(searchTitle({ service: 'nail salon', location: '60614' })).toBe('Nail salons near 60614');
    expect(searchTitle({ service: 'Nail Salon' })).toBe('Nail salons');
    expect(searchTitle({ service: 'bridal glam', location: 'Austin' })).toBe('Bridal glam near Austin');
    expect(searchTitle({ location: 'Austin' })).toBe('Beauty services near Austin');
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
  it('nothing in the place itself: leads with what is near it, never with a miss', () => {
    expect(placeLines(evanston, 10, { service: 'Nail Salon', location: 'Evanston' })).toEqual({
      found: '10 nail salons within 12 miles of Evanston, IL.',
    });
    const brooklyn = { kind: 'borough', name: 'Brooklyn', within: 'New York, NY', inPlace: 0, radiusMiles: 11 };
    expect(placeLines(brooklyn, 5, { service: 'nail salon', location: 'Brooklyn', nearestMiles: 4.66 }).found).toBe(
      '5 nail salons near Brooklyn · New York, NY, the nearest 4.7 mi away.',
    );
    expect(placeLines({ ...evanston, kind: 'zip', name: '60614', within: 'Chicago, IL' }, 1, { location: '60614', nearestMiles: 12.4 }).found).toBe(
      '1 provider near 60614 · Chicago, IL, the nearest 12 mi away.',
    );
    expect(placeLines(evanston, 2, { service: 'Massage', location: 'Evanston' }).found).toBe('2 massage therapy providers within 12 miles of Evanston, IL.');
    for (const n of [1, 2, 10]) expect(placeLines(evanston, n, { location: 'Evanston' }).found).not.toMatch(/^No /);
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
    ).toBe('4 providers within 10 miles of Wicker Park · Chicago, IL.');
  });

  it('a county is searched by radius: nothing is said to be in it or not', () => {
    expect(placeLines({ kind: 'county', name: 'Cook County, IL', inPlace: 0, radiusMiles: 39 }, 10, { location: 'Cook County, IL' }).found).toBe(
      '10 providers within 39 miles of Cook County, IL.',
    );
  });
});

describe('emptiedLine: which filter emptied the list, with the count it hid', () => {
  const near = { total: 5, radiusMiles: 11, place: 'Brooklyn · New York, NY', location: 'Brooklyn' };
  it('names the one filter and what it hid', () => {
    expect(emptiedLine([{ filter: 'openNow', value: 'true' }], near, 'Nail Salon')).toBe(
      '5 nail salons within 11 miles of Brooklyn · New York, NY, all closed now or without known hours.',
    );
    expect(emptiedLine([{ filter: 'verified', value: 'true' }], { total: 1, location: 'Austin' })).toBe(
      '1 provider in Austin, none verified yet (a business is verified once it has confirmed its listing with Glow).',
    );
    expect(emptiedLine([{ filter: 'priceRange', value: '$$$$' }], near)).toBe('5 providers within 11 miles of Brooklyn · New York, NY, none priced $$$$.');
    expect(emptiedLine([{ filter: 'rating', value: '4.5' }], { total: 3 })).toBe('3 providers, none rated 4.5 stars or more.');
  });
  it('several filters: says so rather than guessing which', () => {
    expect(emptiedLine([{ filter: 'openNow' }, { filter: 'rating', value: '4' }], near)).toBe(
      '5 providers within 11 miles of Brooklyn · New York, NY, none matching all your filters.',
    );
  });
});
