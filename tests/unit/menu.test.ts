/** Reading and wording a service menu (src/features/providers/menu.ts) and the Get directions link (src/features/providers/directions.ts). */
import { describe, expect, it } from 'vitest';
import { directionsUrl } from '../../src/features/providers/directions';
import { menuDuration, menuPrice, parseMenu } from '../../src/features/providers/menu';

describe('parseMenu', () => {
  it('keeps well-formed items and drops the rest, never throwing', () => {
    const good = { name: 'Blowout', priceFrom: 45, priceTo: 45, durationMinutes: 45 };
    const from = { name: 'Balayage', priceFrom: 220, durationMinutes: 180 };
    const menu = JSON.stringify([
      good,
      from,
      { name: '', priceFrom: 1, durationMinutes: 5 },
      { name: 'Free?', priceFrom: -1, durationMinutes: 5 },
      { name: 'Long', priceFrom: 5, durationMinutes: 2.5 },
      { name: 'Bad top', priceFrom: 5, priceTo: 'ten', durationMinutes: 5 },
      null,
      'text',
    ]);
    expect(parseMenu(menu)).toEqual([good, from]);
    expect(parseMenu(null)).toEqual([]);
    expect(parseMenu(undefined)).toEqual([]);
    expect(parseMenu('not json')).toEqual([]);
    expect(parseMenu('{"name":"x"}')).toEqual([]);
  });
});

describe('menuPrice', () => {
  it('reads as a fixed price, a range or a from-price, in dollars', () => {
    expect(menuPrice({ priceFrom: 45, priceTo: 45 })).toBe('$45');
    expect(menuPrice({ priceFrom: 55, priceTo: 85 })).toBe('$55–$85');
    expect(menuPrice({ priceFrom: 95 })).toBe('From $95');
    expect(menuPrice({ priceFrom: 12.5, priceTo: 12.5 })).toBe('$12.50');
  });
});

describe('menuDuration', () => {
  it('reads in minutes and hours', () => {
    expect(menuDuration(45)).toBe('45 min');
    expect(menuDuration(60)).toBe('1 hr');
    expect(menuDuration(90)).toBe('1 hr 30 min');
    expect(menuDuration(300)).toBe('5 hr');
  });
});

describe('directionsUrl', () => {
  it('is a maps search for the full address, encoded', () => {
    const url = new URL(directionsUrl({ address: '418 Amsterdam Avenue #2', city: 'New York', state: 'NY', zipCode: '10024' }));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('418 Amsterdam Avenue #2, New York, NY 10024');
  });
});
