/**
 * The pure half of search (src/features/search/searchText.ts): how a location string is read, and how free text
 * becomes a full-text query (docs/search.md).
 */
import { describe, expect, it } from 'vitest';
import { parseLocation } from '../../src/features/places/location';
import { ftsQuery, ftsWord, isIndexedPrefix } from '../../src/features/search/searchText';

describe('parseLocation', () => {
  it.each([
    ['Austin', { city: 'Austin' }],
    ['  Austin  ', { city: 'Austin' }],
    ['Salt   Lake  City', { city: 'Salt Lake City' }],
    ['Kansas City', { city: 'Kansas City' }],
    ['Austin, TX', { city: 'Austin', state: 'TX' }],
    ['Austin,tx', { city: 'Austin', state: 'TX' }],
    ['Austin, Texas', { city: 'Austin', state: 'TX' }],
    ['Austin TX', { city: 'Austin', state: 'TX' }],
    ['Salt Lake City UT', { city: 'Salt Lake City', state: 'UT' }],
    ['New York NY', { city: 'New York', state: 'NY' }],
    ['New York, NY', { city: 'New York', state: 'NY' }],
    ['Austin TX 78701', { city: 'Austin', state: 'TX', zipPrefix: '78701' }],
    ['Austin, TX 78701', { city: 'Austin', state: 'TX', zipPrefix: '78701' }],
    ['Austin, TX 78701-1234', { city: 'Austin', state: 'TX', zipPrefix: '78701' }],
    ['Austin 78701', { city: 'Austin', zipPrefix: '78701' }],
  ])('%j is a city with its state and ZIP', (text, expected) => {
    expect(parseLocation(text)).toEqual(expected);
  });

  it.each([
    ['TX', 'TX'],
    ['tx', 'TX'],
    [' ca ', 'CA'],
  ])('%j is a state code', (text, state) => {
    expect(parseLocation(text)).toEqual({ state });
  });

  it('reads a state code followed by a ZIP as the state, not as a city called "TX"', () => {
    expect(parseLocation('TX 78701')).toEqual({ state: 'TX', zipPrefix: '78701' });
  });

  it('reads a two-letter word that is no state as a city', () => {
    expect(parseLocation('ZZ 78701')).toEqual({ city: 'ZZ', zipPrefix: '78701' });
    expect(parseLocation('ZZ')).toEqual({ city: 'ZZ' });
  });

  it('reads a state name as the city of that name where one exists, else the state', () => {
    expect(parseLocation('New York')).toEqual({ cityElseState: { city: 'New York', state: 'NY' } });
    expect(parseLocation('texas')).toEqual({ cityElseState: { city: 'texas', state: 'TX' } });
    expect(parseLocation('District of Columbia')).toEqual({ cityElseState: { city: 'District of Columbia', state: 'DC' } });
  });

  it.each([
    ['787', '787'],
    ['78701', '78701'],
    ['78701-1234', '78701'],
    ['787-', '787'],
    ['1', '1'],
  ])('%j is a ZIP prefix', (text, zipPrefix) => {
    expect(parseLocation(text)).toEqual({ zipPrefix });
  });

  it('keeps an unknown state after a comma, upper-cased, so it matches nothing rather than everything', () => {
    expect(parseLocation('Austin, Narnia')).toEqual({ city: 'Austin', state: 'NARNIA' });
  });

  it('is empty for blank text', () => {
    expect(parseLocation('')).toEqual({});
    expect(parseLocation('   ')).toEqual({});
  });
});

describe('ftsQuery', () => {
  it('quotes every word as a prefix term, lower-cased', () => {
    expect(ftsQuery('Gel Manicure')).toBe('"gel"* "manicure"*');
  });

  it('drops punctuation, so FTS5 operators and syntax are only ever words', () => {
    expect(ftsQuery('nails AND NOT hair')).toBe('"nails"* "and"* "not"* "hair"*');
    expect(ftsQuery('name:"x" OR y* (z) NEAR/2 -w ^v')).toBe('"name"* "x"* "or"* "y"* "z"* "near"* "2"* "w"* "v"*');
    expect(ftsQuery('"; DROP TABLE providers; --')).toBe('"drop"* "table"* "providers"*');
  });

  it('keeps letters and digits of any script, normalised', () => {
    expect(ftsQuery('Café 24h')).toBe('"cafe"* "24h"*'); // accents off Latin letters, as the index reads them
    expect(ftsQuery('QUINCEAÑERA Tomás')).toBe('"quinceanera"* "tomas"*');
    expect(ftsQuery('ＮＡＩＬＳ')).toBe('"nails"*'); // full-width letters fold under NFKC
    expect(ftsQuery('ネイル')).toBe('"ネイル"*');
  });

  it('caps the query at 12 words', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const query = ftsQuery(words.join(' '))!;
    expect(query.split(' ')).toHaveLength(12);
    expect(query.endsWith('"w11"*')).toBe(true);
  });

  it('keeps marks that are not accents on Latin letters (kana voicing marks stay)', () => {
    expect(ftsQuery('ドライ')).toBe('"ドライ"*');
  });

  it('is null when the text has no words', () => {
    expect(ftsQuery('')).toBeNull();
    expect(ftsQuery('  ')).toBeNull();
    expect(ftsQuery('*** ""  ()')).toBeNull();
  });
});

describe('ftsWord', () => {
  it('is a prefix term alone, or exactly the words of the data it starts', () => {
    expect(ftsWord('gel')).toBe('"gel"*');
    expect(ftsWord('balay', ['balayage'])).toBe('"balayage"');
    expect(ftsWord('extens', ['extension', 'extensions'])).toBe('("extension" OR "extensions")');
  });

  it('counts letters, not UTF-16 units, against the indexed prefix length', () => {
    expect(isIndexedPrefix('nail')).toBe(true);
    expect(isIndexedPrefix('nails')).toBe(false);
    expect(isIndexedPrefix('𝒶𝒷𝒸𝒹')).toBe(true);
  });
});
