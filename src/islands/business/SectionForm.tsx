/**
 * The frame of one dashboard section (docs/owners.md "Dashboard"): a titled form with its own Save
 * button and its own status line. A new section is one component in src/islands/business/ that
 * renders <SectionForm> around its fields, saves through useSection, and is listed once in
 * ListingSections.tsx.
 */
import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Field } from '../Field';
import { FIX_MARKED } from './useSection';

/** What both frames take: the title, the intro, the save's state and the fields. */
interface FrameProps {
  title: string;
  intro?: ReactNode;
  busy: boolean;
  message: string;
  onSubmit: () => void;
  /** "Save details", "Save hours": says what the button saves. */
  saveLabel: string;
  children: ReactNode;
}

/** The form's submit: the page does not reload, the section saves. */
const submitting = (onSubmit: () => void) => (e: FormEvent) => {
  e.preventDefault();
  onSubmit();
};

export function SectionForm({
  title,
  intro,
  formRef,
  busy,
  message,
  onSubmit,
  saveLabel,
  children,
}: FrameProps & { formRef: RefObject<HTMLFormElement | null> }) {
  const id = useId();
  return (
    <form ref={formRef} onSubmit={submitting(onSubmit)} noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-gray-200 p-5">
      <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      {intro && <div className="text-sm text-gray-700">{intro}</div>}
      {children}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving...' : saveLabel}
        </button>
        <p role="status" className={message === FIX_MARKED || (message && !message.startsWith('Saved')) ? 'field-error' : 'text-gray-900'}>
          {message}
        </p>
      </div>
    </form>
  );
}

/** A labelled text field with its error beside it, described by it (a Field with an input or a textarea). */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  textarea = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: string;
  autoComplete?: string;
  textarea?: boolean;
}) {
  const change = (e: { target: { value: string } }) => onChange(e.target.value);
  return (
    <Field id={id} label={label} error={error}>
      {(control) =>
        textarea ? (
          <textarea {...control} value={value} onChange={change} rows={4} />
        ) : (
          <input {...control} value={value} onChange={change} type={type} autoComplete={autoComplete} />
        )
      }
    </Field>
  );
}

/**
 * The frame of a dashboard section saved through a call of its own ("Amenities and more", "Time
 * requests"): a titled section, its intro, and its form with a Save button and a status line that
 * shows once there is something to say (an alert when it is a failure).
 */
export function SettingsSection({
  title,
  intro,
  marker,
  formClassName,
  busy,
  message,
  failed,
  onSubmit,
  saveLabel,
  children,
}: FrameProps & {
  /** A data attribute that names the section for the page's tests, e.g. `data-requests-settings`. */
  marker?: `data-${string}`;
  formClassName: string;
  failed: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-gray-200 p-5" {...(marker ? { [marker]: true } : {})}>
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-700">{intro}</p>
      <form onSubmit={submitting(onSubmit)} className={formClassName} noValidate>
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : saveLabel}
          </button>
          {message && (
            <p role={failed ? 'alert' : 'status'} className={failed ? 'field-error' : 'text-sm text-green-800'}>
              {message}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
