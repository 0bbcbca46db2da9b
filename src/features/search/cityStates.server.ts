/**
 * The states the directory lists a city name in, most providers first, from the vocabulary's
 * `city` terms (label "City, ST", migrations/0009): where a city named alone is.
 */
import type { Db } from '../../db/client';

export async function statesOfCity({ db }: Db, city: string): Promise<string[]> {
  const rows = await db
    .selectFrom('search_terms')
    .select('label')
    .where('kind', '=', 'city')
    .where('term', '=', city.toLowerCase())
    .orderBy('n', 'desc')
    .execute();
  return rows.map((r) => r.label.slice(r.label.lastIndexOf(', ') + 2));
}
