// Glow image generator: builds every illustration as SVG (imagegen/svg/) and rasterises it with
// sharp into public/. See README.md in this folder.
//
//   npm run images [-- --only=substring] [-- --svg-only] [-- --out=dir]
//
// --out writes the rasters under another folder instead of public/ (to compare a run with the
// committed files); the output is deterministic, so an unchanged generator rewrites the same bytes.

import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

import { PAL, Svg } from './lib';
import type { Scene } from './scenes';
import * as bm from './scenes-brows-makeup';
import * as misc from './scenes-misc';
import * as nh from './scenes-nails-hair';
import * as sbm from './scenes-skin-beauty-massage';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only') ?? '';
const svgOnly = args.includes('--svg-only');
const PUB = path.resolve(option('out') ?? path.join(HERE, '..', 'public'));
const SVG_DIR = path.join(HERE, 'svg');

const WEBP = { quality: 72, effort: 6, smartSubsample: true };

/** The modules' exports by name: the scenes, and the helpers they share. */
const SCENES: Record<string, unknown> = { ...nh, ...bm, ...sbm, ...misc };

/** Provider images: three compositions per category, each with its own palette. */
const PROVIDER_PALETTES: Record<string, (keyof typeof PAL)[]> = {
  nails: ['blush', 'peach', 'mauve'],
  hair: ['sand', 'blush', 'sage'],
  brows: ['peach', 'blush', 'sand'],
  makeup: ['blush', 'mauve', 'peach'],
  skincare: ['peach', 'blush', 'sage'],
  beauty: ['blush', 'sand', 'mauve'],
  massage: ['sage', 'blush', 'dusk'],
};

/** Category tiles reuse one composition per category on the stronger "rose" palette. */
const CATEGORY_TILES = {
  nails: 'nails1',
  hair: 'hair1',
  beauty: 'beauty1',
  brows: 'brows1',
  makeup: 'makeup3',
  skincare: 'skincare1',
};

/** One illustration: its scene and palette, its native view box, and each file it is written to. */
interface Job {
  name: string;
  scene: string;
  pal?: keyof typeof PAL;
  view: [width: number, height: number];
  /** Paths under public/ with the size to render at. */
  out: [path: string, width: number, height: number][];
  webp?: { quality?: number };
}

const jobs: Job[] = [];
for (const [cat, pals] of Object.entries(PROVIDER_PALETTES)) {
  pals.forEach((pal, i) => {
    const n = i + 1;
    jobs.push({
      name: `provider-${cat}-${n}`,
      scene: `${cat}${n}`,
      pal,
      view: [800, 600],
      out: [
        [`images/providers/${cat}-${n}.webp`, 800, 600],
        [`images/providers/${cat}-${n}-400.webp`, 400, 300],
      ],
    });
  });
}
jobs.push({
  name: 'provider-fallback',
  scene: 'fallback',
  pal: 'sand',
  view: [800, 600],
  out: [
    ['images/provider-fallback.webp', 800, 600],
    ['images/provider-fallback-400.webp', 400, 300],
  ],
});
for (const [cat, scene] of Object.entries(CATEGORY_TILES)) {
  jobs.push({ name: `category-${cat}`, scene, pal: 'rose', view: [800, 600], out: [[`images/categories/${cat}.webp`, 480, 360]] });
}
jobs.push({
  name: 'hero-home',
  scene: 'hero',
  pal: 'blush',
  view: [1600, 900],
  // large, gradient-dominated: a little more quality avoids visible blocking (still ~22 KB)
  webp: { quality: 80 },
  out: [
    ['images/hero-home.webp', 1600, 900],
    ['images/hero-home-800.webp', 800, 450],
  ],
});
for (const who of ['jasmine', 'maria', 'aisha']) {
  jobs.push({ name: `testimonial-${who}`, scene: who, pal: 'blush', view: [160, 160], out: [[`images/testimonials/${who}.webp`, 160, 160]] });
}
jobs.push({ name: 'og-default', scene: 'ogCard', pal: 'blush', view: [1200, 630], out: [['og-default.png', 1200, 630]] });
jobs.push({
  name: 'favicon',
  scene: 'favicon',
  view: [64, 64],
  out: [
    ['favicon.svg', 64, 64],
    ['favicon.ico', 32, 32],
  ],
});
jobs.push({ name: 'apple-touch-icon', scene: 'appleIcon', view: [64, 64], out: [['apple-touch-icon.png', 180, 180]] });

/** Wrap one PNG in an ICO container (6-byte ICONDIR + one 16-byte ICONDIRENTRY). */
function pngToIco(png: Buffer, size: number) {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // image count
  head.writeUInt8(size >= 256 ? 0 : size, 6); // width
  head.writeUInt8(size >= 256 ? 0 : size, 7); // height
  head.writeUInt8(0, 8); // palette colours
  head.writeUInt8(0, 9); // reserved
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14); // image data size
  head.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([head, png]);
}

function build(job: Job, w: number, h: number) {
  const [vw, vh] = job.view;
  const s = new Svg(w, h, vw, vh);
  (SCENES[job.scene] as Scene)(s, PAL[job.pal || 'blush']);
  return s.toString();
}

mkdirSync(SVG_DIR, { recursive: true });
const report: string[] = [];
for (const job of jobs) {
  if (only && !job.name.includes(only)) continue;
  // keep the SVG source at its native size
  const src = build(job, job.view[0], job.view[1]);
  writeFileSync(path.join(SVG_DIR, `${job.name}.svg`), src);
  if (svgOnly) continue;
  for (const [rel, w, h] of job.out) {
    const file = path.join(PUB, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    const svg = Buffer.from(build(job, w, h));
    if (rel.endsWith('.svg')) {
      writeFileSync(file, src);
    } else if (rel.endsWith('.ico')) {
      const png = await sharp(svg).resize(w, h).png({ compressionLevel: 9 }).toBuffer();
      writeFileSync(file, pngToIco(png, w));
    } else if (rel.endsWith('.png')) {
      // flatten: no transparency for social cards / touch icons
      await sharp(svg).resize(w, h).flatten({ background: '#ffffff' }).png({ compressionLevel: 9, palette: false }).toFile(file);
    } else {
      await sharp(svg)
        .resize(w, h)
        .webp({ ...WEBP, ...(job.webp || {}) })
        .toFile(file);
    }
    report.push(`${String(statSync(file).size).padStart(7)}  public/${rel}`);
  }
}
console.log(report.join('\n'));
