/**
 * A listing's photo gallery on its page (docs/photos.md "Provider page"): a grid of thumbnails,
 * each a link to the full picture, so it works before any script; the full-screen viewer
 * (src/scripts/photoViewer.ts) takes over on the first click. Rendered on the server only.
 */
import { imageCdnUrl, photoSources } from '@/features/photos';
import type { Photo } from '@/features/photos/schemas';

/** "1 photo", "12 photos". */
export const photoCount = (n: number): string => `${n} ${n === 1 ? 'photo' : 'photos'}`;

/** The full-size picture the viewer and the no-script link show. */
export const fullPhotoUrl = (photo: Photo): string => imageCdnUrl(photo.url, { w: Math.min(photo.width, 1600), fm: 'webp' });

export function PhotoGallery({ photos, providerName }: { photos: Photo[]; providerName: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="photos-title" id="photos">
      <h2 id="photos-title" className="text-2xl font-bold text-gray-900">
        Photos <span className="text-base font-normal text-gray-600">({photoCount(photos.length)})</span>
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" data-gallery={providerName}>
        {photos.map((photo, i) => {
          const thumb = photoSources(photo.url, { width: photo.width, ratio: 1, widths: [240, 360, 480, 720] });
          const full = photoSources(photo.url, { width: photo.width });
          return (
            <li key={photo.id}>
              <a
                href={fullPhotoUrl(photo)}
                className="block overflow-hidden rounded-xl bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                data-photo-index={i}
                data-photo-id={photo.id}
                data-full-srcset={full.srcSet}
                data-width={photo.width}
                data-height={photo.height}
                aria-label={`Open photo ${i + 1} of ${photos.length}: ${photo.alt}`}
              >
                <img
                  src={thumb.src}
                  srcSet={thumb.srcSet}
                  sizes="(min-width: 1024px) 220px, (min-width: 640px) 30vw, 45vw"
                  alt={photo.alt}
                  width={480}
                  height={480}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-full w-full object-cover transition hover:scale-[1.03]"
                />
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
