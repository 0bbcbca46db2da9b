/**
 * Pictures added to guides in the editor (docs/editing.md "Pictures"): an upload is whatever the
 * editor's camera or disk gave, so it is sized and compressed like the site's own images
 * (imagegen/: WebP at quality 72, effort 6). `npm run dev` does it to the file in public/ as soon as
 * it lands; the build does it to the copy it publishes, for pictures committed through GitHub.
 * The file keeps its name and format, so the Markdown that points at it stays right.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import sharp from 'sharp';

/** Widest a guide picture is kept: twice the article column (docs/editing.md). */
export const GUIDE_IMAGE_MAX_WIDTH = 1200;
const FORMATS = new Set(['.webp', '.jpg', '.jpeg', '.png', '.avif']);

/**
 * Resizes (never enlarges) and recompresses one picture in place; keeps the original when that
 * would not make it smaller. Returns the bytes written, or null when the file was left as it was.
 */
export async function optimizeGuideImage(file: string): Promise<number | null> {
  const ext = extname(file).toLowerCase();
  if (!FORMATS.has(ext)) return null;
  const input = readFileSync(file);
  const image = sharp(input, { failOn: 'error' }).rotate().resize({ width: GUIDE_IMAGE_MAX_WIDTH, withoutEnlargement: true });
  const encoded =
    ext === '.webp'
      ? image.webp({ quality: 72, effort: 6, smartSubsample: true })
      : ext === '.png'
        ? image.png({ compressionLevel: 9, palette: true, quality: 80, effort: 8 })
        : ext === '.avif'
          ? image.avif({ quality: 55, effort: 6 })
          : image.jpeg({ quality: 72, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const { width: originalWidth = 0 } = await sharp(input).metadata();
  if (data.length >= input.length && info.width >= originalWidth) return null;
  writeFileSync(file, data);
  return data.length;
}

/** Every picture in a folder (the build's copy of public/images/guides). */
export async function optimizeGuideImages(dir: string): Promise<number> {
  let changed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) if ((await optimizeGuideImage(join(dir, name))) !== null) changed++;
  return changed;
}
