/**
 * The dashboard's "Requests" screen (docs/requests.md): the listing's time requests by state, newest
 * first, each with the owner's answers (accept one of the times, propose another, decline, cancel a
 * confirmed one), and the business's own reply-time figures. The shopper's details show here only
 * for the owner's own listings: the API sends them to no one else.
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { type DeclineReason, REQUEST_LIMITS, replyRateLine, replyTimeLine, type RequestState, STATE_LABELS } from '@/features/requests';
import { apiCall } from '@/lib/apiClient';
import { DeclineFields, ProposeFields } from '../requests/AnswerFields';
import { windowLabel } from '../requests/format';
import { RequestSummary } from '../requests/RequestSummary';
import type { ReplyTime, RequestView } from '../requests/types';

const PAGE = 20;
/** The filters, in the order an owner works through them. */
const FILTERS: { state: RequestState | ''; label: string; empty: string }[] = [
  { state: 'requested', label: 'Waiting for you', empty: 'No requests are waiting for your answer.' },
  { state: 'proposed', label: STATE_LABELS.proposed, empty: 'No proposed times are waiting for a client.' },
  { state: 'accepted', label: STATE_LABELS.accepted, empty: 'No confirmed appointments.' },
  { state: 'declined', label: STATE_LABELS.declined, empty: 'No declined requests.' },
  { state: 'expired', label: STATE_LABELS.expired, empty: 'No expired requests.' },
  { state: 'cancelled', label: STATE_LABELS.cancelled, empty: 'No cancelled requests.' },
  { state: '', label: 'All', empty: 'No requests yet. When a shopper requests a time, it shows here and in your email.' },
];

interface Page {
  items: RequestView[];
  total: number;
  /** The listing's reply time, as its page shows it (null under three requests). */
  replyTime?: ReplyTime | null;
}

