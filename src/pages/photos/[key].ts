/**
 * /photos/{key}: the cleaned bytes of a visible photo, from the Blobs store; the source the Image
 * CDN resizes (/.netlify/images?url=/photos/{key}&w=…). Not part of the JSON API: a file, served by
 * the on-request renderer. The key is a content hash, so the bytes under it never change: cached for
 * a year, tagged with the listings that show it, whose purge (a photo hidden or deleted) takes it
 * off the CDN (docs/photos.md "Serving").
 */
import type { APIRoute } from 'astro';
import { getDb } from '@/db/client';
import { getPhotoBytes } from '@/features/photos/index.server';
import { isServedKey } from '@/features/photos/index.server';
import { PHOTO_KEY } from '@/features/photos';
import { CACHE_TAGS } from '@/server/cdnCache';

export const prerender = false;

const notFound = () => new Response('Photo not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export const GET: APIRoute = async ({ params }) => {
  const key = params.key ?? '';
  if (!PHOTO_KEY.test(key)) return notFound();
  const served = await isServedKey(await getDb(), key);
  const stored = served ? await getPhotoBytes(key) : null;
  if (!served || !stored) return notFound();
  return new Response(stored.bytes, {
    headers: {
      'Content-Type': stored.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Netlify-CDN-Cache-Control': 'public, durable, max-age=31536000, immutable',
      'Netlify-Cache-Tag': served.providerIds.map(CACHE_TAGS.provider).join(','),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    },
  });
};
