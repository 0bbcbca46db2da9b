/**
 * The frame of one dashboard section (docs/owners.md "Dashboard"): a titled form with its own Save
 * button and its own status line. A new section is one component in src/islands/business/ that
 * renders <SectionForm> around its fields, saves through useSection, and is listed once in
 * ListingSections.tsx.
 */
import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FIX_MARKED } from './useSection';

export function SectionForm({
  title,
  intro,
  formRef,
  busy,
  message,
  onSubmit,
  saveLabel,
  children,
}: {
  title: string;
  intro?: ReactNode;
  formRef: RefObject<HTMLFormElement | null>;
  busy: boolean;
  message: string;
  onSubmit: () => void;
  /** "Save details", "Save hours": says what the button saves. */
  saveLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-gray-200 p-5">
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

/** A labelled text field with its error beside it, described by it. */
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
  const common = {
    id,
    className: 'field-input',
    value,
    'aria-invalid': !!error,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {textarea ? <textarea {...common} rows={4} /> : <input {...common} type={type} autoComplete={autoComplete} />}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
