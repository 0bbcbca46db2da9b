import type { Palette, Svg } from './lib';
import { f, lighten, darken, archPath, sparkle, sparkles, shadow, background, floor, tr } from './lib';

// ---------------------------------------------------------------- shared props

/** Nail polish bottle; cx = centre x, by = bottom y. */
export function polishBottle(s: Svg, cx: number, by: number, w: number, h: number, color: string, cap = '#3b2630', { tilt = 0, shadowOn = true } = {}) {
  const bodyH = h * 0.56;
  const bodyY = by - bodyH;
  const x = cx - w / 2;
  const body = s.lin(
    [
      [0, lighten(color, 0.28)],
      [0.45, color],
      [1, darken(color, 0.32)],
    ],
    { x2: 1, y2: 0 },
  );
  const capH = h * 0.4;
  const capW = w * 0.42;
  const capY = bodyY - h * 0.045 - capH;
  const capF = s.lin(
    [
      [0, lighten(cap, 0.25)],
      [0.5, cap],
      [1, darken(cap, 0.3)],
    ],
    { x2: 1, y2: 0 },
  );
  const out = [];
  if (shadowOn) out.push(shadow(s, cx + w * 0.1, by, w * 0.75, w * 0.13));
  out.push(`<g transform="rotate(${tilt} ${f(cx)} ${f(by)})">`);
  out.push(`<rect x="${f(cx - w * 0.2)}" y="${f(bodyY - h * 0.06)}" width="${f(w * 0.4)}" height="${f(h * 0.08)}" rx="4" fill="${darken(color, 0.18)}"/>`);
  out.push(`<rect x="${f(x)}" y="${f(bodyY)}" width="${f(w)}" height="${f(bodyH)}" rx="${f(w * 0.2)}" fill="${body}"/>`);
  out.push(
    `<rect x="${f(x + 5)}" y="${f(bodyY + 5)}" width="${f(w - 10)}" height="${f(bodyH - 10)}" rx="${f(w * 0.17)}" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="2.5"/>`,
  );
  out.push(
    `<rect x="${f(x + w * 0.13)}" y="${f(bodyY + bodyH * 0.14)}" width="${f(w * 0.1)}" height="${f(bodyH * 0.58)}" rx="${f(w * 0.05)}" fill="#ffffff" opacity="0.5"/>`,
  );
  out.push(`<circle cx="${f(x + w * 0.18)}" cy="${f(bodyY + bodyH * 0.82)}" r="${f(w * 0.045)}" fill="#ffffff" opacity="0.5"/>`);
  out.push(`<rect x="${f(cx - capW / 2)}" y="${f(capY)}" width="${f(capW)}" height="${f(capH)}" rx="${f(capW * 0.18)}" fill="${capF}"/>`);
  out.push(
    `<rect x="${f(cx - capW / 2 + capW * 0.16)}" y="${f(capY + capH * 0.08)}" width="${f(capW * 0.12)}" height="${f(capH * 0.8)}" rx="${f(capW * 0.06)}" fill="#ffffff" opacity="0.35"/>`,
  );
  out.push('</g>');
  return out.join('');
}

function scissors(s: Svg, x: number, y: number, rot: number, sc: number, { metal = ['#f3f4f6', '#a8a9b4'], ring = '#ec4899' } = {}) {
  const m = s.lin(
    [
      [0, metal[0]],
      [0.5, lighten(metal[0], 0.5)],
      [1, metal[1]],
    ],
    { x2: 1, y2: 0 },
  );
  const half = (mirror: boolean, ang: number) => `<g transform="rotate(${ang})${mirror ? ' scale(-1 1)' : ''}">
    <path d="M-7 14C-15 -60 -12 -170 3 -262C11 -170 13 -60 11 14Z" fill="${m}"/>
    <path d="M-3 -20L-1 -230" stroke="#ffffff" stroke-width="2" opacity="0.6" stroke-linecap="round"/>
    <path d="M-7 8L11 8L36 104L20 110Z" fill="${m}"/>
    <ellipse cx="44" cy="146" rx="32" ry="40" fill="none" stroke="${ring}" stroke-width="15"/>
    <ellipse cx="44" cy="146" rx="32" ry="40" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3" stroke-dasharray="40 200"/>
  </g>`;
  return `<g ${tr(x, y, rot, sc)}>${half(false, -11)}${half(true, -11)}<circle r="9" fill="${metal[1]}"/><circle r="4" fill="${lighten(metal[0], 0.6)}"/></g>`;
}

