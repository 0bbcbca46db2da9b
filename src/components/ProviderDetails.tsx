/** The parts of a provider page, rendered on request (src/pages/provider/[...slug].astro). */
import { DAYS } from '@/config';
import { directionsUrl } from '@/features/providers';
import { providerSeoText } from '@/features/content';
import { parseOpeningHours, parseServices } from '@/features/providers';
import { hasHours, hasPrice, hoursUnknownLabel } from '@/features/providers';
import { websiteHost } from '@/features/providers';
import type { Provider } from '@/features/providers/schemas';
import { OpenStatus } from './OpenStatus';
import { StatusBanner, VerifiedBadge } from './OwnerStanding';
import { ProviderImage } from './ProviderImage';
import { photoCount } from './PhotoGallery';
import type { Photo } from '@/features/photos/schemas';
import { RatingLine } from './RatingBreakdown';
import { CLAIM_TO_RECEIVE, REQUEST_A_TIME, replyRateLine, replyTimeLine } from '@/features/requests';

/** What the hero shows of time requests (docs/requests.md): the listing's settings as the page's reads found them. */
export interface HeroRequests {
  /** Claimed by its business (an unclaimed one invites the owner to claim it instead). */
  managed: boolean;
  /** Claimed, verified and switched on: "Request a time" opens the request dialog. */
  takesRequests: boolean;
  /** The business's own booking tool (https), an outbound "Book online" link. */
  bookingUrl: string | null;
  /** First answers of the last 90 days; null under three requests. */
  replyTime: { medianHours: number; replyRate: number; requests: number } | null;
}

/**
 * `cover` and `photos`: the owner's cover photo and how many photos the gallery holds (docs/photos.md);
 * without them the hero shows the listing's generated picture, as before there were photos.
 * `verified`: the listing is claimed by its business (docs/owners.md "Claim").
 */
