/**
 * Provider search (DESIGN.md "Search semantics"): full text, service category, location, price and
 * minimum rating, combined with AND, in result order, one page at a time.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './db/client';
import { orderedProviders, toProvider, type Page } from './providers';
import type { Provider } from './schemas/provider';
import type { SearchParams } from './schemas/search';
import { categoryForSearch } from './services';
import { stateCode } from './usStates';

/** What a location string asks for: a city, a state, a ZIP prefix, or a combination. */
export interface LocationFilter {
  city?: string;
  state?: string;
  zipPrefix?: string;
  /** A state name that is also a city name ("New York"): the city where one exists, else the state. */
  cityElseState?: { city: string; state: string };
}

/** "Austin", "Austin, TX", "Austin TX", "TX", "Texas", "787", "Austin, TX 78701". */
export function parseLocation(text: string): LocationFilter {
  const t = text.trim().replace(/\s+/g, ' ');
  if (/^\d{1,5}(-\d{0,4})?$/.test(t)) return { zipPrefix: t.slice(0, 5).replace(/-.*/, '') };
  const whole = stateCode(t);
  if (whole && /^[A-Za-z]{2}$/.test(t)) return { state: whole };
  if (whole && !t.includes(',')) return { cityElseState: { city: t, state: whole } };
  const [head = '', ...rest] = t.split(',').map((p) => p.trim());
  const filter: LocationFilter = {};
  const tail = rest.join(' ').split(' ').filter(Boolean);
  let cityWords = head.split(' ').filter(Boolean);
  if (rest.length === 0 && cityWords.length > 1) {
    // "Austin TX 78701": peel a trailing ZIP and state off the city.
    if (/^\d{5}$/.test(cityWords.at(-1)!)) filter.zipPrefix = cityWords.pop();
    const state = cityWords.length > 1 && /^[A-Za-z]{2}$/.test(cityWords.at(-1)!) ? stateCode(cityWords.at(-1)!) : undefined;
    if (state) {
      filter.state = state;
      cityWords.pop();
    }
  }
  for (const token of tail) {
    if (/^\d{3,5}(-\d{4})?$/.test(token)) filter.zipPrefix = token.slice(0, 5);
  }
  const stateText = tail.filter((tok) => !/^\d/.test(tok)).join(' ');
  if (stateText) filter.state = stateCode(stateText) ?? stateText.toUpperCase();
  if (cityWords.length) filter.city = cityWords.join(' ');
  return filter;
}

/** An FTS5 query matching every word of the text as a prefix; null when the text has no words. */
export function ftsQuery(text: string): string | null {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  // Quoted tokens cannot be read as FTS operators (AND, NEAR, column filters...).
  return words.slice(0, 12).map((w) => `"${w}"*`).join(' ');
}

/** LIKE pattern for "contains text", with the wildcards of the text escaped. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Filters = Partial<Omit<SearchParams, 'limit' | 'offset'>>;

function conditions(params: Filters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (params.query) {
    const match = ftsQuery(params.query);
    // Text made only of punctuation cannot match any provider.
    where.push(match ? sql<SqlBool>`providers.seq IN (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${match})` : sql<SqlBool>`0`);
  }
  if (params.service) {
    const category = categoryForSearch(params.service);
    where.push(
      category
        ? sql<SqlBool>`providers.seq IN (SELECT providerSeq FROM provider_categories WHERE category = ${category.slug})`
        : sql<SqlBool>`lower(providers.services) LIKE ${containsPattern(params.service)} ESCAPE '\\'`,
    );
  }
  if (params.location) {
    const loc = parseLocation(params.location);
    if (loc.city) where.push(sql<SqlBool>`providers.city = ${loc.city}`);
    if (loc.state) where.push(sql<SqlBool>`providers.state = ${loc.state}`);
    if (loc.cityElseState) {
      const { city, state } = loc.cityElseState;
      where.push(
        sql<SqlBool>`(providers.city = ${city} OR (providers.state = ${state} AND NOT EXISTS (SELECT 1 FROM providers AS same WHERE same.city = ${city})))`,
      );
    }
    if (loc.zipPrefix) {
      // A range on the indexed column: "787" matches 78700-78799.
      where.push(sql<SqlBool>`providers.zipCode >= ${loc.zipPrefix} AND providers.zipCode < ${`${loc.zipPrefix}\u{10FFFF}`}`);
    }
  }
  if (params.priceRange) where.push(sql<SqlBool>`providers.priceRange = ${params.priceRange}`);
  if (params.rating !== undefined) where.push(sql<SqlBool>`providers.rating >= ${params.rating}`);
  return where;
}

/** GET /api/search: one page of matching providers in result order, and the total. */
export async function searchProviders(database: Db, params: Filters & Pick<SearchParams, 'limit' | 'offset'>): Promise<Page<Provider>> {
  const where = conditions(params);
  const all = (eb: { and: (e: Expression<SqlBool>[]) => Expression<SqlBool> }) => eb.and(where);
  const [rows, count] = await Promise.all([
    orderedProviders(database).where(all).limit(params.limit).offset(params.offset).execute(),
    database.db
      .selectFrom('providers')
      .where(all)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.n), items: rows.map(toProvider) };
}
