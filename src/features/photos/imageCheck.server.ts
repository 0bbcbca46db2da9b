/**
 * Checking and cleaning an uploaded picture (docs/photos.md "Checking"): by its bytes, never by its
 * name or declared type; bounded before it is decoded; re-encoded so that nothing but pixels
 * survives (EXIF, GPS, XMP, comments); named by a hash of the result.
 */
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_LIMITS } from './photoRules';

/** A picture refused, with the status a function answers (400 not an image we take, 413 too large). */
export class PhotoRefusedError extends Error {
  override name = 'PhotoRefusedError';
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const NOT_AN_IMAGE = 'This file is not a JPEG, PNG, WebP or AVIF picture. Please choose a photo in one of those formats.';

/** The format the first bytes announce (magic numbers), or null: SVG, GIF, HEIC, text and the rest. */
export function sniffFormat(bytes: Uint8Array): AcceptedFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO base media: a `ftyp` box whose major or a compatible brand is AVIF (HEIC is refused).
  if (b.length >= 16 && b.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(b.readUInt32BE(0), b.length);
    const brands = [b.toString('latin1', 8, 12)];
    for (let i = 16; i + 4 <= size; i += 4) brands.push(b.toString('latin1', i, i + 4));
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
  }
  return null;
}

export interface CleanPhoto {
  /** Content-hash name in the blob store: sha-256 of the cleaned bytes (hex, 40 characters) and extension. */
  key: string;
  bytes: Buffer;
  width: number;
  height: number;
  contentType: string;
}

/**
 * Checks a picture and returns it cleaned: orientation applied, at most PHOTO_LIMITS.storedMaxEdge
 * on its long edge, re-encoded as WebP without any metadata. Throws PhotoRefusedError for anything
 * else, before decoding a picture whose header claims more than PHOTO_LIMITS.maxPixels.
 */
export async function cleanPhoto(input: Uint8Array): Promise<CleanPhoto> {
  if (input.byteLength === 0) throw new PhotoRefusedError(400, 'The file is empty. Please choose a photo.');
  const format = sniffFormat(input);
  if (!format) throw new PhotoRefusedError(400, NOT_AN_IMAGE);
  // The header only: libvips reads dimensions without decoding pixels, so a decompression bomb
  // (a tiny file that claims 20,000 × 20,000) costs nothing here.
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefusedError(400, NOT_AN_IMAGE);
  }
  const sharpFormat = format === 'avif' ? 'heif' : format;
  if (meta.format !== sharpFormat || (format === 'avif' && meta.compression !== 'av1')) throw new PhotoRefusedError(400, NOT_AN_IMAGE);
  const { width, height } = meta;
  if (!width || !height) throw new PhotoRefusedError(400, NOT_AN_IMAGE);
  const megapixels = (width * height) / 1_000_000;
  if (width * height > PHOTO_LIMITS.maxPixels) {
    throw new PhotoRefusedError(
      413,
      `This picture is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels (${Math.round(megapixels)} megapixels); photos can be at most ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels. Please send a smaller version.`,
    );
  }
  try {
    // limitInputPixels again, in case a file's later frames or a lying header claim more than it said;
    // failOn 'error' refuses truncated and corrupt data instead of storing grey bands.
    return await encodeStoredPhoto(
      sharp(input, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'error', pages: 1 })
        .rotate()
        .resize({ width: PHOTO_LIMITS.storedMaxEdge, height: PHOTO_LIMITS.storedMaxEdge, fit: 'inside', withoutEnlargement: true }),
    );
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw new PhotoRefusedError(413, `Photos can be at most ${PHOTO_LIMITS.maxPixels / 1_000_000} megapixels. Please send a smaller version.`);
    }
    throw new PhotoRefusedError(400, 'This picture could not be read: the file may be damaged or cut short. Please try another copy.');
  }
}

/**
 * The stored form of a picture: WebP without any metadata (sharp writes none unless asked), named by
 * a hash of those bytes. Every photo is stored through here: uploads after cleanPhoto's checks, and
 * the seed photos the project draws itself (src/setup/seedPhotos.server.ts).
 */
export async function encodeStoredPhoto(image: Sharp): Promise<CleanPhoto> {
  const { data, info } = await image.webp({ quality: 86, effort: 2 }).toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 40);
  return { key: `${hash}.webp`, bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
}
