/**
 * The one writer of the search's copied rows (docs/search.md "Copied columns and their owners"):
 * a provider's category rows and its hours rows, for the app (a new listing, an owner's edit, the
 * setup's backfill) and the benchmark generator (bench/generate.ts) alike. Which rows a provider has
 * comes from its services and hours, read here in TypeScript (content/services.json, the hours
 * text); every copied column is read from the provider row in SQL as the rows are written, never
 * passed in, so no caller can write a copy that differs from its source. Later changes to the
 * source reach the copies through the migrations' triggers only.
 */
import type { InStatement } from '@libsql/client';
import { categoriesOfServices } from '../catalog';
import { weekRanges } from './openingHours';
import { parseOpeningHours } from './providerFields';

/**
 * Category rows (migrations/0004, 0006, 0014, 0023, 0082) of providers already written, by id: one per
 * category of their services, with the provider's order columns, city, price, coordinates and facets copied
 * from its row.
 */
export function categoryRowsStatement(providers: readonly { id: string; services: readonly string[] }[]): InStatement {
  const pairs = providers.flatMap(({ id, services }) => categoriesOfServices(services).map((category) => [id, category]));
  return {
    sql: `INSERT INTO provider_categories (category, providerSeq, isPromoted, rating, reviewCount, name, city, priceRange, latitude, longitude, facets)
          SELECT json_extract(j.value, '$[1]'), p.seq, p.isPromoted, p.rating, p.reviewCount, p.name, p.city, p.priceRange, p.latitude, p.longitude, p.facets
          FROM json_each(?) j CROSS JOIN providers p ON p.id = json_extract(j.value, '$[0]')`,
    args: [JSON.stringify(pairs)],
  };
}

/**
 * Hours rows (migrations/0009, 0010, 0014, 0032, 0085) of providers already written, by id: one per range of
 * their local week, with the zone, city, price, rating and facets copied from the provider row and the categories from its
 * category rows (write those first), as " hair nails " (search/providerHours.server.ts hoursCategories).
 */
export function hoursRowsStatement(providers: readonly { id: string; openingHours: string }[]): InStatement {
  const ranges = providers.flatMap(({ id, openingHours }) => weekRanges(parseOpeningHours(openingHours)).map(([open, close]) => [id, open, close]));
  return {
    sql: `INSERT OR IGNORE INTO provider_hours (providerSeq, openMinute, closeMinute, timeZone, city, priceRange, rating, facets, categories)
          SELECT p.seq, json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]'), p.timeZone, p.city, p.priceRange, p.rating, p.facets,
            (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = p.seq)
          FROM json_each(?) j CROSS JOIN providers p ON p.id = json_extract(j.value, '$[0]')`,
    args: [JSON.stringify(ranges)],
  };
}
