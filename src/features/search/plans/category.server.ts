/**
 * A service: its category rows lead, in the recommended order (their copies of the provider's
 * order columns, city, price and rating apply those filters in the index, filters.server.ts);
 * a service in a city has an index of its own, with a price too.
 */
import { sql } from 'kysely';
import { carriedByAll, categoryConditions, isListed, rowConditions } from '../filters.server';
import { CATEGORY_INDEXES, indexSql, PLACE_INDEXES } from '../indexes.server';
import { and, CATEGORY_ORDER, leadingIndex, type Plan } from './context.server';

export const category: Plan = {
  name: 'category',
  // A service with a place of its index (in a city), or with no place filter: else the place leads.
  applies: ({ r }) => {
    const index = leadingIndex(r, CATEGORY_INDEXES);
    return !!index && (index.filters.length > 1 || !leadingIndex(r, PLACE_INDEXES));
  },
  async run(s) {
    const { r } = s;
    const cat = categoryConditions(r);
    // Text (many: few was listed before) as one list of rowids, not a lookup per category row.
    const conds = [...cat, ...rowConditions(r, { skip: 'categoryRows', listText: true })];
    const index = indexSql(leadingIndex(r, CATEGORY_INDEXES)!.index);
    // Every filter applied by the category rows: listed from them alone, less hidden listings.
    const from = carriedByAll(r, 'categoryRows')
      ? sql`FROM provider_categories c INDEXED BY ${index} ${and([...cat, isListed(sql`c.providerSeq`)])}`
      : sql`FROM provider_categories c INDEXED BY ${index} JOIN providers p ON p.seq = c.providerSeq ${and(conds)}`;
    return s.pageAndCount(from, CATEGORY_ORDER, sql`c.providerSeq`);
  },
};
