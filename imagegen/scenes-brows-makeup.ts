import type { Palette, Point, Svg } from './lib';
import { f, lighten, darken, archPath, sparkle, sparkles, shadow, background, floor, tr, rng, cubicAt } from './lib';

// ---------------------------------------------------------------- brows & lashes

function brow(cx: number, cy: number, w: number, color: string, seed = 3, hairs = true, thick = 1) {
  // tapered brow along a cubic centre line: thick inner end (left) -> arch -> thin tail (right)
  const P0: Point = [cx - w * 0.5, cy + 14];
  const P1: Point = [cx - w * 0.2, cy - 26];
  const P2: Point = [cx + w * 0.22, cy - 44];
  const P3: Point = [cx + w * 0.5, cy + 4];
  const th = (t: number) => thick * (t < 0.62 ? 30 - t * 8 : 25 * (1 - (t - 0.62) / 0.38) + 3);
  const up = [];
  const lo = [];
  const N = 28;
  for (let i = 0; i <= N; i++) {
    const t = i / N;
    const p = cubicAt(P0, P1, P2, P3, t);
    const nx = p.ty;
    const ny = -p.tx;
    const h = th(t) / 2;
    up.push(`${f(p.x + nx * h)} ${f(p.y + ny * h)}`);
    lo.push(`${f(p.x - nx * h)} ${f(p.y - ny * h)}`);
  }
  const d = `M${lo[0]}Q${f(P0[0] - 10)} ${f(P0[1])} ${up[0]}L${up.slice(1).join('L')}L${lo.slice(0, -1).reverse().join('L')}Z`;
  const out = [`<path d="${d}" fill="${color}" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>`];
  if (hairs) {
    const r = rng(seed);
    const st = [];
    for (let i = 0; i < 60; i++) {
      const t = 0.02 + (i / 60) * 0.94;
      const p = cubicAt(P0, P1, P2, P3, t);
      const nx = p.ty;
      const ny = -p.tx;
      const off = (r() - 0.5) * th(t) * 0.7;
      const x = p.x + nx * off;
      const y = p.y + ny * off;
      const tilt = t < 0.18 ? -1.3 : -0.35;
      const dx = p.tx + nx * tilt * -1;
      const dy = p.ty + ny * tilt * -1;
      const l = Math.hypot(dx, dy);
      const L = 10 + r() * 8;
      st.push(`M${f(x)} ${f(y)}l${f((dx / l) * L)} ${f((dy / l) * L)}`);
    }
    out.push(`<path d="${st.join('')}" stroke="${lighten(color, 0.25)}" stroke-width="1.8" stroke-linecap="round" opacity="0.55"/>`);
    out.push(
      `<path d="${st.filter((_, i) => i % 3 === 0).join('')}" stroke="${darken(color, 0.3)}" stroke-width="1.8" stroke-linecap="round" opacity="0.6" transform="translate(2 3)"/>`,
    );
  }
  return out.join('');
}