function comb(s: Svg, x: number, y: number, rot: number, sc: number, color: string) {
  const fill = s.lin([
    [0, lighten(color, 0.2)],
    [1, darken(color, 0.15)],
  ]);
  const teeth = [];
  for (let i = 0; i < 27; i++) {
    const long = i < 13;
    teeth.push(`<rect x="${f(14 + i * 11.5)}" y="28" width="6.5" height="${long ? 62 : 46}" rx="3.2"/>`);
  }
  return `<g ${tr(x, y, rot, sc)}><g fill="${color}">${teeth.join('')}</g><rect x="0" y="0" width="340" height="40" rx="12" fill="${fill}"/><rect x="12" y="8" width="316" height="6" rx="3" fill="#ffffff" opacity="0.35"/></g>`;
}

function hairLock(x: number, y: number, rot: number, sc: number, colors: string[]) {
  const strands = [];
  for (let i = 0; i < 7; i++) {
    const o = i * 7;
    strands.push(
      `<path d="M${o} 0C${40 + o} 40 ${-30 + o} 90 ${20 + o * 0.6} 140C${60 + o * 0.3} 180 ${30 + o * 0.2} 220 ${o * 0.2 - 10} 240" fill="none" stroke="${colors[i % colors.length]}" stroke-width="${7 - (i % 3)}" stroke-linecap="round"/>`,
    );
  }
  return `<g ${tr(x, y, rot, sc)}>${strands.join('')}</g>`;
}

// ---------------------------------------------------------------- nails

export function nails1(s: Svg, p: Palette) {
  s.add(background(s, p));
  s.add(
    `<path d="${archPath(230, 70, 340, 420)}" fill="${s.lin([
      [0, lighten(p.arch, 0.35)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(`<circle cx="620" cy="150" r="60" fill="${p.accent}" opacity="0.12"/>`);
  s.add(floor(s, p, 452));
  s.add(polishBottle(s, 262, 488, 118, 232, '#ec4899', '#3b2630', { tilt: -4 }));
  s.add(polishBottle(s, 548, 486, 108, 212, '#f9b4d0', '#fdf2f8', { tilt: 3 }));
  s.add(polishBottle(s, 402, 500, 140, 290, '#be123c', '#d9a46c'));
  // polish swatches on the table
  s.add(
    `<ellipse cx="640" cy="540" rx="34" ry="12" fill="#be123c" opacity="0.85"/><ellipse cx="700" cy="560" rx="28" ry="10" fill="#ec4899" opacity="0.85"/><ellipse cx="600" cy="572" rx="24" ry="8" fill="#f9b4d0"/>`,
  );
  s.add(
    sparkles(
      [
        [160, 150, 22],
        [660, 300, 16],
        [190, 380, 12],
        [610, 90, 10],
        [120, 260, 8],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(700, 200, 18, p.accent, 0.5));
}

function hand(s: Svg, skin: string, nail: string) {
  const sk = s.lin(
    [
      [0, darken(skin, 0.1)],
      [0.35, lighten(skin, 0.12)],
      [1, darken(skin, 0.12)],
    ],
    { x2: 1, y2: 0 },
  );
  const nf = s.lin(
    [
      [0, lighten(nail, 0.25)],
      [1, darken(nail, 0.15)],
    ],
    { x2: 1, y2: 0.6 },
  );
  const fingers = [
    [-64, -236, 38, 200],
    [-22, -270, 40, 230],
    [22, -252, 37, 210],
    [62, -205, 31, 170],
  ];
  const out = [];
  // palm + wrist
  out.push(`<path d="M-70 -80C-74 -20 -66 30 -48 70L-42 210L78 210L82 70C96 30 100 -30 94 -90Z" fill="${sk}"/>`);
  for (const [x, y, w, h] of fingers) {
    out.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="${sk}"/>`);
  }
  // thumb
  out.push(`<ellipse cx="-40" cy="20" rx="42" ry="66" fill="${sk}"/>`);
  out.push(
    `<g transform="translate(-56 -6) rotate(-40)"><rect x="-21" y="-150" width="42" height="200" rx="21" fill="${sk}"/><rect x="-14" y="-143" width="28" height="46" rx="14" fill="${nf}"/><ellipse cx="-5" cy="-128" rx="4" ry="10" fill="#fff" opacity="0.55"/></g>`,
  );
  for (const [x, y, w] of fingers) {
    const nw = w - 12;
    out.push(`<rect x="${x + 6}" y="${y + 6}" width="${nw}" height="${f(nw * 1.75)}" rx="${f(nw / 2)}" fill="${nf}"/>`);
    out.push(`<ellipse cx="${f(x + 6 + nw * 0.3)}" cy="${f(y + 6 + nw * 0.6)}" rx="${f(nw * 0.12)}" ry="${f(nw * 0.42)}" fill="#fff" opacity="0.55"/>`);
  }
  // knuckle hints
  for (const [x, y, w, h] of fingers) {
    out.push(
      `<path d="M${x + 10} ${y + h * 0.55}q${w / 2 - 10} 5 ${w - 20} 0" stroke="${darken(skin, 0.2)}" stroke-width="2" fill="none" opacity="0.35" stroke-linecap="round"/>`,
    );
  }
  return out.join('');
}

