/**
 * /search results: reads query, service, location, priceRange and rating from
 * the URL; loading skeleton, error alert, no-results block, grid. Beyond the spec: price and rating
 * filters and "Show more", all kept in the URL so back and shared links work.
 */
import { useEffect, useState } from 'react';
import { ProviderGrid, ProviderGridSkeleton } from '@/components/ProviderCard';
import SearchForm from '@/components/SearchForm';
import { PAGE_SIZE, readParams, searchResults, toQuery, type Params, type SearchedPlace } from '@/features/search';
import { PRICE_RANGES } from '@/features/providers';
import { MAX_PAGE_SIZE, RATING_STEPS, SORT_LABELS, SORTS } from '@/features/search';
import type { Provider } from '@/features/providers/schemas';
import { emptiedLine, type EmptyingFilter, foundLine, placeLabel, placeLines, searchTitle } from '@/features/search';
import { PROVIDERS_CHANGED_EVENT } from '@/stores/businessPopup';
import { beacon } from '@/scripts/insightsBeacon';
import { Field } from './Field';
import FacetChips from './search/FacetChips';

export const SEARCH_ERROR = 'Failed to load search results. Please try again later.';

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | {
      status: 'done';
      items: (Provider & { distanceMiles?: number })[];
      total: number;
      capped: boolean;
      corrected: Record<string, string> | null;
      place: SearchedPlace | null;
      /** With filters that left nothing: the same search without them (what the filters hid). */
      unfiltered?: { total: number; capped: boolean; place: SearchedPlace | null };
    };

/** The filters that can empty a list, as the URL names them; each one's "off" patch. */
const EMPTYING: { filter: EmptyingFilter; on: (p: Params) => string | undefined; off: Partial<Params> }[] = [
  { filter: 'openNow', on: (p) => (p.openNow === 'true' ? 'true' : undefined), off: { openNow: undefined } },
  { filter: 'verified', on: (p) => (p.verified === 'true' ? 'true' : undefined), off: { verified: undefined } },
  { filter: 'priceRange', on: (p) => p.priceRange, off: { priceRange: undefined } },
  { filter: 'rating', on: (p) => p.rating, off: { rating: undefined } },
];
const activeFilters = (p: Params) => EMPTYING.flatMap((f) => (f.on(p) ? [{ ...f, value: f.on(p) }] : []));
const withoutFilters = (p: Params): Params => Object.assign({ ...p }, ...EMPTYING.map((f) => f.off));

/** "Chicago (searched for Chicgo)": what was searched instead of what was typed. */
function correctionLine(corrected: Record<string, string>, params: Params): string {
  const keys = Object.keys(corrected) as (keyof Params)[];
  return `Showing results for ${keys.map((k) => corrected[k as string]).join(', ')} (searched for ${keys.map((k) => params[k]).join(', ')})`;
}

/** Each filter as a "Clear …" button names it. */
const FILTER_NAMES: Record<EmptyingFilter, string> = { openNow: 'Open now', verified: 'Verified only', priceRange: 'price', rating: 'rating' };

