/**
 * /search results (SPEC.md §2, §4, §8): reads query, service, location, priceRange and rating from
 * the URL; loading skeleton, error alert, no-results block, grid. Beyond the spec: price and rating
 * filters and "Show more", all kept in the URL so back and shared links work.
 */
import { useEffect, useState } from 'react';
import { ProviderGrid, ProviderGridSkeleton } from '@/components/ProviderCard';
import SearchForm from '@/components/SearchForm';
import { PAGE_SIZE, readParams, searchResults, toQuery, type Params } from '@/lib/searchRequest';
import { PRICE_RANGES } from '@/lib/providerFields';
import type { Provider } from '@/lib/schemas/provider';
import { foundLine, searchTitle } from '@/lib/searchTitle';
import { PROVIDERS_CHANGED_EVENT } from '@/stores/businessPopup';

export const SEARCH_ERROR = 'Failed to load search results. Please try again later.';

type State = { status: 'loading' } | { status: 'error' } | { status: 'done'; items: Provider[]; total: number; capped: boolean };

export default function SearchResults() {
  const [params, setParams] = useState<Params | null>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const sync = () => setParams(readParams(window.location.search));
    sync();
    window.addEventListener('popstate', sync);
    // A business listed from the popup on this page shows up without a reload.
    window.addEventListener(PROVIDERS_CHANGED_EVENT, sync);
    return () => {
      window.removeEventListener('popstate', sync);
      window.removeEventListener(PROVIDERS_CHANGED_EVENT, sync);
    };
  }, []);

  useEffect(() => {
    if (!params) return;
    let cancelled = false;
    setState((s) => (s.status === 'done' && s.items.length > 0 ? s : { status: 'loading' }));
    searchResults<Provider>(params)
      .then(({ items, total, capped }) => !cancelled && setState({ status: 'done', items, total, capped }))
      .catch((error) => {
        console.error(error);
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [params]);

  function update(patch: Partial<Params>) {
    const nextParams = { ...params!, ...patch };
    const query = toQuery(nextParams, false);
    window.history.pushState(null, '', query ? `/search?${query}` : '/search');
    setParams(nextParams);
  }

  const p = params ?? { limit: PAGE_SIZE };
  const title = searchTitle(p);
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-10">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-700">
            Compare ratings, price ranges and opening hours of beauty providers, read what their clients say, then call ahead or walk in to book.
          </p>
          <p className="mt-2 min-h-6 text-gray-700" aria-live="polite">
            {state.status === 'done' ? foundLine(state.total, p.location, state.capped) : state.status === 'loading' ? 'Searching…' : ''}
          </p>
          <form className="mt-6 flex flex-wrap items-end gap-4" aria-label="Filter results" onSubmit={(e) => e.preventDefault()}>
            <div>
              <label htmlFor="filter-price" className="field-label">Price range</label>
              <select id="filter-price" className="field-input" value={p.priceRange ?? ''} onChange={(e) => update({ priceRange: e.target.value || undefined, limit: PAGE_SIZE })}>
                <option value="">Any price</option>
                {PRICE_RANGES.map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-rating" className="field-label">Minimum rating</label>
              <select id="filter-rating" className="field-input" value={p.rating ?? ''} onChange={(e) => update({ rating: e.target.value || undefined, limit: PAGE_SIZE })}>
                <option value="">Any rating</option>
                {['4.5', '4', '3'].map((r) => (
                  <option key={r} value={r}>{r}+ stars</option>
                ))}
              </select>
            </div>
            {(p.priceRange || p.rating) && (
              <button type="button" className="btn-secondary" onClick={() => update({ priceRange: undefined, rating: undefined, limit: PAGE_SIZE })}>
                Clear filters
              </button>
            )}
          </form>
        </div>
      </section>

      <section className="container-page py-8" aria-labelledby="results-heading">
        <h2 id="results-heading" className="sr-only">Results</h2>
        {state.status === 'loading' && <ProviderGridSkeleton />}
        {state.status === 'error' && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">{SEARCH_ERROR}</div>
        )}
        {state.status === 'done' && state.items.length === 0 && (
          <div className="mx-auto max-w-3xl rounded-2xl bg-gray-50 p-8 text-center">
            <h2 className="text-xl font-semibold text-gray-900">No providers found.</h2>
            <p className="mt-2 text-gray-700">We couldn't find any providers matching your search criteria. Try adjusting your filters or search in a different location.</p>
            <div className="mt-6 text-left"><SearchForm variant="stacked" /></div>
          </div>
        )}
        {state.status === 'done' && state.items.length > 0 && (
          <>
            <ProviderGrid providers={state.items} live eagerFirst={3} compact />
            {state.items.length < state.total && (
              <div className="mt-8 text-center">
                <button type="button" className="btn-secondary" onClick={() => update({ limit: Math.min(p.limit + PAGE_SIZE, 500) })}>
                  Show more providers
                </button>
              </div>
            )}
          </>
        )}
      </section>

      {(p.service || p.location) && (
        <section className="container-page pb-8" aria-labelledby="search-about">
          <h2 id="search-about" className="text-xl font-semibold text-gray-900">
            About {p.service ?? 'beauty services'}{p.location ? ` in ${p.location}` : ''}
          </h2>
          <p className="mt-2 max-w-3xl text-gray-700">
            Compare {p.service ? p.service.toLowerCase() : 'beauty'} providers{p.location ? ` in ${p.location}` : ''} by rating, price range and services. Every listing shows opening hours, contact details and reviews from real clients, so you can call ahead or walk in with confidence. Promoted partners appear first, followed by the highest rated.
          </p>
        </section>
      )}
    </div>
  );
}