function openEye(s: Svg, cx: number, cy: number, w: number, ht: number, iris: string, lash = '#2a1a20') {
  const L: Point = [cx - w / 2, cy];
  const R: Point = [cx + w / 2, cy - 6];
  const t1: Point = [cx - w * 0.18, cy - ht * 1.38];
  const t2: Point = [cx + w * 0.24, cy - ht * 1.34];
  const b1: Point = [cx - w * 0.16, cy + ht * 0.95];
  const b2: Point = [cx + w * 0.24, cy + ht * 0.9];
  const shape = `M${L}C${t1} ${t2} ${R}C${b2} ${b1} ${L}Z`;
  const clip = s.clip(`<path d="${shape}"/>`);
  const irisF = s.rad([
    [0, lighten(iris, 0.35)],
    [0.55, iris],
    [1, darken(iris, 0.45)],
  ]);
  const ir = ht * 0.95;
  const icy = cy - ht * 0.12;
  const out = [];
  // eyeshadow glow & crease
  out.push(
    `<ellipse cx="${cx + w * 0.04}" cy="${cy - ht * 0.9}" rx="${w * 0.56}" ry="${ht * 1.1}" fill="${s.rad([
      [0, '#f472b6', 0.35],
      [1, '#f472b6', 0],
    ])}"/>`,
  );
  out.push(
    `<path d="M${f(cx - w * 0.42)} ${f(cy - ht * 0.7)}C${f(cx - w * 0.2)} ${f(cy - ht * 1.75)} ${f(cx + w * 0.26)} ${f(cy - ht * 1.72)} ${f(cx + w * 0.46)} ${f(cy - ht * 0.85)}" fill="none" stroke="#b07a68" stroke-width="3" stroke-linecap="round" opacity="0.45"/>`,
  );
  out.push(`<path d="${shape}" fill="#fffafa"/>`);
  out.push(`<g clip-path="${clip}"><circle cx="${f(cx)}" cy="${f(icy)}" r="${f(ir)}" fill="${irisF}"/>
    <circle cx="${f(cx)}" cy="${f(icy)}" r="${f(ir)}" fill="none" stroke="${darken(iris, 0.5)}" stroke-width="4"/>
    <circle cx="${f(cx)}" cy="${f(icy)}" r="${f(ir * 0.42)}" fill="#1d1216"/>
    <circle cx="${f(cx + ir * 0.35)}" cy="${f(icy - ir * 0.35)}" r="${f(ir * 0.18)}" fill="#fff"/>
    <circle cx="${f(cx - ir * 0.3)}" cy="${f(icy + ir * 0.32)}" r="${f(ir * 0.08)}" fill="#fff" opacity="0.8"/>
    <path d="M${L}C${t1} ${t2} ${R}" fill="none" stroke="#d9b9b9" stroke-width="16" opacity="0.35"/></g>`);
  // lid line
  out.push(`<path d="M${L}C${t1} ${t2} ${R}" fill="none" stroke="${lash}" stroke-width="7" stroke-linecap="round"/>`);
  out.push(`<path d="M${L}C${b1} ${b2} ${R}" fill="none" stroke="#b07a68" stroke-width="2.5" opacity="0.6"/>`);
  // upper lashes
  const ls = [];
  for (let i = 0; i <= 26; i++) {
    const t = 0.06 + (i / 26) * 0.94;
    const p = cubicAt(L, t1, t2, R, t);
    const nx = p.ty;
    const ny = -p.tx;
    const len = 26 + 46 * t ** 1.6;
    const flick = 0.2 + t * 0.55;
    const ex = p.x + nx * len + p.tx * len * flick;
    const ey = p.y + ny * len + p.ty * len * flick;
    const qx = p.x + nx * len * 0.75;
    const qy = p.y + ny * len * 0.75;
    ls.push(`M${f(p.x)} ${f(p.y)}Q${f(qx)} ${f(qy)} ${f(ex)} ${f(ey)}`);
  }
  out.push(`<path d="${ls.join('')}" fill="none" stroke="${lash}" stroke-width="3.6" stroke-linecap="round"/>`);
  const lo = [];
  for (let i = 0; i <= 9; i++) {
    const t = 0.45 + (i / 9) * 0.5;
    const p = cubicAt(L, b1, b2, R, t);
    const nx = -p.ty;
    const ny = p.tx;
    const len = 10 + 10 * t;
    lo.push(`M${f(p.x)} ${f(p.y)}l${f(nx * len + p.tx * 5)} ${f(ny * len + p.ty * 5)}`);
  }
  out.push(`<path d="${lo.join('')}" stroke="${lash}" stroke-width="2" stroke-linecap="round" opacity="0.8"/>`);
  return out.join('');
}

