/** The owner's answers that need more than a click (docs/requests.md), shared by the email link page and /business. */
import { useId } from 'react';
import { DECLINE_REASONS, type DeclineReason, REQUEST_LIMITS } from '@/features/requests';

/** "YYYY-MM-DD" of today plus `days`, on this device's calendar (the server checks the listing's). */
function isoDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A day and a time on the listing's clock; `value` is "YYYY-MM-DDTHH:MM" once both are set. */
export function ProposeFields({
  date,
  time,
  onChange,
  error,
}: {
  date: string;
  time: string;
  onChange: (next: { date: string; time: string }) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">Propose another time</legend>
      <p className="text-xs text-gray-600">In your business&rsquo;s own time zone. The client accepts or declines it by email.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-date`} className="field-label">
            Day
          </label>
          <input
            id={`${id}-date`}
            type="date"
            className="field-input"
            min={isoDay(0)}
            max={isoDay(REQUEST_LIMITS.daysAhead)}
            value={date}
            onChange={(e) => onChange({ date: e.target.value, time })}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="field-label">
            Time
          </label>
          <input
            id={`${id}-time`}
            type="time"
            step={900}
            className="field-input"
            value={time}
            onChange={(e) => onChange({ date, time: e.target.value })}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The short list of reasons; none is a fine answer too. */
export function DeclineFields({ reason, onChange }: { reason: DeclineReason | ''; onChange: (reason: DeclineReason | '') => void }) {
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">Reason (Optional, the client sees it)</legend>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="radio" name={`${id}-reason`} checked={reason === ''} onChange={() => onChange('')} />
        No reason given
      </label>
      {DECLINE_REASONS.map((r) => (
        <label key={r.value} className="flex items-center gap-2 text-sm text-gray-800">
          <input type="radio" name={`${id}-reason`} value={r.value} checked={reason === r.value} onChange={() => onChange(r.value)} />
          {r.label}
        </label>
      ))}
    </fieldset>
  );
}
