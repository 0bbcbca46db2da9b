/** One request as both sides read it (docs/requests.md): service, times, where it stands and, for its owner, who asked. */
import { STATE_LABELS } from '@/features/requests';
import { windowLabel } from './format';
import type { RequestView } from './types';

const stateBadge: Record<RequestView['state'], string> = {
  requested: 'bg-amber-100 text-amber-950',
  proposed: 'bg-sky-100 text-sky-950',
  accepted: 'bg-emerald-100 text-emerald-950',
  declined: 'bg-gray-200 text-gray-900',
  expired: 'bg-gray-200 text-gray-900',
  cancelled: 'bg-gray-200 text-gray-900',
};

/** Where the request stands, in a sentence. */
export function stateSentence(r: RequestView): string {
  switch (r.state) {
    case 'requested':
      return `Waiting for ${r.businessName} to answer.`;
    case 'accepted':
      return `Confirmed for ${r.acceptedLabel ?? 'the accepted time'}.`;
    case 'proposed':
      return `${r.businessName} proposed ${r.proposedLabel ?? 'another time'}; waiting for the client's answer.`;
    case 'declined':
      return `Declined by ${r.businessName}${r.declineReason ? `: ${r.declineReason}` : ''}.`;
    case 'expired':
      return 'Expired: it was not answered in time.';
    case 'cancelled':
      return `Cancelled by ${r.cancelledBy === 'owner' ? 'the business' : 'the client'}${r.cancelledAt ? ` on ${new Date(r.cancelledAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}` : ''}.`;
  }
}

export function StateBadge({ state }: { state: RequestView['state'] }) {
  return <span className={`badge ${stateBadge[state]}`}>{STATE_LABELS[state]}</span>;
}

export function RequestSummary({ request }: { request: RequestView }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-gray-900">Business</dt>
      <dd className="text-gray-700">{request.businessName}</dd>
      <dt className="font-semibold text-gray-900">Service</dt>
      <dd className="text-gray-700">{request.service}</dd>
      <dt className="font-semibold text-gray-900">Times asked for</dt>
      <dd className="text-gray-700">
        <ul>
          {request.windows.map((w) => (
            <li key={`${w.date}-${w.part}-${w.time ?? ''}`}>{windowLabel(w)}</li>
          ))}
        </ul>
      </dd>
      <dt className="font-semibold text-gray-900">Status</dt>
      <dd className="text-gray-700">
        <StateBadge state={request.state} /> <span data-request-state={request.state}>{stateSentence(request)}</span>
      </dd>
      {!request.shopper && request.phone && (request.state === 'expired' || request.state === 'declined') && (
        <>
          <dt className="font-semibold text-gray-900">Call instead</dt>
          <dd className="text-gray-700">
            <a className="text-brand-700 underline" href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>
              {request.phone}
            </a>
          </dd>
        </>
      )}
      {request.shopper && (
        <>
          <dt className="font-semibold text-gray-900">Client</dt>
          <dd className="text-gray-700">
            {request.shopper.name ?? 'Details deleted after 90 days'}
            {request.shopper.email && (
              <>
                {' · '}
                <a className="text-brand-700 underline" href={`mailto:${request.shopper.email}`}>
                  {request.shopper.email}
                </a>
              </>
            )}
            {request.shopper.phone && (
              <>
                {' · '}
                <a className="text-brand-700 underline" href={`tel:${request.shopper.phone.replace(/[^\d+]/g, '')}`}>
                  {request.shopper.phone}
                </a>
              </>
            )}
          </dd>
          {request.shopper.note && (
            <>
              <dt className="font-semibold text-gray-900">Note</dt>
              <dd className="whitespace-pre-line text-gray-700">{request.shopper.note}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}
