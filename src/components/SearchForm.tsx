/**
 * The search form: service and location fields and "Search Beauty Services". A plain GET
 * form rendered to HTML: it needs no React, and the page script (src/scripts/page.ts) drops empty
 * values on submit, so every page can search at no cost. The service and location fields are
 * WAI-ARIA comboboxes whose suggestions (GET /api/suggest) come from src/scripts/combobox.ts, loaded
 * on first focus; without JavaScript they are text fields, and the service field offers the form's
 * services through its datalist, which the combobox also reads.
 */
import { useId } from 'react';
import { SEARCH_OPTIONS } from '@/features/catalog';

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
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Search beauty services"
      data-search-form=""
      className={`rounded-2xl bg-white p-4 shadow-lg ring-1 ring-gray-200 ${row ? `grid gap-3 ${withQuery ? 'md:grid-cols-[1fr_1fr_1fr_auto]' : 'md:grid-cols-[1fr_1fr_auto]'} md:items-end` : 'grid gap-3'}`}
    >
      <ComboboxField id={`${id}-service`} name="service" label="Service" placeholder="Any service" value={service} options={SEARCH_OPTIONS} />
      <ComboboxField id={`${id}-location`} name="location" label="Location" placeholder="City, state or ZIP" value={location} />
      {withQuery && (
        <div>
          <label htmlFor={`${id}-query`} className="field-label">
            Words (optional)
          </label>
          <input id={`${id}-query`} name="query" type="search" placeholder="e.g. gel, balayage, bridal" className="field-input" defaultValue={query} />
        </div>
      )}
      <button type="submit" className="btn-primary h-11">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        Search Beauty Services
      </button>
    </form>
  );
}

interface ComboboxFieldProps {
  id: string;
  name: 'service' | 'location';
  label: string;
  placeholder: string;
  value: string;
  /** Offered with an empty field (ArrowDown), and by the browser without JavaScript. */
  options?: readonly string[];
}

/** A text field marked up as a collapsed combobox; src/scripts/combobox.ts fills and opens its listbox. */
function ComboboxField({ id, name, label, placeholder, value, options }: ComboboxFieldProps) {
  return (
    <div className="relative">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        // biome-ignore lint/a11y/noRedundantRoles: implicit only while the datalist is attached; src/scripts/combobox.ts detaches it.
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls={`${id}-listbox`}
        list={options ? `${id}-options` : undefined}
        // Until src/scripts/combobox.ts takes the field over: page.ts loads it for fields so marked.
        data-combobox={name}
        // The browser's own autofill list would cover ours.
        autoComplete="off"
        placeholder={placeholder}
        className="field-input"
        defaultValue={value}
      />
      {options && (
        <datalist id={`${id}-options`}>
          {options.map((o) => (
            <option key={o} value={o} />
          ))}
        </datalist>
      )}
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden
        // Below md the list sits in the flow, pushing the next field down rather than covering it: a tap
        // meant for Location or Search never lands on an option (docs/search.md "Suggestions").
        className="z-20 mt-1 max-h-72 overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-gray-200 md:absolute md:left-0 md:w-max md:min-w-full md:max-w-[90vw]"
      />
      <div id={`${id}-status`} role="status" className="sr-only" />
    </div>
  );
}
