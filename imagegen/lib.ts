// Small SVG toolkit used by the Glow image generator.
// Everything is plain strings so the output SVG files are self-contained.

export const BRAND = { pink: '#ec4899', pinkDark: '#db2777', pinkLight: '#fdf2f8' };

export const f = (n: number) => Math.round(n * 10) / 10;

function hex(c: string): number[] {
  const s = c.replace('#', '');
  const v =
    s.length === 3
      ? s
          .split('')
          .map((x) => x + x)
          .join('')
      : s;
  return [0, 2, 4].map((i) => parseInt(v.slice(i, i + 2), 16));
}
export function mix(a: string, b: string, t: number) {
  const pa = hex(a);
  const pb = hex(b);
  return (
    '#' +
    [0, 1, 2]
      .map((i) =>
        Math.round(pa[i] + (pb[i] - pa[i]) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#2a0f1c', t);

/** Palettes: soft background pairs + floor + accent colours. */
export const PAL = {
  blush: { bg: ['#fff6fa', '#fbdcec'], floor: ['#f7cfe1', '#efb6d0'], arch: '#fbd3e6', glow: '#ffffff', ink: '#5b2140', accent: '#ec4899', deep: '#db2777' },
  peach: { bg: ['#fff8f1', '#fbe0cf'], floor: ['#f5d3bd', '#ecbea3'], arch: '#f9d8c4', glow: '#ffffff', ink: '#5a2a22', accent: '#f472b6', deep: '#db2777' },
  mauve: { bg: ['#fcf5fb', '#ecd7ec'], floor: ['#e4c3df', '#d6acd0'], arch: '#efd3ea', glow: '#ffffff', ink: '#4a2143', accent: '#db2777', deep: '#9d174d' },
  sand: { bg: ['#fcf8f3', '#efe2d4'], floor: ['#e6d3bf', '#d9c0a7'], arch: '#f2e0cd', glow: '#ffffff', ink: '#4f3426', accent: '#ec4899', deep: '#be185d' },
  sage: { bg: ['#f7f9f3', '#e1eadb'], floor: ['#d3dfca', '#c0d0b4'], arch: '#dbe7d2', glow: '#ffffff', ink: '#33422e', accent: '#ec4899', deep: '#be185d' },
  rose: { bg: ['#fde7f2', '#f6b3d3'], floor: ['#f29cc4', '#e882b1'], arch: '#f9c6df', glow: '#fff4fa', ink: '#5b1237', accent: '#db2777', deep: '#9d174d' },
  dusk: { bg: ['#5c2446', '#2f1426'], floor: ['#44192f', '#2a0f1e'], arch: '#6e2d55', glow: '#ffb3d6', ink: '#fde7f2', accent: '#f472b6', deep: '#ec4899' },
};

/** A palette of PAL. */
export type Palette = (typeof PAL)[keyof typeof PAL];
/** A gradient stop: offset, colour and opacity (1 when left out). */
export type Stop = [offset: number, color: string, opacity?: number];
/** A part of the drawing: markup, or a list of them; empty parts are left out. */
export type Part = string | false | null | undefined | readonly (string | false | null | undefined)[];

export class Svg {
  defs: string[] = [];
  body: string[] = [];
  n = 0;
  constructor(
    readonly w = 800,
    readonly h = 600,
    readonly vw = w,
    readonly vh = h,
  ) {}
  id(p = 'g') {
    this.n += 1;
    return `${p}${this.n}`;
  }
  stops(stops: Stop[]) {
    return stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}"${op === 1 ? '' : ` stop-opacity="${op}"`}/>`).join('');
  }
  /** Linear gradient; default vertical. Returns url(#id). */
  lin(stops: Stop[], { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
    const id = this.id('l');
    const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${u}>${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }
  rad(
    stops: Stop[],
    { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false }: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number; user?: boolean } = {},
  ) {
    const id = this.id('r');
    const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
    const fo = fx !== undefined ? ` fx="${fx}" fy="${fy}"` : '';
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fo}${u}>${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  clip(content: string) {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${content}</clipPath>`);
    return `url(#${id})`;
  }
  blur(sd: number) {
    const id = this.id('b');
    this.defs.push(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`);
    return `url(#${id})`;
  }
  add(...parts: Part[]) {
    this.body.push(...parts.flat().filter((x): x is string => Boolean(x)));
    return this;
  }
  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.vw} ${this.vh}">\n<defs>${this.defs.join('\n')}</defs>\n${this.body.join('\n')}\n</svg>\n`;
  }
}

// ---------- generic shapes ----------

export const g = (inner: string | string[], attrs = '') => `<g ${attrs}>${[inner].flat().join('')}</g>`;
export const tr = (x: number, y: number, rot = 0, sc = 1) =>
  `transform="translate(${f(x)} ${f(y)})${rot ? ` rotate(${rot})` : ''}${sc !== 1 ? ` scale(${sc})` : ''}"`;

/** Arch: flat bottom at y+h, round top. */
export const archPath = (x: number, y: number, w: number, h: number) =>
  `M${f(x)} ${f(y + h)}V${f(y + w / 2)}A${f(w / 2)} ${f(w / 2)} 0 0 1 ${f(x + w)} ${f(y + w / 2)}V${f(y + h)}Z`;

export const sparkle = (x: number, y: number, r: number, fill = '#fff', op = 1) =>
  `<path d="M${f(x)} ${f(y - r)}Q${f(x + r * 0.12)} ${f(y - r * 0.12)} ${f(x + r)} ${f(y)}Q${f(x + r * 0.12)} ${f(y + r * 0.12)} ${f(x)} ${f(y + r)}Q${f(x - r * 0.12)} ${f(y + r * 0.12)} ${f(x - r)} ${f(y)}Q${f(x - r * 0.12)} ${f(y - r * 0.12)} ${f(x)} ${f(y - r)}Z" fill="${fill}"${op < 1 ? ` opacity="${op}"` : ''}/>`;

export function shadow(s: Svg, cx: number, cy: number, rx: number, ry: number, op = 0.22, color = '#6b2145') {
  const fill = s.rad([
    [0, color, op],
    [0.6, color, op * 0.45],
    [1, color, 0],
  ]);
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`;
}

/** Background: diagonal gradient + a couple of soft glows. */
export function background(
  s: Svg,
  p: Palette,
  {
    glows = [
      [0.22, 0.2, 0.45],
      [0.85, 0.85, 0.35],
    ],
    angle = 'diag',
  }: { glows?: [x: number, y: number, r: number, color?: string, opacity?: number][]; angle?: string } = {},
) {
  const W = s.vw;
  const H = s.vh;
  const dir = angle === 'diag' ? { x1: 0, y1: 0, x2: 1, y2: 1 } : { x1: 0, y1: 0, x2: 0, y2: 1 };
  const out = [
    `<rect width="${W}" height="${H}" fill="${s.lin(
      [
        [0, p.bg[0]],
        [1, p.bg[1]],
      ],
      dir,
    )}"/>`,
  ];
  for (const [gx, gy, gr, col = p.glow, op = 0.75] of glows) {
    const fill = s.rad([
      [0, col, op],
      [1, col, 0],
    ]);
    out.push(`<circle cx="${f(gx * W)}" cy="${f(gy * H)}" r="${f(gr * W)}" fill="${fill}"/>`);
  }
  return out.join('');
}

/** A table / floor surface from y to the bottom. */
export function floor(s: Svg, p: Palette, y: number, { edge = true } = {}) {
  const W = s.vw;
  const H = s.vh;
  const fill = s.lin([
    [0, p.floor[0]],
    [1, p.floor[1]],
  ]);
  return `<rect x="0" y="${f(y)}" width="${W}" height="${f(H - y)}" fill="${fill}"/>${edge ? `<rect x="0" y="${f(y)}" width="${W}" height="3" fill="#ffffff" opacity="0.45"/>` : ''}`;
}

export function leaf(x: number, y: number, len: number, wid: number, angle: number, fill: string, vein: string | null = null) {
  const d = `M0 0C${f(len * 0.25)} ${f(-wid)} ${f(len * 0.75)} ${f(-wid)} ${f(len)} 0C${f(len * 0.75)} ${f(wid)} ${f(len * 0.25)} ${f(wid)} 0 0Z`;
  const v = vein
    ? `<path d="M${f(len * 0.05)} 0L${f(len * 0.85)} 0" stroke="${vein}" stroke-width="${f(Math.max(1, wid * 0.08))}" stroke-linecap="round" opacity="0.55"/>`
    : '';
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="${d}" fill="${fill}"/>${v}</g>`;
}

/** A stem with alternating leaves. angle: degrees, 0 = to the right, -90 = up. */
export function sprig(
  x: number,
  y: number,
  len: number,
  angle: number,
  colors: string[],
  { leaves = 6, leafLen = 0.32, leafWid = 0.09, curve = 0.12, stroke = 3 } = {},
) {
  const a = (angle * Math.PI) / 180;
  const ex = x + Math.cos(a) * len;
  const ey = y + Math.sin(a) * len;
  const nx = -Math.sin(a);
  const ny = Math.cos(a);
  const cx = (x + ex) / 2 + nx * len * curve;
  const cy = (y + ey) / 2 + ny * len * curve;
  const out = [
    `<path d="M${f(x)} ${f(y)}Q${f(cx)} ${f(cy)} ${f(ex)} ${f(ey)}" fill="none" stroke="${colors[0]}" stroke-width="${stroke}" stroke-linecap="round"/>`,
  ];
  for (let i = 0; i < leaves; i++) {
    const t = 0.22 + (0.78 * i) / leaves;
    const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * cx + t * t * ex;
    const py = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * cy + t * t * ey;
    const side = i % 2 === 0 ? 1 : -1;
    const L = len * leafLen * (1 - t * 0.45);
    out.push(leaf(px, py, L, L * leafWid * 3, angle + side * 42, colors[1 + (i % (colors.length - 1))]));
  }
  out.push(leaf(ex, ey, len * leafLen * 0.55, len * leafLen * 0.14, angle, colors[1]));
  return out.join('');
}

/** Simple round flower. */
export function flower(x: number, y: number, r: number, petal: string, center: string, n = 6, rot = 0) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = rot + (360 / n) * i;
    out.push(`<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * 0.38)}" ry="${f(r * 0.55)}" fill="${petal}" transform="rotate(${f(a)})"/>`);
  }
  out.push(`<circle r="${f(r * 0.26)}" fill="${center}"/>`);
  return `<g transform="translate(${f(x)} ${f(y)})">${out.join('')}</g>`;
}

