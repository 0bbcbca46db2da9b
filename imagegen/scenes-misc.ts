import type { Palette, Svg } from './lib';
import { f, lighten, darken, archPath, sparkle, sparkles, background, floor, flower, BRAND } from './lib';
import { polishBottle } from './scenes-nails-hair';
import { lipstick } from './scenes-brows-makeup';
import { perfume, tulipVase, jar } from './scenes-skin-beauty-massage';

// ---------------------------------------------------------------- hero (1600x900 view box)

export function hero(s: Svg, _p: Palette) {
  s.add(
    `<rect width="1600" height="900" fill="${s.lin(
      [
        [0, '#fffafc'],
        [0.55, '#fdf0f6'],
        [1, '#fbd9ea'],
      ],
      { x2: 1, y2: 0.4 },
    )}"/>`,
  );
  s.add(
    `<circle cx="1260" cy="400" r="520" fill="${s.rad([
      [0, '#f9c5dc', 0.85],
      [0.7, '#fbd3e6', 0.5],
      [1, '#fbd3e6', 0],
    ])}"/>`,
  );
  s.add(
    `<circle cx="140" cy="90" r="260" fill="${s.rad([
      [0, '#fbd3e6', 0.55],
      [1, '#fbd3e6', 0],
    ])}"/>`,
  );
  s.add(
    `<circle cx="520" cy="880" r="300" fill="${s.rad([
      [0, '#fde2d4', 0.6],
      [1, '#fde2d4', 0],
    ])}"/>`,
  );
  // gentle flowing lines
  s.add(`<path d="M-20 700C240 620 420 780 700 690S1100 560 1620 640" fill="none" stroke="#f472b6" stroke-opacity="0.18" stroke-width="3"/>`);
  s.add(`<path d="M-20 740C260 660 440 820 720 730S1120 600 1620 690" fill="none" stroke="#f472b6" stroke-opacity="0.1" stroke-width="2"/>`);
  // arch niche + round mirror
  s.add(
    `<path d="${archPath(1010, 110, 420, 680)}" fill="${s.lin([
      [0, '#fde7f2'],
      [1, '#f7c1da'],
    ])}"/>`,
  );
  s.add(`<path d="${archPath(1040, 140, 360, 650)}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3"/>`);
  const gold = s.lin(
    [
      [0, '#f6dcb8'],
      [0.5, '#d9a46c'],
      [1, '#b8865b'],
    ],
    { x2: 1, y2: 1 },
  );
  s.add(
    `<circle cx="1220" cy="360" r="150" fill="${gold}"/><circle cx="1220" cy="360" r="134" fill="${s.lin(
      [
        [0, '#ffffff'],
        [0.55, '#f8ecf2'],
        [1, '#ecd3e0'],
      ],
      { x2: 1, y2: 1 },
    )}"/>`,
  );
  s.add(
    `<path d="M1140 270L1190 246L1110 420L1096 380Z" fill="#fff" opacity="0.75"/><path d="M1215 236L1236 230L1140 470L1124 452Z" fill="#fff" opacity="0.5"/>`,
  );
  // console shelf
  s.add(
    `<rect x="860" y="770" width="760" height="160" rx="20" fill="${s.lin([
      [0, '#f6cfe0'],
      [1, '#eeb4cf'],
    ])}"/><rect x="880" y="770" width="720" height="4" fill="#fff" opacity="0.6"/>`,
  );
  s.add(
    `<g transform="translate(1000 790) scale(1.45) translate(-1000 -790)">${tulipVase(s, 1000, 790, '#ffffff', ['#ec4899', '#f9a8d4', '#db2777', '#fbcfe8'], { h: 250, stems: 6, seed: 4 })}</g>`,
  );
  s.add(perfume(s, 1205, 792, 100, 190, '#f9a8d4', '#d9a46c'));
  s.add(polishBottle(s, 1330, 792, 86, 176, '#db2777', '#2f2327'));
  s.add(lipstick(s, 1420, 796, 46, 170, '#be123c'));
  s.add(jar(s, 1510, 796, 110, 74, '#fdf2f8', '#ec4899'));
  s.add(
    sparkles(
      [
        [1460, 150, 28],
        [1530, 260, 14],
        [930, 230, 18],
        [1480, 560, 12],
        [980, 520, 10],
      ],
      '#ffffff',
    ),
  );
  s.add(
    sparkles(
      [
        [760, 120, 14, 0.5],
        [640, 200, 8, 0.4],
        [120, 600, 10, 0.4],
        [820, 560, 10, 0.35],
      ],
      BRAND.pink,
    ),
  );
}

