/**
 * The owner's side of a provider page (docs/owners.md): "Verified business" by the name, a status
 * banner, and the card that says "Managed by the business" or offers "Claim this business" (its
 * dialog loads on click: src/scripts/page.ts).
 */
import { formatDay, statusBanner, type ListingStatus } from '@/features/providers';

export function VerifiedBadge() {
  return (
    <span className="badge bg-emerald-100 text-emerald-900" title="Its business proved this listing is theirs">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mr-1 h-4 w-4 fill-current">
        <path d="M10 1.5 12.4 3.3l3 .1.9 2.9 2.3 1.9-.9 2.8.9 2.8-2.3 1.9-.9 2.9-3 .1L10 20.5l-2.4-1.8-3-.1-.9-2.9L1.4 13.8l.9-2.8-.9-2.8 2.3-1.9.9-2.9 3-.1L10 1.5Zm-1.2 12 5.3-5.3-1.2-1.2-4.1 4.1-1.9-1.9-1.2 1.2 3.1 3.1Z" />
      </svg>
      Verified business
    </span>
  );
}

export function StatusBanner({ status }: { status: { status: ListingStatus; closedUntil: string | null } }) {
  const text = statusBanner(status);
  if (!text) return null;
  return (
    <p data-listing-status={status.status} className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-950">
      {text}
    </p>
  );
}

export function OwnerCard({
  providerId,
  name,
  managed,
  ownerUpdatedAt,
}: {
  providerId: string;
  name: string;
  managed: boolean;
  ownerUpdatedAt: string | null;
}) {
  return (
    <section aria-labelledby="owner-card" className="rounded-2xl border border-gray-200 p-5 text-sm">
      <h2 id="owner-card" className="text-lg font-semibold text-gray-900">
        {managed ? 'Managed by the business' : 'Is this your business?'}
      </h2>
      {managed ? (
        <>
          <p className="mt-2 text-gray-700">{`${name} keeps this listing up to date on Glow.`}</p>
          {ownerUpdatedAt && <p className="mt-2 text-gray-700">{`Updated by the business on ${formatDay(ownerUpdatedAt)}`}</p>}
          <p className="mt-3">
            <a href="/business" className="text-brand-700 underline">
              Business owner? Sign in
            </a>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-gray-700">Claim it for free to correct its details, set its hours and menu, and reply to reviews.</p>
          <button type="button" data-open-business data-claim={providerId} data-name={name} className="btn-secondary mt-3 w-full">
            Claim this business
          </button>
        </>
      )}
    </section>
  );
}
