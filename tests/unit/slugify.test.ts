/** The slug rule (src/features/providers/slugify.ts) and the UUID-like slugs that send visitors home. */
import { describe, expect, it } from 'vitest';
import { isUuidLike, slugify } from '../../src/features/providers/slugify';

describe('slugify', () => {
  it.each([
    ['Lacquer & Lace Nail Studio', 'lacquer-lace-nail-studio'],
    ['  --Hello__World--  ', 'hello-world'],
    ['Nails & Spa – NYC', 'nails-spa-nyc'],
    ['Café—Bar', 'cafe-bar'],
    ['Ñandú Brows', 'nandu-brows'],
    ['İstanbul Lashes', 'istanbul-lashes'],
    ['ﬁne lines', 'fine-lines'],
    ['Studio 54', 'studio-54'],
    ["Coeur d'Alene", 'coeur-d-alene'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('spells out letters that have no accent to strip, instead of dropping them', () => {
    expect(slugify('Æsthetics Studio')).toBe('aesthetics-studio');
    expect(slugify('Straße Nails')).toBe('strasse-nails');
    expect(slugify('Œuvre Beauty')).toBe('oeuvre-beauty');
    expect(slugify('Ø Salon')).toBe('o-salon');
    expect(slugify('Łódź Beauty')).toBe('lodz-beauty');
  });

  it('is empty when nothing alphanumeric is left', () => {
    expect(slugify('')).toBe('');
    expect(slugify('--- & ---')).toBe('');
    expect(slugify('💅')).toBe('');
  });

  it('is idempotent', () => {
    for (const name of ['Lacquer & Lace', 'Café—Bar', 'Straße', 'a--b']) expect(slugify(slugify(name))).toBe(slugify(name));
  });
});

describe('isUuidLike', () => {
  it('matches 8-4-4-4-12 hex in either case, and nothing else', () => {
    expect(isUuidLike('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isUuidLike('123E4567-E89B-12D3-A456-426614174000')).toBe(true);
    expect(isUuidLike('123e4567-e89b-12d3-a456-42661417400')).toBe(false);
    expect(isUuidLike('123e4567-e89b-12d3-a456-426614174000-salon')).toBe(false);
    expect(isUuidLike('g23e4567-e89b-12d3-a456-426614174000')).toBe(false);
    expect(isUuidLike('lacquer-lace-nail-studio-new-york')).toBe(false);
  });
});