// ---------------------------------------------------------------- fallback (800x600)

export function fallback(s: Svg, p: Palette) {
  s.add(
    background(s, p, {
      glows: [
        [0.5, 0.4, 0.55],
        [0.1, 0.9, 0.3],
      ],
    }),
  );
  s.add(
    `<path d="${archPath(250, 70, 300, 420)}" fill="${s.lin([
      [0, lighten(p.arch, 0.4)],
      [1, p.arch],
    ])}"/>`,
  );
  s.add(`<path d="${archPath(270, 90, 260, 400)}" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="2"/>`);
  s.add(sparkle(400, 210, 46, '#ffffff', 0.9) + sparkle(452, 160, 16, '#ffffff', 0.8) + sparkle(350, 270, 12, '#ffffff', 0.7));
  s.add(floor(s, p, 470));
  s.add(tulipVase(s, 300, 520, '#fffaf7', ['#f9a8d4', '#ec4899', '#fbcfe8'], { h: 200, stems: 5, seed: 8 }));
  s.add(perfume(s, 430, 520, 82, 150, '#f9c5d9', '#d9a46c'));
  s.add(polishBottle(s, 530, 520, 66, 130, '#ec4899', '#2f2327'));
  s.add(
    sparkles(
      [
        [130, 130, 16],
        [680, 120, 14],
        [690, 380, 10],
        [110, 400, 10],
      ],
      '#ffffff',
    ),
  );
}

// ---------------------------------------------------------------- testimonial avatars (160x160)

function avatarBg(s: Svg, bg: string) {
  return `<rect width="160" height="160" fill="${s.lin(
    [
      [0, lighten(bg, 0.45)],
      [1, bg],
    ],
    { x2: 1, y2: 1 },
  )}"/><circle cx="124" cy="34" r="30" fill="#ffffff" opacity="0.35"/>`;
}

function avatarBase(s: Svg, _bg: string | null, garment: string, skin: string) {
  return [
    `<rect x="69" y="92" width="22" height="30" rx="8" fill="${darken(skin, 0.1)}"/>`,
    `<path d="M22 160C26 128 52 114 80 114C108 114 134 128 138 160Z" fill="${s.lin([
      [0, lighten(garment, 0.15)],
      [1, darken(garment, 0.12)],
    ])}"/>`,
    `<path d="M66 116Q80 130 94 116" fill="none" stroke="${darken(garment, 0.25)}" stroke-width="2.5" opacity="0.5"/>`,
  ].join('');
}

function face(s: Svg, skin: string, { lips = '#d9467f', brow = '#3b2630', eye = '#2a1a20', blush = '#f472b6', bop = 0.3 } = {}) {
  const sf = s.rad(
    [
      [0, lighten(skin, 0.12)],
      [1, darken(skin, 0.04)],
    ],
    { cx: 0.45, cy: 0.4 },
  );
  return [
    `<ellipse cx="51" cy="80" rx="6" ry="9" fill="${darken(skin, 0.06)}"/><ellipse cx="109" cy="80" rx="6" ry="9" fill="${darken(skin, 0.06)}"/>`,
    `<path d="M80 42C98 42 110 56 110 76C110 98 96 112 80 112C64 112 50 98 50 76C50 56 62 42 80 42Z" fill="${sf}"/>`,
    `<path d="M63 70Q69 66 75 69M85 69Q91 66 97 70" stroke="${brow}" stroke-width="2.6" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="69" cy="79" rx="3" ry="3.6" fill="${eye}"/><ellipse cx="91" cy="79" rx="3" ry="3.6" fill="${eye}"/>`,
    `<circle cx="70.2" cy="77.8" r="1.1" fill="#fff"/><circle cx="92.2" cy="77.8" r="1.1" fill="#fff"/>`,
    `<path d="M80 83Q77 90 80 92" stroke="${darken(skin, 0.3)}" stroke-width="1.8" fill="none" stroke-linecap="round" opacity="0.7"/>`,
    `<path d="M72 97Q80 104 88 97Q80 100 72 97Z" fill="${lips}" stroke="${lips}" stroke-width="2" stroke-linejoin="round"/>`,
    `<ellipse cx="63" cy="90" rx="6" ry="3.5" fill="${blush}" opacity="${bop}"/><ellipse cx="97" cy="90" rx="6" ry="3.5" fill="${blush}" opacity="${bop}"/>`,
  ].join('');
}

