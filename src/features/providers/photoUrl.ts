/** Where a provider's stored photos are served (docs/photos.md): a provider's cover is one of them. Browser-safe. */

/** Where the cleaned bytes of a photo are served from (src/pages/photos/[key].ts), the Image CDN's source. */
export const photoFileUrl = (key: string): string => `/photos/${key}`;

/** True for the URL of a stored photo (a provider's imageUrl when it has a cover). */
export const isPhotoFileUrl = (url: string | null | undefined): url is string => !!url && /^\/photos\/[a-f0-9]{40}\.webp$/.test(url);
