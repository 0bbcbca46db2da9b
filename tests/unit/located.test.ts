/**
 * A location read as the providers read it (src/features/places/located.server.ts `asListed`): the
 * gazetteer's place settled by the place the search's conditions found, with no database.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gazetteer } from '../../src/features/places/gazetteer';
import { asListed, loadGazetteer, type SearchPlace } from '../../src/features/places/index.server';

let g: Gazetteer;
beforeAll(async () => {
  g = await loadGazetteer();
});

const place = (part: Partial<SearchPlace>): SearchPlace => ({ text: '', states: [], ...part });

describe('asListed', () => {
  it('takes a state’s name that is a city with providers for the city', () => {
    const found = g.resolve('Washington')!;
    expect(found.kind).toBe('state');
    const listed = asListed(g, found, place({ city: 'Washington', states: ['DC'] }));
    expect([listed.found.kind, listed.found.name, listed.town]).toEqual(['city', 'Washington, DC', null]);
    expect(asListed(g, found, place({ state: 'WA', states: ['WA'] })).found).toBe(found);
  });

  it('measures a town from the state its providers are in when the directory lists it elsewhere first', () => {
    const found = g.resolve('Portland')!;
    expect(found.state).toBe('OR');
    expect(asListed(g, found, place({ city: 'Portland', states: ['ME'] })).town?.name).toBe('Portland, ME');
    expect(asListed(g, found, place({ city: 'Portland', states: ['OR', 'ME'] })).town).toBeNull();
  });

  it('keeps the place when its providers were not read (a neighbourhood or county, searched around its point)', () => {
    const found = g.resolve('Cook County, IL')!;
    expect(asListed(g, found, undefined)).toEqual({ found, town: null });
  });
});
