/**
 * One moderation queue in the console (/operator/{queue}; docs/moderation.md "The console (/operator)"): every item of
 * the page with what is needed to decide, moved through with j/k or the arrow keys, each decision on
 * a button and a key, confirmed in a dialog that asks for the reason (required) and sends it to
 * POST /api/operator/decisions. After a decision the page reloads from the server, so the queue,
 * its count and the item's state are the database's; the decision's summary is shown on arrival.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DECISIONS, MAX_REASON_LENGTH, type DecisionAction } from '@/features/moderation';
import { DECISION_KEYS } from '@/features/moderation';
import type { QueueItem } from '@/features/moderation/schemas';
import { apiCall } from '@/lib/apiClient';
import { useModalDialog } from './useModalDialog';

/** Where the summary of the last decision waits for the reloaded page (this tab only). */
const LAST_RESULT = 'glow-operator-result';

interface Pending {
  item: QueueItem;
  action: DecisionAction;
}

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable], dialog') !== null;

export default function OperatorQueue({
  items,
  title,
  empty,
}: {
  items: QueueItem[];
  title: string /** What the queue says when nothing waits. */;
  empty: string;
}) {
  const [selected, setSelected] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState('');
  const [help, setHelp] = useState(false);
  const refs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    const last = sessionStorage.getItem(LAST_RESULT);
    if (last) {
      sessionStorage.removeItem(LAST_RESULT);
      setResult(last);
    }
  }, []);

  const select = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(items.length - 1, index));
      setSelected(next);
      refs.current[next]?.focus();
    },
    [items.length],
  );

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (pending || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '?') {
        setHelp((h) => !h);
        return;
      }
      if (e.key === 'j' || e.key === 'ArrowDown') select(selected + 1);
      else if (e.key === 'k' || e.key === 'ArrowUp') select(selected - 1);
      else {
        const item = items[selected];
        const action = item?.decisions.find((a) => DECISION_KEYS[a].key === e.key);
        if (!item || !action) return;
        setPending({ item, action });
      }
      e.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [items, pending, select, selected]);

  return (
    <div>
      <p role="status" className="mb-4 min-h-6 text-sm font-medium text-green-800">
        {result}
      </p>
      <p className="mb-4 text-sm text-gray-700">
        Keys: <kbd>j</kbd> or <kbd>↓</kbd> next, <kbd>k</kbd> or <kbd>↑</kbd> previous, a decision’s key (shown on its button) to decide, <kbd>?</kbd>{' '}
        {help ? 'to hide this help.' : 'for help.'}
      </p>
      {help && (
        <div className="mb-4 rounded-xl bg-gray-50 p-4 text-sm text-gray-800">
          <p>Every decision asks for a reason and a confirmation. The reason is kept in the audit with your email; hidden things can always be restored.</p>
        </div>
      )}
      {items.length === 0 && <p className="text-gray-700">{empty}</p>}
      <ol className="space-y-4" aria-label={title}>
        {items.map((item, index) => (
          <li key={item.id}>
            <article
              ref={(el) => {
                refs.current[index] = el;
              }}
              tabIndex={-1}
              aria-current={index === selected ? 'true' : undefined}
              aria-labelledby={`item-${index}`}
              onFocus={() => setSelected(index)}
              className={`min-w-0 rounded-2xl border p-4 wrap-anywhere outline-none sm:p-5 ${index === selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-gray-200'}`}
            >
              <Item item={item} index={index} onDecide={(action) => setPending({ item, action })} />
            </article>
          </li>
        ))}
      </ol>
      {pending && <ConfirmDecision pending={pending} onClose={() => setPending(null)} />}
    </div>
  );
}

function Item({ item, index, onDecide }: { item: QueueItem; index: number; onDecide: (action: DecisionAction) => void }) {
  return (
    <>
      <h2 id={`item-${index}`} className="text-lg font-semibold text-gray-900">
        {item.title}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        <span className="font-medium">{item.status}</span> · {new Date(item.at).toUTCString()}
        {item.listing && (
          <>
            {' '}
            ·{' '}
            <a className="text-brand-700 underline" href={`/provider/${item.listing.slug}`}>
              {item.listing.name}
            </a>
          </>
        )}
      </p>
      {item.text && <p className="mt-3 whitespace-pre-line text-gray-900">{item.text}</p>}
      {item.photo && (
        <a href={item.photo.url} className="mt-3 block">
          <img src={item.photo.url} alt={item.photo.alt} className="h-auto max-h-[32rem] w-auto max-w-full rounded-lg" />
        </a>
      )}
      <div className={item.beside ? 'mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]' : 'mt-3'}>
        <Details heading={item.beside ? 'Sent' : undefined} details={item.details} />
        {item.beside && (
          <div>
            <h3 className="text-sm font-semibold text-gray-900">
              Looks like{' '}
              <a className="text-brand-700 underline" href={`/provider/${item.beside.slug}`}>
                {item.beside.title}
              </a>
            </h3>
            <Details details={item.beside.details} />
          </div>
        )}
      </div>
      {item.reports.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-gray-900">Reports ({item.reports.length})</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-800">
            {item.reports.map((r) => (
              <li key={`${r.createdAt} ${r.reason} ${r.details ?? ''}`}>
                {r.reason.replaceAll('_', ' ')}
                {r.details ? `: ${r.details}` : ''} <span className="text-gray-600">({new Date(r.createdAt).toUTCString()})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {item.decisions.map((action) => (
          <button key={action} type="button" className="btn-secondary" aria-keyshortcuts={DECISION_KEYS[action].key} onClick={() => onDecide(action)}>
            {DECISION_KEYS[action].label} <kbd className="ml-1 rounded border border-gray-300 px-1 text-xs">{DECISION_KEYS[action].key}</kbd>
          </button>
        ))}
      </div>
    </>
  );
}

function Details({ heading, details }: { heading?: string | undefined; details: QueueItem['details'] }) {
  if (!details.length && !heading) return null;
  return (
    <div>
      {heading && <h3 className="text-sm font-semibold text-gray-900">{heading}</h3>}
      <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {details.map((d) => (
          <div key={d.label} className="contents">
            <dt className="text-gray-600">{d.label}</dt>
            <dd className="text-gray-900">{d.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ConfirmDecision({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const id = useId();
  const { dialogProps, close } = useModalDialog(onClose);
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { action, item } = pending;
  const label = DECISION_KEYS[action].label;

  function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    void (async () => {
      try {
        const body = { action, target: item.id, reason, ...(action === 'assign' ? { email } : {}) };
        const done = await apiCall<{ summary: string }>('POST', '/api/operator/decisions', body);
        sessionStorage.setItem(LAST_RESULT, done.summary);
        window.location.reload();
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
        setBusy(false);
      }
    })();
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <dialog {...dialogProps} aria-labelledby={`${id}-title`} className="w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-black/40">
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
          {label}: {item.title}
        </h2>
        <p className="text-sm text-gray-700">This will {DECISIONS[action].does}. It is recorded with your email and the reason.</p>
        {action === 'assign' && (
          <div>
            <label htmlFor={`${id}-email`} className="field-label">
              Email of the new owner *
            </label>
            <input id={`${id}-email`} type="email" required className="field-input" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-reason`} className="field-label">
            Reason *
          </label>
          <textarea
            id={`${id}-reason`}
            required
            maxLength={MAX_REASON_LENGTH}
            rows={3}
            className="field-input"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={!!errorId}
            aria-describedby={errorId}
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Please wait...' : `Confirm: ${label}`}
          </button>
        </div>
      </form>
    </dialog>
  );
}
