/**
 * The line an imported listing's page carries (docs/imports.md "Licences"): where it came from, and,
 * until its business claims it, the invitation to do so (the claim dialog opens on click, as the
 * owner card's button does: src/scripts/page.ts).
 */
export function ImportedSource({ providerId, name, datasets, claimed }: { providerId: string; name: string; datasets: readonly string[]; claimed: boolean }) {
  return (
    <div className="mb-6 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950" data-imported-source>
      {!claimed && (
        <p className="font-semibold">
          Unclaimed: is this your business?{' '}
          <button type="button" data-open-business data-claim={providerId} data-name={name} className="font-semibold text-brand-700 underline">
            Claim it
          </button>
        </p>
      )}
      <p className={claimed ? undefined : 'mt-1'}>
        {`Listed from open data: ${datasets.join(', ')}, through Overture Maps Foundation. `}
        <a href="/data-sources" className="text-brand-700 underline">
          Data sources and licences
        </a>
      </p>
    </div>
  );
}
