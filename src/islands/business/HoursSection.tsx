/**
 * The dashboard's opening-hours section: per day an opening and a closing time control and a
 * "Closed" toggle, never free text (src/features/owners/hoursForm.ts). A listing without hours says
 * what shoppers see meanwhile, which depends on where it came from (unknownFields.ts).
 */
import { useId, useState } from 'react';
import { DAYS, type Day } from '@/config';
import { dayName, fromWeekHours, toWeekHours, type DayHours } from '@/features/owners';
import { hoursUnknownLabel } from '@/features/providers';
import { SectionForm } from './SectionForm';
import { type SectionProps, useSection } from './useSection';

export default function HoursSection(props: SectionProps) {
  const id = useId();
  const { form, errors, save } = useSection(props);
  const [week, setWeek] = useState(() => toWeekHours(props.listing.openingHours));
  const unknown = Object.keys(props.listing.openingHours).length === 0;
  const setDay = (day: Day, patch: Partial<DayHours>) => setWeek({ ...week, [day]: { ...week[day], ...patch } });

  function submit() {
    const result = fromWeekHours(week);
    if ('errors' in result) return save({}, Object.fromEntries(Object.entries(result.errors).map(([day, m]) => [`openingHours.${day}`, m])));
    return save({ openingHours: result.hours });
  }

  return (
    <SectionForm
      title="Opening hours"
      intro={
        unknown ? (
          <p>Your page says &ldquo;{hoursUnknownLabel(props.listing.source)}&rdquo; and never shows you as open now until you set your hours here.</p>
        ) : (
          <p>A closing time earlier than the opening time runs past midnight.</p>
        )
      }
      {...form}
      onSubmit={submit}
      saveLabel="Save hours"
    >
      <div className="divide-y divide-gray-100">
        {DAYS.map((day) => {
          const d = week[day];
          const error = errors[`openingHours.${day}`];
          // A server message names no day; the day is put in front of it.
          const shown = error && !error.startsWith(dayName(day)) ? `${dayName(day)}'s hours: ${error}` : error;
          const errorId = `${id}-${day}-error`;
          const control = (which: 'open' | 'close', label: string) => (
            <div>
              <label htmlFor={`${id}-${day}-${which}`} className="field-label">
                <span className="sr-only">{`${dayName(day)} `}</span>
                {label}
              </label>
              <input
                id={`${id}-${day}-${which}`}
                type="time"
                className="field-input"
                value={d[which]}
                disabled={d.closed}
                // The empty control is the one to fix; with both chosen, the opening time.
                aria-invalid={!!error && !d.closed && (d[which] === '' || (d.open !== '' && d.close !== '' && which === 'open'))}
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => setDay(day, { [which]: e.target.value })}
              />
            </div>
          );
          return (
            <fieldset key={day} className="grid grid-cols-2 items-end gap-3 py-3 sm:grid-cols-[8rem_auto_1fr_1fr]">
              <legend className="sr-only">{dayName(day)}</legend>
              <span aria-hidden="true" className="font-medium text-gray-900 max-sm:col-span-2">
                {dayName(day)}
              </span>
              <label className="flex h-11 items-center gap-2 text-gray-900 max-sm:col-span-2">
                <input type="checkbox" checked={d.closed} onChange={(e) => setDay(day, { closed: e.target.checked })} />
                Closed<span className="sr-only">{` on ${dayName(day)}`}</span>
              </label>
              {control('open', 'Opens')}
              {control('close', 'Closes')}
              {shown && (
                <p id={errorId} className="field-error col-span-full">
                  {shown}
                </p>
              )}
            </fieldset>
          );
        })}
      </div>
    </SectionForm>
  );
}
