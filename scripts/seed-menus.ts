/**
 * `npm run seed:menus`: writes a service menu into every provider of migrations/seed/providers.json
 * (README "Edit content") from the price table in ./menu-prices.ts. A menu already in the seed (a
 * hand-edited one) is kept unless `--force` is given.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { SEED_FILE } from '../src/setup/seed';
import { MENU_BY_SERVICE, menuFor } from './menu-prices';

const force = process.argv.includes('--force');
const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as (Record<string, unknown> & {
  slug: string;
  city: string;
  priceRange: string;
  services: string[];
})[];
const unknown = [...new Set(seed.flatMap((p) => p.services).filter((s) => !MENU_BY_SERVICE[s]))];
if (unknown.length) throw new Error(`No menu entries for: ${unknown.join(', ')}. Add them to MENU_BY_SERVICE.`);
let written = 0;
const updated = seed.map((provider) => {
  if (provider.menu && !force) return provider;
  written++;
  // Keep the menu beside the services it prices, before the reviews.
  const { reviews, ...rest } = provider;
  return { ...rest, menu: menuFor(provider), reviews };
});
await writeFile(SEED_FILE, `${JSON.stringify(updated, null, 2)}\n`);
console.log(`Wrote menus for ${written} of ${seed.length} providers in ${SEED_FILE}.`);
