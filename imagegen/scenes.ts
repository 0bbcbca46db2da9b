// Every scene by name, for code outside this folder that draws them (the seed photos of
// src/setup/seedPhotos.server.ts). See README.md in this folder.
import { PAL, type Palette, Svg } from './lib';
import * as nh from './scenes-nails-hair';
import * as bm from './scenes-brows-makeup';
import * as sbm from './scenes-skin-beauty-massage';

/** A composition: draws on the canvas with a palette. */
export type Scene = (s: Svg, p: Palette) => void;

/** The modules' exports by name: the scenes, and the helpers they share. */
const SCENES: Record<string, unknown> = { ...nh, ...bm, ...sbm };

/** The three compositions of each service category. */
export const CATEGORY_SCENES: Record<'nails' | 'hair' | 'brows' | 'makeup' | 'skincare' | 'beauty' | 'massage', string[]> = {
  nails: ['nails1', 'nails2', 'nails3'],
  hair: ['hair1', 'hair2', 'hair3'],
  brows: ['brows1', 'brows2', 'brows3'],
  makeup: ['makeup1', 'makeup2', 'makeup3'],
  skincare: ['skincare1', 'skincare2', 'skincare3'],
  beauty: ['beauty1', 'beauty2', 'beauty3'],
  massage: ['massage1', 'massage2', 'massage3'],
};

/** Palette names, light ones first. */
export const PALETTES: string[] = ['blush', 'peach', 'mauve', 'sand', 'sage', 'rose', 'dusk'];

/** A scene drawn on an 800 × 600 canvas scaled to width × height, as SVG text. */
export function sceneSvg(scene: string, palette: string, width: number, height: number): string {
  const s = new Svg(width, height, 800, 600);
  const draw = SCENES[scene] as Scene | undefined;
  const pal = PAL[palette as keyof typeof PAL];
  if (!draw || !pal) throw new Error(`No scene ${scene} or palette ${palette}`);
  draw(s, pal);
  return s.toString();
}
