/**
 * The operator's sign-in at /operator (docs/moderation.md "Operators"): the owners' passwordless code,
 * asked for through POST /api/operator/code (only an operator's address gets one) and entered through
 * the owners' own POST /api/owners/sign-in. The page then reloads as the console.
 */
import { useId, useState, type FormEvent } from 'react';
import { CodeField, EmailField } from './CodeField';
import { apiCall } from '@/lib/apiClient';

export default function OperatorSignIn() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    void (async () => {
      try {
        if (!sentTo) {
          const sent = await apiCall<{ email: string }>('POST', '/api/operator/code', { email });
          setSentTo(sent.email);
        } else {
          await apiCall('POST', '/api/owners/sign-in', { email: sentTo, code });
          window.location.reload();
          return;
        }
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
      setBusy(false);
    })();
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4 rounded-2xl border border-gray-200 p-6">
      <h2 className="text-xl font-semibold text-gray-900">Operator sign-in</h2>
      {!sentTo ? (
        <>
          <p className="text-sm text-gray-700">Enter your operator email. If it belongs to an operator, we email a 6-digit code to it: no password.</p>
          <div>
            <EmailField id={`${id}-email`} email={email} setEmail={setEmail} errorId={errorId} label="Operator email" />
          </div>
        </>
      ) : (
        <CodeField id={`${id}-code`} sentTo={sentTo} code={code} setCode={setCode} errorId={errorId} />
      )}
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Please wait...' : sentTo ? 'Sign in' : 'Email me a code'}
      </button>
    </form>
  );
}