export function ProviderHero({
  provider,
  cover = null,
  photos = 0,
  verified = false,
  requests,
}: {
  provider: Provider;
  cover?: Photo | null;
  photos?: number;
  verified?: boolean;
  requests?: HeroRequests | undefined;
}) {
  const services = parseServices(provider.services);
  const closedForGood = provider.status === 'permanently_closed';
  const takesRequests = !closedForGood && !!requests?.managed && requests.takesRequests;
  // Closed listings never say "Open now"; a permanently closed one offers no call (docs/owners.md "Statuses").
  const open = provider.status === 'open';
  return (
    <section aria-labelledby="provider-name" className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="relative overflow-hidden rounded-2xl bg-brand-50">
        <ProviderImage
          url={provider.imageUrl}
          alt={cover?.alt ?? `${provider.name}`}
          eager
          sizes="(min-width: 1024px) 720px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)"
          className="aspect-[16/9] h-full w-full object-cover sm:aspect-[4/3]"
        />
        {provider.isPromoted && <span className="absolute left-4 top-4 rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Promoted</span>}
        {photos > 0 && (
          <a href="#photos" className="absolute bottom-4 right-4 rounded-full bg-gray-900/80 px-3 py-1 text-sm font-semibold text-white hover:bg-gray-900">
            {photoCount(photos)}
          </a>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <h1 id="provider-name" className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
          {provider.name}
        </h1>
        {verified && (
          <p>
            <VerifiedBadge />
          </p>
        )}
        <StatusBanner status={provider} />
        <p className="text-gray-700">
          {provider.address}, {provider.city}, {provider.state} {provider.zipCode}
        </p>
        <div data-rating-line>
          <RatingLine rating={provider.rating} reviewCount={provider.reviewCount} />
        </div>
        {/* Call and directions come before the longer parts, so on a phone they are on the first screen. */}
        <p className="flex flex-wrap gap-3">
          {/* "Request a time" loads its dialog on the first click (src/islands/dialogLoader.ts). */}
          {takesRequests && (
            <button type="button" className="btn-primary" data-open-business data-request={provider.id} data-name={provider.name}>
              {REQUEST_A_TIME}
            </button>
          )}
          {provider.phone && !closedForGood && (
            <a href={`tel:${provider.phone.replace(/[^\d+]/g, '')}`} className={takesRequests ? 'btn-secondary' : 'btn-primary'} data-insight="call">
              Call {provider.phone}
            </a>
          )}
          {requests?.managed && requests.bookingUrl && !closedForGood && (
            <a href={requests.bookingUrl} target="_blank" rel="nofollow noopener" className="btn-secondary" data-insight="booking">
              Book online
            </a>
          )}
          <a href={directionsUrl(provider)} target="_blank" rel="noopener" className="btn-secondary" data-insight="directions">
            Get directions
          </a>
        </p>
        {takesRequests && requests?.replyTime && (
          <p className="text-sm text-gray-700" data-reply-time>
            {`${replyTimeLine(requests.replyTime.medianHours)} · ${replyRateLine(requests.replyTime.replyRate)}`}
          </p>
        )}
        {requests && !requests.managed && !closedForGood && (
          <p className="text-sm">
            <button type="button" className="text-brand-700 underline" data-open-business data-claim={provider.id} data-name={provider.name}>
              {CLAIM_TO_RECEIVE}
            </button>
          </p>
        )}
        {/* The status is worked out as the page renders, with the span it holds for: the page script
            works it out again only on a copy the CDN kept past that span, and since the badge comes
            last in its row, a text that changes then moves nothing beside it. */}
        <p className="flex flex-wrap items-center gap-3">
          {hasPrice(provider.priceRange) && (
            <span className="text-sm text-gray-700">
              Price range: <strong className="text-gray-900">{provider.priceRange}</strong>
            </span>
          )}
          {open && <OpenStatus openingHours={provider.openingHours} timeZone={provider.timeZone} source={provider.source} live />}
        </p>
        <ul className="flex flex-wrap gap-2" aria-label="Services">
          {services.map((s) => (
            <li key={s} className="badge bg-brand-50 text-brand-800">
              {s}
            </li>
          ))}
        </ul>
        {provider.description && <p className="text-gray-700">{provider.description}</p>}
      </div>
    </section>
  );
}

export function ProviderSeoText({ provider }: { provider: Provider }) {
  const seo = providerSeoText(provider);
  return (
    <section aria-labelledby="provider-about" className="space-y-3">
      <h2 id="provider-about" className="text-2xl font-bold text-gray-900">
        {seo.title}
      </h2>
      {seo.paragraphs.map((p) => (
        <p key={p} className="text-gray-700">
          {p}
        </p>
      ))}
    </section>
  );
}

export function BusinessInfoCard({ provider }: { provider: Provider }) {
  const website = websiteHost(provider.website);
  return (
    <section aria-labelledby="business-info" className="rounded-2xl border border-gray-200 p-5">
      <h2 id="business-info" className="text-lg font-semibold text-gray-900">
        Business Information
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-gray-900">Address</dt>
          <dd className="text-gray-700">
            {provider.address}
            <br />
            {provider.city}, {provider.state} {provider.zipCode}
          </dd>
        </div>
        {provider.phone && (
          <div>
            <dt className="font-medium text-gray-900">Phone</dt>
            <dd>
              <a className="text-brand-700 underline" href={`tel:${provider.phone.replace(/[^\d+]/g, '')}`} data-insight="call">
                {provider.phone}
              </a>
            </dd>
          </div>
        )}
        {provider.email && (
          <div>
            <dt className="font-medium text-gray-900">Email</dt>
            <dd className="break-all">
              <a className="text-brand-700 underline" href={`mailto:${provider.email}`}>
                {provider.email}
              </a>
            </dd>
          </div>
        )}
        {website && (
          <div>
            <dt className="font-medium text-gray-900">Website</dt>
            <dd className="break-all">
              {/* Shown by its host: what a visitor reads is where the link goes (docs/security.md "Listing fields"). */}
              <a className="text-brand-700 underline" href={provider.website!} rel="nofollow noopener" target="_blank" data-insight="website">
                {website}
              </a>
            </dd>
          </div>
        )}
        {hasPrice(provider.priceRange) && (
          <div>
            <dt className="font-medium text-gray-900">Price Range</dt>
            <dd className="text-gray-700">{provider.priceRange}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** Without hours, what the listing's source says in their place (unknownFields.ts). */
export function OpeningHoursCard({ provider }: { provider: Provider }) {
  const hours = parseOpeningHours(provider.openingHours);
  return (
    <section aria-labelledby="opening-hours" className="rounded-2xl border border-gray-200 p-5">
      <h2 id="opening-hours" className="text-lg font-semibold text-gray-900">
        Opening Hours
      </h2>
      {hasHours(provider.openingHours) ? (
        <table className="mt-4 w-full text-sm">
          <tbody>
            {DAYS.map((day) => (
              <tr key={day} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="py-2 text-left font-medium capitalize text-gray-900">
                  {day}
                </th>
                <td className="py-2 text-right text-gray-700">{hours[day] ?? 'Closed'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-gray-700">{hoursUnknownLabel(provider.source)}. Call ahead before you visit.</p>
      )}
    </section>
  );
}
