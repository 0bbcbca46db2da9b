/**
 * The gazetteer over the ZIP dataset, loaded on first use and kept for the life of the process
 * (docs/search.md "Places"). Its tables are worked out when the site is built (`npm run zip-tables`,
 * zipTables.server.ts): loading them is reading a module of a few strings, where loading the dataset
 * and indexing it cost a cold function 0.3-1.4 s on its first search (docs/BENCHMARKS.md "Cold
 * start"). The neighbourhoods of content/neighbourhoods.json are added to it.
 */
import neighbourhoodsJson from '../../../content/neighbourhoods.json' with { type: 'json' };
import { Gazetteer } from './gazetteer';
import { neighbourhoodsSchema } from './schemas/neighbourhood';

let gazetteer: Promise<Gazetteer> | undefined;

export function loadGazetteer(): Promise<Gazetteer> {
  gazetteer ??= import('./zipTables.server').then(({ ZIP_TABLES }) => new Gazetteer(ZIP_TABLES, neighbourhoodsSchema.parse(neighbourhoodsJson)));
  return gazetteer;
}
