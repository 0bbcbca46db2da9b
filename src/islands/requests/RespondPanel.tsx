/**
 * /requests/respond?token=T, where every link of the request emails leads (docs/requests.md). Opening
 * it changes nothing (mail scanners open links): it shows what the link would do, and one clear
 * button does it. A used or expired link shows where the request stands now. The link does only
 * its own action; anything more asks the owner to sign in.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { type DeclineReason, type LinkAction, REQUEST_LIMITS } from '@/features/requests';
import { apiCall } from '@/lib/apiClient';
import { DeclineFields, ProposeFields } from './AnswerFields';
import { windowLabel } from './format';
import { RequestSummary, stateSentence } from './RequestSummary';
import type { LinkPreview, RequestView } from './types';

const OWNER_ACTIONS: LinkAction[] = ['accept', 'propose', 'decline', 'cancel'];

/** The heading and button of each link. */
function wording(preview: LinkPreview): { title: string; button: string; done: string } {
  const r = preview.request;
  const window = preview.windowIndex === undefined ? undefined : r.windows[preview.windowIndex];
  switch (preview.action) {
    case 'accept':
      return {
        title: `Accept ${window ? windowLabel(window) : 'this time'}?`,
        button: 'Accept this time',
        done: 'Accepted. The client gets a confirmation with a calendar file.',
      };
    case 'propose':
      return { title: 'Propose another time', button: 'Send this time', done: 'Sent. The client accepts or declines it by email.' };
    case 'decline':
      return { title: 'Decline this request?', button: 'Decline the request', done: 'Declined. The client has been told.' };
    case 'cancel':
      return { title: 'Cancel this appointment?', button: 'Cancel the appointment', done: 'Cancelled. The client has been told.' };
    case 'accept-proposal':
      return {
        title: `Accept ${r.proposedLabel ?? 'the proposed time'}?`,
        button: 'Accept this time',
        done: `Confirmed. ${r.businessName} has been told, and your confirmation email has a calendar file.`,
      };
    case 'decline-proposal':
      return {
        title: `Decline ${r.proposedLabel ?? 'the proposed time'}?`,
        button: 'Decline the proposed time',
        done: `Declined. ${r.businessName} has been told.`,
      };
    case 'shopper-cancel':
      return { title: 'Cancel your appointment?', button: 'Cancel my appointment', done: `Cancelled. ${r.businessName} has been told.` };
  }
}

export default function RespondPanel() {
  const [token, setToken] = useState<string | null>(null);
  const [preview, setPreview] = useState<LinkPreview | null>(null);
  const [loadError, setLoadError] = useState('');
  const [result, setResult] = useState<{ changed: boolean; request: RequestView } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [proposed, setProposed] = useState({ date: '', time: '' });
  const [reason, setReason] = useState<DeclineReason | ''>('');

  useEffect(() => {
    const t = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(t);
    if (!t) return;
    apiCall<LinkPreview>('GET', `/api/requests/action?token=${encodeURIComponent(t)}`)
      .then(setPreview)
      .catch((e) => setLoadError(e instanceof Error ? e.message : String(e)));
  }, []);

  if (token === null) return <p className="text-gray-700">Checking your link...</p>;
  if (!token)
    return (
      <p role="alert" className="field-error">
        This link is incomplete. Open it again from your email, or copy the whole address into your browser.
      </p>
    );
  if (loadError)
    return (
      <div className="space-y-3">
        <p role="alert" className="field-error">
          {`This link cannot be used: ${loadError}`}
        </p>
        <p className="text-gray-700">
          {`Links in request emails work for ${REQUEST_LIMITS.linkHours} hours. Business owners can answer every request from `}
          <a className="text-brand-700 underline" href="/business">
            your dashboard
          </a>
          .
        </p>
      </div>
    );
  if (!preview)
    return (
      <p className="text-gray-700" role="status">
        Checking your link...
      </p>
    );

  const owner = OWNER_ACTIONS.includes(preview.action);
  const words = wording(preview);
  const request = result?.request ?? preview.request;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (preview?.action === 'propose' && !(proposed.date && proposed.time)) {
      setError('Please choose a day and a time');
      return;
    }
    setBusy(true);
    setError('');
    const body: Record<string, string> = { token: token ?? '' };
    if (preview?.action === 'propose') body.proposedStart = `${proposed.date}T${proposed.time}`;
    if (preview?.action === 'decline' && reason) body.reason = reason;
    apiCall<{ changed: boolean; request: RequestView }>('POST', '/api/requests/action', body)
      .then(setResult)
      .catch((err) => setError(err instanceof Error ? err.message : String(err)))
      .finally(() => setBusy(false));
  }

  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-gray-900">
        {result?.changed ? words.done.split('.')[0] : preview.usable && !result ? words.title : 'Where this request stands'}
      </h2>
      {result && (
        <p role="status" className={result.changed ? 'font-semibold text-emerald-900' : 'text-gray-900'} data-respond-result>
          {result.changed ? words.done : `Nothing changed: this link was used already or has expired. ${stateSentence(result.request)}`}
        </p>
      )}
      {!result && !preview.usable && (
        <p role="status" className="text-gray-900" data-respond-result>
          {`This link has been used or has expired, so it changes nothing now. ${stateSentence(preview.request)}`}
        </p>
      )}
      <RequestSummary request={request} />
      {preview.usable && !result && (
        <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-gray-200 p-5">
          {preview.action === 'propose' && <ProposeFields date={proposed.date} time={proposed.time} onChange={setProposed} error={error || undefined} />}
          {preview.action === 'decline' && <DeclineFields reason={reason} onChange={setReason} />}
          {preview.action === 'shopper-cancel' && (
            <p className="text-sm text-gray-700">{`Cancelling is free up to ${REQUEST_LIMITS.freeCancellationHours} hours before the appointment.`}</p>
          )}
          {error && preview.action !== 'propose' && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Please wait...' : words.button}
          </button>
        </form>
      )}
      {owner && (
        <p className="text-sm text-gray-700">
          This link does this one thing only. To see all your requests, answer them or change your settings,{' '}
          <a className="text-brand-700 underline" href="/business">
            sign in to your dashboard
          </a>
          .
        </p>
      )}
    </div>
  );
}
