/**
 * One field of an island's form: its label, the control, an optional hint and the error, the
 * control described by the hint and the error (in that order) and marked invalid while there is
 * an error. The control is the caller's (an input, a select, a textarea), given the props that
 * wire it up.
 */
import type { ReactNode } from 'react';

/** What a Field's control spreads onto itself. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export function Field({
  id,
  label,
  hint,
  hintClassName = 'text-xs text-gray-600',
  error,
  alert = false,
  className,
  children,
}: {
  /** The control's id; the hint's and the error's are made from it. */
  id: string;
  label: ReactNode;
  /** Shown under the control while it is not null, undefined or false. */
  hint?: ReactNode;
  hintClassName?: string;
  error?: string | undefined;
  /** The error is also announced as it appears (role="alert"). */
  alert?: boolean;
  /** The wrapper's class, e.g. its span in a grid. */
  className?: string | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const hintId = hint === undefined || hint === null || hint === false ? undefined : `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children({ id, className: 'field-input', 'aria-invalid': !!error, 'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined })}
      {hintId && (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role={alert ? 'alert' : undefined} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
