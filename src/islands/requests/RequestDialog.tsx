/**
 * "Request a time" (docs/requests.md): a modal dialog, loaded on the first click of the
 * provider page's button (src/islands/requests/requestLoader.tsx). It reads what the listing offers
 * (its menu, open dates in its own time zone, cancellation policy), takes a service, one to three
 * times and the shopper's details, confirms the email with a 6-digit code, and only then sends the
 * request. No account, no card, no fee.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Honeypot } from '@/components/Honeypot';
import { DAY_PARTS, REQUEST_LIMITS, requestCreateSchema, requestNotice, SOMETHING_ELSE, type WindowPart } from '@/features/requests';
import { CodeField, EmailField } from '../CodeField';
import { apiCall, ApiError } from '@/lib/apiClient';
import { DialogHeader } from '../DialogHeader';
import { Field } from '../Field';
import { useModalDialog } from '../useModalDialog';
import { dayLabel, zoneName } from './format';
import type { RequestOptions, RequestWindow } from './types';

export interface RequestTarget {
  providerId: string;
  name: string;
}

type Step = 'form' | 'code' | 'done';
interface Draft extends RequestWindow {
  key: number;
}

const PARTS: [WindowPart, string][] = [
  ...Object.entries(DAY_PARTS).map(([k, v]) => [k as WindowPart, v.label] as [WindowPart, string]),
  ['exact', 'Exact time'],
];

export default function RequestDialog({ target, onClose }: { target: RequestTarget; onClose: () => void }) {
  const id = useId();
  const { close, dialogProps } = useModalDialog(onClose);
  const [options, setOptions] = useState<RequestOptions | null>(null);
  const [loadError, setLoadError] = useState('');
  const [step, setStep] = useState<Step>('form');
  const [service, setService] = useState('');
  const [windows, setWindows] = useState<Draft[]>([{ key: 0, date: '', part: 'morning' }]);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [fax, setFax] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState('');

  useEffect(() => {
    apiCall<RequestOptions>('GET', `/api/providers/${encodeURIComponent(target.providerId)}/request-options`)
      .then((o) => {
        setOptions(o);
        setService(o.services[0] ?? SOMETHING_ELSE);
      })
      .catch((e) => setLoadError(e instanceof Error ? e.message : String(e)));
  }, [target.providerId]);

  // After errors render, the first marked field takes focus (a screen reader reads its error then).
  useEffect(() => {
    if (Object.keys(errors).length) document.querySelector<HTMLElement>(`[data-request-dialog] [aria-invalid="true"]`)?.focus();
  }, [errors]);

  const business = options?.businessName ?? target.name;
  const setWindow = (key: number, patch: Partial<RequestWindow>) => setWindows((ws) => ws.map((w) => (w.key === key ? { ...w, ...patch } : w)));
  const payloadWindows = () => windows.map(({ date, part, time }) => (part === 'exact' ? { date, part, time: time ?? '' } : { date, part }));

  /** The request as it will be sent; `code` is filled in at the code step. */
  const payload = (code: string) => ({
    providerId: target.providerId,
    service,
    windows: payloadWindows(),
    name: name.trim(),
    email: email.trim(),
    phone: phone.trim() || null,
    note: note.trim() || null,
    code,
    website: fax,
  });

  /** The server's own schema and messages, checked before a code is sent; the server checks it all again. */
  function localErrors(): Record<string, string> {
    const parsed = requestCreateSchema.safeParse(payload('000000'));
    if (parsed.success) return {};
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    return found;
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage('');
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError && err.issues.length) {
        const byField = Object.fromEntries(err.issues.map((i) => [i.path, i.message]));
        // A field of the form: back to it, with its error beside it; the code's own error stays here.
        if (Object.keys(byField).some((k) => k !== 'code')) setStep('form');
        setErrors(byField);
      } else setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function askCode(e: FormEvent) {
    e.preventDefault();
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length) return;
    void run(async () => {
      await apiCall('POST', '/api/requests/code', { providerId: target.providerId, email: email.trim() });
      setSentTo(email.trim());
      setCode('');
      setStep('code');
    });
  }

  function send(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    void run(async () => {
      const sent = await apiCall<{ message?: string }>('POST', '/api/requests', { ...payload(code), email: sentTo });
      setMessage(sent?.message ?? requestNotice(business));
      setStep('done');
    });
  }

  const errorOf = (key: string) =>
    errors[key] && (
      <p id={`${id}-${key}-error`} className="field-error">
        {errors[key]}
      </p>
    );
  const status = message && (
    <p role="alert" className="field-error">
      {message}
    </p>
  );

  return (
    <dialog
      {...dialogProps}
      data-request-dialog
      aria-labelledby={`${id}-title`}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-gray-900/50"
    >
      <DialogHeader close={close}>
        <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900">
          {`Request a time at ${business}`}
        </h2>
      </DialogHeader>

      {!options &&
        (loadError ? (
          <div className="mt-4 space-y-3">
            <p role="alert" className="field-error">
              {`The times ${target.name} offers could not be loaded: ${loadError}`}
            </p>
            <p className="text-sm text-gray-700">Please try again in a moment, or call the business.</p>
          </div>
        ) : (
          <p className="mt-4 text-gray-700" role="status">
            Loading the days {target.name} is open...
          </p>
        ))}

      {options && !options.takesRequests && (
        <p className="mt-4 text-gray-700">
          {`${business} is not taking requests on Glow right now.`}
          {options.phone && (
            <>
              {' '}
              <a className="text-brand-700 underline" href={`tel:${options.phone.replace(/[^\d+]/g, '')}`}>{`Call ${options.phone}`}</a>
            </>
          )}
        </p>
      )}

      {options?.takesRequests && options.openDates.length === 0 && (
        <p className="mt-4 text-gray-700">
          {`${business} has no open days in the next ${REQUEST_LIMITS.daysAhead} days.`}
          {options.phone && (
            <>
              {' '}
              <a className="text-brand-700 underline" href={`tel:${options.phone.replace(/[^\d+]/g, '')}`}>{`Call ${options.phone}`}</a>
            </>
          )}
        </p>
      )}

      {options?.takesRequests && options.openDates.length > 0 && step === 'form' && (
        <form onSubmit={askCode} noValidate className="mt-4 space-y-5">
          <Field
            id={`${id}-service`}
            label="Service *"
            hint={service === SOMETHING_ELSE && 'Say what you would like in the note.'}
            hintClassName="mt-1 text-xs text-gray-600"
            error={errors.service}
          >
            {(control) => (
              <select {...control} value={service} onChange={(e) => setService(e.target.value)}>
                {[...options.services, SOMETHING_ELSE].map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <fieldset className="space-y-3">
            <legend className="field-label">When would suit you? *</legend>
            <p className="text-xs text-gray-600">
              {`Up to ${REQUEST_LIMITS.maxWindows} times, on days the business is open. Times are ${business}'s: ${zoneName(options.timeZone)}.`}
            </p>
            {errorOf('windows')}
            {windows.map((w, i) => (
              <fieldset key={w.key} className="rounded-xl border border-gray-200 p-3">
                <legend className="px-1 text-sm font-semibold text-gray-900">{`Time ${i + 1}`}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field id={`${id}-date-${w.key}`} label="Day" error={errors[`windows.${i}.date`]}>
                    {(control) => (
                      <select {...control} value={w.date} onChange={(e) => setWindow(w.key, { date: e.target.value })}>
                        <option value="">Choose a day</option>
                        {options.openDates.map((d) => (
                          <option key={d} value={d}>
                            {dayLabel(d)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field id={`${id}-part-${w.key}`} label="Time of day" error={errors[`windows.${i}.part`]}>
                    {(control) => (
                      <select {...control} value={w.part} onChange={(e) => setWindow(w.key, { part: e.target.value as WindowPart })}>
                        {PARTS.map(([value, label]) => (
                          <option key={value} value={value}>
                            {label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  {w.part === 'exact' && (
                    <Field id={`${id}-time-${w.key}`} label="Time" error={errors[`windows.${i}.time`]}>
                      {(control) => (
                        <input {...control} type="time" step={900} value={w.time ?? ''} onChange={(e) => setWindow(w.key, { time: e.target.value })} />
                      )}
                    </Field>
                  )}
                </div>
                {windows.length > 1 && (
                  <button type="button" className="mt-2 text-sm text-brand-700 underline" onClick={() => setWindows((ws) => ws.filter((x) => x.key !== w.key))}>
                    {`Remove time ${i + 1}`}
                  </button>
                )}
              </fieldset>
            ))}
            {windows.length < REQUEST_LIMITS.maxWindows && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setWindows((ws) => [...ws, { key: Math.max(...ws.map((x) => x.key)) + 1, date: '', part: 'morning' }])}
              >
                Add another time
              </button>
            )}
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="field-label">Your details</legend>
            <Field id={`${id}-name`} label="Your Name *" error={errors.name}>
              {(control) => <input {...control} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}
            </Field>
            <div>
              <EmailField id={`${id}-email`} label="Email" email={email} setEmail={setEmail} errorId={errors.email ? `${id}-email-error` : undefined} />
              {errorOf('email')}
            </div>
            <Field id={`${id}-phone`} label="Phone (Optional)" error={errors.phone}>
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  autoComplete="tel-national"
                  placeholder="(212) 555-0142"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              )}
            </Field>
            <Field id={`${id}-note`} label="Note (Optional)" hint={`${note.length}/${REQUEST_LIMITS.noteMax}`} error={errors.note}>
              {(control) => <textarea {...control} rows={3} maxLength={REQUEST_LIMITS.noteMax} value={note} onChange={(e) => setNote(e.target.value)} />}
            </Field>
            <Honeypot value={fax} onChange={setFax} />
          </fieldset>

          <div className="space-y-2 rounded-xl bg-gray-50 p-4 text-sm text-gray-700" data-cancellation>
            {options.cancellationPolicy && (
              <p>
                <strong className="text-gray-900">{`${business}'s cancellation policy: `}</strong>
                <span className="whitespace-pre-line">{options.cancellationPolicy}</span>
              </p>
            )}
            <p>{`Cancelling through Glow is free up to ${REQUEST_LIMITS.freeCancellationHours} hours ahead, from the link in your confirmation email.`}</p>
            <p>{requestNotice(business)}</p>
          </div>
          {status}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Email me a code'}
          </button>
          <p className="text-xs text-gray-600">
            We email you a 6-digit code to confirm your address; nothing reaches the business before you enter it. What we keep and for how long:{' '}
            <a className="text-brand-700 underline" href="/privacy#time-requests">
              privacy
            </a>
            .
          </p>
        </form>
      )}

      {step === 'code' && (
        <form onSubmit={send} noValidate className="mt-4 space-y-4">
          <CodeField id={`${id}-code`} sentTo={sentTo} code={code} setCode={setCode} errorId={errors.code ? `${id}-code-error` : undefined} />
          {errorOf('code')}
          {status}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send request'}
          </button>
          <button type="button" className="btn-secondary w-full" disabled={busy} onClick={() => setStep('form')}>
            Back to the request
          </button>
        </form>
      )}

      {step === 'done' && (
        <div className="mt-4 space-y-4">
          <p role="status" className="font-semibold text-gray-900" data-request-sent>
            {message}
          </p>
          <p className="text-sm text-gray-700">{`${business} answers by email to ${sentTo}. Each email has a link to cancel.`}</p>
          <button type="button" className="btn-primary w-full" onClick={close}>
            Done
          </button>
        </div>
      )}
    </dialog>
  );
}
