/**
 * Providers of a "near me" landing page: a search by the page's service, then only
 * providers with a service name containing one of the page's words (content/landings/*.json).
 */
import type { Db } from '../../db/client';
import { parseServices } from '../providers';
import type { Page } from '../providers/index.server';
import type { Provider } from '../providers/schemas';
import { searchProviders } from '../search/index.server';

export interface LandingSearch {
  service: string;
  serviceWords: string[];
}

export function offersAny(provider: Provider, words: string[]): boolean {
  return parseServices(provider.services).some((s) => words.some((w) => s.toLowerCase().includes(w)));
}

/** Up to `shown` providers for the page's grid, and the total its "See all" search finds. */
export async function landingProviders(database: Db, { service, serviceWords }: LandingSearch, shown: number): Promise<Page<Provider>> {
  // A few pages' worth is plenty to fill the grid after the word filter, and the build reads no more.
  const { items, total } = await searchProviders(database, { service, limit: shown * 5, offset: 0 });
  return { total, items: items.filter((p) => offersAny(p, serviceWords)).slice(0, shown) };
}
