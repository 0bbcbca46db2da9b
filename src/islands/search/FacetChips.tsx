/**
 * The facet chips of /search (docs/facets.md): toggle buttons, each a filter of the facet table,
 * the most asked first and the rest under "More filters"; they combine with every other filter and
 * live in the URL like them (so Back and shared links keep them). Keyboard: each chip is a button
 * (Tab, Space or Enter), `aria-pressed` says whether it is on.
 */
import { FACET_FILTERS, type FacetFilter, type FacetParam, paramValues, toggledParam } from '@/features/facets';

type FacetParams = Partial<Record<FacetParam, string>>;

function Chip({ filter, params, onChange }: { filter: FacetFilter; params: FacetParams; onChange: (change: FacetParams) => void }) {
  const on = paramValues(params[filter.param]).includes(filter.value);
  return (
    <button
      type="button"
      aria-pressed={on}
      data-facet-chip={`${filter.param}=${filter.value}`}
      onClick={() => onChange({ [filter.param]: toggledParam(params[filter.param], filter.value, !on) })}
      className={`min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
        on ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:border-brand-700'
      }`}
    >
      {on && <span aria-hidden="true">✓ </span>}
      {filter.chip}
    </button>
  );
}

export default function FacetChips({ params, onChange }: { params: FacetParams; onChange: (change: FacetParams) => void }) {
  const onCount = FACET_FILTERS.filter((f) => paramValues(params[f.param]).includes(f.value)).length;
  const rest = FACET_FILTERS.filter((f) => !f.first);
  const restOn = rest.some((f) => paramValues(params[f.param]).includes(f.value));
  const clear = Object.fromEntries(FACET_FILTERS.map((f) => [f.param, undefined])) as FacetParams;
  return (
    <section aria-labelledby="facet-chips-title" className="mt-4">
      <h2 id="facet-chips-title" className="text-sm font-semibold text-gray-900">
        Amenities and more{' '}
        <span className="font-normal text-gray-600" aria-live="polite">
          {onCount ? `(${onCount} on)` : ''}
        </span>
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        {FACET_FILTERS.filter((f) => f.first).map((f) => (
          <Chip key={`${f.param}=${f.value}`} filter={f} params={params} onChange={onChange} />
        ))}
        {onCount > 0 && (
          <button type="button" className="min-h-11 px-2 text-sm font-medium text-brand-700 underline" onClick={() => onChange(clear)}>
            Clear these
          </button>
        )}
      </div>
      <details className="mt-2" open={restOn}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-brand-700">More filters</summary>
        <div className="mt-2 flex flex-wrap gap-2">
          {rest.map((f) => (
            <Chip key={`${f.param}=${f.value}`} filter={f} params={params} onChange={onChange} />
          ))}
        </div>
      </details>
    </section>
  );
}