export function nails2(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.75, 0.25, 0.4],
        [0.1, 0.9, 0.3],
      ],
    }),
  );
  s.add(
    `<circle cx="360" cy="300" r="230" fill="${s.rad([
      [0, lighten(p.arch, 0.3)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(
    `<circle cx="360" cy="300" r="262" fill="none" stroke="${p.accent}" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="2 10" stroke-linecap="round"/>`,
  );
  s.add(`<g transform="translate(360 560) rotate(-10) scale(1.12)">${hand(s, '#f0c4a4', '#db2777')}
    <path d="M-66 150L96 150L110 330L-80 330Z" fill="${s.lin([
      [0, '#fdf2f8'],
      [1, '#f6cfe1'],
    ])}"/>
    <path d="M-70 150L100 150L102 172L-72 172Z" fill="#f3b7d1"/>
  </g>`);
  s.add(polishBottle(s, 612, 540, 108, 220, '#db2777', '#2f2327', { tilt: 6 }));
  s.add(
    sparkles(
      [
        [560, 110, 20],
        [640, 190, 12],
        [150, 170, 16],
        [130, 420, 10],
        [700, 380, 9],
      ],
      '#ffffff',
    ),
  );
  s.add(sparkle(600, 250, 14, p.accent, 0.45));
}

export function nails3(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.5, 0.35, 0.5],
        [0.9, 0.9, 0.3],
      ],
    }),
  );
  s.add(floor(s, p, 500));
  const colors = ['#fde2ec', '#f9c5d9', '#f4a3c3', '#ec4899', '#db2777', '#be123c', '#9f1239', '#c08457', '#e8c3a8'];
  const px = 400;
  const py = 470;
  s.add(shadow(s, px, 505, 250, 22, 0.2));
  const tips: string[] = [];
  colors.forEach((c, i) => {
    const a = -64 + i * 16;
    const fill = s.lin(
      [
        [0, lighten(c, 0.3)],
        [0.5, c],
        [1, darken(c, 0.2)],
      ],
      { x2: 1, y2: 0 },
    );
    tips.push(`<g transform="rotate(${a})">
      <rect x="-3" y="-110" width="6" height="110" rx="3" fill="#ffffff" opacity="0.7"/>
      <path d="M-17 -96C-26 -160 -34 -230 -26 -270C-18 -312 18 -312 26 -270C34 -230 26 -160 17 -96Q0 -88 -17 -96Z" fill="${fill}"/>
      <path d="M-14 -120C-20 -170 -22 -230 -16 -262" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity="0.45" fill="none"/>
    </g>`);
  });
  s.add(`<g transform="translate(${px} ${py})">${tips.join('')}<circle r="22" fill="#d9a46c"/><circle r="12" fill="#f6dcb8"/></g>`);
  s.add(polishBottle(s, 680, 560, 84, 170, '#9f1239', '#d9a46c', { tilt: 8 }));
  s.add(polishBottle(s, 118, 566, 78, 150, '#f4a3c3', '#ffffff', { tilt: -8 }));
  s.add(
    sparkles(
      [
        [120, 110, 18],
        [700, 130, 22],
        [640, 330, 10],
        [170, 300, 10],
      ],
      '#ffffff',
    ),
  );
}

// ---------------------------------------------------------------- hair

export function hair1(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.3, 0.3, 0.45],
        [0.8, 0.8, 0.4],
      ],
    }),
  );
  s.add(
    `<circle cx="400" cy="300" r="215" fill="${s.rad([
      [0, lighten(p.arch, 0.45)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(hairLock(560, 110, 18, 1.2, ['#8a5a44', '#a9735a', '#6e4433']));
  s.add(comb(s, 190, 420, -28, 1, '#2f2327'));
  s.add(scissors(s, 410, 290, 38, 1, { ring: p.accent }));
  s.add(
    sparkles(
      [
        [150, 120, 20],
        [660, 460, 16],
        [700, 120, 10],
        [110, 500, 10],
        [380, 60, 9],
      ],
      '#ffffff',
    ),
  );
}

