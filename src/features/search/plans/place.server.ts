/**
 * A city, state or price (without a service in a city): the ordered index of its most selective
 * part leads. Text in a city: the full-text index intersects the text's matches with the city's
 * words (list against list, in C); when that leaves few, they are listed and sorted instead of
 * checking every row of the place.
 */
import { sql } from 'kysely';
import { cappedCount } from '../../providers/providers.server';
import { rowConditions } from '../filters.server';
import { indexedBy, PLACE_INDEXES } from '../indexes.server';
import { searchWords } from '../searchText';
import { and, leadingIndex, ORDER, textListed, type Plan } from './context.server';

export const place: Plan = {
  name: 'place',
  applies: ({ r }) => !!leadingIndex(r, PLACE_INDEXES),
  async run(s) {
    const { r } = s;
    const index = indexedBy(leadingIndex(r, PLACE_INDEXES)!.index);
    const cityWords = r.place?.city ? searchWords(r.place.city) : [];
    const inCity = r.match && cityWords.length ? `(${r.match}) AND city : (${cityWords.map((w) => `"${w}"`).join(' ')})` : null;
    if (inCity !== null && !(await cappedCount(s.database, sql`FROM providers_fts WHERE providers_fts MATCH ${inCity}`)).capped) {
      const listed = textListed(inCity, rowConditions({ ...r, match: null }));
      const [rows, count] = await s.fewSorted(sql`${listed.tables} ${and(listed.conds)}`);
      return { rows, count, step: 'listed' };
    }
    const conds = rowConditions(r);
    const [rows, count] = await Promise.all([
      s.run(sql`SELECT p.*${s.distance} FROM providers p ${index} ${and(conds)} ORDER BY ${ORDER} ${s.page}`),
      // The count follows the same index: SQLite alone may start from a far larger filter.
      s.counted(sql`FROM providers p ${index} ${and(conds)}`),
    ]);
    return { rows, count, step: 'walk' };
  },
};
