/**
 * The owners' dashboard (docs/owners.md "Dashboard"): sign in with an emailed code, pick a listing,
 * edit what the business may change, section by section (src/islands/business/), and reply to
 * reviews. The server validates every field with the same schemas and messages as the other forms;
 * its messages show beside the fields they name.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { OwnerSession } from '@/features/owners/schemas';
import type { Review } from '@/features/reviews/schemas';
import { CodeField, EmailField } from './CodeField';
import { Field } from './Field';
import { apiCall, ApiError } from '@/lib/apiClient';
import ListingSections from './business/ListingSections';
import { InsightsSection } from './InsightsSection';
import FacetsSection from './business/FacetsSection';
import RequestsInbox from './business/RequestsInbox';
import RequestsSettingsSection from './business/RequestsSettingsSection';

/** A claim continued from the link in a new listing's code email (docs/owners.md "New listings"): /business?claim={id}&email={address}. */
interface PendingClaim {
  providerId: string;
  email: string;
}

function pendingClaim(): PendingClaim | null {
  const params = new URLSearchParams(window.location.search);
  const providerId = params.get('claim')?.trim();
  const email = params.get('email')?.trim();
  return providerId && email ? { providerId, email } : null;
}

export default function BusinessDashboard() {
  const [session, setSession] = useState<OwnerSession | null | undefined>(undefined);
  const [claim, setClaim] = useState<PendingClaim | null>(null);
  const [chosen, setChosen] = useState<string>();
  const [error, setError] = useState('');

  useEffect(() => {
    setClaim(pendingClaim());
    apiCall<OwnerSession>('GET', '/api/owners/session')
      .then(setSession)
      .catch((e) => {
        if (e instanceof ApiError && e.status === 401) setSession(null);
        else setError(e instanceof Error ? e.message : String(e));
      });
  }, []);

  function signedIn(next: OwnerSession) {
    // The claim is done: a reload shows the dashboard, not the code step again.
    if (claim) {
      window.history.replaceState(null, '', window.location.pathname);
      setChosen(claim.providerId);
    }
    setClaim(null);
    setSession(next);
  }

  if (error)
    return (
      <p role="alert" className="field-error">
        {error}
      </p>
    );
  if (session === undefined) return <p className="text-gray-700">Loading your listings...</p>;
  // Signed in as another account, or not at all: the code step of the claim comes first.
  if (claim && !session?.listings.some((l) => l.id === claim.providerId)) return <SignIn claim={claim} onSignedIn={signedIn} />;
  if (session === null) return <SignIn onSignedIn={signedIn} />;
  return <Dashboard session={session} initial={claim?.providerId ?? chosen} onSignedOut={() => setSession(null)} />;
}

function SignIn({ claim, onSignedIn }: { claim?: PendingClaim; onSignedIn: (session: OwnerSession) => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState(claim?.email ?? '');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      if (!sentTo) {
        const sent = await apiCall<{ email: string }>('POST', '/api/owners/code', { email });
        setSentTo(sent.email);
      } else {
        onSignedIn(await apiCall<OwnerSession>('POST', '/api/owners/sign-in', { email: sentTo, code, providerId: claim?.providerId }));
      }
    });
  }

  function newCode() {
    if (!claim) return;
    void run(async () => {
      await apiCall('POST', '/api/owners/code', { email: claim.email, providerId: claim.providerId });
      setCode('');
      setNotice(`We sent a new code to ${claim.email}. Codes from earlier emails no longer work.`);
    });
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4 rounded-2xl border border-gray-200 p-6">
      <h2 className="text-xl font-semibold text-gray-900">{claim ? 'Claim your new listing' : 'Sign in'}</h2>
      {claim && (
        <p className="text-sm text-gray-700">
          You listed your business on Glow with this address. Enter the code from our email to manage the listing: its page then shows &ldquo;Verified
          business&rdquo;.
        </p>
      )}
      {!sentTo ? (
        <>
          <p className="text-sm text-gray-700">
            Enter the email address your listing is managed with. We email you a 6-digit code: no password. Not managing a listing yet? Open your listing and
            press &ldquo;Claim this business&rdquo;.
          </p>
          <div>
            <EmailField id={`${id}-email`} email={email} setEmail={setEmail} errorId={error ? `${id}-error` : undefined} />
          </div>
        </>
      ) : (
        <CodeField id={`${id}-code`} sentTo={sentTo} code={code} setCode={setCode} errorId={error ? `${id}-error` : undefined} />
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-gray-700">
          {notice}
        </p>
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? 'Please wait...' : claim ? 'Confirm and claim' : sentTo ? 'Sign in' : 'Email me a code'}
      </button>
      {claim && (
        <button type="button" className="btn-secondary w-full" disabled={busy} onClick={newCode}>
          Email me a new code
        </button>
      )}
    </form>
  );
}

