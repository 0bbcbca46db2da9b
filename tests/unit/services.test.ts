/** The service taxonomy (src/features/catalog/services.ts over content/services.json). */
import { describe, expect, it } from 'vitest';
import {
  SEARCH_OPTIONS,
  TILE_CATEGORIES,
  categoriesOfService,
  categoriesOfServices,
  categoryForSearch,
  mainCategory,
  taxonomy,
} from '../../src/features/catalog/services';

describe('categoriesOfService', () => {
  it('finds every category whose keyword the name contains, in any case', () => {
    expect(categoriesOfService('Gel Manicure')).toEqual(['nails']);
    expect(categoriesOfService('EYEBROW WAXING')).toEqual(['beauty', 'brows']);
    expect(categoriesOfService('Tarot Reading')).toEqual([]);
  });

  it('gives the distinct categories of a list, in first-seen order', () => {
    expect(categoriesOfServices(['Pedicure', 'Haircut', 'Manicure'])).toEqual(['nails', 'hair']);
    expect(categoriesOfServices([])).toEqual([]);
  });
});

describe('categoryForSearch', () => {
  it('selects a category by slug, label or alias, ignoring case and spaces', () => {
    expect(categoryForSearch('nails')?.slug).toBe('nails');
    expect(categoryForSearch('Nail Salons')?.slug).toBe('nails');
    expect(categoryForSearch(' cute nails ')?.slug).toBe('nails');
    expect(categoryForSearch('Beauty Parlor')?.slug).toBe('beauty');
  });

  it('is null for free text', () => {
    expect(categoryForSearch('gel')).toBeNull();
    expect(categoryForSearch('')).toBeNull();
  });

  it('maps every search-form option to a category', () => {
    for (const option of SEARCH_OPTIONS) expect(categoryForSearch(option), option).not.toBeNull();
  });
});

describe('mainCategory and tiles', () => {
  it('is the first category of the first categorised service', () => {
    expect(mainCategory(['Tarot', 'Balayage', 'Manicure'])?.slug).toBe('hair');
    expect(mainCategory(['Tarot'])).toBeNull();
  });

  it('leaves categories marked tile: false out of the tiles, and every tile has an image', () => {
    expect(TILE_CATEGORIES.some((c) => c.slug === 'massage')).toBe(false);
    expect(TILE_CATEGORIES.length).toBe(taxonomy.categories.length - 1);
    for (const c of TILE_CATEGORIES) expect(c.image, c.slug).toBeTruthy();
  });
});