export function jasmine(s: Svg) {
  const skin = '#f3d2b8';
  const hair = '#1f1a1c';
  s.add(avatarBg(s, '#f9c5dc'));
  s.add(`<path d="M40 80C36 44 58 32 80 32C102 32 124 44 120 80L122 114H38Z" fill="${darken(hair, 0.1)}"/>`);
  s.add(avatarBase(s, null, '#ec4899', skin));
  s.add(face(s, skin, { brow: '#2a1f22', lips: '#e0527f' }));
  s.add(
    `<path d="M40 114C34 80 38 38 80 36C122 38 126 80 120 114H104C108 98 111 84 110 70C104 66 96 64 80 64C64 64 56 66 50 70C49 84 52 98 56 114Z" fill="${hair}"/>`,
  );
  s.add(
    `<path d="M58 46Q80 38 102 46M46 80Q44 96 48 108M114 80Q116 96 112 108" stroke="#4a3a40" stroke-width="2" fill="none" opacity="0.7" stroke-linecap="round"/>`,
  );
}

export function maria(s: Svg) {
  const skin = '#d9a07a';
  const hair = '#3b2218';
  s.add(avatarBg(s, '#f8c7ab'));
  s.add(
    `<path d="M80 30C50 30 38 56 40 84C42 108 30 124 38 150C52 158 64 146 62 128H98C96 146 108 158 122 150C130 124 118 108 120 84C122 56 110 30 80 30Z" fill="${hair}"/>`,
  );
  s.add(avatarBase(s, null, '#be185d', skin));
  s.add(
    `<path d="M50 92C38 108 46 124 38 140C34 150 38 158 40 160H64C62 148 66 136 60 124C56 114 58 104 58 96Z" fill="${hair}"/><path d="M110 92C122 108 114 124 122 140C126 150 122 158 120 160H96C98 148 94 136 100 124C104 114 102 104 102 96Z" fill="${hair}"/>`,
  );
  s.add(face(s, skin, { brow: '#2e1a12', lips: '#c23a5c' }));
  s.add(`<path d="M49 80C46 50 64 36 84 38C102 40 114 54 111 78C104 62 92 54 76 56C64 58 54 66 49 80Z" fill="${hair}"/>`);
  s.add(`<path d="M60 52Q74 44 92 46M98 50Q106 56 108 66" stroke="#6b4434" stroke-width="2" fill="none" opacity="0.7" stroke-linecap="round"/>`);
  s.add(flower(106, 52, 16, '#f472b6', '#f6c453', 5, 10));
}

export function aisha(s: Svg) {
  const skin = '#7a4a32';
  const hair = '#1c1412';
  s.add(avatarBg(s, '#e7c4e0'));
  const puffs = [];
  for (let i = 0; i < 14; i++) {
    const a = (Math.PI * 2 * i) / 14;
    puffs.push(`<circle cx="${f(80 + Math.cos(a) * 40)}" cy="${f(62 + Math.sin(a) * 34)}" r="${i % 2 ? 17 : 19}"/>`);
  }
  s.add(`<g fill="${hair}">${puffs.join('')}<ellipse cx="80" cy="62" rx="46" ry="40"/></g>`);
  s.add(avatarBase(s, null, '#e0a63a', skin));
  s.add(face(s, skin, { brow: '#140d0b', eye: '#140d0b', lips: '#9b3a3a', blush: '#d9467f', bop: 0.25 }));
  s.add(`<path d="M50 72C50 50 64 40 80 40C96 40 110 50 110 72C104 58 94 54 80 54C66 54 56 58 50 72Z" fill="${hair}"/>`);
  s.add(
    `<circle cx="50" cy="96" r="7" fill="none" stroke="#e8b64c" stroke-width="2.6"/><circle cx="110" cy="96" r="7" fill="none" stroke="#e8b64c" stroke-width="2.6"/>`,
  );
  s.add(
    `<g fill="#3a2a26" opacity="0.6">${[
      [60, 34],
      [92, 30],
      [112, 50],
      [44, 54],
      [76, 24],
      [120, 74],
      [38, 78],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2"/>`)
      .join('')}</g>`,
  );
}

// ---------------------------------------------------------------- brand mark, social card

/** The Glow mark: rounded pink tile with a white "G" and a sparkle, in a 64x64 box. */
export function markInner(s: Svg, { rounded = true } = {}) {
  const bg = s.lin(
    [
      [0, '#f472b6'],
      [1, BRAND.pinkDark],
    ],
    { x2: 1, y2: 1 },
  );
  return [
    rounded ? `<rect width="64" height="64" rx="15" fill="${bg}"/>` : `<rect width="64" height="64" fill="${bg}"/>`,
    `<g transform="translate(-3 2)"><path d="M42.6 23.2A15.5 15.5 0 1 0 47.5 34.5H33.5" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
    sparkle(50, 14, 7.5, '#ffffff'),
    '</g>',
  ].join('');
}

