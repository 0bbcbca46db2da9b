import type { Palette, Svg } from './lib';
import { f, lighten, darken, archPath, sparkle, sparkles, shadow, background, floor, leaf, sprig, flower, bloom, flame, rng } from './lib';
import { lipstick } from './scenes-brows-makeup';

const GREENS = ['#7c9a6d', '#95b386', '#a9c49a', '#6f8d62'];

// ---------------------------------------------------------------- shared props

export function dropperBottle(s: Svg, cx: number, by: number, w: number, h: number, glass: string, bulb = '#2f2327', { label = '#fffaf7' } = {}) {
  const bodyH = h * 0.6;
  const x = cx - w / 2;
  const gf = s.lin(
    [
      [0, lighten(glass, 0.3)],
      [0.45, glass],
      [1, darken(glass, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const gold = s.lin(
    [
      [0, '#f6dcb8'],
      [0.5, '#d9a46c'],
      [1, '#a8743f'],
    ],
    { x2: 1, y2: 0 },
  );
  const bf = s.lin(
    [
      [0, lighten(bulb, 0.3)],
      [0.5, bulb],
      [1, darken(bulb, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const cw = w * 0.46;
  const cy = by - bodyH - h * 0.1;
  return [
    shadow(s, cx + w * 0.12, by, w * 0.8, w * 0.12),
    `<path d="M${f(x)} ${f(by - bodyH * 0.8)}Q${f(x)} ${f(by - bodyH)} ${f(cx - w * 0.22)} ${f(by - bodyH - h * 0.02)}H${f(cx + w * 0.22)}Q${f(x + w)} ${f(by - bodyH)} ${f(x + w)} ${f(by - bodyH * 0.8)}V${f(by - w * 0.12)}Q${f(x + w)} ${f(by)} ${f(x + w - w * 0.12)} ${f(by)}H${f(x + w * 0.12)}Q${f(x)} ${f(by)} ${f(x)} ${f(by - w * 0.12)}Z" fill="${gf}"/>`,
    `<rect x="${f(x + w * 0.1)}" y="${f(by - bodyH * 0.62)}" width="${f(w * 0.8)}" height="${f(bodyH * 0.36)}" rx="4" fill="${label}" opacity="0.9"/>`,
    `<rect x="${f(x + w * 0.22)}" y="${f(by - bodyH * 0.5)}" width="${f(w * 0.56)}" height="5" rx="2.5" fill="${darken(glass, 0.2)}" opacity="0.6"/>`,
    `<rect x="${f(x + w * 0.3)}" y="${f(by - bodyH * 0.4)}" width="${f(w * 0.4)}" height="4" rx="2" fill="${darken(glass, 0.1)}" opacity="0.4"/>`,
    `<rect x="${f(x + w * 0.1)}" y="${f(by - bodyH * 0.9)}" width="${f(w * 0.08)}" height="${f(bodyH * 0.22)}" rx="${f(w * 0.04)}" fill="#fff" opacity="0.5"/>`,
    `<rect x="${f(cx - cw / 2)}" y="${f(cy)}" width="${f(cw)}" height="${f(h * 0.11)}" rx="4" fill="${gold}"/>`,
    `<path d="M${f(cx - cw * 0.38)} ${f(cy + 2)}V${f(cy - h * 0.16)}Q${f(cx - cw * 0.38)} ${f(cy - h * 0.26)} ${f(cx)} ${f(cy - h * 0.26)}Q${f(cx + cw * 0.38)} ${f(cy - h * 0.26)} ${f(cx + cw * 0.38)} ${f(cy - h * 0.16)}V${f(cy + 2)}Z" fill="${bf}"/>`,
    `<rect x="${f(cx - cw * 0.25)}" y="${f(cy - h * 0.19)}" width="${f(cw * 0.12)}" height="${f(h * 0.14)}" rx="3" fill="#fff" opacity="0.3"/>`,
  ].join('');
}

export function jar(s: Svg, cx: number, by: number, w: number, h: number, body: string, lid = '#d9a46c') {
  const bf = s.lin(
    [
      [0, lighten(body, 0.3)],
      [0.5, body],
      [1, darken(body, 0.22)],
    ],
    { x2: 1, y2: 0 },
  );
  const lf = s.lin(
    [
      [0, lighten(lid, 0.4)],
      [0.5, lid],
      [1, darken(lid, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const lh = h * 0.34;
  return [
    shadow(s, cx + w * 0.1, by, w * 0.7, w * 0.1),
    `<rect x="${f(cx - w / 2)}" y="${f(by - h + lh - 4)}" width="${f(w)}" height="${f(h - lh + 4)}" rx="${f(w * 0.12)}" fill="${bf}"/>`,
    `<rect x="${f(cx - w / 2 - 4)}" y="${f(by - h)}" width="${f(w + 8)}" height="${f(lh)}" rx="${f(w * 0.08)}" fill="${lf}"/>`,
    `<rect x="${f(cx - w / 2 + 10)}" y="${f(by - h + 6)}" width="${f(w * 0.5)}" height="4" rx="2" fill="#fff" opacity="0.5"/>`,
    `<circle cx="${f(cx)}" cy="${f(by - (h - lh) / 2)}" r="${f(Math.min(w, h) * 0.16)}" fill="#fff" opacity="0.75"/>`,
  ].join('');
}

export function pumpBottle(s: Svg, cx: number, by: number, w: number, h: number, body: string, top = '#fffaf7') {
  const bf = s.lin(
    [
      [0, lighten(body, 0.3)],
      [0.5, body],
      [1, darken(body, 0.22)],
    ],
    { x2: 1, y2: 0 },
  );
  const tf = s.lin(
    [
      [0, lighten(top, 0.3)],
      [0.5, top],
      [1, darken(top, 0.18)],
    ],
    { x2: 1, y2: 0 },
  );
  const bodyH = h * 0.7;
  const y0 = by - bodyH;
  return [
    shadow(s, cx + w * 0.12, by, w * 0.8, w * 0.12),
    `<rect x="${f(cx - w / 2)}" y="${f(y0)}" width="${f(w)}" height="${f(bodyH)}" rx="${f(w * 0.2)}" fill="${bf}"/>`,
    `<rect x="${f(cx - w * 0.2)}" y="${f(y0 - h * 0.07)}" width="${f(w * 0.4)}" height="${f(h * 0.08)}" rx="3" fill="${tf}"/>`,
    `<rect x="${f(cx - w * 0.06)}" y="${f(y0 - h * 0.2)}" width="${f(w * 0.12)}" height="${f(h * 0.14)}" fill="${tf}"/>`,
    `<path d="M${f(cx - w * 0.22)} ${f(y0 - h * 0.19)}H${f(cx + w * 0.5)}Q${f(cx + w * 0.56)} ${f(y0 - h * 0.19)} ${f(cx + w * 0.56)} ${f(y0 - h * 0.16)}V${f(y0 - h * 0.145)}H${f(cx + w * 0.22)}V${f(y0 - h * 0.13)}H${f(cx - w * 0.22)}Z" fill="${tf}"/>`,
    `<rect x="${f(cx - w * 0.3)}" y="${f(y0 + bodyH * 0.3)}" width="${f(w * 0.6)}" height="${f(bodyH * 0.32)}" rx="4" fill="#fff" opacity="0.55"/>`,
    `<rect x="${f(cx - w * 0.36)}" y="${f(y0 + bodyH * 0.08)}" width="${f(w * 0.08)}" height="${f(bodyH * 0.8)}" rx="${f(w * 0.04)}" fill="#fff" opacity="0.4"/>`,
  ].join('');
}

export function tube(s: Svg, cx: number, by: number, w: number, h: number, body: string, cap = '#fffaf7') {
  const bf = s.lin(
    [
      [0, lighten(body, 0.35)],
      [0.5, body],
      [1, darken(body, 0.2)],
    ],
    { x2: 1, y2: 0 },
  );
  const ch = h * 0.14;
  return [
    shadow(s, cx + w * 0.1, by, w * 0.7, w * 0.12),
    `<rect x="${f(cx - w * 0.3)}" y="${f(by - ch)}" width="${f(w * 0.6)}" height="${f(ch)}" rx="5" fill="${cap}"/>`,
    `<path d="M${f(cx - w * 0.32)} ${f(by - ch)}L${f(cx - w * 0.5)} ${f(by - h + 14)}H${f(cx + w * 0.5)}L${f(cx + w * 0.32)} ${f(by - ch)}Z" fill="${bf}"/>`,
    `<rect x="${f(cx - w * 0.52)}" y="${f(by - h)}" width="${f(w * 1.04)}" height="18" rx="3" fill="${darken(body, 0.08)}"/>`,
    `<path d="M${f(cx - w * 0.44)} ${f(by - h + 5)}H${f(cx + w * 0.44)}M${f(cx - w * 0.44)} ${f(by - h + 11)}H${f(cx + w * 0.44)}" stroke="#fff" stroke-width="1.5" opacity="0.5"/>`,
    `<rect x="${f(cx - w * 0.22)}" y="${f(by - h * 0.7)}" width="${f(w * 0.44)}" height="${f(h * 0.3)}" rx="4" fill="#fff" opacity="0.6"/>`,
  ].join('');
}

export function perfume(s: Svg, cx: number, by: number, w: number, h: number, liquid = '#f9a8d4', cap = '#d9a46c') {
  const bodyH = h * 0.66;
  const lf = s.lin(
    [
      [0, lighten(liquid, 0.4)],
      [0.5, liquid],
      [1, darken(liquid, 0.2)],
    ],
    { x2: 1, y2: 1 },
  );
  const cf = s.lin(
    [
      [0, lighten(cap, 0.4)],
      [0.5, cap],
      [1, darken(cap, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const x = cx - w / 2;
  const y0 = by - bodyH;
  return [
    shadow(s, cx + w * 0.1, by, w * 0.75, w * 0.12),
    `<rect x="${f(x)}" y="${f(y0)}" width="${f(w)}" height="${f(bodyH)}" rx="${f(w * 0.14)}" fill="#ffffff" opacity="0.7"/>`,
    `<rect x="${f(x + 7)}" y="${f(y0 + bodyH * 0.22)}" width="${f(w - 14)}" height="${f(bodyH * 0.78 - 7)}" rx="${f(w * 0.1)}" fill="${lf}"/>`,
    `<path d="M${f(x + 7)} ${f(y0 + bodyH * 0.22)}H${f(x + w - 7)}" stroke="#fff" stroke-width="3" opacity="0.6"/>`,
    `<rect x="${f(x + w * 0.14)}" y="${f(y0 + 10)}" width="${f(w * 0.1)}" height="${f(bodyH - 20)}" rx="${f(w * 0.05)}" fill="#fff" opacity="0.6"/>`,
    `<rect x="${f(cx - w * 0.16)}" y="${f(y0 - h * 0.08)}" width="${f(w * 0.32)}" height="${f(h * 0.09)}" rx="3" fill="${cf}"/>`,
    `<rect x="${f(cx - w * 0.3)}" y="${f(y0 - h * 0.32)}" width="${f(w * 0.6)}" height="${f(h * 0.25)}" rx="${f(w * 0.12)}" fill="${cf}"/>`,
    `<rect x="${f(cx - w * 0.2)}" y="${f(y0 - h * 0.29)}" width="${f(w * 0.08)}" height="${f(h * 0.18)}" rx="3" fill="#fff" opacity="0.4"/>`,
  ].join('');
}

export function tulipVase(s: Svg, cx: number, by: number, vase: string, petals: string[], { h = 300, stems = 5, seed = 2 } = {}) {
  const r = rng(seed);
  const vf = s.lin(
    [
      [0, lighten(vase, 0.35)],
      [0.5, vase],
      [1, darken(vase, 0.2)],
    ],
    { x2: 1, y2: 0 },
  );
  const out = [shadow(s, cx + 10, by, 70, 12)];
  const heads = [];
  for (let i = 0; i < stems; i++) {
    const a = -90 + (i - (stems - 1) / 2) * 14 + (r() - 0.5) * 6;
    const L = h * (0.75 + r() * 0.3);
    const rad = (a * Math.PI) / 180;
    const ex = cx + Math.cos(rad) * L;
    const ey = by - 60 + Math.sin(rad) * L;
    out.push(
      `<path d="M${f(cx)} ${f(by - 60)}Q${f(cx + (ex - cx) * 0.2)} ${f(by - 60 - L * 0.5)} ${f(ex)} ${f(ey)}" stroke="#6f8d62" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    );
    out.push(leaf(cx + (ex - cx) * 0.3, by - 60 - L * 0.3, L * 0.35, 12, a + (i % 2 ? 30 : -30), GREENS[i % 3]));
    const c = petals[i % petals.length];
    heads.push(
      `<g transform="translate(${f(ex)} ${f(ey)}) rotate(${f(a + 90)})"><path d="M-16 2C-20 -20 -14 -34 -6 -38L0 -26L6 -38C14 -34 20 -20 16 2Q0 12 -16 2Z" fill="${c}"/><path d="M-6 -2C-8 -18 -4 -30 0 -34C4 -30 8 -18 6 -2Z" fill="${lighten(c, 0.3)}"/></g>`,
    );
  }
  out.push(...heads);
  out.push(
    `<path d="M${f(cx - 34)} ${f(by - 110)}Q${f(cx - 34)} ${f(by - 124)} ${f(cx - 20)} ${f(by - 126)}H${f(cx + 20)}Q${f(cx + 34)} ${f(by - 124)} ${f(cx + 34)} ${f(by - 110)}Q${f(cx + 56)} ${f(by - 60)} ${f(cx + 44)} ${f(by - 10)}Q${f(cx + 40)} ${f(by)} ${f(cx + 28)} ${f(by)}H${f(cx - 28)}Q${f(cx - 40)} ${f(by)} ${f(cx - 44)} ${f(by - 10)}Q${f(cx - 56)} ${f(by - 60)} ${f(cx - 34)} ${f(by - 110)}Z" fill="${vf}"/>`,
  );
  out.push(`<rect x="${f(cx - 30)}" y="${f(by - 100)}" width="9" height="70" rx="4.5" fill="#fff" opacity="0.35"/>`);
  return out.join('');
}

// ---------------------------------------------------------------- skincare

export function skincare1(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.25, 0.2, 0.45],
        [0.85, 0.8, 0.35],
      ],
    }),
  );
  s.add(
    `<circle cx="400" cy="290" r="220" fill="${s.rad([
      [0, lighten(p.arch, 0.45)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(sprig(250, 470, 330, -115, ['#6f8d62', ...GREENS], { leaves: 8, leafLen: 0.3 }));
  s.add(sprig(560, 470, 300, -62, ['#6f8d62', ...GREENS], { leaves: 7, leafLen: 0.3, curve: -0.12 }));
  s.add(floor(s, p, 460));
  s.add(dropperBottle(s, 360, 505, 130, 330, '#f4a3c3', '#2f2327'));
  s.add(jar(s, 520, 510, 140, 96, '#fdf2f8', '#d9a46c'));
  // droplets
  const drop = (x: number, y: number, r: number, c: string) =>
    `<path d="M${x} ${y - r * 1.7}C${x + r * 0.6} ${y - r * 0.9} ${x + r} ${y - r * 0.4} ${x + r} ${y}A${r} ${r} 0 0 1 ${x - r} ${y}C${x - r} ${y - r * 0.4} ${x - r * 0.6} ${y - r * 0.9} ${x} ${y - r * 1.7}Z" fill="${c}"/>`;
  s.add(drop(600, 250, 16, lighten(p.accent, 0.5)) + drop(640, 320, 10, lighten(p.accent, 0.3)) + drop(190, 230, 12, lighten(p.accent, 0.45)));
  s.add(
    sparkles(
      [
        [130, 120, 18],
        [690, 120, 16],
        [690, 420, 10],
        [110, 400, 12],
      ],
      '#ffffff',
    ),
  );
}

export function skincare2(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.5, 0.35, 0.5],
        [0.1, 0.9, 0.3],
      ],
    }),
  );
  s.add(
    `<circle cx="400" cy="290" r="230" fill="${s.rad([
      [0, lighten(p.accent, 0.75)],
      [1, lighten(p.accent, 0.5)],
    ])}"/>`,
  );
  // leaves framing
  s.add(sprig(150, 620, 330, -70, ['#6f8d62', ...GREENS], { leaves: 8, leafLen: 0.32 }));
  s.add(sprig(660, 620, 330, -112, ['#6f8d62', ...GREENS], { leaves: 8, leafLen: 0.32, curve: -0.1 }));
  const skin = '#e6b391';
  const sk = s.rad(
    [
      [0, lighten(skin, 0.18)],
      [1, darken(skin, 0.06)],
    ],
    { cx: 0.45, cy: 0.4, r: 0.6 },
  );
  // shoulders + neck
  s.add(`<path d="M220 600C230 520 300 490 360 480H440C500 490 570 520 580 600Z" fill="${lighten('#fdf2f8', 0)}"/>`);
  s.add(`<path d="M300 600C300 540 340 505 400 505C460 505 500 540 500 600Z" fill="${darken(skin, 0.04)}"/>`);
  s.add(`<path d="M368 380C370 430 368 468 360 500Q400 526 440 500C432 468 430 430 432 380Z" fill="${darken(skin, 0.08)}"/>`);
  s.add(`<path d="M368 420Q400 448 432 420V440Q400 462 368 440Z" fill="${darken(skin, 0.2)}" opacity="0.35"/>`);
  // robe collar
  s.add(
    `<path d="M220 600C230 520 300 492 352 486L400 600Z" fill="${s.lin([
      [0, '#ffffff'],
      [1, '#f6dbe7'],
    ])}"/><path d="M580 600C570 520 500 492 448 486L400 600Z" fill="${s.lin([
      [0, '#ffffff'],
      [1, '#f3d0e0'],
    ])}"/>`,
  );
  // ears + face
  s.add(`<ellipse cx="298" cy="300" rx="18" ry="28" fill="${darken(skin, 0.05)}"/><ellipse cx="502" cy="300" rx="18" ry="28" fill="${darken(skin, 0.05)}"/>`);
  s.add(`<path d="M400 150C470 150 508 200 508 280C508 360 462 420 400 420C338 420 292 360 292 280C292 200 330 150 400 150Z" fill="${sk}"/>`);
  // towel wrap
  const tw = s.lin([
    [0, '#ffffff'],
    [1, '#f5d5e4'],
  ]);
  s.add(`<path d="M286 262C270 170 320 96 400 92C480 96 530 170 514 262C490 226 450 212 400 212C350 212 310 226 286 262Z" fill="${tw}"/>`);
  s.add(
    `<path d="M330 120C360 70 450 66 480 112C450 96 380 96 330 120Z" fill="#f3c4d9"/><path d="M300 200C340 180 380 176 420 178M320 160C360 146 420 144 470 158" stroke="#f0bcd3" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  );
  // features
  const ink = '#4a2a22';
  s.add(`<path d="M332 262Q355 252 378 260M422 260Q445 252 468 262" stroke="#6b4434" stroke-width="5" fill="none" stroke-linecap="round"/>`);
  s.add(`<path d="M336 296Q356 310 378 296M422 296Q444 310 464 296" stroke="${ink}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`);
  s.add(
    `<path d="M342 302l-5 8M352 306l-3 9M362 306l-1 9M372 302l1 8M428 302l-1 8M438 306l1 9M448 306l3 9M458 302l5 8" stroke="${ink}" stroke-width="2" stroke-linecap="round"/>`,
  );
  s.add(`<path d="M400 300Q394 330 392 340Q398 346 410 342" stroke="${darken(skin, 0.25)}" stroke-width="3" fill="none" stroke-linecap="round"/>`);
  s.add(
    `<path d="M376 372Q388 364 400 369Q412 364 424 372Q412 388 400 388Q388 388 376 372Z" fill="#d9467f"/><path d="M376 372Q400 378 424 372" stroke="#a3244f" stroke-width="2" fill="none"/>`,
  );
  s.add(`<ellipse cx="338" cy="342" rx="24" ry="14" fill="#f472b6" opacity="0.25"/><ellipse cx="462" cy="342" rx="24" ry="14" fill="#f472b6" opacity="0.25"/>`);
  s.add(
    sparkles(
      [
        [140, 120, 20],
        [670, 110, 16],
        [690, 330, 10],
        [120, 330, 10],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(620, 200, 14, p.accent, 0.5));
}

export function skincare3(s: Svg, p: Palette) {
  s.add(background(s, p, { glows: [[0.7, 0.2, 0.45]] }));
  // palm leaf shadow falling across the wall
  const sh = darken(p.bg[1], 0.1);
  s.add(
    `<g opacity="0.3">${sprig(-30, -20, 420, 38, [sh, sh], { leaves: 16, leafLen: 0.36, leafWid: 0.05, curve: 0.08, stroke: 6 })}${sprig(-40, 140, 300, 14, [sh, sh], { leaves: 12, leafLen: 0.34, leafWid: 0.05, curve: -0.06, stroke: 5 })}</g>`,
  );
  s.add(
    `<path d="${archPath(430, 90, 280, 420)}" fill="${s.lin([
      [0, lighten(p.arch, 0.35)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(floor(s, p, 500));
  const pod = (cx: number, top: number, rx: number, col: string) => {
    const bf = s.lin(
      [
        [0, lighten(col, 0.2)],
        [0.5, col],
        [1, darken(col, 0.15)],
      ],
      { x2: 1, y2: 0 },
    );
    return `${shadow(s, cx + 20, 530, rx * 1.2, 16, 0.2)}<path d="M${cx - rx} ${top}V530A${rx} ${rx * 0.18} 0 0 0 ${cx + rx} 530V${top}Z" fill="${bf}"/><ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${f(rx * 0.18)}" fill="${lighten(col, 0.35)}"/>`;
  };
  s.add(pod(330, 390, 150, lighten(p.accent, 0.55)));
  s.add(pod(540, 440, 120, p.floor[0]));
  s.add(pumpBottle(s, 290, 398, 92, 270, '#fdf2f8', '#d9a46c'));
  s.add(tube(s, 390, 396, 62, 190, '#f9a8d4', '#ffffff'));
  s.add(jar(s, 545, 446, 120, 80, '#ec4899', '#fdf2f8'));
  s.add(sprig(680, 520, 200, -120, ['#6f8d62', ...GREENS], { leaves: 6 }));
  s.add(
    sparkles(
      [
        [120, 420, 14],
        [700, 80, 16],
        [450, 60, 10],
      ],
      '#ffffff',
    ),
  );
}

// ---------------------------------------------------------------- beauty parlour

export function beauty1(s: Svg, p: Palette) {
  s.add(background(s, p, { glows: [[0.5, 0.3, 0.55]] }));
  s.add(floor(s, p, 440));
  // vanity mirror with bulbs
  const frame = s.lin(
    [
      [0, '#f6dcb8'],
      [0.5, '#d9a46c'],
      [1, '#b8865b'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const glass = s.lin(
    [
      [0, '#ffffff'],
      [0.5, '#f7e8f0'],
      [1, '#ead3e0'],
    ],
    { x2: 1, y2: 1 },
  );
  s.add(shadow(s, 410, 440, 220, 14, 0.15));
  s.add(`<rect x="220" y="50" width="360" height="370" rx="30" fill="${frame}"/><rect x="250" y="80" width="300" height="310" rx="16" fill="${glass}"/>`);
  s.add(`<path d="M330 80H390L290 300V200Z" fill="#fff" opacity="0.6"/><path d="M420 80H445L320 360H295Z" fill="#fff" opacity="0.5"/>`);
  const bulb = s.rad(
    [
      [0, '#ffffff'],
      [0.45, '#fff4d6'],
      [1, '#ffd9a0'],
    ],
    { cx: 0.4, cy: 0.4 },
  );
  const glow = s.rad([
    [0, '#fff4d6', 0.8],
    [1, '#fff4d6', 0],
  ]);
  const pts = [];
  for (let i = 0; i < 5; i++) pts.push([260 + i * 70, 65]);
  for (let i = 0; i < 4; i++) {
    pts.push([235, 130 + i * 76]);
    pts.push([565, 130 + i * 76]);
  }
  s.add(pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="30" fill="${glow}"/>`).join(''));
  s.add(pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="${bulb}"/>`).join(''));
  // desk items
  s.add(tulipVase(s, 170, 520, '#fdf2f8', ['#ec4899', '#f9a8d4', '#db2777'], { h: 230 }));
  s.add(perfume(s, 600, 520, 80, 150, '#f9a8d4', '#d9a46c'));
  s.add(lipstick(s, 690, 526, 40, 130, '#db2777'));
  s.add(jar(s, 430, 520, 96, 60, '#f9c5d9', '#ffffff'));
  s.add(
    sparkles(
      [
        [90, 90, 16],
        [720, 90, 18],
        [700, 300, 10],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(100, 300, 12, p.accent, 0.45));
}

export function beauty2(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.2, 0.2, 0.45],
        [0.8, 0.6, 0.4],
      ],
      angle: 'v',
    }),
  );
  // wall panelling + floor
  s.add(`<rect x="0" y="0" width="800" height="470" fill="${lighten(p.arch, 0.3)}" opacity="0.35"/>`);
  s.add(floor(s, p, 470));
  // round mirror
  s.add(
    `<circle cx="400" cy="190" r="130" fill="${s.lin(
      [
        [0, '#f6dcb8'],
        [1, '#b8865b'],
      ],
      { x2: 1, y2: 1 },
    )}"/><circle cx="400" cy="190" r="114" fill="${s.lin(
      [
        [0, '#ffffff'],
        [0.5, '#f6eaf0'],
        [1, '#e3cfdb'],
      ],
      { x2: 1, y2: 1 },
    )}"/>`,
  );
  s.add(`<path d="M330 110L370 90L300 230L290 190Z" fill="#fff" opacity="0.7"/>`);
  // salon chair
  const vel = s.lin(
    [
      [0, lighten(p.accent, 0.15)],
      [1, p.deep],
    ],
    { x2: 1, y2: 1 },
  );
  const velD = s.lin([
    [0, p.deep],
    [1, darken(p.deep, 0.25)],
  ]);
  const chrome = s.lin(
    [
      [0, '#f3f4f6'],
      [0.5, '#ffffff'],
      [1, '#9ea0ab'],
    ],
    { x2: 1, y2: 0 },
  );
  s.add(shadow(s, 400, 560, 170, 20, 0.25));
  s.add(`<ellipse cx="400" cy="552" rx="120" ry="16" fill="${chrome}"/><rect x="388" y="450" width="24" height="100" fill="${chrome}"/>`);
  s.add(
    `<rect x="318" y="250" width="164" height="190" rx="50" fill="${vel}"/><path d="M350 280V400M400 276V404M450 280V400" stroke="${darken(p.deep, 0.2)}" stroke-width="3" opacity="0.35" stroke-linecap="round"/>`,
  );
  s.add(`<rect x="296" y="410" width="208" height="60" rx="26" fill="${velD}"/><rect x="300" y="404" width="200" height="44" rx="22" fill="${vel}"/>`);
  s.add(
    `<rect x="270" y="362" width="44" height="90" rx="20" fill="${velD}"/><rect x="486" y="362" width="44" height="90" rx="20" fill="${velD}"/><rect x="266" y="354" width="52" height="26" rx="13" fill="${chrome}"/><rect x="482" y="354" width="52" height="26" rx="13" fill="${chrome}"/>`,
  );
  // plant
  const pot = s.lin(
    [
      [0, '#fdf2f8'],
      [1, '#e9c9d8'],
    ],
    { x2: 1, y2: 0 },
  );
  const leaves = [];
  for (let i = 0; i < 9; i++) leaves.push(leaf(130, 420, 120 + (i % 3) * 30, 22, -160 + i * 17, GREENS[i % 4], '#e9f0e4'));
  s.add(leaves.join(''));
  s.add(`${shadow(s, 136, 520, 70, 12)}<path d="M84 412H176L164 520H96Z" fill="${pot}"/><rect x="80" y="404" width="100" height="18" rx="6" fill="#f6dcb8"/>`);
  // side trolley
  s.add(
    `${shadow(s, 660, 530, 70, 10)}<rect x="600" y="380" width="120" height="14" rx="6" fill="#f6dcb8"/><rect x="600" y="450" width="120" height="14" rx="6" fill="#f6dcb8"/><rect x="610" y="390" width="8" height="140" fill="#d9a46c"/><rect x="702" y="390" width="8" height="140" fill="#d9a46c"/>`,
  );
  s.add(perfume(s, 630, 380, 40, 70, '#f9a8d4', '#d9a46c') + jar(s, 690, 380, 46, 36, '#fdf2f8', '#ec4899') + jar(s, 660, 450, 60, 40, '#f9c5d9', '#d9a46c'));
  s.add(
    sparkles(
      [
        [120, 100, 16],
        [690, 110, 18],
        [600, 250, 10],
      ],
      '#ffffff',
    ),
  );
}

export function beauty3(s: Svg, p: Palette) {
  s.add(background(s, p, { glows: [[0.5, 0.5, 0.5]] }));
  // bouquet
  const blooms = [
    [190, 200, 70, '#f9c5d9', '#ec4899'],
    [300, 120, 56, '#fde2ec', '#f472b6'],
    [120, 330, 52, '#fbcfe8', '#db2777'],
    [280, 270, 44, '#ffffff', '#f9a8d4'],
  ] as const;
  s.add(sprig(120, 200, 200, -40, ['#6f8d62', ...GREENS], { leaves: 6 }));
  s.add(sprig(230, 320, 210, 20, ['#6f8d62', ...GREENS], { leaves: 6 }));
  s.add(sprig(200, 160, 160, -110, ['#6f8d62', ...GREENS], { leaves: 5 }));
  s.add(blooms.map(([x, y, r, a, b]) => bloom(x, y, r, a, b)).join(''));
  s.add(flower(380, 210, 26, '#ffffff', '#f6c453') + flower(100, 120, 22, '#ffffff', '#f6c453', 5, 20));
  // hand mirror
  s.add(shadow(s, 560, 390, 160, 120, 0.12));
  const gold = s.lin(
    [
      [0, '#f6dcb8'],
      [0.5, '#d9a46c'],
      [1, '#a8743f'],
    ],
    { x2: 1, y2: 1 },
  );
  s.add(
    `<g transform="rotate(28 540 330)"><rect x="522" y="420" width="36" height="180" rx="18" fill="${gold}"/><circle cx="540" cy="430" r="22" fill="${gold}"/><ellipse cx="540" cy="300" rx="120" ry="140" fill="${gold}"/><ellipse cx="540" cy="300" rx="102" ry="122" fill="${s.lin(
      [
        [0, '#ffffff'],
        [0.5, '#f3e6ef'],
        [1, '#dcc6d6'],
      ],
      { x2: 1, y2: 1 },
    )}"/><path d="M480 220L520 200L470 340L455 310Z" fill="#fff" opacity="0.75"/></g>`,
  );
  s.add(perfume(s, 690, 560, 90, 170, '#ec4899', '#fdf2f8'));
  // petals
  const r = rng(5);
  const pet = [];
  for (let i = 0; i < 8; i++)
    pet.push(
      `<ellipse cx="${f(80 + r() * 420)}" cy="${f(440 + r() * 140)}" rx="12" ry="7" fill="${i % 2 ? '#f9a8d4' : '#fbcfe8'}" transform="rotate(${f(r() * 180)} ${f(80 + r() * 420)} ${f(440 + r() * 140)})"/>`,
    );
  s.add(pet.join(''));
  s.add(
    sparkles(
      [
        [700, 80, 18],
        [420, 60, 12],
        [720, 330, 10],
        [420, 520, 12],
      ],
      '#ffffff',
    ),
  );
}

// ---------------------------------------------------------------- massage

function stone(s: Svg, cx: number, cy: number, rx: number, ry: number, col: string) {
  const fill = s.rad(
    [
      [0, lighten(col, 0.35)],
      [0.7, col],
      [1, darken(col, 0.2)],
    ],
    { cx: 0.4, cy: 0.3, r: 0.7 },
  );
  return `<ellipse cx="${f(cx + 4)}" cy="${f(cy + ry * 0.55)}" rx="${f(rx * 0.95)}" ry="${f(ry * 0.5)}" fill="#3a2a2a" opacity="0.18"/><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`;
}

function candle(s: Svg, cx: number, by: number, w: number, h: number, wax = '#fffaf5', { glass = false } = {}) {
  const wf = s.lin(
    [
      [0, lighten(wax, 0.5)],
      [0.5, wax],
      [1, darken(wax, 0.12)],
    ],
    { x2: 1, y2: 0 },
  );
  const top = by - h;
  const out = [shadow(s, cx + 6, by, w * 0.8, w * 0.12)];
  if (glass) {
    out.push(
      `<rect x="${f(cx - w / 2 - 8)}" y="${f(top - 30)}" width="${f(w + 16)}" height="${f(h + 30)}" rx="${f(w * 0.12)}" fill="#ffffff" opacity="0.35"/>`,
    );
  }
  out.push(
    `<path d="M${f(cx - w / 2)} ${f(top)}V${f(by - 6)}Q${f(cx - w / 2)} ${f(by)} ${f(cx - w / 2 + 6)} ${f(by)}H${f(cx + w / 2 - 6)}Q${f(cx + w / 2)} ${f(by)} ${f(cx + w / 2)} ${f(by - 6)}V${f(top)}Z" fill="${wf}"/>`,
  );
  out.push(`<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(w / 2)}" ry="${f(w * 0.12)}" fill="${darken(wax, 0.06)}"/>`);
  out.push(`<path d="M${f(cx)} ${f(top)}V${f(top - 12)}" stroke="#3b2630" stroke-width="2.5"/>`);
  out.push(flame(s, cx, top - 10, Math.max(26, w * 0.36)));
  return out.join('');
}

function towelRoll(s: Svg, cx: number, cy: number, r: number, col: string) {
  const fill = s.rad(
    [
      [0, lighten(col, 0.3)],
      [1, darken(col, 0.08)],
    ],
    { cx: 0.4, cy: 0.35 },
  );
  const pts = [];
  for (let i = 0; i <= 40; i++) {
    const th = (i / 40) * Math.PI * 4.2;
    const rr = r * 0.82 * (i / 40);
    pts.push(`${f(cx + Math.cos(th) * rr)} ${f(cy + Math.sin(th) * rr)}`);
  }
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/><path d="M${pts.join('L')}" fill="none" stroke="${darken(col, 0.14)}" stroke-width="${f(r * 0.07)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function orchid(x: number, y: number, r: number, petal: string, lip: string, edge: string | null = null) {
  const pet = [];
  const st = edge ? ` stroke="${edge}" stroke-width="1.5"` : '';
  for (const a of [0, 72, 144, 216, 288])
    pet.push(
      `<ellipse cx="0" cy="${f(-r * 0.55)}" rx="${f(r * (a === 72 || a === 288 ? 0.42 : 0.3))}" ry="${f(r * 0.55)}" fill="${petal}"${st} transform="rotate(${a})"/>`,
    );
  return `<g transform="translate(${f(x)} ${f(y)})">${pet.join('')}<path d="M${f(-r * 0.2)} 0Q0 ${f(r * 0.6)} ${f(r * 0.2)} 0Q0 ${f(-r * 0.2)} ${f(-r * 0.2)} 0Z" fill="${lip}"/><circle r="${f(r * 0.12)}" fill="#f6c453"/></g>`;
}

export function massage1(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.3, 0.3, 0.5],
        [0.9, 0.9, 0.35],
      ],
    }),
  );
  s.add(
    `<circle cx="400" cy="270" r="210" fill="${s.rad([
      [0, lighten(p.arch, 0.45)],
      [1, p.arch],
    ])}"/>`,
  );
  // bamboo
  const bam = s.lin(
    [
      [0, '#a9c49a'],
      [1, '#7c9a6d'],
    ],
    { x2: 1, y2: 0 },
  );
  for (const [x, h] of [
    [600, 420],
    [640, 360],
  ]) {
    s.add(`<rect x="${x}" y="${500 - h}" width="22" height="${h}" rx="6" fill="${bam}"/>`);
    for (let y = 500 - h + 80; y < 500; y += 90) s.add(`<rect x="${x - 2}" y="${y}" width="26" height="6" rx="3" fill="#6f8d62"/>`);
  }
  s.add(leaf(622, 170, 110, 18, -30, '#95b386') + leaf(640, 220, 90, 14, 10, '#7c9a6d') + leaf(600, 150, 90, 14, -150, '#a9c49a'));
  s.add(floor(s, p, 480));
  const stones = [
    [390, 490, 130, 40, '#8f8581'],
    [392, 432, 104, 34, '#a79c96'],
    [386, 380, 84, 28, '#6f6663'],
    [392, 336, 62, 22, '#b8aca5'],
    [390, 300, 42, 16, '#8f8581'],
  ] as const;
  s.add(shadow(s, 400, 520, 170, 20, 0.22));
  s.add(stones.map(([x, y, rx, ry, c]) => stone(s, x, y, rx, ry, c)).join(''));
  s.add(orchid(410, 270, 34, '#ffffff', '#ec4899'));
  s.add(candle(s, 170, 540, 90, 110, '#fdf2f8', { glass: true }));
  s.add(`<ellipse cx="640" cy="550" rx="60" ry="12" fill="#ffffff" opacity="0.35"/>`);
  s.add(stone(s, 590, 548, 40, 14, '#8f8581') + stone(s, 670, 556, 30, 11, '#b8aca5'));
  s.add(
    sparkles(
      [
        [130, 110, 16],
        [720, 80, 12],
        [260, 140, 10],
      ],
      '#ffffff',
    ),
  );
}

export function massage2(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.25, 0.25, 0.5],
        [0.85, 0.85, 0.35],
      ],
    }),
  );
  s.add(
    `<path d="${archPath(190, 60, 420, 440)}" fill="${s.lin([
      [0, lighten(p.arch, 0.4)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(floor(s, p, 470));
  s.add(shadow(s, 400, 525, 230, 22, 0.2));
  const c = ['#ffffff', lighten(p.accent, 0.6), '#f6e7d8'];
  const rolls = [
    [300, 450, 68, c[0]],
    [400, 450, 68, c[1]],
    [500, 450, 68, c[2]],
    [350, 340, 66, c[1]],
    [450, 340, 66, c[0]],
    [400, 232, 64, c[2]],
  ] as const;
  s.add(rolls.map(([x, y, r, col]) => towelRoll(s, x, y, r, col)).join(''));
  // orchid stem arching over
  s.add(`<path d="M620 520C640 380 600 220 470 150" stroke="#6f8d62" stroke-width="5" fill="none" stroke-linecap="round"/>`);
  s.add(leaf(620, 520, 130, 30, -150, '#7c9a6d') + leaf(620, 520, 120, 28, -30, '#95b386'));
  s.add(
    [
      [628, 390, 44],
      [612, 296, 46],
      [560, 214, 42],
      [488, 160, 34],
    ]
      .map(([x, y, r]) => orchid(x, y, r, '#ffffff', p.deep, '#f3c4d9'))
      .join(''),
  );
  s.add(candle(s, 150, 540, 70, 120, '#fdf2f8') + candle(s, 230, 546, 56, 80, '#f9d5e5'));
  s.add(
    sparkles(
      [
        [130, 100, 16],
        [700, 90, 18],
        [720, 470, 10],
      ],
      '#ffffff',
    ),
  );
}

export function massage3(s: Svg, p: Palette) {
  s.add(background(s, p, { glows: [[0.5, 0.45, 0.6, '#ff9fc9', 0.25]] }));
  s.add(floor(s, p, 470));
  s.add(`<rect x="0" y="470" width="800" height="2" fill="#ffb3d6" opacity="0.3"/>`);
  s.add(candle(s, 230, 520, 100, 200, '#fde7f2') + candle(s, 360, 528, 90, 130, '#fbcfe8') + candle(s, 130, 540, 70, 90, '#fdf2f8'));
  // oil bottle
  const amber = s.lin(
    [
      [0, '#f0b27a'],
      [0.5, '#c0703a'],
      [1, '#7a3d1e'],
    ],
    { x2: 1, y2: 0 },
  );
  s.add(
    `${shadow(s, 560, 530, 70, 12, 0.4, '#000000')}<path d="M520 530V380Q520 350 545 340V300H575V340Q600 350 600 380V530Z" fill="${amber}"/><rect x="538" y="272" width="44" height="36" rx="6" fill="#2a1a20"/><rect x="528" y="400" width="64" height="80" rx="6" fill="#fde7f2" opacity="0.9"/><path d="M544 430H576M548 446H572" stroke="#9d174d" stroke-width="3" stroke-linecap="round"/><rect x="528" y="360" width="8" height="140" rx="4" fill="#fff" opacity="0.3"/>`,
  );
  s.add(stone(s, 660, 520, 54, 20, '#5a4a4a') + stone(s, 664, 482, 40, 16, '#766563') + stone(s, 660, 452, 26, 11, '#5a4a4a'));
  // floating petals and orchid
  const r = rng(9);
  const pet = [];
  for (let i = 0; i < 10; i++) {
    const x = f(60 + r() * 680);
    const y = f(490 + r() * 100);
    pet.push(
      `<ellipse cx="${x}" cy="${y}" rx="13" ry="7" fill="${i % 2 ? '#f472b6' : '#fbcfe8'}" opacity="0.9" transform="rotate(${f(r() * 180)} ${x} ${y})"/>`,
    );
  }
  s.add(pet.join(''));
  s.add(orchid(470, 500, 30, '#fde7f2', '#db2777'));
  s.add(
    sparkles(
      [
        [620, 110, 16, 0.7],
        [120, 120, 12, 0.6],
        [720, 260, 10, 0.6],
        [420, 80, 8, 0.5],
      ],
      '#ffd7ea',
    ),
  );
}
