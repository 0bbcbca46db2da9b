/**
 * The dashboard's "Amenities and more" section (docs/facets.md): the owner ticks what is true and
 * saves this section alone (PUT /api/owners/listings/{id}/facets). Every group comes from the facet
 * table, so a new facet needs no change here. Identity labels are offered only to the owner of a
 * verified listing; the server refuses them otherwise.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FACET_GROUPS, type FacetGroup, type FacetSelection, type OwnerFacets } from '@/features/facets';
import { apiCall } from '@/lib/apiClient';

export default function FacetsSection({ providerId }: { providerId: string }) {
  const id = useId();
  const url = `/api/owners/listings/${encodeURIComponent(providerId)}/facets`;
  const [saved, setSaved] = useState<OwnerFacets | null>(null);
  const [draft, setDraft] = useState<FacetSelection>({});
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiCall<OwnerFacets>('GET', url)
      .then((f) => {
        setSaved(f);
        setDraft(f.facets);
      })
      .catch((e) => {
        setFailed(true);
        setMessage(e instanceof Error ? e.message : String(e));
      });
  }, [url]);

  if (!saved) return message ? <p className="field-error">{message}</p> : null;

  const choose = (group: FacetGroup, value: string, on: boolean) => {
    const now = draft[group.key] ?? [];
    const next = group.kind === 'one' ? (on ? [value] : []) : on ? [...now, value] : now.filter((v) => v !== value);
    setDraft({ ...draft, [group.key]: next });
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage('');
    setFailed(false);
    try {
      const next = await apiCall<OwnerFacets>('PUT', url, draft);
      setSaved(next);
      setDraft(next.facets);
      setMessage('Saved. Your page and searches show these now.');
    } catch (err) {
      setFailed(true);
      setMessage(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-gray-200 p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        Amenities and more
      </h2>
      <p className="text-sm text-gray-700">
        Tick what is true. Shoppers filter searches on these, and your page lists them; anything you leave unticked is simply not shown.
      </p>
      <form onSubmit={save} className="space-y-5" noValidate>
        {FACET_GROUPS.map((group) => {
          const locked = group.identity && !saved.identityAllowed;
          return (
            <fieldset key={group.key} className="space-y-2" disabled={locked || busy}>
              <legend className="field-label">{group.identity ? 'The business identifies as' : group.label}</legend>
              {group.identity && (
                <p className="text-xs text-gray-600">
                  {locked
                    ? 'Identity labels can be chosen once Glow has verified this business.'
                    : 'Optional. Shown as “The business identifies as …” and as a search filter.'}
                </p>
              )}
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {group.kind === 'one' && (
                  <label className="flex items-center gap-2 text-sm text-gray-800">
                    <input type="radio" name={`${id}-${group.key}`} checked={(draft[group.key] ?? []).length === 0} onChange={() => choose(group, '', false)} />
                    Not saying
                  </label>
                )}
                {group.options.map((option) => (
                  <label key={option.value} className="flex items-center gap-2 text-sm text-gray-800">
                    <input
                      type={group.kind === 'one' ? 'radio' : 'checkbox'}
                      name={`${id}-${group.key}`}
                      value={option.value}
                      checked={(draft[group.key] ?? []).includes(option.value)}
                      onChange={(e) => choose(group, option.value, e.target.checked)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save amenities'}
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
