/**
 * Where photo bytes live: the Netlify Blobs store "photos" (docs/photos.md "Storage"). On Netlify the
 * runtime gives functions their Blobs context; `npm start` and the tests run @netlify/blobs' own
 * local server and hand its address over the same way (src/local-server/blobs.ts), so this code is
 * the same everywhere.
 */
import { getStore } from '@netlify/blobs';

export const PHOTO_STORE = 'photos';

/** The photo store, read with strong consistency: a photo is served the moment its upload answered. */
export function photoStore() {
  return getStore({ name: PHOTO_STORE, consistency: 'strong' });
}

/** Stores cleaned bytes under their content-hash key; writing the same key again changes nothing. */
export async function putPhotoBytes(key: string, bytes: Buffer, contentType: string): Promise<void> {
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  await photoStore().set(key, ab, { metadata: { contentType } });
}

export async function getPhotoBytes(key: string): Promise<{ bytes: ArrayBuffer; contentType: string } | null> {
  const entry = await photoStore().getWithMetadata(key, { type: 'arrayBuffer' });
  if (!entry) return null;
  return { bytes: entry.data, contentType: String(entry.metadata.contentType ?? 'image/webp') };
}

export async function deletePhotoBytes(key: string): Promise<void> {
  await photoStore().delete(key);
}

/** Every key in the store (tests: nothing stored on a refused upload). */
export async function listPhotoKeys(): Promise<string[]> {
  const { blobs } = await photoStore().list();
  return blobs.map((b) => b.key);
}