export const LOCATION_ERROR = 'Your location is not available; showing results for the location you typed.';

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
      .then(async ({ items, total, capped, corrected, place }) => {
        // Filters that left nothing: one more search without them says what they hid (docs/search.md "On the page").
        const unfiltered =
          total === 0 && activeFilters(params).length
            ? await searchResults<Provider>({ ...withoutFilters(params), limit: 1 }).then(
                (u) => ({ total: u.total, capped: u.capped, place: u.place }),
                () => undefined,
              )
            : undefined;
        if (!cancelled) setState({ status: 'done', items, total, capped, corrected, place, unfiltered });
      })
      .catch((error) => {
        console.error(error);
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [params]);

  // Search appearances for the listings' owners, once the results are on screen (docs/insights.md).
  useEffect(() => {
    if (state.status === 'done')
      beacon(
        'search',
        state.items.map((i) => i.id),
      );
  }, [state]);

  function update(patch: Partial<Params>) {
    const nextParams = { ...params!, ...patch };
    const query = toQuery(nextParams, false);
    window.history.pushState(null, '', query ? `/search?${query}` : '/search');
    setParams(nextParams);
  }

  const [locating, setLocating] = useState<string | null>(null);
  /** The browser's position, used for this search only: it goes in the URL, never to storage or logs. */
  function locateMe() {
    if (!('geolocation' in navigator)) return setLocating(LOCATION_ERROR);
    setLocating('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(null);
        update({ near: `${coords.latitude.toFixed(4)},${coords.longitude.toFixed(4)}`, sort: 'distance', limit: PAGE_SIZE });
      },
      () => {
        setLocating(LOCATION_ERROR);
        // The typed place still gives a distance order when it is a ZIP or a city.
        if (p.location) update({ sort: 'distance', limit: PAGE_SIZE });
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  const p = params ?? { limit: PAGE_SIZE };
  const title = searchTitle(p);
  const place = state.status === 'done' ? state.place : null;
  // The nearest is known when every match is loaded or they come nearest first (sorted by distance,
  // or all only near the place: those come nearest first, docs/search.md "Places").
  const distances = state.status === 'done' ? state.items.flatMap((i) => (i.distanceMiles === undefined ? [] : [i.distanceMiles])) : [];
  const nearestFirst = p.sort === 'distance' || place?.inPlace === 0;
  const nearestMiles = state.status === 'done' && distances.length && (nearestFirst || state.items.length >= state.total) ? Math.min(...distances) : undefined;
  const hidden = state.status === 'done' && state.unfiltered && state.unfiltered.total > 0 ? state.unfiltered : null;
  const filters = activeFilters(p);
  const emptied =
    hidden &&
    emptiedLine(
      filters.map(({ filter, value }) => ({ filter, value })),
      {
        total: hidden.total,
        capped: hidden.capped,
        radiusMiles: hidden.place?.radiusMiles,
        place: hidden.place ? placeLabel(hidden.place) : undefined,
        location: p.location,
      },
      p.service,
    );
  const lines =
    state.status !== 'done'
      ? null
      : emptied
        ? { found: emptied }
        : place && state.total > 0
          ? placeLines(place, state.total, { service: p.service, location: p.location, capped: state.capped, nearestMiles })
          : { found: foundLine(state.total, p.location, state.capped) };
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-10">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-gray-700">
            Compare ratings, price ranges and opening hours of beauty providers, read what their clients say, then call ahead or walk in to book.
          </p>
          <p className="mt-2 min-h-6 text-gray-700" aria-live="polite">
            {lines ? (
              <>
                {/* Two spans: the count of what is in the place reads as its own sentence, apart from what is only near it. */}
                <span>{lines.found}</span>
                {lines.nearby && <span> {lines.nearby}</span>}
              </>
            ) : state.status === 'loading' ? (
              'Searching…'
            ) : (
              ''
            )}
          </p>
          {place && place.kind !== 'state' && <p className="mt-1 text-sm text-gray-600">Near {placeLabel(place)}</p>}
          {state.status === 'done' && state.corrected && <p className="mt-1 text-gray-700">{correctionLine(state.corrected, p)}</p>}
          <div className="mt-6">
            <SearchForm key={toQuery(p, false)} query={p.query ?? ''} service={p.service ?? ''} location={p.location ?? ''} withQuery />
          </div>
          <form className="mt-6 flex flex-wrap items-end gap-4" aria-label="Filter results" onSubmit={(e) => e.preventDefault()}>
            <Field id="filter-sort" label="Sort">
              {(control) => (
                <select
                  {...control}
                  value={p.sort ?? 'recommended'}
                  onChange={(e) => update({ sort: e.target.value === 'recommended' ? undefined : e.target.value, limit: PAGE_SIZE })}
                >
                  {SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_LABELS[s]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <FilterCheckbox
              id="filter-open"
              label="Open now"
              checked={p.openNow === 'true'}
              onChange={(on) => update({ openNow: on ? 'true' : undefined, limit: PAGE_SIZE })}
            />
            <FilterCheckbox
              id="filter-verified"
              label="Verified businesses only"
              checked={p.verified === 'true'}
              onChange={(on) => update({ verified: on ? 'true' : undefined, limit: PAGE_SIZE })}
            />
            <div>
              <button type="button" className="btn-secondary h-11" onClick={locateMe}>
                Use my location
              </button>
              {p.near && (
                <button
                  type="button"
                  className="btn-secondary ml-2 h-11"
                  onClick={() =>
                    update({ near: undefined, radius: undefined, sort: p.sort === 'distance' && !p.location ? undefined : p.sort, limit: PAGE_SIZE })
                  }
                >
                  Stop using my location
                </button>
              )}
              <p className="min-h-5 text-sm text-gray-700" aria-live="polite">
                {locating}
              </p>
            </div>
            <FilterSelect
              id="filter-price"
              label="Price range"
              anyLabel="Any price"
              value={p.priceRange}
              options={PRICE_RANGES.map((r) => [r, r])}
              onChange={(priceRange) => update({ priceRange, limit: PAGE_SIZE })}
            />
            <FilterSelect
              id="filter-rating"
              label="Minimum rating"
              anyLabel="Any rating"
              value={p.rating}
              options={RATING_STEPS.map((r) => [r, `${r}+ stars`])}
              onChange={(rating) => update({ rating, limit: PAGE_SIZE })}
            />
            {(p.priceRange || p.rating) && (
              <button type="button" className="btn-secondary" onClick={() => update({ priceRange: undefined, rating: undefined, limit: PAGE_SIZE })}>
                Clear filters
              </button>
            )}
          </form>
          <FacetChips params={p} onChange={(change) => update({ ...change, limit: PAGE_SIZE })} />
        </div>
      </section>

      <section className="container-page py-8" aria-labelledby="results-heading">
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
        {state.status === 'loading' && <ProviderGridSkeleton />}
        {state.status === 'error' && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            {SEARCH_ERROR}
          </div>
        )}
        {state.status === 'done' && state.items.length === 0 && emptied && (
          <div className="mx-auto max-w-3xl rounded-2xl bg-gray-50 p-8 text-center">
            {/* What the filters hid is the count line above (read out once, by its live region). */}
            <h2 className="text-xl font-semibold text-gray-900">Your filters hide every match.</h2>
            <p className="mt-6 flex flex-wrap justify-center gap-3">
              {filters.map((f) => (
                <button key={f.filter} type="button" className="btn-primary" onClick={() => update({ ...f.off, limit: PAGE_SIZE })}>
                  {f.filter === 'openNow' ? 'Show closed ones' : filters.length === 1 ? 'Clear filter' : `Clear ${FILTER_NAMES[f.filter]}`}
                </button>
              ))}
              {filters.length > 1 && (
                <button type="button" className="btn-secondary" onClick={() => update({ ...withoutFilters(p), limit: PAGE_SIZE })}>
                  Clear all filters
                </button>
              )}
            </p>
          </div>
        )}
        {state.status === 'done' && state.items.length === 0 && !emptied && (
          <div className="mx-auto max-w-3xl rounded-2xl bg-gray-50 p-8 text-center">
            <h2 className="text-xl font-semibold text-gray-900">No providers found.</h2>
            <p className="mt-2 text-gray-700">
              We couldn't find any providers matching your search criteria. Try adjusting your filters or search in a different location.
            </p>
            {place?.nearestCity && (
              <p className="mt-2 text-gray-700">
                Nothing within {place.radiusMiles} miles of {placeLabel(place)}. The nearest city with providers is{' '}
                <a className="text-brand-700 underline" href={`/search?${toQuery({ location: place.nearestCity, limit: PAGE_SIZE }, false)}`}>
                  {place.nearestCity}
                </a>
                .
              </p>
            )}
          </div>
        )}
        {state.status === 'done' && state.items.length > 0 && (
          <>
            <ProviderGrid providers={state.items} live eagerFirst={3} compact />
            {state.items.length < state.total && (
              <div className="mt-8 text-center">
                <button type="button" className="btn-secondary" onClick={() => update({ limit: Math.min(p.limit + PAGE_SIZE, MAX_PAGE_SIZE) })}>
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
            About {p.service ?? 'beauty services'}
            {p.location ? ` in ${p.location}` : ''}
          </h2>
          <p className="mt-2 max-w-3xl text-gray-700">
            Compare {p.service ? p.service.toLowerCase() : 'beauty'} providers{p.location ? ` in ${p.location}` : ''} by rating, price range and services. Every
            listing shows opening hours, contact details and reviews from real clients, so you can call ahead or walk in with confidence. Promoted partners
            appear first, followed by the highest rated.
          </p>
        </section>
      )}
    </div>
  );
}

/** A yes-or-no filter: its parameter is `true` in the URL when checked, absent otherwise. */
function FilterCheckbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex h-11 items-center gap-2">
      <input id={id} type="checkbox" className="size-4" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
      </label>
    </div>
  );
}

/** One of the results' filters: a labelled select whose first option ("Any …") clears it. */
function FilterSelect({
  id,
  label,
  anyLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: string | undefined;
  /** [value, text] of each option after the "Any …" one. */
  options: (readonly [string, string])[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
          <option value="">{anyLabel}</option>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
