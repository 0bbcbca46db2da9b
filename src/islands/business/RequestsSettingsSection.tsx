/**
 * The dashboard's "Time requests" settings (docs/requests.md): take requests or not, an optional
 * "Book online" link to the tool the business already uses (https only), and an optional
 * cancellation policy shown to shoppers before they send. Saved on its own
 * (PUT /api/owners/listings/{id}/requests-settings), like "Amenities and more".
 */
import { useEffect, useId, useState } from 'react';
import { BOOK_ONLINE_LABEL, REQUEST_LIMITS, TAKE_REQUESTS_LABEL } from '@/features/requests';
import { apiCall } from '@/lib/apiClient';
import { Field } from '../Field';
import type { RequestSettings } from '../requests/types';
import { SettingsSection } from './SectionForm';
import { useSave } from './useSection';

export const HTTPS_ONLY = 'Please enter a link that starts with https://';

type Setters = { setTakesRequests: (v: boolean) => void; setBookingUrl: (v: string) => void; setPolicy: (v: string) => void; setLoaded: (v: boolean) => void };
/** Puts saved settings into the form's fields. */
function fill(s: RequestSettings, f: Setters) {
  f.setTakesRequests(s.takesRequests);
  f.setBookingUrl(s.bookingUrl ?? '');
  f.setPolicy(s.cancellationPolicy ?? '');
  f.setLoaded(true);
}

export default function RequestsSettingsSection({ providerId }: { providerId: string }) {
  const id = useId();
  const url = `/api/owners/listings/${encodeURIComponent(providerId)}/requests-settings`;
  const [loaded, setLoaded] = useState(false);
  const [takesRequests, setTakesRequests] = useState(false);
  const [bookingUrl, setBookingUrl] = useState('');
  const [policy, setPolicy] = useState('');
  const { errors, message, status, run, fail } = useSave();

  const setters = { setTakesRequests, setBookingUrl, setPolicy, setLoaded };
  // biome-ignore lint/correctness/useExhaustiveDependencies: state setters never change; loads once per listing
  useEffect(() => {
    apiCall<RequestSettings>('GET', url)
      .then((s) => fill(s, setters))
      .catch(fail);
  }, [url]);

  if (!loaded)
    return message ? (
      <p role="alert" className="field-error">
        {`Your time request settings could not be loaded: ${message}`}
      </p>
    ) : (
      <p className="text-gray-700">Loading your time request settings...</p>
    );

  function save() {
    const local: Record<string, string> = {};
    if (bookingUrl.trim() && !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(bookingUrl.trim())) local.bookingUrl = HTTPS_ONLY;
    if (policy.length > REQUEST_LIMITS.policyMax) local.cancellationPolicy = `Cancellation policy must be less than ${REQUEST_LIMITS.policyMax} characters`;
    const body: RequestSettings = { takesRequests, bookingUrl: bookingUrl.trim() || null, cancellationPolicy: policy.trim() || null };
    return run(async () => fill(await apiCall<RequestSettings>('PUT', url, body), setters), { saved: 'Saved. Your page shows the change now.', local });
  }

  return (
    <SettingsSection
      title="Time requests"
      intro={
        <>
          Shoppers press &ldquo;Request a time&rdquo; on your page, pick a service and up to three times, and confirm their email. You get an email with
          one-click Accept, Propose another time and Decline, and the same request below. Nothing is booked until you confirm; there is no fee.
        </>
      }
      marker="data-requests-settings"
      formClassName="space-y-4"
      {...status}
      onSubmit={save}
      saveLabel="Save request settings"
    >
      <label className="flex items-center gap-2 font-semibold text-gray-900">
        <input type="checkbox" checked={takesRequests} onChange={(e) => setTakesRequests(e.target.checked)} />
        {TAKE_REQUESTS_LABEL}
      </label>
      <Field
        id={`${id}-booking`}
        label={`${BOOK_ONLINE_LABEL} link (Optional)`}
        hint={<>The booking tool you already use, if any: your page shows it as a &ldquo;Book online&rdquo; button.</>}
        error={errors.bookingUrl}
      >
        {(control) => (
          <input {...control} type="url" inputMode="url" placeholder="https://" value={bookingUrl} onChange={(e) => setBookingUrl(e.target.value)} />
        )}
      </Field>
      <Field
        id={`${id}-policy`}
        label="Cancellation policy (Optional)"
        hint={`${policy.length}/${REQUEST_LIMITS.policyMax}. Shown to shoppers before they send a request.`}
        error={errors.cancellationPolicy}
      >
        {(control) => <textarea {...control} rows={3} maxLength={REQUEST_LIMITS.policyMax} value={policy} onChange={(e) => setPolicy(e.target.value)} />}
      </Field>
    </SettingsSection>
  );
}
