/**
 * One dashboard section's save (docs/owners.md "Dashboard"): every section sends the listing as last
 * saved with only its own fields changed (PUT /api/owners/listings/{id} takes the whole edit), so
 * saving the hours never sends half-typed details. Errors land beside the fields they name (keyed
 * by the API's issue path, e.g. `phone`, `openingHours.monday`), and focus moves to the first one.
 */
import { useEffect, useRef, useState } from 'react';
import type { ListingEditInput, OwnerListing } from '@/features/owners/schemas';
import { ownerCall, OwnerCallError } from '../ownerApi';

/** The listing as last saved, as an edit body. */
export function editOf(l: OwnerListing): ListingEditInput {
  return {
    description: l.description ?? '',
    phone: l.phone ?? '',
    email: l.email ?? '',
    website: l.website ?? '',
    services: l.services,
    openingHours: l.openingHours as ListingEditInput['openingHours'],
    menu: l.menu as ListingEditInput['menu'],
    status: l.status,
    closedUntil: l.closedUntil,
  };
}

export const SAVED = 'Saved. Your page shows the change now.';
export const FIX_MARKED = 'Nothing was saved: fix the fields marked below.';

/** What every section component receives: the listing as last saved, and how to report a save. */
export interface SectionProps {
  listing: OwnerListing;
  onSaved: (listing: OwnerListing) => void;
}

export function useSection({ listing, onSaved }: SectionProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  // After errors render, the first marked field takes focus (a screen reader then reads its error too).
  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** Saves `patch` over the saved listing; `local` errors (found in the browser) stop it first. */
  async function save(patch: Partial<ListingEditInput>, local: Record<string, string> = {}) {
    setMessage('');
    if (Object.keys(local).length) {
      setErrors(local);
      setMessage(FIX_MARKED);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = await ownerCall<OwnerListing>('PUT', `/api/owners/listings/${encodeURIComponent(listing.id)}`, { ...editOf(listing), ...patch });
      onSaved(saved);
      setMessage(SAVED);
    } catch (err) {
      if (err instanceof OwnerCallError && err.issues.length) {
        setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
        setMessage(FIX_MARKED);
      } else setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  /** What <SectionForm> shows of this state: spread as its props. */
  const form = { formRef, busy, message };
  return { form, errors, save };
}
