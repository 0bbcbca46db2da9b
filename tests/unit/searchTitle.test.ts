/** The /search page's title and count line (src/features/search/searchTitle.ts). */
import { describe, expect, it } from 'vitest';
import { foundLine, searchTitle } from '../../src/features/search/searchTitle';

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
