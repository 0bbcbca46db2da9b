/**
 * Photos (docs/photos.md): checking and cleaning real image bytes with sharp, storing them in a real
 * local Netlify Blobs server, the provider page's cover, gallery and JSON-LD, cards' covers, the
 * served bytes and every Image CDN variant free of EXIF and GPS, reports, and nothing stored on a
 * refusal. Runs `npm start`'s server (dist/, functions, the built renderer, the local Image CDN) on a
 * fresh seeded database, over a file and over sqld; needs a build (`npm run build:test`).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bombPng } from '../helpers/images';
import { cleanPhoto, PhotoRefusedError } from '../../src/features/photos/imageCheck.server';
import { listPhotoKeys } from '../../src/features/photos/blobStore.server';
import { addPhoto, deletePhoto, visiblePhotos } from '../../src/features/photos/photos.server';
import { PHOTO_LIMITS } from '../../src/features/photos/photoRules';
import { startApi, type TestApi } from '../helpers/api';

const SLUG = 'lacquer-lace-nail-studio-new-york';
const BARE = 'hudson-polish-bar-new-york';
let api: TestApi;
let providerId: string;

beforeAll(async () => {
  api = await startApi({ site: true, photos: [SLUG] });
  providerId = ((await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as { id: string }).id;
}, 120_000);
afterAll(() => api.close());

/** A JPEG from a phone: EXIF with a camera owner and GPS position, rotated by its orientation tag. */
async function phoneJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#d14d8a' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Jane Secretowner', Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '87/1 37/1 4000/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const hasExif = (bytes: Buffer) => bytes.includes('Exif') || bytes.includes('Secretowner') || bytes.includes('PhoneMaker') || bytes.includes('GPS');

describe('checking and cleaning', () => {
  it('applies the orientation and keeps no EXIF or GPS, under a content-hash key', async () => {
    const input = await phoneJpeg();
    expect(hasExif(input)).toBe(true);
    const clean = await cleanPhoto(input);
    expect([clean.width, clean.height]).toEqual([480, 640]);
    expect(hasExif(clean.bytes)).toBe(false);
    const meta = await sharp(clean.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(clean.key).toMatch(/^[a-f0-9]{40}\.webp$/);
    expect((await cleanPhoto(input)).key).toBe(clean.key);
  });

  it('takes PNG, WebP and AVIF, and refuses by content: text named .jpg, SVG, GIF', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
        [format]()
        .toBuffer();
      expect((await cleanPhoto(bytes)).width).toBe(64);
    }
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const refusals = [
      Buffer.from('Just some notes, saved as photo.jpg\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>'),
      gif,
      Buffer.alloc(0),
    ];
    for (const bytes of refusals) {
      const error = await cleanPhoto(bytes).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PhotoRefusedError);
      expect((error as PhotoRefusedError).status).toBe(400);
    }
  });

  it('refuses a 20,000 × 20,000 PNG from its header, quickly, with 413', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(PHOTO_LIMITS.maxUploadBytes);
    const error = (await cleanPhoto(bomb).catch((e: unknown) => e)) as PhotoRefusedError;
    expect(error).toBeInstanceOf(PhotoRefusedError);
    expect(error.status).toBe(413);
    expect(error.message).toContain('20,000 × 20,000 pixels (400 megapixels)');
  });
});

describe('storage', () => {
  it('stores bytes in Blobs and the row in the database; the same picture twice is one photo', async () => {
    const clean = await cleanPhoto(await phoneJpeg(800, 600));
    const first = await addPhoto(api.database, providerId, clean, { alt: 'Pink gel set under the lamp', category: 'work' });
    const again = await addPhoto(api.database, providerId, clean, { alt: 'Pink gel set under the lamp', category: 'work' });
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ photo: first.photo, duplicate: true });
    expect(await listPhotoKeys()).toContain(clean.key);
    await deletePhoto(api.database, providerId, first.photo.id);
    expect(await listPhotoKeys()).not.toContain(clean.key);
  });

  it('holds a listing to 30 photos, storing nothing for the 31st', async () => {
    const bare = ((await (await api.get(`/api/providers/by-slug/${BARE}`)).json()) as { id: string }).id;
    const keysBefore = (await listPhotoKeys()).length;
    const added: string[] = [];
    for (let i = 0; i < PHOTO_LIMITS.perListing; i++) {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: i * 8, g: 100, b: 200 } } })
        .png()
        .toBuffer();
      added.push((await addPhoto(api.database, bare, await cleanPhoto(bytes), { alt: `Sample photo number ${i + 1}`, category: 'interior' })).photo.id);
    }
    const extra = await cleanPhoto(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await expect(addPhoto(api.database, bare, extra, { alt: 'One photo too many', category: 'work' })).rejects.toThrow(/at most 30 photos/);
    expect(await listPhotoKeys()).not.toContain(extra.key);
    expect((await listPhotoKeys()).length).toBe(keysBefore + PHOTO_LIMITS.perListing);
    for (const id of added) await deletePhoto(api.database, bare, id);
    expect((await listPhotoKeys()).length).toBe(keysBefore);
  }, 60_000);
});

