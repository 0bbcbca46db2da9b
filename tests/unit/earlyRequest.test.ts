/**
 * /search's inline script must ask for the very URL the results island asks for, or the island
 * cannot take its response over and the page calls the API twice (src/features/search/earlyRequest.ts).
 */
import { describe, expect, it } from 'vitest';
import { EARLY_SEARCH_SCRIPT } from '../../src/features/search/earlyRequest';
import { MAX_PAGE_SIZE, SEARCH_KEYS } from '../../src/features/search/params';
import { readParams, toQuery } from '../../src/features/search/searchRequest';

/** Runs the script as the browser would, on a page at `/search${search}`, and returns the URL it fetched. */
function earlyUrl(search: string): string {
  const window: { __glowSearch?: { url: string } } = {};
  const fetched: string[] = [];
  const fetch = (url: string) => {
    fetched.push(url);
    return Promise.resolve();
  };
  new Function('location', 'window', 'fetch', EARLY_SEARCH_SCRIPT)({ search }, window, fetch);
  expect(fetched).toEqual([window.__glowSearch?.url]);
  return fetched[0]!;
}

const islandUrl = (search: string) => `/api/search?${toQuery(readParams(search), true)}`;

describe('the early search request', () => {
  it.each([
    '',
    '?location=Miami&q=spa',
    '?q=gel&query=%20%20',
    '?query=nail&service=Nail+Salon&location=Chicago%2C+IL&priceRange=%24%24&rating=4.5',
    '?openNow=true&near=41.8781,-87.6298&radius=10&sort=distance',
    '?sort=rating&location=Austin&limit=24',
    `?limit=${MAX_PAGE_SIZE + 1}`,
    '?limit=7&unknown=x&service=%20',
  ])('asks for what the island asks for: %s', (search) => {
    expect(earlyUrl(search)).toBe(islandUrl(search));
  });

  it('passes every search parameter', () => {
    const search = `?${SEARCH_KEYS.map((k) => `${k}=v${k}`).join('&')}`;
    const url = new URL(earlyUrl(search), 'http://x');
    for (const key of SEARCH_KEYS) expect(url.searchParams.get(key), key).toBe(`v${key}`);
  });
});
