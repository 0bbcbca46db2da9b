/**
 * Providers of a "near me" landing page (SPEC.md §7): a search by service, then only providers with
 * a service name containing one of the page's words.
 */
import type { Db } from './db/client';
import { parseServices } from './providerFields';
import type { Provider } from './schemas/provider';
import { searchProviders } from './search';
import { LIMITS } from '../config';

export const LANDING_SEARCH: Record<string, { service: string; words: string[] }> = {
  'nail-salon-near-me': { service: 'Nail Salon', words: ['nail'] },
  'hair-salon-near-me': { service: 'Hair Salon', words: ['hair'] },
  'beauty-parlour-near-me': { service: 'Beauty', words: ['beauty', 'facial', 'threading', 'makeup'] },
};

export function offersAny(provider: Provider, words: string[]): boolean {
  return parseServices(provider.services).some((s) => words.some((w) => s.toLowerCase().includes(w)));
}

export async function landingProviders(database: Db, slug: string): Promise<Provider[]> {
  const rule = LANDING_SEARCH[slug];
  if (!rule) throw new Error(`No landing search for ${slug}`);
  const { items } = await searchProviders(database, { service: rule.service, limit: LIMITS.maxPageSize, offset: 0 });
  return items.filter((p) => offersAny(p, rule.words));
}