export function hair2(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.8, 0.2, 0.4],
        [0.1, 0.8, 0.35],
      ],
    }),
  );
  s.add(
    `<circle cx="430" cy="290" r="210" fill="${s.rad(
      [
        [0, lighten(p.accent, 0.55)],
        [1, lighten(p.accent, 0.25)],
      ],
      { cx: 0.4, cy: 0.35 },
    )}"/>`,
  );
  s.add(`<circle cx="430" cy="290" r="240" fill="none" stroke="${p.accent}" stroke-opacity="0.3" stroke-width="2"/>`);
  const skin = '#f3cfb3';
  const skF = s.lin(
    [
      [0, lighten(skin, 0.15)],
      [1, darken(skin, 0.08)],
    ],
    { x2: 1, y2: 0.3 },
  );
  // body / top
  s.add(
    `<path d="M300 600C310 530 360 480 425 472C500 468 575 510 600 600Z" fill="${s.lin([
      [0, '#fffaf5'],
      [1, '#f1dccd'],
    ])}"/>`,
  );
  // face + neck profile looking right
  s.add(
    `<path d="M430 138C449 158 455 186 452 206C455 218 466 236 479 252C483 259 474 264 462 264C466 270 468 275 463 280C459 283 464 287 461 291C463 297 459 303 452 305C450 312 459 320 456 330C450 344 433 351 420 352C422 380 426 430 434 478L390 490C375 450 360 410 350 380L340 200Z" fill="${skF}"/>`,
  );
  s.add(`<path d="M420 352C402 350 390 342 382 326" stroke="${darken(skin, 0.2)}" stroke-width="3" fill="none" opacity="0.4" stroke-linecap="round"/>`);
  // lips, eye, brow
  s.add(
    `<path d="M463 280C458 281 455 283 455 285C457 288 460 289 461 291C458 294 456 298 456 300C458 302 461 302 463 300C460 297 461 292 461 291C463 288 466 283 463 280Z" fill="#d9467f"/>`,
  );
  s.add(`<path d="M419 220Q432 229 445 219" stroke="#3b2630" stroke-width="3.5" fill="none" stroke-linecap="round"/>`);
  s.add(`<path d="M424 226l-5 9M431 228l-3 10M438 226l-1 10" stroke="#3b2630" stroke-width="2.2" stroke-linecap="round"/>`);
  s.add(`<path d="M415 199Q432 190 449 196" stroke="#5b3a2e" stroke-width="4" fill="none" stroke-linecap="round"/>`);
  s.add(`<ellipse cx="430" cy="262" rx="16" ry="10" fill="#f472b6" opacity="0.25"/>`);
  // hair
  const hc = '#6b3a2a';
  const hf = s.lin(
    [
      [0, '#8a4b35'],
      [0.5, hc],
      [1, '#4a261b'],
    ],
    { x1: 1, y1: 0, x2: 0, y2: 1 },
  );
  s.add(
    `<path d="M432 140C440 120 438 96 420 84C380 58 316 66 282 104C248 142 244 204 258 262C272 330 250 390 240 450C230 510 248 560 238 600L372 600C384 560 372 520 364 480C356 430 372 400 380 360C388 320 392 290 394 250C396 210 404 180 432 140Z" fill="${hf}"/>`,
  );
  const hl = [
    'M400 96C340 100 300 150 300 220C300 300 280 360 274 430',
    'M420 110C380 130 350 180 344 250C338 320 314 380 300 470C292 520 300 560 290 600',
    'M380 90C330 100 280 140 276 220',
    'M372 300C362 360 340 420 330 480C322 530 340 570 332 600',
  ];
  s.add(
    hl
      .map(
        (d, i) => `<path d="${d}" fill="none" stroke="${i % 2 ? '#b06b4c' : '#9a5a40'}" stroke-width="${4 - (i % 2)}" stroke-linecap="round" opacity="0.8"/>`,
      )
      .join(''),
  );
  s.add(
    sparkles(
      [
        [620, 140, 20],
        [160, 160, 14],
        [660, 420, 14],
        [130, 420, 9],
        [560, 70, 9],
      ],
      '#ffffff',
    ),
  );
}

