/**
 * "Claim this business" (docs/owners.md "Claim"): a modal dialog in two steps. The claimant types
 * an email; a code goes to it only if it is the listing's or at its website's domain (otherwise the
 * API's sentence says which address can claim). Then the 6-digit code, which signs in and claims.
 * The site's one modal dialog (useModalDialog.ts, docs/architecture.md "Dialogs").
 */
import { useId, useState, type FormEvent } from 'react';
import { CodeField, EmailField } from './CodeField';
import { apiCall, ApiError } from '@/lib/apiClient';
import { DialogHeader } from './DialogHeader';
import { useModalDialog } from './useModalDialog';

export interface ClaimTarget {
  providerId: string;
  name: string;
}

type Step = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'done' };

export default function ClaimDialog({ target, onClose }: { target: ClaimTarget; onClose: () => void }) {
  const id = useId();
  const { close, dialogProps } = useModalDialog(onClose);
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function askCode(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      const sent = await apiCall<{ email: string }>('POST', '/api/owners/code', { email, providerId: target.providerId });
      setCode('');
      setStep({ kind: 'code', email: sent.email });
    });
  }

  function enterCode(e: FormEvent) {
    e.preventDefault();
    if (step.kind !== 'code') return;
    void run(async () => {
      await apiCall('POST', '/api/owners/sign-in', { email: step.email, code, providerId: target.providerId });
      setStep({ kind: 'done' });
    });
  }

  const errorLine = error && (
    <p id={`${id}-error`} role="alert" className="field-error">
      {error}
    </p>
  );
  return (
    <dialog {...dialogProps} aria-labelledby={`${id}-title`} className="m-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl backdrop:bg-gray-900/50">
      <DialogHeader close={close}>
        <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900">
          {`Claim ${target.name}`}
        </h2>
      </DialogHeader>
      {step.kind === 'email' && (
        <form onSubmit={askCode} noValidate className="mt-4 space-y-4">
          <p className="text-sm text-gray-700">
            Prove this business is yours: we email a 6-digit code to the address this listing shows, or to one at its website&rsquo;s domain. No password, ever.
          </p>
          <div>
            <EmailField id={`${id}-email`} email={email} setEmail={setEmail} errorId={error ? `${id}-error` : undefined} />
            {errorLine}
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Email me a code'}
          </button>
        </form>
      )}
      {step.kind === 'code' && (
        <form onSubmit={enterCode} noValidate className="mt-4 space-y-4">
          <CodeField id={`${id}-code`} sentTo={step.email} code={code} setCode={setCode} errorId={error ? `${id}-error` : undefined} />
          {errorLine}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Checking...' : 'Confirm and claim'}
          </button>
          <button type="button" className="btn-secondary w-full" disabled={busy} onClick={() => setStep({ kind: 'email' })}>
            Use another email
          </button>
        </form>
      )}
      {step.kind === 'done' && (
        <div className="mt-4 space-y-4" role="status">
          <p className="text-gray-700">
            You now manage {target.name} on Glow. Its page shows &ldquo;Verified business&rdquo;, and you can keep its hours, menu and details up to date from
            your dashboard.
          </p>
          <a href="/business" className="btn-primary w-full">
            Open your dashboard
          </a>
        </div>
      )}
    </dialog>
  );
}
