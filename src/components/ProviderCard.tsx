/** A provider in a grid: image with fallback, Promoted, Open now/Closed, name, place, stars, first three services and +N more. */
import type { Provider } from '@/features/providers/schemas';
import { parseServices } from '@/features/providers';
import { milesAway } from '@/features/places';
import { hasPrice } from '@/features/providers';
import { OpenStatus } from './OpenStatus';
import { ProviderImage } from './ProviderImage';
import { StarRating } from './StarRating';

/**
 * `compact`: on phones the picture becomes a thumbnail beside the text (search results: a list to
 * scan, whose heading paints first); from 640 px up, the normal card.
 */
export function ProviderCard({
  provider,
  live = false,
  eager = false,
  compact = false,
}: {
  /** With `distanceMiles` (a search from a place), the card says how far. */
  provider: Provider & { distanceMiles?: number };
  live?: boolean;
  eager?: boolean;
  compact?: boolean;
}) {
  const services = parseServices(provider.services);
  const extra = services.length - 3;
  const badges = (
    <>
      {provider.isPromoted && <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Promoted</span>}
      {/* A closed listing never says "Open now" (docs/owners.md "Statuses"). */}
      {provider.status === 'open' ? (
        <OpenStatus openingHours={provider.openingHours} timeZone={provider.timeZone} source={provider.source} live={live} />
      ) : (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
          {provider.status === 'permanently_closed' ? 'Permanently closed' : 'Temporarily closed'}
        </span>
      )}
    </>
  );
  return (
    <article
      // The whole card is its link's target (after:inset-0), so the card shows the keyboard focus ring.
      className={`group relative flex overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-700 ${compact ? 'flex-row sm:flex-col' : 'flex-col'}`}
    >
      <div
        className={`relative overflow-hidden bg-brand-50 ${compact ? 'm-3 size-24 shrink-0 rounded-xl sm:m-0 sm:aspect-[4/3] sm:size-auto sm:rounded-none' : 'aspect-[4/3]'}`}
      >
        <ProviderImage
          url={provider.imageUrl}
          alt=""
          eager={eager}
          sizes={compact ? '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 96px' : '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw'}
          className="h-full w-full object-cover"
        />
        <div className={`absolute left-3 top-3 flex gap-2 ${compact ? 'max-sm:hidden' : ''}`}>{badges}</div>
      </div>
      <div className={`flex flex-1 flex-col gap-2 p-4 ${compact ? 'max-sm:pl-0' : ''}`}>
        {compact && <div className="flex flex-wrap gap-2 sm:hidden">{badges}</div>}
        <h3 className="text-lg font-semibold text-gray-900">
          <a href={`/provider/${provider.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
            {provider.name}
          </a>
        </h3>
        <p className="text-sm text-gray-600">
          {provider.city}, {provider.state}
          {hasPrice(provider.priceRange) && (
            <>
              {' · '}
              <span className="sr-only">Price range </span>
              {provider.priceRange}
            </>
          )}
          {provider.distanceMiles !== undefined && <> · {milesAway(provider.distanceMiles)}</>}
        </p>
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <StarRating rating={provider.rating} />
          <span>
            {provider.rating} ({provider.reviewCount} {provider.reviewCount === 1 ? 'review' : 'reviews'})
          </span>
        </p>
        <ul className="mt-auto flex flex-wrap gap-1.5 pt-2" aria-label="Services">
          {services.slice(0, 3).map((s) => (
            <li key={s} className="badge">
              {s}
            </li>
          ))}
          {extra > 0 && <li className="badge bg-brand-50 text-brand-800">+{extra} more</li>}
        </ul>
      </div>
    </article>
  );
}

/** One, two or three columns by width. */
export function ProviderGrid({
  providers,
  live = false,
  eagerFirst = 0,
  compact = false,
}: {
  providers: (Provider & { distanceMiles?: number })[];
  live?: boolean;
  eagerFirst?: number;
  compact?: boolean;
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {providers.map((p, i) => (
        <li key={p.id} className="flex">
          <div className="w-full">
            <ProviderCard provider={p} live={live} eager={i < eagerFirst} compact={compact} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Six placeholder cards while results load. */
export function ProviderGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading providers">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <li key={i} data-testid="provider-skeleton" className="animate-pulse overflow-hidden rounded-2xl border border-gray-200">
          <div className="aspect-[4/3] bg-gray-200" />
          <div className="space-y-3 p-4">
            <div className="h-5 w-2/3 rounded bg-gray-200" />
            <div className="h-4 w-1/2 rounded bg-gray-200" />
            <div className="h-4 w-1/3 rounded bg-gray-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
