/**
 * List Your Business popup: ten fields, validated with the business application schema; sends the
 * listing payload; toasts on success and failure. The site's modal dialog (useModalDialog.ts):
 * Escape, Cancel, the close button and the backdrop close it, and closing resets the form.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { Honeypot, withHoneypot } from '@/components/Honeypot';
import { postJson } from '@/lib/apiClient';
import { businessApplicationSchema, toProviderPayload } from '@/features/providers/schemas';
import { $businessPopupOpen, PROVIDERS_CHANGED_EVENT } from '@/stores/businessPopup';
import { toast } from '@/stores/toasts';
import { APPLICATION_INTRO, applicationToast } from '@/features/owners';
import { HELD_MESSAGE } from '@/features/providers/schemas';
import { US_STATES } from '@/features/places';
import { DialogHeader } from './DialogHeader';
import { Field } from './Field';
import { useModalDialog } from './useModalDialog';
import { useValidatedForm } from './useValidatedForm';

type Name = 'businessName' | 'ownerName' | 'email' | 'phone' | 'address' | 'city' | 'state' | 'zipCode' | 'services' | 'website';
const EMPTY: Record<Name, string> = {
  businessName: '',
  ownerName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  services: '',
  website: '',
};

const FIELDS: {
  name: Name;
  label: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
  wide?: boolean;
  textarea?: boolean;
  /** A select of the US states and DC (value: the code), so no state is ever cut short. */
  select?: boolean;
}[] = [
  { name: 'businessName', label: 'Business Name *', autoComplete: 'organization', wide: true },
  { name: 'ownerName', label: 'Owner Name *', autoComplete: 'name' },
  { name: 'email', label: 'Email *', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone *', type: 'tel', autoComplete: 'tel', placeholder: '(555) 555-0100' },
  { name: 'website', label: 'Website (Optional)', type: 'url', autoComplete: 'url', placeholder: 'https://' },
  { name: 'address', label: 'Business Address *', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City *', autoComplete: 'address-level2' },
  { name: 'state', label: 'State *', autoComplete: 'address-level1', select: true },
  { name: 'zipCode', label: 'ZIP Code *', autoComplete: 'postal-code' },
  { name: 'services', label: 'Services Offered *', placeholder: 'Manicure, Pedicure, Gel Nails', wide: true, textarea: true },
];

/** The states by name, for the State select. */
const STATE_OPTIONS = Object.entries(US_STATES)
  .map(([code, s]) => [code, s.name] as const)
  .sort((a, b) => a[1].localeCompare(b[1]));

export default function BusinessPopup() {
  const open = useStore($businessPopupOpen);
  if (!open) return null;
  return <BusinessDialog />;
}

/** The open popup: mounted when the store opens it, so each opening starts from an empty form. */
function BusinessDialog() {
  const id = useId();
  const {
    values: form,
    errors,
    busy: submitting,
    set,
    submit: validateAndSend,
  } = useValidatedForm(EMPTY, (values) => businessApplicationSchema.safeParse(values));
  const [fax, setFax] = useState('');
  const { close, dialogProps } = useModalDialog(() => $businessPopupOpen.set(false));
  const dialog = dialogProps.ref;

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const valid = await validateAndSend(async (application) => {
        const answer = await postJson<{ status?: string }>('/api/providers', withHoneypot(toProviderPayload(application), fax));
        // A listing like one already here waits for a moderator instead (HELD_MESSAGE, docs/moderation.md).
        toast({ title: 'Business Application Submitted!', description: answer?.status === 'held' ? HELD_MESSAGE : applicationToast(application.email) });
        window.dispatchEvent(new Event(PROVIDERS_CHANGED_EVENT));
        close();
      });
      // Show the first field to fix.
      if (!valid) requestAnimationFrame(() => dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    } catch (error) {
      console.error('Business submission failed', error);
      toast({ title: 'Submission Failed', description: 'Please check your information and try again.', variant: 'destructive' });
    }
  }

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="mx-auto mt-auto mb-0 max-h-[100dvh] w-full max-w-full overflow-y-auto rounded-t-2xl bg-white shadow-2xl backdrop:bg-gray-900/50 sm:m-auto sm:max-h-[90vh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:rounded-2xl"
    >
      <div className="p-6">
        <DialogHeader close={close}>
          <div>
            <h2 id={`${id}-title`} className="text-2xl font-bold text-gray-900">
              List Your Business
            </h2>
            <p id={`${id}-desc`} className="mt-1 text-sm text-gray-700">
              {APPLICATION_INTRO}
            </p>
          </div>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="relative mt-6 grid gap-4 sm:grid-cols-2">
          <Honeypot value={fax} onChange={setFax} />

          {FIELDS.map((f) => (
            <Field key={f.name} id={`${id}-${f.name}`} label={f.label} error={errors[f.name]} className={f.wide ? 'sm:col-span-2' : undefined}>
              {(control) => {
                const props = {
                  ...control,
                  name: f.name,
                  value: form[f.name],
                  autoComplete: f.autoComplete,
                  placeholder: f.placeholder,
                  maxLength: f.maxLength,
                  onChange: (e: { target: { value: string } }) => set(f.name, f.maxLength ? e.target.value.slice(0, f.maxLength) : e.target.value),
                };
                return f.textarea ? (
                  <textarea {...props} rows={3} />
                ) : f.select ? (
                  <select {...props}>
                    <option value="">Choose a state</option>
                    {STATE_OPTIONS.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input {...props} type={f.type ?? 'text'} />
                );
              }}
            </Field>
          ))}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={close} disabled={submitting}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit Application'}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
