/**
 * What a photo may be and how it is addressed (docs/photos.md). Browser-safe: the dashboard's
 * uploader and the server read the same limits and build the same Image CDN URLs.
 */

/** The kinds of photo an owner files a picture under; the gallery groups nothing by it yet, screen readers hear it. */
export const PHOTO_CATEGORIES = ['interior', 'work', 'team', 'price_list'] as const;
export type PhotoCategory = (typeof PHOTO_CATEGORIES)[number];
export const PHOTO_CATEGORY_LABELS: Record<PhotoCategory, string> = {
  interior: 'Interior',
  work: 'Our work',
  team: 'Team',
  price_list: 'Price list',
};

export const PHOTO_LIMITS = {
  /** Photos one listing may hold (hidden ones count: an owner cannot re-upload past a moderator). */
  perListing: 30,
  /** Largest picture accepted, in pixels (width × height), checked from the header before decoding. */
  maxPixels: 40_000_000,
  /**
   * Largest upload body: Netlify Functions refuse request bodies over 6 MB, so the browser scales a
   * picture down (PHOTO_LIMITS.browserMaxEdge) until it fits well under this.
   */
  maxUploadBytes: 6_000_000,
  /** Long edge the browser scales a picture to before sending, and the server stores at most. */
  browserMaxEdge: 2560,
  storedMaxEdge: 2560,
  /** Alt text length. */
  altMin: 5,
  altMax: 200,
} as const;

/** A photo's key: a content hash of its cleaned bytes and their extension (src/features/photos/imageCheck.server.ts). */
export const PHOTO_KEY = /^[a-f0-9]{40}\.webp$/;

export interface ImageCdnOptions {
  w: number;
  h?: number;
  fit?: 'cover' | 'contain';
  fm?: 'avif' | 'webp' | 'jpg';
  q?: number;
}

/**
 * A Netlify Image CDN URL for a stored photo (`/.netlify/images?url=…&w=…`). Without `fm` the CDN
 * negotiates AVIF or WebP from the browser's Accept header; `npm start` answers the same URL with
 * its own local Image CDN (src/local-server/images.ts).
 */
export function imageCdnUrl(source: string, { w, h, fit, fm, q }: ImageCdnOptions): string {
  const params = new URLSearchParams({ url: source, w: String(w) });
  if (h) params.set('h', String(h));
  if (fit) params.set('fit', fit);
  if (fm) params.set('fm', fm);
  if (q) params.set('q', String(q));
  return `/.netlify/images?${params.toString()}`;
}

/** Widths every photo is offered in (a srcset); the browser picks by `sizes` and density. */
export const PHOTO_WIDTHS = [320, 480, 640, 720, 800, 960, 1280, 1600] as const;

/** WebP quality of the served sizes: photos look right at 70, and the page's LCP image gets there sooner. */
export const PHOTO_QUALITY = 70;

/** `src` and `srcset` of a photo no wider than its own width, in the given aspect (`ratio` = h / w) or its own. */
export function photoSources(
  source: string,
  { width, ratio, fm = 'webp', widths = PHOTO_WIDTHS }: { width: number; ratio?: number; fm?: ImageCdnOptions['fm']; widths?: readonly number[] },
): { src: string; srcSet: string } {
  const usable = widths.filter((w) => w <= width);
  const list = usable.length ? usable : [Math.min(width, widths[0] ?? width)];
  const url = (w: number) => imageCdnUrl(source, ratio ? { w, h: Math.round(w * ratio), fit: 'cover', fm, q: PHOTO_QUALITY } : { w, fm, q: PHOTO_QUALITY });
  return { src: url(list[Math.min(list.length - 1, 2)]!), srcSet: list.map((w) => `${url(w)} ${w}w`).join(', ') };
}
