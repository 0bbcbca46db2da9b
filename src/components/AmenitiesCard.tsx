/**
 * "Amenities and more" on the provider page (docs/facets.md): what the listing says of walk-ins,
 * access, languages, payment, kids and parking, and the identity labels its owner chose. Nothing is
 * shown for an unset facet (never "no"), and nothing at all when none is set; a listing no business
 * manages says its details are not confirmed.
 */
import { facetLines, type FacetSelection, facetBits } from '@/features/facets';

/** How the page joins the labels of a line: "Black-owned and women-owned". */
const joined = (values: string[]) => (values.length < 3 ? values.join(' and ') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`);

export function AmenitiesCard({ facets, managed }: { facets: FacetSelection; managed: boolean }) {
  const lines = facetLines(facetBits(facets));
  if (lines.length === 0) return null;
  const identity = lines.find((l) => l.identity);
  return (
    <section aria-labelledby="amenities" className="rounded-2xl border border-gray-200 p-5" data-amenities>
      <h2 id="amenities" className="text-lg font-semibold text-gray-900">
        Amenities and more
      </h2>
      {!managed && <p className="mt-1 text-xs text-gray-600">Details not confirmed by the business</p>}
      <dl className="mt-4 space-y-3 text-sm">
        {lines
          .filter((l) => !l.identity)
          .map((line) => (
            <div key={line.key}>
              <dt className="font-medium text-gray-900">{line.label}</dt>
              <dd className="text-gray-700">{line.values.join(', ')}</dd>
            </div>
          ))}
      </dl>
      {identity && <p className="mt-4 text-sm text-gray-700">The business identifies as {joined(identity.values)}.</p>}
    </section>
  );
}