describe('the provider page and cards', () => {
  it('leads with the cover as the LCP image and shows the gallery, its count and the JSON-LD image list', async () => {
    const photos = await visiblePhotos(api.database, providerId);
    expect(photos.length).toBeGreaterThanOrEqual(3);
    expect(photos.length).toBeLessThanOrEqual(6);
    const html = await (await api.get(`/provider/${SLUG}`)).text();
    const cover = photos[0]!;
    const hero = html.match(/<img[^>]*fetchpriority="high"[^>]*>/i)?.[0] ?? '';
    expect(hero).toContain(`url=${encodeURIComponent(cover.url)}`);
    expect(hero).toContain(`alt="${cover.alt.replace(/&/g, '&amp;')}"`);
    expect(hero).toMatch(/srcset="[^"]*1280w/i);
    expect(hero).toContain('width="800"');
    expect(html).toContain(`${photos.length} photos`);
    const gallery = [...html.matchAll(/<a[^>]*data-photo-index[^>]*>\s*<img([^>]*)>/g)].map((m) => m[1]!);
    expect(gallery).toHaveLength(photos.length);
    for (const img of gallery) expect(img).toMatch(/loading="lazy".*width="480".*height="480"|width="480".*height="480".*loading="lazy"/s);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).find((d) => d.address);
    expect(ld.image).toHaveLength(photos.length);
    expect(ld.image[0]).toMatch(/^https?:\/\/[^/]+\/\.netlify\/images\?url=%2Fphotos%2F/);
  });

  it('gives cards and the API the cover, and leaves listings without photos as they were', async () => {
    const withCover = (await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as { imageUrl: string };
    const photos = await visiblePhotos(api.database, providerId);
    expect(withCover.imageUrl).toBe(photos[0]!.url);
    const search = (await (await api.get('/api/search?query=Lacquer')).json()) as { slug: string; imageUrl: string }[];
    expect(search.find((p) => p.slug === SLUG)?.imageUrl).toBe(photos[0]!.url);
    const bare = (await (await api.get(`/api/providers/by-slug/${BARE}`)).json()) as { imageUrl: string | null };
    expect(bare.imageUrl === null || bare.imageUrl.startsWith('/images/')).toBe(true);
    const bareHtml = await (await api.get(`/provider/${BARE}`)).text();
    expect(bareHtml).not.toContain('id="photos"');
    expect(bareHtml).not.toContain('/.netlify/images');
  });
});

describe('serving', () => {
  it('serves the cleaned bytes and every Image CDN variant without EXIF or GPS, cached for a year', async () => {
    const clean = await cleanPhoto(await phoneJpeg(1200, 900));
    const { photo } = await addPhoto(api.database, providerId, clean, { alt: 'Station with a phone photo', category: 'interior' });
    const original = await api.get(photo.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('cache-control')).toContain('immutable');
    expect(original.headers.get('netlify-cache-tag')).toContain(`provider-${providerId}`);
    expect(hasExif(Buffer.from(await original.arrayBuffer()))).toBe(false);
    for (const [w, fm] of [
      [320, 'webp'],
      [640, 'avif'],
      [900, 'jpg'],
      [480, 'png'],
    ] as const) {
      const res = await api.get(`/.netlify/images?url=${encodeURIComponent(photo.url)}&w=${w}&fm=${fm}`);
      expect(res.status, `${w} ${fm}`).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(w);
      expect(meta.format).toBe(fm === 'jpg' ? 'jpeg' : fm === 'avif' ? 'heif' : fm);
      expect(meta.exif).toBeUndefined();
      expect(hasExif(bytes), `${w} ${fm}`).toBe(false);
    }
    await deletePhoto(api.database, providerId, photo.id);
    expect((await api.get(photo.url)).status).toBe(404);
    expect((await api.get(`/.netlify/images?url=${encodeURIComponent(photo.url)}&w=320&fm=webp`)).status).not.toBe(200);
  });

  it('lists the visible photos in the API, and 404s an unknown listing', async () => {
    const res = await api.get(`/api/providers/${providerId}/photos`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { url: string; isCover: boolean }[];
    expect(list[0]!.isCover).toBe(true);
    expect((await api.get('/api/providers/nope/photos')).status).toBe(404);
  });
});

describe('reports', () => {
  it('takes a report of a photo and hides nothing; refuses an unknown photo or reason', async () => {
    const [photo] = await visiblePhotos(api.database, providerId);
    const res = await api.post(`/api/photos/${photo!.id}/reports`, { reason: 'offensive', details: 'Not a photo of this salon' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { photoId: string }).photoId).toBe(photo!.id);
    expect((await visiblePhotos(api.database, providerId)).map((p) => p.id)).toContain(photo!.id);
    expect((await api.post('/api/photos/nope/reports', { reason: 'spam' })).status).toBe(404);
    expect((await api.post(`/api/photos/${photo!.id}/reports`, { reason: 'boring' })).status).toBe(400);
  });
});