function closedEye(s: Svg, cx: number, cy: number, w: number, lash = '#2a1a20', count = 30) {
  const L: Point = [cx - w / 2, cy - 10];
  const R: Point = [cx + w / 2, cy - 20];
  const c1: Point = [cx - w * 0.2, cy + 40];
  const c2: Point = [cx + w * 0.25, cy + 34];
  const out = [];
  out.push(
    `<path d="M${f(cx - w * 0.46)} ${f(cy - 40)}C${f(cx - w * 0.2)} ${f(cy - 90)} ${f(cx + w * 0.3)} ${f(cy - 92)} ${f(cx + w * 0.5)} ${f(cy - 50)}" fill="none" stroke="#b07a68" stroke-width="3" stroke-linecap="round" opacity="0.45"/>`,
  );
  out.push(
    `<ellipse cx="${cx}" cy="${cy - 20}" rx="${w * 0.55}" ry="70" fill="${s.rad([
      [0, '#f472b6', 0.28],
      [1, '#f472b6', 0],
    ])}"/>`,
  );
  const ls = [];
  for (let i = 0; i <= count; i++) {
    const t = 0.04 + (i / count) * 0.94;
    const p = cubicAt(L, c1, c2, R, t);
    const nx = -p.ty;
    const ny = p.tx; // downward normal
    const len = 40 + 62 * Math.sin(Math.PI * (0.25 + t * 0.7));
    const side = (t - 0.35) * 1.2;
    const ex = p.x + nx * len + p.tx * len * side;
    const ey = p.y + ny * len * 0.85 + p.ty * len * side;
    const qx = p.x + nx * len * 0.9 + p.tx * len * side * 0.3;
    const qy = p.y + ny * len * 1.0;
    ls.push(`M${f(p.x)} ${f(p.y)}Q${f(qx)} ${f(qy)} ${f(ex)} ${f(ey - len * 0.1)}`);
  }
  out.push(`<path d="${ls.join('')}" fill="none" stroke="${lash}" stroke-width="3.2" stroke-linecap="round"/>`);
  out.push(`<path d="M${L}C${c1} ${c2} ${R}" fill="none" stroke="${lash}" stroke-width="8" stroke-linecap="round"/>`);
  return out.join('');
}

function tweezers(s: Svg, x: number, y: number, rot: number, sc: number, metal = ['#f6d3c2', '#c98b74']) {
  const m = s.lin(
    [
      [0, metal[0]],
      [0.5, lighten(metal[0], 0.5)],
      [1, metal[1]],
    ],
    { x2: 1, y2: 0 },
  );
  const leg = (a: number) => `<path d="M-9 0L9 0L5 250Q3 262 -1 250Z" fill="${m}" transform="rotate(${a})"/>`;
  return `<g ${tr(x, y, rot, sc)}>${leg(-3.2)}${leg(3.2)}<rect x="-15" y="-26" width="30" height="40" rx="14" fill="${m}"/><rect x="-7" y="-18" width="4" height="26" rx="2" fill="#fff" opacity="0.6"/></g>`;
}

function pencil(s: Svg, x: number, y: number, rot: number, sc: number, body = '#3b2630', lead = '#6b4434') {
  const bf = s.lin([
    [0, lighten(body, 0.3)],
    [0.5, body],
    [1, darken(body, 0.35)],
  ]);
  return `<g ${tr(x, y, rot, sc)}>
    <rect x="0" y="-13" width="300" height="26" rx="3" fill="${bf}"/>
    <rect x="0" y="-5" width="300" height="3" fill="#fff" opacity="0.2"/>
    <rect x="-34" y="-13" width="38" height="26" rx="5" fill="#d9a46c"/>
    <path d="M300 -13L356 -2.5L356 2.5L300 13Z" fill="#f1d2b0"/>
    <path d="M338 -6L362 0L338 6Z" fill="${lead}"/>
    <path d="M300 -13L316 -10L316 10L300 13Z" fill="#e3bf96" opacity="0.7"/>
  </g>`;
}

function spoolie(s: Svg, x: number, y: number, rot: number, sc: number, handle = '#ec4899') {
  const hf = s.lin([
    [0, lighten(handle, 0.3)],
    [1, darken(handle, 0.2)],
  ]);
  const b = [];
  for (let i = 0; i < 30; i++) {
    const bx = 206 + i * 3.4;
    const h = 24 * Math.sin(Math.PI * (0.15 + (i / 30) * 0.8));
    b.push(`M${f(bx)} ${f(-h)}L${f(bx + (i % 2 ? 5 : -5))} ${f(h)}`);
  }
  return `<g ${tr(x, y, rot, sc)}>
    <rect x="0" y="-10" width="180" height="20" rx="10" fill="${hf}"/>
    <rect x="12" y="-6" width="140" height="4" rx="2" fill="#fff" opacity="0.35"/>
    <rect x="176" y="-8" width="34" height="16" rx="3" fill="#d9a46c"/>
    <path d="M206 0H312" stroke="#8a8a96" stroke-width="2"/>
    <path d="${b.join('')}" stroke="#2a1a20" stroke-width="2.2" stroke-linecap="round"/>
  </g>`;
}

