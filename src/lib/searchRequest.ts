/**
 * The /search page's request: its parameters read from the URL, and the API call. The page starts
 * the first call in an inline script before any module loads (src/pages/search.astro); the results
 * island takes it over when the URL it asks for is the same.
 */
import { getPage, okResponse, readPage } from './apiClient';

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


declare global {
  interface Window {
    /** The request the /search page's inline script started before any module loaded. */
    __glowSearch?: { url: string; response: Promise<Response> };
  }
}

/** The results for `params`: the page's early request when it is for the same URL, else a new one. */
export async function searchResults<T>(params: Params): Promise<{ items: T[]; total: number; capped: boolean }> {
  const url = `/api/search?${toQuery(params, true)}`;
  const early = typeof window === 'undefined' ? undefined : window.__glowSearch;
  if (early?.url === url) {
    window.__glowSearch = undefined;
    return readPage<T>(await okResponse(await early.response));
  }
  return getPage<T>(url);
}
