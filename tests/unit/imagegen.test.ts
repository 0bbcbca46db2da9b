/**
 * The image generator (imagegen/) draws what is committed: scenes drawn through its API (the one the
 * seed photos use, src/setup/seedPhotos.server.ts) are byte for byte the committed SVG sources, from
 * which public/images/ was rasterised (`npm run images` rewrites both; imagegen/README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SCENES, PALETTES, sceneSvg } from '../../imagegen/scenes';

describe('imagegen', () => {
  it.each([
    ['nails1', 'blush', 'provider-nails-1'],
    ['hair1', 'sand', 'provider-hair-1'],
    ['brows2', 'blush', 'provider-brows-2'],
    ['skincare3', 'sage', 'provider-skincare-3'],
    ['massage3', 'dusk', 'provider-massage-3'],
  ])('%s on %s is the committed %s.svg', (scene, palette, file) => {
    expect(sceneSvg(scene, palette, 800, 600)).toBe(readFileSync(`imagegen/svg/${file}.svg`, 'utf8'));
  });

  it('draws every category scene on every palette, and refuses an unknown one', () => {
    for (const scenes of Object.values(CATEGORY_SCENES)) {
      for (const scene of scenes) for (const palette of PALETTES) expect(sceneSvg(scene, palette, 400, 300)).toMatch(/^<svg [^>]*width="400" height="300"/);
    }
    expect(() => sceneSvg('nails9', 'blush', 400, 300)).toThrow(/No scene nails9/);
  });
});
