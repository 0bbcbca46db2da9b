/**
 * The owners' dashboard (docs/owners.md "Dashboard"): sign in with an emailed code, pick a listing,
 * edit what the business may change and save it. The server validates every field with the same
 * schemas and messages as the other forms; its messages show beside the fields they name.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DAYS } from '@/config';
import type { OwnerListing } from '@/features/owners/schemas/listingEdit';
import type { OwnerSession } from '@/features/owners/schemas/signIn';
import type { Review } from '@/features/reviews/schemas/review';
import { CodeField, EmailField } from './CodeField';
import { ownerCall, OwnerCallError } from './ownerApi';
import { InsightsSection } from './InsightsSection';
import FacetsSection from './business/FacetsSection';
import PhotoManager from './PhotoManager';

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
    ownerCall<OwnerSession>('GET', '/api/owners/session')
      .then(setSession)
      .catch((e) => {
        if (e instanceof OwnerCallError && e.status === 401) setSession(null);
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
        const sent = await ownerCall<{ email: string }>('POST', '/api/owners/code', { email });
        setSentTo(sent.email);
      } else {
        onSignedIn(await ownerCall<OwnerSession>('POST', '/api/owners/sign-in', { email: sentTo, code, providerId: claim?.providerId }));
      }
    });
  }

  function newCode() {
    if (!claim) return;
    void run(async () => {
      await ownerCall('POST', '/api/owners/code', { email: claim.email, providerId: claim.providerId });
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
    await ownerCall('DELETE', `/api/owners/session${everywhere ? '?everywhere=true' : ''}`).catch(() => undefined);
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
      {selected && <ListingEditor key={selected} providerId={selected} />}
      {selected && <FacetsSection key={`${selected}-facets`} providerId={selected} />}
      {selected && <PhotoManager key={`${selected}-photos`} providerId={selected} />}
      {selected && <ReviewReplies key={`${selected}-reviews`} providerId={selected} />}
      {selected && <InsightsSection key={`${selected}-insights`} providerId={selected} />}
    </div>
  );
}

interface Draft {
  description: string;
  phone: string;
  email: string;
  website: string;
  services: string;
  openingHours: Record<string, string>;
  menu: { name: string; priceFrom: string; priceTo: string; durationMinutes: string }[];
  status: OwnerListing['status'];
  closedUntil: string;
}

const toDraft = (l: OwnerListing): Draft => ({
  description: l.description ?? '',
  phone: l.phone ?? '',
  email: l.email ?? '',
  website: l.website ?? '',
  services: l.services.join(', '),
  openingHours: Object.fromEntries(DAYS.map((d) => [d, l.openingHours[d] ?? 'Closed'])),
  menu: l.menu.map((m) => ({
    name: String(m.name ?? ''),
    priceFrom: String(m.priceFrom ?? ''),
    priceTo: m.priceTo === undefined ? '' : String(m.priceTo),
    durationMinutes: String(m.durationMinutes ?? ''),
  })),
  status: l.status,
  closedUntil: l.closedUntil ?? '',
});

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

const fromDraft = (d: Draft) => ({
  description: d.description,
  phone: d.phone,
  email: d.email,
  website: d.website,
  services: d.services
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  openingHours: d.openingHours,
  menu: d.menu.map((m) => ({ name: m.name, priceFrom: number(m.priceFrom), priceTo: number(m.priceTo), durationMinutes: number(m.durationMinutes) })),
  status: d.status,
  closedUntil: d.status === 'temporarily_closed' ? d.closedUntil || null : null,
});

function ListingEditor({ providerId }: { providerId: string }) {
  const id = useId();
  const [listing, setListing] = useState<OwnerListing | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    ownerCall<OwnerListing>('GET', `/api/owners/listings/${encodeURIComponent(providerId)}`)
      .then((l) => {
        setListing(l);
        setDraft(toDraft(l));
      })
      .catch((e) => setMessage(e instanceof Error ? e.message : String(e)));
  }, [providerId]);

  if (!listing || !draft)
    return message ? (
      <p role="alert" className="field-error">
        {message}
      </p>
    ) : (
      <p className="text-gray-700">Loading...</p>
    );
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage('');
    setErrors({});
    try {
      const saved = await ownerCall<OwnerListing>('PUT', `/api/owners/listings/${encodeURIComponent(providerId)}`, fromDraft(draft!));
      setListing(saved);
      setDraft(toDraft(saved));
      setMessage('Saved. Your page shows the change now.');
    } catch (err) {
      if (err instanceof OwnerCallError && err.issues.length) setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Draft, label: string, props: { type?: string; autoComplete?: string; textarea?: boolean } = {}) => {
    const error = errors[name];
    const common = {
      id: `${id}-${name}`,
      className: 'field-input',
      value: draft[name] as string,
      'aria-invalid': !!error,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      onChange: (e: { target: { value: string } }) => set(name, e.target.value as never),
    };
    return (
      <div>
        <label htmlFor={common.id} className="field-label">
          {label}
        </label>
        {props.textarea ? <textarea {...common} rows={4} /> : <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} />}
        {error && (
          <p id={`${id}-${name}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={save} noValidate className="space-y-8" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-2xl font-bold text-gray-900">
          {listing.name}
        </h2>
        <p className="text-sm text-gray-700">
          {listing.address} ·{' '}
          <a className="text-brand-700 underline" href={`/provider/${listing.slug}`}>
            View your page
          </a>
        </p>
        {listing.ownerUpdatedAt && <p className="text-sm text-gray-700">Last saved {new Date(listing.ownerUpdatedAt).toLocaleString('en-US')}</p>}
      </div>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-gray-900">Status</legend>
        {(
          [
            ['open', 'Open as usual'],
            ['temporarily_closed', 'Temporarily closed until a date (the listing reopens by itself that day)'],
            ['permanently_closed', 'Permanently closed'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-gray-900">
            <input type="radio" name={`${id}-status`} value={value} checked={draft.status === value} onChange={() => set('status', value)} />
            {label}
          </label>
        ))}
        {draft.status === 'temporarily_closed' && field('closedUntil', 'Reopening date *', { type: 'date' })}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-gray-900">Contact</legend>
        {field('phone', 'Phone *', { type: 'tel', autoComplete: 'tel' })}
        {field('email', 'Email *', { type: 'email', autoComplete: 'email' })}
        {field('website', 'Website (Optional)', { type: 'url', autoComplete: 'url' })}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold text-gray-900">About</legend>
        {field('description', 'Description', { textarea: true })}
        {field('services', 'Services (separated by commas) *')}
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-lg font-semibold text-gray-900">Opening hours</legend>
        <p className="mb-3 text-sm text-gray-700">Write each day like &ldquo;9:00 AM - 6:00 PM&rdquo;, or &ldquo;Closed&rdquo;.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {DAYS.map((day) => {
            const error = errors[`openingHours.${day}`];
            return (
              <div key={day}>
                <label htmlFor={`${id}-hours-${day}`} className="field-label capitalize">
                  {day}
                </label>
                <input
                  id={`${id}-hours-${day}`}
                  className="field-input"
                  value={draft.openingHours[day]}
                  aria-invalid={!!error}
                  aria-describedby={error ? `${id}-hours-${day}-error` : undefined}
                  onChange={(e) => set('openingHours', { ...draft.openingHours, [day]: e.target.value })}
                />
                {error && (
                  <p id={`${id}-hours-${day}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-lg font-semibold text-gray-900">Service menu</legend>
        <p className="mb-3 text-sm text-gray-700">Prices in US dollars; leave &ldquo;to&rdquo; empty for a from-price. Duration in minutes.</p>
        <div className="space-y-3">
          {draft.menu.map((item, i) => {
            const update = (key: keyof typeof item, value: string) =>
              set(
                'menu',
                draft.menu.map((m, j) => (j === i ? { ...m, [key]: value } : m)),
              );
            const rowErrors = Object.entries(errors)
              .filter(([path]) => path.startsWith(`menu.${i}.`))
              .map(([, m]) => m);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; a removed row re-keys the rest, which is harmless here
              <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto]">
                {(
                  [
                    ['name', 'Service'],
                    ['priceFrom', 'Price from ($)'],
                    ['priceTo', 'to ($)'],
                    ['durationMinutes', 'Minutes'],
                  ] as const
                ).map(([key, label]) => (
                  <div key={key}>
                    <label htmlFor={`${id}-menu-${i}-${key}`} className="field-label">
                      {label}
                    </label>
                    <input
                      id={`${id}-menu-${i}-${key}`}
                      className="field-input"
                      inputMode={key === 'name' ? undefined : 'numeric'}
                      value={item[key]}
                      onChange={(e) => update(key, e.target.value)}
                    />
                  </div>
                ))}
                <button
                  type="button"
                  className="btn-secondary self-end"
                  onClick={() =>
                    set(
                      'menu',
                      draft.menu.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove<span className="sr-only"> {item.name || `row ${i + 1}`}</span>
                </button>
                {rowErrors.length > 0 && <p className="field-error col-span-full">{rowErrors.join('. ')}</p>}
              </div>
            );
          })}
        </div>
        <button
          type="button"
          className="btn-secondary mt-3"
          onClick={() => set('menu', [...draft.menu, { name: '', priceFrom: '', priceTo: '', durationMinutes: '' }])}
        >
          Add a service
        </button>
      </fieldset>

      {/* Photos: the photos feature adds its section here (docs/photos.md). */}

      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save changes'}
        </button>
        {message && (
          <p role="status" className={Object.keys(errors).length ? 'field-error' : 'text-gray-900'}>
            {message}
          </p>
        )}
      </div>
    </form>
  );
}

/**
 * "Reply publicly" under each recent review: one response per review, editable and deletable.
 * Owners can respond to reviews but never hide, edit or delete them (docs/owners.md "Replies").
 */
function ReviewReplies({ providerId }: { providerId: string }) {
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const load = () =>
    ownerCall<Review[]>('GET', `/api/providers/${encodeURIComponent(providerId)}/reviews?limit=20`)
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
        ? ownerCall('PUT', `/api/owners/replies/${encodeURIComponent(review.reply.id)}`, { body })
        : ownerCall('POST', '/api/owners/replies', { reviewId: review.id, body }),
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
            onClick={() => void run(() => ownerCall('DELETE', `/api/owners/replies/${encodeURIComponent(review.reply!.id)}`))}
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
      <label htmlFor={`${id}-reply`} className="field-label">
        {`Reply publicly to ${review.customerName}`}
      </label>
      <textarea
        id={`${id}-reply`}
        className="field-input"
        rows={3}
        maxLength={1000}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-count`} className="text-xs text-gray-600">{`${body.length}/1000`}</p>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Publishing...' : review.reply ? 'Save response' : 'Reply publicly'}
      </button>
    </form>
  );
}
