/**
 * A provider's picture with a local fallback: missing images use it at once, broken ones are
 * swapped by the page script (static HTML) or by onError (inside islands).
 */
import { useState } from 'react';
import { photoSources } from '@/features/photos';
import { isPhotoFileUrl } from '@/features/providers';

export const FALLBACK_IMAGE = '/images/provider-fallback.webp';

/**
 * Our generated provider images come in 800 and 400 pixel widths: "/x.webp" and "/x-400.webp"; an
 * owner's cover photo in every width of the Image CDN, cropped to the 4:3 frame (docs/photos.md).
 */
function sources(url: string | null): { src: string; srcSet?: string } {
  if (isPhotoFileUrl(url)) return photoSources(url, { width: 1280, ratio: 3 / 4 });
  const src = url || FALLBACK_IMAGE;
  const m = /^(\/images\/.+)\.webp$/.exec(src);
  return m ? { src, srcSet: `${m[1]}-400.webp 400w, ${src} 800w` } : { src };
}

export function ProviderImage({
  url,
  alt,
  sizes,
  className,
  eager = false,
}: {
  url: string | null;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const { src, srcSet } = sources(broken ? null : url);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={800}
      height={600}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      data-fallback=""
      onError={() => setBroken(true)}
      className={className}
    />
  );
}
