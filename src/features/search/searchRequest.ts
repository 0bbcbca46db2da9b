/**
 * The /search page's request: its parameters read from the URL, and the API call. The page starts
 * the first call in an inline script before any module loads (src/pages/search.astro); the results
 * island takes it over when the URL it asks for is the same. Parameter names and page sizes come
 * from src/features/search/params.ts.
 */
import { apiRequest, okResponse, readPage } from '../../lib/apiClient';
import { MAX_PAGE_SIZE, PAGE_SIZE, SEARCH_KEYS, type SearchKey } from './params';

export { PAGE_SIZE };

export type Params = Partial<Record<SearchKey, string>> & { limit: number };

export function readParams(search: string): Params {
  const p = new URLSearchParams(search);
  const get = (k: string) => p.get(k)?.trim() || undefined;
  const limit = Number(p.get('limit'));
  const params: Params = { limit: Number.isInteger(limit) && limit >= PAGE_SIZE && limit <= MAX_PAGE_SIZE ? limit : PAGE_SIZE };
  for (const key of SEARCH_KEYS) {
    const value = key === 'query' ? (get('query') ?? get('q')) : get(key);
    if (value) params[key] = value;
  }
  return params;
}

export function toQuery(params: Params, forApi: boolean): string {
  const out = new URLSearchParams();
  for (const key of SEARCH_KEYS) if (params[key]) out.set(key, params[key]!);
  if (forApi || params.limit !== PAGE_SIZE) out.set('limit', String(params.limit));
  return out.toString();
}

declare global {
  interface Window {
    /** The request the /search page's inline script started before any module loaded. */
    __glowSearch?: { url: string; response: Promise<Response> };
  }
}

/** What GET /api/search took the location for (its X-Place headers; docs/search.md "Places"). */
export interface SearchedPlace {
  kind: string;
  name: string;
  within?: string;
  inPlace: number;
  radiusMiles?: number;
  nearestCity?: string;
}

function placeFrom(headers: Headers): SearchedPlace | null {
  const name = headers.get('X-Place');
  if (!name) return null;
  const optional = (h: string) => headers.get(h) ?? undefined;
  const radius = headers.get('X-Radius-Miles');
  return {
    kind: headers.get('X-Place-Kind') ?? 'city',
    name,
    within: optional('X-Place-Within'),
    inPlace: Number(headers.get('X-Place-Count') ?? 0),
    radiusMiles: radius === null ? undefined : Number(radius),
    nearestCity: optional('X-Nearest-City'),
  };
}

/** The results for `params`: the page's early request when it is for the same URL, else a new one. */
export async function searchResults<T>(
  params: Params,
): Promise<{ items: T[]; total: number; capped: boolean; corrected: Record<string, string> | null; place: SearchedPlace | null }> {
  const url = `/api/search?${toQuery(params, true)}`;
  const early = typeof window === 'undefined' ? undefined : window.__glowSearch;
  let res: Response;
  if (early?.url === url) {
    window.__glowSearch = undefined;
    res = await okResponse(await early.response);
  } else {
    res = await okResponse(await apiRequest('GET', url));
  }
  const corrected = res.headers.get('X-Corrected-Query');
  return { ...(await readPage<T>(res)), corrected: corrected ? Object.fromEntries(new URLSearchParams(corrected)) : null, place: placeFrom(res.headers) };
}
