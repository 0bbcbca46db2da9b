/**
 * The search form (SPEC.md §2): service dropdown with the nine options, free-text location, and
 * "Search Beauty Services". A plain GET form rendered to HTML: it needs no React, and the page
 * script (src/scripts/page.ts) drops empty values on submit, so every page can search at no cost.
 */
import { useId } from 'react';
import { SEARCH_OPTIONS } from '@/lib/services';

export interface SearchFormProps {
  query?: string;
  service?: string;
  location?: string;
  /** Layout: a wide row in heroes, stacked in narrow places. */
  variant?: 'hero' | 'stacked';
  /** Adds the optional words field (the /search page, prefilled from its URL). */
  withQuery?: boolean;
}

export default function SearchForm({ query = '', service = '', location = '', variant = 'hero', withQuery = false }: SearchFormProps) {
  const id = useId();
  const row = variant === 'hero';
  return (
    <form action="/search" method="get" role="search" aria-label="Search beauty services" data-search-form="" className={`rounded-2xl bg-white p-4 shadow-lg ring-1 ring-gray-200 ${row ? `grid gap-3 ${withQuery ? 'md:grid-cols-[1fr_1fr_1fr_auto]' : 'md:grid-cols-[1fr_1fr_auto]'} md:items-end` : 'grid gap-3'}`}>
      <div>
        <label htmlFor={`${id}-service`} className="field-label">Service</label>
        <select id={`${id}-service`} name="service" className="field-input" defaultValue={service}>
          <option value="">All services</option>
          {SEARCH_OPTIONS.map((o) => (
            <option key={o} value={o}>{o}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-location`} className="field-label">Location</label>
        <input id={`${id}-location`} name="location" type="text" autoComplete="address-level2" placeholder="City, state or ZIP" className="field-input" defaultValue={location} />
      </div>
      {withQuery && (
        <div>
          <label htmlFor={`${id}-query`} className="field-label">Words (optional)</label>
          <input id={`${id}-query`} name="query" type="search" placeholder="e.g. gel, balayage, bridal" className="field-input" defaultValue={query} />
        </div>
      )}
      <button type="submit" className="btn-primary h-11">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></svg>
        Search Beauty Services
      </button>
    </form>
  );
}
