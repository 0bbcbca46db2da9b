/**
 * One dashboard section's save (docs/owners.md "Dashboard"): every section sends the listing as last
 * saved with only its own fields changed (PUT /api/owners/listings/{id} takes the whole edit), so
 * saving the hours never sends half-typed details. Errors land beside the fields they name (keyed
 * by the API's issue path, e.g. `phone`, `openingHours.monday`), and focus moves to the first one.
 */
import { useEffect, useRef, useState } from 'react';
import type { ListingEditInput, OwnerListing } from '@/features/owners/schemas';
import { apiCall, ApiError } from '@/lib/apiClient';

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

/**
 * A dashboard form's save, whatever it sends: the status line's message (and whether it is a
 * failure), the errors by field, and the form, whose first marked field takes focus.
 */
export function useSave() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  // After errors render, the first marked field takes focus (a screen reader then reads its error too).
  useEffect(() => {
    if (Object.keys(errors).length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** A failure to say on the status line (e.g. the section could not be loaded). */
  function fail(reason: unknown) {
    setFailed(true);
    setMessage(reason instanceof Error ? reason.message : String(reason));
  }

  /**
   * Runs `send` and says `saved`; `local` errors (found in the browser) stop it first. The API's
   * issues mark their fields, unless the form has no fields to mark (`marks: false`).
   */
  async function run(send: () => Promise<unknown>, { saved, local = {}, marks = true }: { saved: string; local?: Record<string, string>; marks?: boolean }) {
    setMessage('');
    setFailed(false);
    if (Object.keys(local).length) {
      setErrors(local);
      setFailed(true);
      setMessage(FIX_MARKED);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await send();
      setMessage(saved);
    } catch (err) {
      if (marks && err instanceof ApiError && err.issues.length) {
        setFailed(true);
        setErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
        setMessage(FIX_MARKED);
      } else fail(err);
    } finally {
      setBusy(false);
    }
  }

  /** What <SettingsSection> shows of this state: spread as its props. */
  const status = { busy, message, failed };
  return { formRef, errors, message, failed, busy, status, run, fail };
}

/** A section of the listing: saves its fields over the listing as last saved. */
export function useSection({ listing, onSaved }: SectionProps) {
  const { formRef, errors, message, busy, run } = useSave();

  /** Saves `patch` over the saved listing; `local` errors (found in the browser) stop it first. */
  const save = (patch: Partial<ListingEditInput>, local: Record<string, string> = {}) =>
    run(async () => onSaved(await apiCall<OwnerListing>('PUT', `/api/owners/listings/${encodeURIComponent(listing.id)}`, { ...editOf(listing), ...patch })), {
      saved: SAVED,
      local,
    });

  /** What <SectionForm> shows of this state: spread as its props. */
  const form = { formRef, busy, message };
  return { form, errors, save };
}
