/**
 * The dashboard's "Amenities and more" section (docs/facets.md): the owner ticks what is true and
 * saves this section alone (PUT /api/owners/listings/{id}/facets). Every group comes from the facet
 * table, so a new facet needs no change here. Identity labels are offered only to the owner of a
 * verified listing; the server refuses them otherwise.
 */
import { useEffect, useId, useState } from 'react';
import { FACET_GROUPS, type FacetGroup, type FacetSelection, type OwnerFacets } from '@/features/facets';
import { apiCall } from '@/lib/apiClient';
import { SettingsSection } from './SectionForm';
import { useSave } from './useSection';

export default function FacetsSection({ providerId }: { providerId: string }) {
  const id = useId();
  const url = `/api/owners/listings/${encodeURIComponent(providerId)}/facets`;
  const [saved, setSaved] = useState<OwnerFacets | null>(null);
  const [draft, setDraft] = useState<FacetSelection>({});
  const { message, busy, status, run, fail } = useSave();

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per listing
  useEffect(() => {
    apiCall<OwnerFacets>('GET', url)
      .then((f) => {
        setSaved(f);
        setDraft(f.facets);
      })
      .catch(fail);
  }, [url]);

  if (!saved) return message ? <p className="field-error">{message}</p> : null;

  const choose = (group: FacetGroup, value: string, on: boolean) => {
    const now = draft[group.key] ?? [];
    const next = group.kind === 'one' ? (on ? [value] : []) : on ? [...now, value] : now.filter((v) => v !== value);
    setDraft({ ...draft, [group.key]: next });
  };

  const save = () =>
    run(
      async () => {
        const next = await apiCall<OwnerFacets>('PUT', url, draft);
        setSaved(next);
        setDraft(next.facets);
      },
      { saved: 'Saved. Your page and searches show these now.', marks: false },
    );

  return (
    <SettingsSection
      title="Amenities and more"
      intro="Tick what is true. Shoppers filter searches on these, and your page lists them; anything you leave unticked is simply not shown."
      formClassName="space-y-5"
      {...status}
      onSubmit={save}
      saveLabel="Save amenities"
    >
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
    </SettingsSection>
  );
}
