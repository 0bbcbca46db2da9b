/**
 * The /search page's request: its parameters read from the URL, and the API call, which the page
 * starts before React has loaded (src/pages/search.astro) and the results island then picks up.
 */
import { getPage } from './apiClient';

export const PAGE_SIZE = 12;

export interface Params {
  query?: string;
  service?: string;
  location?: string;
  priceRange?: string;
  rating?: string;
  limit: number;
}

export function readParams(search: string): Params {
  const p = new URLSearchParams(search);
  const get = (k: string) => p.get(k)?.trim() || undefined;
  const limit = Number(p.get('limit'));
  return {
    query: get('query') ?? get('q'),
    service: get('service'),
    location: get('location'),
    priceRange: get('priceRange'),
    rating: get('rating'),
    limit: Number.isInteger(limit) && limit >= PAGE_SIZE && limit <= 500 ? limit : PAGE_SIZE,
  };
}

export function toQuery(params: Params, forApi: boolean): string {
  const out = new URLSearchParams();
  for (const key of ['query', 'service', 'location', 'priceRange', 'rating'] as const) if (params[key]) out.set(key, params[key]!);
  if (forApi || params.limit !== PAGE_SIZE) out.set('limit', String(params.limit));
  return out.toString();
}


let early: { url: string; request: Promise<{ items: unknown[]; total: number }> } | undefined;

/** Starts the search for the current URL at once (called as the page loads). */
export function prefetchSearch(search: string) {
  const url = `/api/search?${toQuery(readParams(search), true)}`;
  early = { url, request: getPage(url) };
  early.request.catch(() => {}); // handled when taken
}

/** The results for `params`: the early request when it is for the same URL, else a new one. */
export function searchResults<T>(params: Params): Promise<{ items: T[]; total: number }> {
  const url = `/api/search?${toQuery(params, true)}`;
  if (early?.url === url) {
    const { request } = early;
    early = undefined;
    return request as Promise<{ items: T[]; total: number }>;
  }
  return getPage<T>(url);
}
