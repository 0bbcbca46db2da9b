/**
 * Pictures added to guides (docs/editing.md "Pictures"): the editor writes them to
 * public/images/guides/ and requires a description; a Markdown picture without one fails the build;
 * an upload is sized and compressed like the site's own images. Real image bytes, made with sharp.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { editorConfig, GUIDE_IMAGES } from '../../src/features/content/editor/config';
import { GUIDE_IMAGE_MAX_WIDTH, optimizeGuideImage, optimizeGuideImages } from '../../src/features/content/guideImages.server';
import { picturesWithoutAlt, requireImageAlt } from '../../src/features/content/imageAlt';

const dir = mkdtempSync(join(tmpdir(), 'glow-guide-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A photo-like picture: random noise under a gradient, so it does not compress to nothing. */
async function photo(width: number, height: number, format: 'png' | 'jpeg' | 'webp', file: string) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = ((i * 2654435761) >>> 24) ^ (i % width);
  const image = sharp(noise, { raw: { width, height, channels: 3 } });
  const bytes = await (format === 'png'
    ? image.png({ compressionLevel: 0 })
    : format === 'jpeg'
      ? image.jpeg({ quality: 100 })
      : image.webp({ quality: 100 })
  ).toBuffer();
  writeFileSync(file, bytes);
  return bytes.length;
}

describe('guide pictures', () => {
  it('the editor uploads them into public/images/guides/', () => {
    const guides = editorConfig({ kind: 'local' }).collections!.guides! as unknown as { schema: { body: { directories: string[] } } };
    expect(guides.schema.body.directories).toEqual([GUIDE_IMAGES.directory]);
    expect(GUIDE_IMAGES).toEqual({ directory: 'public/images/guides', publicPath: '/images/guides/' });
  });

  for (const format of ['png', 'jpeg', 'webp'] as const) {
    it(`a large ${format} is resized to ${GUIDE_IMAGE_MAX_WIDTH} px wide and made smaller, in its own format`, async () => {
      const file = join(dir, `upload.${format === 'jpeg' ? 'jpg' : format}`);
      const before = await photo(2400, 1600, format, file);
      expect(await optimizeGuideImage(file)).toBe(statSync(file).size);
      const meta = await sharp(readFileSync(file)).metadata();
      expect(meta.width).toBe(GUIDE_IMAGE_MAX_WIDTH);
      expect(meta.height).toBe(800);
      expect(meta.format).toBe(format);
      expect(statSync(file).size).toBeLessThan(before);
    });
  }

  it('a small picture is never enlarged, and a folder is done file by file', async () => {
    const sub = mkdtempSync(join(dir, 'folder-'));
    await photo(300, 200, 'png', join(sub, 'small.png'));
    writeFileSync(join(sub, 'notes.txt'), 'not a picture');
    await optimizeGuideImages(sub);
    expect((await sharp(readFileSync(join(sub, 'small.png'))).metadata()).width).toBe(300);
    expect(readFileSync(join(sub, 'notes.txt'), 'utf8')).toBe('not a picture');
    expect(await optimizeGuideImages(join(dir, 'missing'))).toBe(0);
  });

  it('a Markdown picture without a description fails the build and is named', () => {
    const markdown = 'Intro.\n\n![Almond nails](/images/guides/a.webp)\n\n![ ](/images/guides/b.webp "Hover")\n\n![](<c.png>)\n';
    expect(picturesWithoutAlt(markdown)).toEqual(['/images/guides/b.webp', 'c.png']);
    expect(() => requireImageAlt('content/guides/nail-shapes.md', markdown)).toThrow(/content\/guides\/nail-shapes\.md.*\/images\/guides\/b\.webp, c\.png/);
    expect(() => requireImageAlt('content/guides/nail-shapes.md', '![Almond nails](/images/guides/a.webp)')).not.toThrow();
    expect(() => requireImageAlt('content/guides/nail-shapes.md', undefined)).not.toThrow();
  });
});