export function favicon(s: Svg) {
  s.add(markInner(s));
}

export function appleIcon(s: Svg) {
  // full-bleed tile (iOS rounds the corners itself)
  const bg = s.lin(
    [
      [0, '#f472b6'],
      [1, BRAND.pinkDark],
    ],
    { x2: 1, y2: 1 },
  );
  s.add(`<rect width="64" height="64" fill="${bg}"/>`);
  s.add(
    `<g transform="translate(32 32) scale(0.86) translate(-36 -31)"><path d="M42.6 23.2A15.5 15.5 0 1 0 47.5 34.5H33.5" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>${sparkle(50, 14, 7.5, '#ffffff')}</g>`,
  );
}

export function ogCard(s: Svg, _p: Palette) {
  s.add(
    `<rect width="1200" height="630" fill="${s.lin(
      [
        [0, '#fffafc'],
        [0.6, '#fdf0f6'],
        [1, '#fbd3e6'],
      ],
      { x2: 1, y2: 0.5 },
    )}"/>`,
  );
  s.add(
    `<circle cx="960" cy="300" r="380" fill="${s.rad([
      [0, '#f9c5dc', 0.8],
      [1, '#f9c5dc', 0],
    ])}"/>`,
  );
  s.add(
    `<circle cx="80" cy="560" r="200" fill="${s.rad([
      [0, '#fde2d4', 0.7],
      [1, '#fde2d4', 0],
    ])}"/>`,
  );
  // text block
  s.add(`<g transform="translate(90 150) scale(1.5)">${markInner(s)}</g>`);
  s.add(`<text x="205" y="236" font-family="sans-serif" font-weight="700" font-size="132" fill="${BRAND.pinkDark}" letter-spacing="-2">Glow</text>`);
  s.add(`<text x="92" y="336" font-family="sans-serif" font-weight="400" font-size="44" fill="#5b2140">Find beauty services near you</text>`);
  s.add(`<rect x="92" y="372" width="96" height="6" rx="3" fill="${BRAND.pink}"/>`);
  s.add(
    `<text x="92" y="440" font-family="sans-serif" font-size="24" fill="#9d4a72" letter-spacing="1">Nails · Hair · Brows · Makeup · Skincare · Massage</text>`,
  );
  // illustration
  s.add(
    `<path d="${archPath(860, 120, 260, 420)}" fill="${s.lin([
      [0, '#fde7f2'],
      [1, '#f7bfd9'],
    ])}"/>`,
  );
  s.add(
    `<rect x="800" y="540" width="400" height="90" fill="${s.lin([
      [0, '#f6cfe0'],
      [1, '#eeb4cf'],
    ])}"/><rect x="800" y="540" width="400" height="3" fill="#fff" opacity="0.6"/>`,
  );
  s.add(tulipVase(s, 930, 560, '#ffffff', ['#ec4899', '#f9a8d4', '#db2777'], { h: 230, stems: 5, seed: 3 }));
  s.add(polishBottle(s, 1040, 562, 78, 160, '#db2777', '#2f2327'));
  s.add(lipstick(s, 1120, 566, 40, 140, '#be123c'));
  s.add(
    sparkles(
      [
        [1140, 90, 24],
        [820, 180, 14],
        [1160, 330, 10],
      ],
      '#ffffff',
    ),
  );
  s.add(
    sparkles(
      [
        [620, 110, 14, 0.5],
        [700, 520, 10, 0.4],
      ],
      BRAND.pink,
    ),
  );
}