export default function RequestsInbox({ providerId }: { providerId: string }) {
  const id = useId();
  const [filter, setFilter] = useState<RequestState | ''>('requested');
  const [page, setPage] = useState<Page | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState('');
  const load = useCallback(() => {
    setError('');
    const query = new URLSearchParams({ listing: providerId, limit: String(PAGE), offset: String(offset) });
    if (filter) query.set('state', filter);
    return apiCall<Page>('GET', `/api/owners/requests?${query}`)
      .then(setPage)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [providerId, filter, offset]);

  useEffect(() => {
    setPage(null);
    void load();
  }, [load]);

  const chosen = FILTERS.find((f) => f.state === filter) ?? FILTERS[0]!;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-requests-inbox>
      <h2 id={`${id}-title`} className="text-2xl font-bold text-gray-900">
        Requests
      </h2>
      <ReplyFigures replyTime={page?.replyTime} />
      <div role="group" aria-label="Show requests" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            aria-pressed={f.state === filter}
            className={f.state === filter ? 'btn-primary' : 'btn-secondary'}
            onClick={() => {
              setOffset(0);
              setFilter(f.state);
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      {error && (
        <div role="alert" className="space-y-2">
          <p className="field-error">{`Your requests could not be loaded: ${error}`}</p>
          <button type="button" className="btn-secondary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {!page && !error && (
        <p className="text-gray-700" role="status">
          Loading requests...
        </p>
      )}
      {page && page.items.length === 0 && <p className="text-gray-700">{chosen.empty}</p>}
      {page && page.items.length > 0 && (
        <ul className="space-y-4">
          {page.items.map((r) => (
            <li key={r.id} className="rounded-2xl border border-gray-200 p-5" data-request-id={r.id}>
              <h3 className="mb-3 font-semibold text-gray-900">{`${r.service} for ${r.shopper?.name ?? 'a client'}, asked ${new Date(r.createdAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`}</h3>
              <RequestSummary request={r} />
              <Answers request={r} onAnswered={() => void load()} />
            </li>
          ))}
        </ul>
      )}
      {page && page.total > PAGE && (
        <p className="flex items-center gap-3 text-sm text-gray-700">
          <button type="button" className="btn-secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Newer
          </button>
          {`${offset + 1}-${Math.min(offset + PAGE, page.total)} of ${page.total}`}
          <button type="button" className="btn-secondary" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
            Older
          </button>
        </p>
      )}
    </section>
  );
}

/** The owner's own figures, as shoppers see them on the page once there are enough requests. */
function ReplyFigures({ replyTime }: { replyTime: ReplyTime | null | undefined }) {
  if (replyTime === undefined) return null;
  return (
    <p className="text-sm text-gray-700" data-owner-reply-time>
      {replyTime
        ? `${replyTimeLine(replyTime.medianHours)} · ${replyRateLine(replyTime.replyRate)} (last ${REQUEST_LIMITS.replyWindowDays} days, ${replyTime.requests} requests; nights 8 PM to 8 AM not counted). Your page shows this too.`
        : `Your reply time shows on your page once you have had ${REQUEST_LIMITS.replyMinRequests} requests in ${REQUEST_LIMITS.replyWindowDays} days.`}
    </p>
  );
}

type Open = 'propose' | 'decline' | 'cancel' | 'report' | null;

const CONFIRM: Record<Exclude<Open, null>, string> = {
  propose: 'Send this time',
  decline: 'Decline the request',
  cancel: 'Cancel the appointment',
  report: 'Report as spam',
};

function Answers({ request, onAnswered }: { request: RequestView; onAnswered: () => void }) {
  const [open, setOpen] = useState<Open>(null);
  const [proposed, setProposed] = useState({ date: '', time: '' });
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const canAnswer = request.state === 'requested';
  const canCancel = request.state === 'accepted';
  if (!canAnswer && !canCancel && request.state !== 'proposed') return null;

  function act(body: Record<string, unknown>) {
    setBusy(true);
    setError('');
    apiCall('POST', `/api/owners/requests/${encodeURIComponent(request.id)}`, body)
      .then(() => {
        setOpen(null);
        onAnswered();
      })
      .catch((e) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false));
  }
  function confirm(e: FormEvent) {
    e.preventDefault();
    if (open === 'propose') {
      if (!(proposed.date && proposed.time)) return setError('Please choose a day and a time');
      act({ action: 'propose', proposedStart: `${proposed.date}T${proposed.time}` });
    } else if (open === 'decline') act(reason ? { action: 'decline', reason } : { action: 'decline' });
    else if (open === 'cancel') act({ action: 'cancel' });
    else if (open === 'report') act({ action: 'report' });
  }

  return (
    <div className="mt-4 space-y-3">
      <p className="flex flex-wrap gap-2">
        {canAnswer &&
          request.windows.map((w, i) => (
            <button
              key={`${w.date}-${w.part}-${w.time ?? ''}`}
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => act({ action: 'accept', windowIndex: i })}
            >
              {`Accept ${windowLabel(w)}`}
            </button>
          ))}
        {canAnswer && (
          <button type="button" className="btn-secondary" aria-expanded={open === 'propose'} onClick={() => setOpen(open === 'propose' ? null : 'propose')}>
            Propose another time
          </button>
        )}
        {(canAnswer || request.state === 'proposed') && (
          <button type="button" className="btn-secondary" aria-expanded={open === 'decline'} onClick={() => setOpen(open === 'decline' ? null : 'decline')}>
            Decline
          </button>
        )}
        {canAnswer && (
          <button type="button" className="btn-secondary" aria-expanded={open === 'report'} onClick={() => setOpen(open === 'report' ? null : 'report')}>
            Report as spam
          </button>
        )}
        {canCancel && (
          <button type="button" className="btn-secondary" aria-expanded={open === 'cancel'} onClick={() => setOpen(open === 'cancel' ? null : 'cancel')}>
            Cancel the appointment
          </button>
        )}
      </p>
      {open && (
        <form onSubmit={confirm} noValidate className="space-y-3 rounded-xl bg-gray-50 p-4">
          {open === 'propose' && <ProposeFields date={proposed.date} time={proposed.time} onChange={setProposed} />}
          {open === 'decline' && <DeclineFields reason={reason} onChange={setReason} />}
          {open === 'cancel' && <p className="text-sm text-gray-700">The client gets an email saying you cancelled, with an updated calendar file.</p>}
          {open === 'report' && <p className="text-sm text-gray-700">Glow&rsquo;s moderators look at every request reported as spam.</p>}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Please wait...' : CONFIRM[open]}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