function Dashboard({ session, initial, onSignedOut }: { session: OwnerSession; initial?: string | undefined; onSignedOut: () => void }) {
  const [selected, setSelected] = useState(initial ?? session.listings[0]?.id ?? '');
  async function signOut(everywhere = false) {
    await apiCall('DELETE', `/api/owners/session${everywhere ? '?everywhere=true' : ''}`).catch(() => undefined);
    onSignedOut();
  }
  return (
    <div className="space-y-6">
      <p className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
        Signed in as <strong>{session.email}</strong>
        <button type="button" className="btn-secondary" onClick={() => void signOut()}>
          Sign out
        </button>
        <button type="button" className="btn-secondary" onClick={() => void signOut(true)} title="Ends your sessions on every phone and computer">
          Sign out everywhere
        </button>
      </p>
      {session.listings.length === 0 && (
        <p className="text-gray-700">This account manages no listing. Open your listing and press &ldquo;Claim this business&rdquo;.</p>
      )}
      {session.listings.length > 1 && (
        <p>
          <label className="field-label" htmlFor="listing-choice">
            Listing
          </label>
          <select id="listing-choice" className="field-input" value={selected} onChange={(e) => setSelected(e.target.value)}>
            {session.listings.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </p>
      )}
      {/* The listing's sections, each saved on its own (src/islands/business/ListingSections.tsx). */}
      {selected && <ListingSections key={selected} providerId={selected} />}
      {selected && <FacetsSection key={`${selected}-facets`} providerId={selected} />}
      {selected && <RequestsSettingsSection key={`${selected}-request-settings`} providerId={selected} />}
      {selected && <RequestsInbox key={`${selected}-requests`} providerId={selected} />}
      {selected && <ReviewReplies key={`${selected}-reviews`} providerId={selected} />}
      {selected && <InsightsSection key={`${selected}-insights`} providerId={selected} />}
    </div>
  );
}

/**
 * "Reply publicly" under each recent review: one response per review, editable and deletable.
 * Owners can respond to reviews but never hide, edit or delete them (docs/owners.md "Replies").
 */
function ReviewReplies({ providerId }: { providerId: string }) {
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const load = () =>
    apiCall<Review[]>('GET', `/api/providers/${encodeURIComponent(providerId)}/reviews?limit=20`)
      .then(setReviews)
      .catch(() => setReviews([]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per listing (the component is keyed by it)
  useEffect(() => {
    void load();
  }, []);
  if (!reviews) return null;
  return (
    <section aria-labelledby="owner-reviews" className="space-y-4">
      <h2 id="owner-reviews" className="text-2xl font-bold text-gray-900">
        Reviews
      </h2>
      <p className="text-sm text-gray-700">
        Reply publicly to thank a client or answer a concern: your response shows under the review as &ldquo;Response from&rdquo; your business. Reviews
        themselves stay as their authors wrote them; see the{' '}
        <a className="text-brand-700 underline" href="/review-guidelines">
          review guidelines
        </a>
        .
      </p>
      {reviews.length === 0 && <p className="text-gray-700">No reviews yet.</p>}
      <ul className="divide-y divide-gray-200">
        {reviews.map((r) => (
          <li key={r.id} className="py-4">
            <p className="font-semibold text-gray-900">{`${r.customerName}, ${r.rating} out of 5 stars`}</p>
            {r.comment && <p className="mt-1 whitespace-pre-line text-gray-700">{r.comment}</p>}
            <ReplyForm review={r} onChange={load} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReplyForm({ review, onChange }: { review: Review; onChange: () => void }) {
  const id = useId();
  const [body, setBody] = useState(review.reply?.body ?? '');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError('');
    try {
      await action();
      setEditing(false);
      onChange();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(() =>
      review.reply
        ? apiCall('PUT', `/api/owners/replies/${encodeURIComponent(review.reply.id)}`, { body })
        : apiCall('POST', '/api/owners/replies', { reviewId: review.id, body }),
    );
  };

  if (review.reply && !editing) {
    return (
      <div className="mt-2 border-l-4 border-brand-200 pl-4">
        <p className="text-sm font-semibold text-gray-900">Your public response</p>
        <p className="whitespace-pre-line text-gray-700">{review.reply.body}</p>
        <p className="mt-2 flex gap-3">
          <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
            Edit response
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={busy}
            onClick={() => void run(() => apiCall('DELETE', `/api/owners/replies/${encodeURIComponent(review.reply!.id)}`))}
          >
            Delete response
          </button>
        </p>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={save} noValidate className="mt-2 space-y-2">
      <Field id={`${id}-reply`} label={`Reply publicly to ${review.customerName}`} hint={`${body.length}/1000`} error={error || undefined} alert>
        {(control) => <textarea {...control} rows={3} maxLength={1000} value={body} onChange={(e) => setBody(e.target.value)} />}
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Publishing...' : review.reply ? 'Save response' : 'Reply publicly'}
      </button>
    </form>
  );
}
