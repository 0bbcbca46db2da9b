/**
 * `npx tsx bench/overture-places.ts N FILE`: a file of N fictional places in Overture's GeoJSON
 * sequence form (docs/imports.md "The format"), for measuring `npm run import` (docs/BENCHMARKS.md
 * "Overture import"). Most are importable beauty places in the benchmark's cities, within a few miles
 * of the city's centre and named as salons are (from word lists, so names and words repeat as in a
 * real directory); some are left out for each reason the importer counts (ODbL, low confidence,
 * unmapped, outside the US, closed).
 */
import { createWriteStream } from 'node:fs';
import { CATEGORY_SERVICES } from '../src/features/imports/rules';
import { cityCentre, zipArea } from '../src/features/places/zipAreas.server';
import type { Point } from '../src/features/places';
import { CITIES } from './cities';
import { prng } from './generate';

const [count = '200000', file = '/tmp/overture-places.geojsonseq'] = process.argv.slice(2);
const CATEGORIES = Object.keys(CATEGORY_SERVICES);
const STYLES =
  'Luxe Velvet Golden Willow Coral Maple Harbor Juniper Opal Sable Ivy Cedar Bloom Aurora Sage Polished Glam Serenity Radiant Lotus Crystal Diamond Pearl Rose Blush Halo Posh Chic Urban Pure Bliss Glow Amber Ivory Orchid Jade Silk Honey Royal Vintage'.split(
    ' ',
  );
const OWNERS =
  'Anna Bella Chloe Diana Elena Grace Hannah Isabel Jasmine Kim Linh Maria Mia Nina Olivia Rosa Sofia Tina Vanessa Yuki Lily Tracy Amy Lucy Carmen Priya Nadia Jenny Tammy Vivian'.split(
    ' ',
  );
const KINDS =
  'Nail Lounge, Nails, Nail Spa, Hair Studio, Salon, Hair Salon, Beauty Bar, Brow House, Brow Bar, Lash Room, Lash Studio, Skin Atelier, Skin Care, Day Spa, Waxing Studio, Threading'.split(
    ', ',
  );
const { next: random, int, pick } = prng(44);
/** A salon's name as real ones go: a style word or two, an owner's name, or the city's, and the kind of place. */
function salonName(city: string): string {
  const kind = pick(KINDS);
  const roll = random();
  if (roll < 0.35) return `${pick(STYLES)} ${kind}`;
  if (roll < 0.55) return `${pick(OWNERS)}'s ${kind}`;
  if (roll < 0.7) return `${pick(STYLES)} ${pick(STYLES)} ${kind}`;
  if (roll < 0.82) return `${kind} by ${pick(OWNERS)}`;
  if (roll < 0.92) return `${city} ${kind}`;
  return `${pick(STYLES)} ${kind} & Spa`;
}
/** Where a city is: its centre, else (a name the ZIP dataset spells otherwise, "St. Louis") its first ZIP area's. */
async function whereIs(city: (typeof CITIES)[number]): Promise<Point> {
  const centre = await cityCentre(city.name, city.state);
  if (centre) return centre;
  for (let i = 0; i < 100; i++) {
    const area = await zipArea(`${city.zip3}${String(i).padStart(2, '0')}`, city.state);
    if (area) return area;
  }
  throw new Error(`no ZIP area for ${city.name}, ${city.state}`);
}
/** Each city's point, read once; a place lies within about 8 miles of it. */
const centres = new Map(await Promise.all(CITIES.map(async (c) => [c.name, await whereIs(c)] as const)));

const out = createWriteStream(file);
for (let i = 0; i < Number(count); i++) {
  const city = pick(CITIES);
  const centre = centres.get(city.name)!;
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
  const zip = `${city.zip3}${String(int(0, 99)).padStart(2, '0')}`;
  const record = {
    id: `bench-${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`,
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [centre.longitude + (random() - 0.5) * 0.3, centre.latitude + (random() - 0.5) * 0.22] },
    properties: {
      theme: 'places',
      type: 'place',
      version: 1,
      names: { primary: salonName(city.name) },
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
