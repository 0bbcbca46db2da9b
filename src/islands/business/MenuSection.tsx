/** The dashboard's service menu section: name, price or range in US dollars, and minutes per service. */
import { useId, useState } from 'react';
import type { OwnerListing } from '@/features/owners/schemas';
import { SectionForm } from './SectionForm';
import { type SectionProps, useSection } from './useSection';

type Row = { name: string; priceFrom: string; priceTo: string; durationMinutes: string };
const COLUMNS = [
  ['name', 'Service'],
  ['priceFrom', 'Price from ($)'],
  ['priceTo', 'to ($)'],
  ['durationMinutes', 'Minutes'],
] as const;

const toRows = (menu: OwnerListing['menu']): Row[] =>
  menu.map((m) => ({
    name: String(m.name ?? ''),
    priceFrom: String(m.priceFrom ?? ''),
    priceTo: m.priceTo === undefined ? '' : String(m.priceTo),
    durationMinutes: String(m.durationMinutes ?? ''),
  }));
const number = (text: string) => (text.trim() === '' ? undefined : Number(text));

export default function MenuSection(props: SectionProps) {
  const id = useId();
  const { form, errors, save } = useSection(props);
  const [rows, setRows] = useState(() => toRows(props.listing.menu));

  const submit = () =>
    save({
      menu: rows.map((m) => ({
        name: m.name,
        priceFrom: number(m.priceFrom),
        priceTo: number(m.priceTo),
        durationMinutes: number(m.durationMinutes),
      })) as never,
    });

  return (
    <SectionForm
      title="Service menu"
      intro={<p>Prices in US dollars; leave &ldquo;to&rdquo; empty for a from-price. Duration in minutes.</p>}
      {...form}
      onSubmit={submit}
      saveLabel="Save menu"
    >
      <div className="space-y-3">
        {rows.map((item, i) => {
          const update = (key: keyof Row, value: string) => setRows(rows.map((m, j) => (j === i ? { ...m, [key]: value } : m)));
          const errorId = `${id}-menu-${i}-error`;
          const rowErrors = Object.entries(errors).filter(([path]) => path === `menu.${i}` || path.startsWith(`menu.${i}.`));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; a removed row re-keys the rest, which is harmless here
            <div key={i} className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto]">
              {COLUMNS.map(([key, label]) => {
                const invalid = rowErrors.some(([path]) => path === `menu.${i}.${key}`);
                return (
                  <div key={key}>
                    <label htmlFor={`${id}-menu-${i}-${key}`} className="field-label">
                      {label}
                    </label>
                    <input
                      id={`${id}-menu-${i}-${key}`}
                      className="field-input"
                      inputMode={key === 'name' ? undefined : 'numeric'}
                      value={item[key]}
                      aria-invalid={invalid}
                      aria-describedby={invalid ? errorId : undefined}
                      onChange={(e) => update(key, e.target.value)}
                    />
                  </div>
                );
              })}
              <button type="button" className="btn-secondary self-end" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                Remove<span className="sr-only"> {item.name || `row ${i + 1}`}</span>
              </button>
              {rowErrors.length > 0 && (
                <p id={errorId} className="field-error col-span-full">
                  {`${item.name || `Row ${i + 1}`}: ${rowErrors.map(([path, m]) => `${COLUMNS.find(([k]) => path.endsWith(`.${k}`))?.[1] ?? 'Row'}: ${m}`).join('. ')}`}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <button type="button" className="btn-secondary" onClick={() => setRows([...rows, { name: '', priceFrom: '', priceTo: '', durationMinutes: '' }])}>
        Add a service
      </button>
    </SectionForm>
  );
}
