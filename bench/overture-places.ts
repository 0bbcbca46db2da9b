/**
 * `npx tsx bench/overture-places.ts N FILE`: a file of N fictional places in Overture's GeoJSON
 * sequence form (docs/imports.md "The format"), for measuring `npm run import` (docs/BENCHMARKS.md
 * "Overture import"). Most are importable beauty places in the benchmark's cities; some are left
 * out for each reason the importer counts (ODbL, low confidence, unmapped, outside the US, closed).
 */
import { createWriteStream } from 'node:fs';
import { CATEGORY_SERVICES } from '../src/features/imports/rules';
import { CITIES } from './cities';

const [count = '200000', file = '/tmp/overture-places.geojsonseq'] = process.argv.slice(2);
const CATEGORIES = Object.keys(CATEGORY_SERVICES);
const WORDS = ['Luxe', 'Velvet', 'Golden', 'Willow', 'Coral', 'Maple', 'Harbor', 'Juniper', 'Opal', 'Sable', 'Ivy', 'Cedar', 'Bloom', 'Aurora', 'Sage'];
const KINDS = ['Nail Lounge', 'Hair Studio', 'Beauty Bar', 'Brow House', 'Lash Room', 'Skin Atelier', 'Salon', 'Day Spa'];
let seed = 44;
/** A fixed linear congruential sequence: the same file every run. */
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const out = createWriteStream(file);
for (let i = 0; i < Number(count); i++) {
  const city = pick(CITIES);
  const roll = random();
  const dataset =
    roll < 0.05
      ? ['OpenStreetMap', 'ODbL-1.0']
      : roll < 0.35
        ? ['Foursquare', 'Apache-2.0']
        : roll < 0.4
          ? ['AllThePlaces', 'CC0-1.0']
          : ['meta', 'CDLA-Permissive-2.0'];
  const category = roll > 0.97 ? 'tattoo' : pick(CATEGORIES);
  const zip = `${city.zip3}${String(Math.floor(random() * 100)).padStart(2, '0')}`;
  const record = {
    id: `bench-${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [-120 + random() * 45, 26 + random() * 21] },
    properties: {
      theme: 'places',
      type: 'place',
      version: 1,
      names: { primary: `${pick(WORDS)} ${pick(WORDS)} ${pick(KINDS)} ${i}` },
      categories: { primary: category },
      confidence: 0.5 + random() * 0.5,
      operating_status: random() < 0.02 ? 'permanently_closed' : 'open',
      // One number per place (area code and line from its index): shared phones would be held as unclear matches.
      phones: [`+1 ${200 + (i % 700)}-555-${String(Math.floor(i / 700) % 10000).padStart(4, '0')}`],
      websites: random() < 0.5 ? [`http://place${i}.example.com/`] : undefined,
      addresses: [
        {
          freeform: `${1 + Math.floor(random() * 9000)} Main St`,
          locality: city.name,
          region: roll > 0.985 ? 'CA-ON' : `US-${city.state}`,
          postcode: zip,
          country: roll > 0.985 ? 'CA' : 'US',
        },
      ],
      sources: [{ property: '', dataset: dataset[0], license: dataset[1], record_id: String(i) }],
    },
  };
  if (!out.write(`${JSON.stringify(record)}\n`)) await new Promise((resolve) => out.once('drain', resolve));
}
out.end();
await new Promise((resolve) => out.once('finish', resolve));
console.log(`${count} places written to ${file}`);
