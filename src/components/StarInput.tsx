/**
 * Star rating input: a radio group of five stars with hover preview and the choice
 * read as "N star" / "N stars". Arrow keys move within the group, as for any radio group.
 */
import { useId, useState } from 'react';

export const starLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

export function StarInput({
  value,
  onChange,
  invalid,
  describedBy,
  labelledBy,
}: {
  value: number;
  onChange: (n: number) => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="flex items-center gap-1"
        onMouseLeave={() => setHover(0)}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
            onMouseEnter={() => setHover(n)}
          >
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" aria-label={starLabel(n)} />
            <svg aria-hidden="true" width="32" height="32" viewBox="0 0 20 20" fill="currentColor" className={n <= shown ? 'text-amber-500' : 'text-gray-300'}>
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
            </svg>
          </label>
        ))}
        {shown > 0 && (
          <span className="ml-2 text-sm text-gray-700" data-testid="star-label">
            {starLabel(shown)}
          </span>
        )}
      </div>
    </div>
  );
}