export function brows1(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.5, 0.45, 0.55],
        [0.1, 0.1, 0.3],
      ],
    }),
  );
  s.add(
    `<ellipse cx="400" cy="300" rx="330" ry="240" fill="${s.rad([
      [0, '#f9dccb'],
      [0.75, '#f6d0bc', 0.9],
      [1, '#f6d0bc', 0],
    ])}"/>`,
  );
  s.add(brow(410, 168, 420, '#5b3a2e', 7));
  s.add(openEye(s, 400, 340, 380, 78, '#7b5a3a'));
  s.add(
    sparkles(
      [
        [110, 110, 18],
        [700, 90, 14],
        [690, 500, 18],
        [120, 480, 10],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(660, 420, 12, p.accent, 0.5));
}

export function brows2(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.3, 0.4, 0.5],
        [0.9, 0.1, 0.35],
      ],
    }),
  );
  s.add(
    `<circle cx="360" cy="300" r="250" fill="${s.rad([
      [0, '#fbe3d6'],
      [0.8, '#f8d6c4'],
      [1, '#f8d6c4', 0],
    ])}"/>`,
  );
  s.add(brow(350, 170, 360, '#6b4434', 11));
  s.add(closedEye(s, 340, 300, 340));
  // lash extension fan on a strip, held by tweezers
  s.add(tweezers(s, 740, 60, 41.4, 0.89));
  const fan = [];
  for (let i = 0; i < 7; i++) {
    const a = -30 + i * 10;
    fan.push(
      `<path d="M0 0Q${f(4 + i)} -40 ${f(Math.sin((a * Math.PI) / 180) * 70)} ${f(-Math.cos((a * Math.PI) / 180) * 70 - 6)}" fill="none" stroke="#2a1a20" stroke-width="2.4" stroke-linecap="round"/>`,
    );
  }
  s.add(`<g transform="translate(590 232) rotate(221.4)">${fan.join('')}</g>`);
  s.add(
    sparkles(
      [
        [120, 90, 16],
        [700, 480, 20],
        [600, 540, 10],
        [90, 500, 12],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(150, 420, 14, p.accent, 0.45));
}

export function brows3(s: Svg, p: Palette) {
  s.add(background(s, p, { glows: [[0.5, 0.5, 0.55]] }));
  // swatch card
  s.add(shadow(s, 400, 318, 250, 150, 0.12));
  s.add(`<g transform="rotate(-5 400 300)"><rect x="170" y="150" width="460" height="290" rx="22" fill="#fffaf7"/>
    ${brow(300, 260, 180, '#6b4434', 5, true)}${brow(500, 254, 170, '#3b2630', 9, true)}
    <path d="M220 360c40 -20 80 20 120 0s80 20 120 0" stroke="#a4785d" stroke-width="10" stroke-linecap="round" fill="none" opacity="0.7"/>
    <path d="M420 392c30 -12 60 12 90 0" stroke="#3b2630" stroke-width="7" stroke-linecap="round" fill="none" opacity="0.6"/></g>`);
  s.add(pencil(s, 90, 520, -12, 1.05, '#4a2f26'));
  s.add(spoolie(s, 480, 90, 18, 0.95, p.accent));
  s.add(tweezers(s, 700, 260, 28, 0.9));
  // pomade pot
  s.add(shadow(s, 150, 180, 80, 22, 0.18));
  s.add(
    `<circle cx="140" cy="150" r="66" fill="${s.lin([
      [0, '#f0c590'],
      [1, '#b8865b'],
    ])}"/><circle cx="140" cy="150" r="52" fill="${s.rad(
      [
        [0, '#7a5040'],
        [1, '#4a2f26'],
      ],
      { cx: 0.4, cy: 0.35 },
    )}"/><path d="M110 140q20 -24 50 -6" stroke="#a4785d" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.7"/>`,
  );
  s.add(
    sparkles(
      [
        [720, 80, 18],
        [660, 520, 14],
        [60, 330, 10],
      ],
      '#ffffff',
    ),
  );
}

// ---------------------------------------------------------------- makeup

export function lipstick(s: Svg, cx: number, by: number, w: number, h: number, bullet: string, caseC = '#2f2327', { band = '#d9a46c', open = true } = {}) {
  const cf = s.lin(
    [
      [0, lighten(caseC, 0.28)],
      [0.45, caseC],
      [1, darken(caseC, 0.35)],
    ],
    { x2: 1, y2: 0 },
  );
  const gf = s.lin(
    [
      [0, lighten(band, 0.45)],
      [0.5, band],
      [1, darken(band, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const bf = s.lin(
    [
      [0, lighten(bullet, 0.25)],
      [0.5, bullet],
      [1, darken(bullet, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const caseH = h * 0.46;
  const x = cx - w / 2;
  const out = [shadow(s, cx + w * 0.15, by, w * 0.9, w * 0.16)];
  out.push(`<rect x="${f(x)}" y="${f(by - caseH)}" width="${f(w)}" height="${f(caseH)}" rx="${f(w * 0.08)}" fill="${cf}"/>`);
  out.push(`<rect x="${f(x - 2)}" y="${f(by - caseH - h * 0.05)}" width="${f(w + 4)}" height="${f(h * 0.06)}" rx="3" fill="${gf}"/>`);
  if (open) {
    const sw = w * 0.84;
    const sy = by - caseH - h * 0.05 - h * 0.17;
    out.push(`<rect x="${f(cx - sw / 2)}" y="${f(sy)}" width="${f(sw)}" height="${f(h * 0.18)}" rx="3" fill="${gf}"/>`);
    const bw = w * 0.68;
    const bh = h * 0.34;
    const l = cx - bw / 2;
    const r = cx + bw / 2;
    out.push(
      `<path d="M${f(l)} ${f(sy + 2)}V${f(sy - bh * 0.5)}Q${f(l)} ${f(sy - bh * 0.62)} ${f(l + bw * 0.15)} ${f(sy - bh * 0.68)}L${f(r - bw * 0.08)} ${f(sy - bh)}Q${f(r)} ${f(sy - bh)} ${f(r)} ${f(sy - bh * 0.86)}V${f(sy + 2)}Z" fill="${bf}"/>`,
    );
    out.push(
      `<rect x="${f(l + bw * 0.14)}" y="${f(sy - bh * 0.5)}" width="${f(bw * 0.12)}" height="${f(bh * 0.48)}" rx="${f(bw * 0.06)}" fill="#fff" opacity="0.35"/>`,
    );
  } else {
    out.push(`<rect x="${f(x)}" y="${f(by - h * 0.98)}" width="${f(w)}" height="${f(h * 0.47)}" rx="${f(w * 0.08)}" fill="${cf}"/>`);
  }
  out.push(
    `<rect x="${f(x + w * 0.14)}" y="${f(by - caseH + 8)}" width="${f(w * 0.1)}" height="${f(caseH - 16)}" rx="${f(w * 0.05)}" fill="#fff" opacity="0.25"/>`,
  );
  return out.join('');
}

export function brush(
  s: Svg,
  x: number,
  y: number,
  rot: number,
  sc: number,
  { handle = '#2f2327', bristle = '#f3d9c6', tip = '#8a5a44', shape = 'round', ferrule = ['#f3e2c7', '#c9a06c'] } = {},
) {
  const hf = s.lin([
    [0, lighten(handle, 0.3)],
    [0.5, handle],
    [1, darken(handle, 0.3)],
  ]);
  const ff = s.lin([
    [0, ferrule[0]],
    [0.45, '#fffaf0'],
    [1, ferrule[1]],
  ]);
  const bf = s.lin(
    [
      [0, bristle],
      [1, tip],
    ],
    { x2: 1, y2: 0 },
  );
  const shapes = {
    round: 'M266 -13C300 -38 360 -40 384 0C360 40 300 38 266 13Z',
    pointed: 'M266 -11C296 -17 332 -12 356 0C332 12 296 17 266 11Z',
    angled: 'M266 -13L336 -24Q350 -22 352 -8L344 18L266 13Z',
    fan: 'M266 -8L336 -56Q372 0 336 56L266 8Z',
    flat: 'M266 -13H330Q344 -13 344 0Q344 13 330 13H266Z',
    kabuki: 'M266 -16C290 -46 350 -52 372 -10C376 10 360 46 320 44C300 42 280 30 266 16Z',
  };
  return `<g ${tr(x, y, rot, sc)}>
    <path d="M0 -6Q0 -9 6 -9L220 -13V13L6 9Q0 9 0 6Z" fill="${hf}"/>
    <rect x="20" y="-6" width="170" height="3" rx="1.5" fill="#fff" opacity="0.35"/>
    <path d="${shapes[shape as keyof typeof shapes]}" fill="${bf}"/>
    <path d="M218 -14H268Q272 -14 272 -10V10Q272 14 268 14H218Z" fill="${ff}"/>
  </g>`;
}

export function makeup1(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.2, 0.2, 0.45],
        [0.8, 0.85, 0.35],
      ],
    }),
  );
  s.add(
    `<path d="${archPath(220, 60, 360, 430)}" fill="${s.lin([
      [0, lighten(p.arch, 0.4)],
      [1, p.arch],
    ])}"/>`,
  );
  // swatch smear
  s.add(
    `<path d="M250 200C330 170 420 196 520 170C560 160 590 176 572 200C540 236 430 222 330 246C280 258 230 246 250 200Z" fill="${p.accent}" opacity="0.22"/>`,
  );
  s.add(floor(s, p, 452));
  s.add(lipstick(s, 300, 500, 74, 250, '#db2777'));
  s.add(lipstick(s, 400, 510, 84, 320, '#be123c', '#d9a46c', { band: '#2f2327' }));
  s.add(lipstick(s, 500, 498, 70, 230, '#e8a0a8', '#fdf2f8'));
  // lipstick swatches on the table
  s.add(
    `<path d="M580 520c30 -14 70 -10 110 -2" stroke="#db2777" stroke-width="16" stroke-linecap="round" fill="none" opacity="0.85"/><path d="M600 556c26 -10 60 -8 96 0" stroke="#be123c" stroke-width="14" stroke-linecap="round" fill="none" opacity="0.8"/><path d="M110 540c26 -10 60 -8 96 0" stroke="#e8a0a8" stroke-width="14" stroke-linecap="round" fill="none"/>`,
  );
  s.add(
    sparkles(
      [
        [140, 140, 20],
        [670, 120, 16],
        [660, 360, 10],
        [150, 400, 12],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(610, 240, 14, p.accent, 0.5));
}

export function makeup2(s: Svg, p: Palette) {
  s.add(background(s, p, { glows: [[0.5, 0.5, 0.5]] }));
  s.add(`<circle cx="400" cy="300" r="240" fill="${p.arch}" opacity="0.7"/>`);
  s.add(shadow(s, 410, 420, 260, 60, 0.16));
  const pans = ['#f6d5c4', '#f4b8a6', '#ec4899', '#c2748f', '#b8865b', '#7a3b55', '#f9c5d9', '#d99b7a'];
  const pf = pans.map((c) =>
    s.rad(
      [
        [0, lighten(c, 0.4)],
        [0.6, c],
        [1, darken(c, 0.15)],
      ],
      { cx: 0.35, cy: 0.3 },
    ),
  );
  const cells = pf.map((fill, i) => {
    const cx = 200 + (i % 4) * 100;
    const cy = 300 + Math.floor(i / 4) * 92;
    return `<rect x="${cx - 40}" y="${cy - 36}" width="80" height="72" rx="12" fill="#f3e6ea"/><rect x="${cx - 34}" y="${cy - 30}" width="68" height="60" rx="9" fill="${fill}"/>`;
  });
  s.add(`<g transform="rotate(-6 400 330)">
    <rect x="130" y="84" width="540" height="180" rx="26" fill="${s.lin([
      [0, '#3b2630'],
      [1, '#2a1a20'],
    ])}"/>
    <rect x="146" y="100" width="508" height="150" rx="16" fill="${s.lin(
      [
        [0, '#fdf2f8'],
        [0.5, '#f5e7ef'],
        [1, '#e9d3df'],
      ],
      { x2: 1, y2: 1 },
    )}"/>
    <path d="M240 100L300 100L210 250L150 250Z" fill="#fff" opacity="0.5"/><path d="M320 100L345 100L255 250L230 250Z" fill="#fff" opacity="0.4"/>
    <rect x="130" y="246" width="540" height="218" rx="26" fill="${s.lin([
      [0, '#3b2630'],
      [1, '#241419'],
    ])}"/>
    ${cells.join('')}
  </g>`);
  s.add(brush(s, 420, 560, -22, 1.05, { handle: p.accent, shape: 'pointed', bristle: '#2a1a20', tip: '#4a2f36' }));
  s.add(
    sparkles(
      [
        [90, 90, 18],
        [720, 500, 16],
        [720, 90, 12],
        [80, 470, 10],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(690, 200, 12, p.accent, 0.5));
}

export function makeup3(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.3, 0.3, 0.45],
        [0.9, 0.9, 0.3],
      ],
    }),
  );
  s.add(
    `<path d="${archPath(170, 50, 320, 440)}" fill="${s.lin([
      [0, lighten(p.arch, 0.4)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(floor(s, p, 470));
  const bs = [
    [-112, 'kabuki', '#f3d9c6', '#c98b74', '#2f2327'],
    [-100, 'fan', '#f7e3d6', '#e0b9a3', '#db2777'],
    [-88, 'round', '#efd5c4', '#a8735b', '#2f2327'],
    [-76, 'angled', '#3b2630', '#2a1a20', '#f9c5d9'],
    [-66, 'pointed', '#f3d9c6', '#8a5a44', '#d9a46c'],
  ] as const;
  for (const [a, shape, bristle, tip, handle] of bs) {
    s.add(brush(s, 330, 520, a, 0.95, { shape, bristle, tip, handle }));
  }
  // cup
  s.add(shadow(s, 340, 522, 110, 16, 0.2));
  const cup = s.lin(
    [
      [0, lighten(p.accent, 0.55)],
      [0.45, lighten(p.accent, 0.25)],
      [1, p.deep],
    ],
    { x2: 1, y2: 0 },
  );
  s.add(
    `<path d="M256 372H424L414 508Q412 522 398 522H282Q268 522 266 508Z" fill="${cup}"/><ellipse cx="340" cy="372" rx="84" ry="14" fill="${lighten(p.accent, 0.6)}"/><rect x="280" y="392" width="12" height="108" rx="6" fill="#fff" opacity="0.35"/>`,
  );
  // compact
  s.add(shadow(s, 600, 540, 110, 16, 0.2));
  s.add(
    `<ellipse cx="600" cy="514" rx="96" ry="26" fill="${s.lin([
      [0, '#f0c590'],
      [1, '#b8865b'],
    ])}"/><ellipse cx="600" cy="506" rx="80" ry="18" fill="${s.rad([
      [0, '#fbe3d6'],
      [1, '#e8c3a8'],
    ])}"/>`,
  );
  s.add(
    `<g transform="rotate(-14 600 500)"><ellipse cx="600" cy="400" rx="96" ry="100" fill="${s.lin([
      [0, '#f0c590'],
      [1, '#b8865b'],
    ])}"/><ellipse cx="600" cy="400" rx="80" ry="84" fill="${s.lin(
      [
        [0, '#ffffff'],
        [0.5, '#f3e6ef'],
        [1, '#d9c4d3'],
      ],
      { x2: 1, y2: 1 },
    )}"/><path d="M560 340L590 330L540 450L525 430Z" fill="#fff" opacity="0.7"/></g>`,
  );
  s.add(
    sparkles(
      [
        [120, 120, 18],
        [690, 110, 20],
        [720, 300, 10],
        [110, 420, 12],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(640, 230, 14, p.accent, 0.45));
}
