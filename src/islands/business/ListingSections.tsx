/**
 * One listing in the dashboard (docs/owners.md "Dashboard"): its name and page link, then one
 * section per part the business edits, each saved on its own. To add a section, write a component
 * in this folder taking SectionProps (useSection.ts) around <SectionForm>, and list it in SECTIONS.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { OwnerListing } from '@/features/owners/schemas';
import { ownerCall } from '../ownerApi';
import PhotoManager from '../PhotoManager';
import DetailsSection from './DetailsSection';
import HoursSection from './HoursSection';
import MenuSection from './MenuSection';
import type { SectionProps } from './useSection';

/** The listing's sections, in page order. Photos save themselves (PhotoManager, docs/photos.md). */
const SECTIONS: { key: string; Section: ComponentType<SectionProps> }[] = [
  { key: 'details', Section: DetailsSection },
  { key: 'hours', Section: HoursSection },
  { key: 'menu', Section: MenuSection },
  { key: 'photos', Section: ({ listing }) => <PhotoManager providerId={listing.id} /> },
];

export default function ListingSections({ providerId }: { providerId: string }) {
  const [listing, setListing] = useState<OwnerListing | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    ownerCall<OwnerListing>('GET', `/api/owners/listings/${encodeURIComponent(providerId)}`)
      .then(setListing)
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [providerId]);

  if (!listing)
    return error ? (
      <p role="alert" className="field-error">
        {error}
      </p>
    ) : (
      <p className="text-gray-700">Loading...</p>
    );
  return (
    <section aria-labelledby="listing-name" className="space-y-6">
      <div>
        <h2 id="listing-name" className="text-2xl font-bold text-gray-900">
          {listing.name}
        </h2>
        <p className="text-sm text-gray-700">
          {listing.address} ·{' '}
          <a className="text-brand-700 underline" href={`/provider/${listing.slug}`}>
            View your page
          </a>
        </p>
        {listing.ownerUpdatedAt && <p className="text-sm text-gray-700">Last saved {new Date(listing.ownerUpdatedAt).toLocaleString('en-US')}</p>}
      </div>
      {SECTIONS.map(({ key, Section }) => (
        // Each section keeps its own draft: a save elsewhere updates `listing` but not what is typed here.
        <Section key={key} listing={listing} onSaved={setListing} />
      ))}
    </section>
  );
}