/** Layered peony / rose style bloom. */
export function bloom(x: number, y: number, r: number, c1: string, c2: string) {
  const out: string[] = [];
  const layers = [
    [1, 8, 0],
    [0.78, 7, 20],
    [0.56, 6, 8],
    [0.34, 5, 30],
  ] as const;
  layers.forEach(([k, n, rot], li) => {
    const col = mix(c1, c2, li / 3);
    for (let i = 0; i < n; i++) {
      const a = rot + (360 / n) * i;
      out.push(`<ellipse cx="0" cy="${f(-r * k * 0.5)}" rx="${f(r * k * 0.42)}" ry="${f(r * k * 0.55)}" fill="${col}" transform="rotate(${f(a)})"/>`);
    }
  });
  out.push(`<circle r="${f(r * 0.16)}" fill="${c2}"/>`);
  return `<g transform="translate(${f(x)} ${f(y)})">${out.join('')}</g>`;
}

export function flame(s: Svg, x: number, y: number, h: number, glow = true) {
  const w = h * 0.32;
  const out: string[] = [];
  if (glow) {
    const gf = s.rad([
      [0, '#fff3c4', 0.85],
      [0.35, '#ffd38a', 0.35],
      [1, '#ffb36b', 0],
    ]);
    out.push(`<circle cx="${f(x)}" cy="${f(y - h * 0.45)}" r="${f(h * 2.4)}" fill="${gf}"/>`);
  }
  const ff = s.lin([
    [0, '#fff7d6'],
    [0.55, '#ffc857'],
    [1, '#ff8a3d'],
  ]);
  out.push(
    `<path d="M${f(x)} ${f(y - h)}C${f(x + w * 1.2)} ${f(y - h * 0.45)} ${f(x + w)} ${f(y)} ${f(x)} ${f(y)}C${f(x - w)} ${f(y)} ${f(x - w * 1.2)} ${f(y - h * 0.45)} ${f(x)} ${f(y - h)}Z" fill="${ff}"/>`,
  );
  out.push(`<ellipse cx="${f(x)}" cy="${f(y - h * 0.28)}" rx="${f(w * 0.35)}" ry="${f(h * 0.22)}" fill="#fffdf2" opacity="0.9"/>`);
  return out.join('');
}

/** Scatter of sparkles from a list of [x,y,r]. */
export const sparkles = (list: [x: number, y: number, r: number, opacity?: number][], fill = '#fff', op = 0.9) =>
  list.map(([x, y, r, o]) => sparkle(x, y, r, fill, o ?? op)).join('');

export const dots = (list: [x: number, y: number, r: number][], fill: string, op = 0.5) =>
  list.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" opacity="${op}"/>`).join('');

/** Deterministic PRNG (mulberry32) so regenerated images are identical. */
export function rng(seed = 1) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Point and tangent on a cubic bezier. */
/** A point as [x, y]. */
export type Point = [x: number, y: number];

export function cubicAt(p0: Point, p1: Point, p2: Point, p3: Point, t: number) {
  const u = 1 - t;
  const x = u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0];
  const y = u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1];
  const dx = 3 * u * u * (p1[0] - p0[0]) + 6 * u * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0]);
  const dy = 3 * u * u * (p1[1] - p0[1]) + 6 * u * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1]);
  const l = Math.hypot(dx, dy) || 1;
  return { x, y, tx: dx / l, ty: dy / l };
}
