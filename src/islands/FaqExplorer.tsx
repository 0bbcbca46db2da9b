/**
 * The /faq explorer: a search box, category buttons and one accordion. Search is a
 * case-insensitive substring match on question and answer, combined with the selected category
 * (default All). Every question is in the static HTML, so the page reads fully without script.
 */
import { useId, useState } from 'react';
import FaqAccordion from './FaqAccordion';
export interface FaqExplorerItem {
  question: string;
  answer: string;
  category: string;
}

export interface FaqExplorerProps {
  items: FaqExplorerItem[];
  /** The category buttons after All, in order (FAQ_CATEGORIES of the content schema, passed by the page so zod stays out of the island). */
  categories: readonly string[];
}

/** The filter that shows every category. */
const ALL = 'All';

export const NO_RESULTS_MESSAGE = 'No questions found matching your search. Try different keywords or browse all categories.';

export function filterFaq(items: FaqExplorerItem[], query: string, category: string): FaqExplorerItem[] {
  const q = query.trim().toLowerCase();
  return items.filter(
    (item) =>
      (category === ALL || item.category === category) && (q === '' || item.question.toLowerCase().includes(q) || item.answer.toLowerCase().includes(q)),
  );
}

export default function FaqExplorer({ items, categories }: FaqExplorerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const shown = filterFaq(items, query, category);
  const filtered = query.trim() !== '' || category !== ALL;

  return (
    <div>
      <form role="search" className="relative max-w-2xl" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-q`} className="sr-only">
          Search questions
        </label>
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-gray-500"
        >
          <path
            fillRule="evenodd"
            clipRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.63a.75.75 0 1 0 1.06-1.06l-3.63-3.63A5.5 5.5 0 0 0 9 3.5zM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0z"
          />
        </svg>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search questions..."
          autoComplete="off"
          className="field-input pl-10"
        />
      </form>

      <div role="group" aria-label="Filter questions by category" className="mt-5 flex flex-wrap gap-2">
        {[ALL, ...categories].map((c) => {
          const pressed = c === category;
          return (
            <button
              key={c}
              type="button"
              aria-pressed={pressed}
              onClick={() => setCategory(c)}
              className={`inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:border-brand-200 hover:bg-brand-50'
              }`}
            >
              {c}
            </button>
          );
        })}
      </div>

      <p role="status" className="mt-5 text-sm text-gray-700">
        {filtered ? `Showing ${shown.length} of ${items.length} questions` : `${items.length} questions`}
      </p>

      <div className="mt-3">
        {shown.length > 0 ? (
          <FaqAccordion key={`${category}\u0000${query.trim().toLowerCase()}`} items={shown} initialOpen={null} />
        ) : (
          <div className="rounded-2xl border border-dashed border-gray-300 bg-gray-50 px-6 py-10 text-center">
            <p className="text-gray-800">{NO_RESULTS_MESSAGE}</p>
            <button
              type="button"
              className="btn-secondary mt-4"
              onClick={() => {
                setQuery('');
                setCategory(ALL);
              }}
            >
              Show all questions
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
