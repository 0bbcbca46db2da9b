// Every scene by name, for code outside this folder that draws them (the seed photos of
// src/setup/seedPhotos.server.ts). See README.md in this folder.
import { Svg, PAL } from './lib.mjs';
import * as nh from './scenes-nails-hair.mjs';
import * as bm from './scenes-brows-makeup.mjs';
import * as sbm from './scenes-skin-beauty-massage.mjs';

const SCENES = { ...nh, ...bm, ...sbm };

/** The three compositions of each service category. */
export const CATEGORY_SCENES = {
  nails: ['nails1', 'nails2', 'nails3'],
  hair: ['hair1', 'hair2', 'hair3'],
  brows: ['brows1', 'brows2', 'brows3'],
  makeup: ['makeup1', 'makeup2', 'makeup3'],
  skincare: ['skincare1', 'skincare2', 'skincare3'],
  beauty: ['beauty1', 'beauty2', 'beauty3'],
  massage: ['massage1', 'massage2', 'massage3'],
};

/** Palette names, light ones first. */
export const PALETTES = ['blush', 'peach', 'mauve', 'sand', 'sage', 'rose', 'dusk'];

/** A scene drawn on an 800 × 600 canvas scaled to width × height, as SVG text. */
export function sceneSvg(scene, palette, width, height) {
  const s = new Svg(width, height, 800, 600);
  SCENES[scene](s, PAL[palette]);
  return s.toString();
}
