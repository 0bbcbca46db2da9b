/** The dashboard's details section: the listing's status, contact details, description and services. */
import { useId, useState } from 'react';
import type { OwnerListing } from '@/features/owners/schemas';
import { SectionForm, TextField } from './SectionForm';
import { type SectionProps, useSection } from './useSection';

const STATUSES = [
  ['open', 'Open as usual'],
  ['temporarily_closed', 'Temporarily closed until a date (the listing reopens by itself that day)'],
  ['permanently_closed', 'Permanently closed'],
] as const;

export default function DetailsSection(props: SectionProps) {
  const id = useId();
  const { listing } = props;
  const { form, errors, save } = useSection(props);
  const [status, setStatus] = useState<OwnerListing['status']>(listing.status);
  const [closedUntil, setClosedUntil] = useState(listing.closedUntil ?? '');
  const [phone, setPhone] = useState(listing.phone ?? '');
  const [email, setEmail] = useState(listing.email ?? '');
  const [website, setWebsite] = useState(listing.website ?? '');
  const [description, setDescription] = useState(listing.description ?? '');
  const [services, setServices] = useState(listing.services.join(', '));

  const submit = () =>
    save({
      status,
      closedUntil: status === 'temporarily_closed' ? closedUntil || null : null,
      phone,
      email,
      website,
      description,
      services: services
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    });

  return (
    <SectionForm title="Details" {...form} onSubmit={submit} saveLabel="Save details">
      <fieldset className="space-y-3">
        <legend className="font-semibold text-gray-900">Status</legend>
        {STATUSES.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-gray-900">
            <input type="radio" name={`${id}-status`} value={value} checked={status === value} onChange={() => setStatus(value)} />
            {label}
          </label>
        ))}
        {status === 'temporarily_closed' && (
          <TextField id={`${id}-closedUntil`} label="Reopening date *" type="date" value={closedUntil} onChange={setClosedUntil} error={errors.closedUntil} />
        )}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-gray-900">Contact</legend>
        <TextField id={`${id}-phone`} label="Phone *" type="tel" autoComplete="tel" value={phone} onChange={setPhone} error={errors.phone} />
        <TextField id={`${id}-email`} label="Email *" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
        <TextField id={`${id}-website`} label="Website (Optional)" type="url" autoComplete="url" value={website} onChange={setWebsite} error={errors.website} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold text-gray-900">About</legend>
        <TextField id={`${id}-description`} label="Description" textarea value={description} onChange={setDescription} error={errors.description} />
        <TextField
          id={`${id}-services`}
          label="Services (separated by commas) *"
          value={services}
          onChange={setServices}
          error={errors.services ?? Object.entries(errors).find(([path]) => path.startsWith('services.'))?.[1]}
        />
      </fieldset>
    </SectionForm>
  );
}