function hairDryer(s: Svg, body: string, accent: string) {
  const bf = s.lin([
    [0, lighten(body, 0.3)],
    [0.5, body],
    [1, darken(body, 0.2)],
  ]);
  const nf = s.lin([
    [0, lighten(body, 0.1)],
    [1, darken(body, 0.3)],
  ]);
  return `
    <path d="M130 300C150 360 170 420 178 480C182 500 166 514 146 510L118 506C100 502 92 490 96 470L104 300Z" fill="${nf}"/>
    <rect x="112" y="392" width="52" height="10" rx="5" fill="${accent}" opacity="0.85"/>
    <path d="M160 508C170 560 230 560 260 600" fill="none" stroke="${darken(body, 0.35)}" stroke-width="6" stroke-linecap="round"/>
    <path d="M300 198L380 214L380 286L300 302Z" fill="${nf}"/>
    <rect x="370" y="206" width="22" height="88" rx="8" fill="${darken(body, 0.3)}"/>
    <rect x="40" y="190" width="280" height="120" rx="60" fill="${bf}"/>
    <rect x="90" y="204" width="190" height="14" rx="7" fill="#fff" opacity="0.35"/>
    <circle cx="84" cy="250" r="52" fill="${lighten(body, 0.35)}"/>
    <circle cx="84" cy="250" r="38" fill="none" stroke="${darken(body, 0.15)}" stroke-width="5"/>
    <circle cx="84" cy="250" r="24" fill="none" stroke="${darken(body, 0.15)}" stroke-width="5"/>
    <circle cx="84" cy="250" r="9" fill="${darken(body, 0.2)}"/>`;
}

function roundBrush(s: Svg, x: number, y: number, rot: number, sc: number, handle: string, bristle: string) {
  const hf = s.lin([
    [0, lighten(handle, 0.25)],
    [1, darken(handle, 0.2)],
  ]);
  const br = [];
  for (let i = 0; i < 13; i++) {
    const bx = 150 + i * 14;
    br.push(`<path d="M${bx} -36V36" stroke="${bristle}" stroke-width="3.5" stroke-linecap="round"/>`);
    br.push(`<circle cx="${bx}" cy="-37" r="3.6" fill="${bristle}"/><circle cx="${bx}" cy="37" r="3.6" fill="${bristle}"/>`);
  }
  return `<g ${tr(x, y, rot, sc)}>
    <rect x="0" y="-14" width="150" height="28" rx="14" fill="${hf}"/>
    <rect x="14" y="-8" width="110" height="5" rx="2.5" fill="#fff" opacity="0.35"/>
    ${br.join('')}
    <rect x="140" y="-20" width="200" height="40" rx="12" fill="${s.lin([
      [0, '#f5f5f7'],
      [0.5, '#ffffff'],
      [1, '#b9bac4'],
    ])}"/>
    <g fill="#c4c5cf">${Array.from({ length: 8 }, (_, i) => `<circle cx="${160 + i * 24}" cy="0" r="4"/>`).join('')}</g>
    ${br
      .join('')
      .replace(/V36/g, 'V-24')
      .replace(/cy="37"/g, 'cy="-37"')}
    <rect x="336" y="-12" width="18" height="24" rx="6" fill="${handle}"/>
  </g>`;
}

export function hair3(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.25, 0.25, 0.45],
        [0.85, 0.75, 0.35],
      ],
    }),
  );
  s.add(
    `<path d="${archPath(150, 60, 300, 460)}" fill="${s.lin([
      [0, lighten(p.arch, 0.4)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(floor(s, p, 500));
  // air waves
  const waves = [0, 1, 2].map(
    (i) =>
      `<path d="M${560} ${220 + i * 34}c20 -14 40 14 60 0s40 14 60 0s40 14 60 0" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="${0.85 - i * 0.15}"/>`,
  );
  s.add(waves.join(''));
  s.add(`<g transform="translate(150 18) rotate(-4)">${hairDryer(s, p.accent, '#fdf2f8')}</g>`);
  s.add(shadow(s, 520, 548, 190, 14, 0.18));
  s.add(roundBrush(s, 340, 536, -6, 1, '#3b2630', '#f9c5d9'));
  s.add(
    sparkles(
      [
        [680, 110, 20],
        [620, 420, 12],
        [100, 110, 12],
        [740, 470, 9],
      ],
      '#ffffff',
    ),
  );
}
