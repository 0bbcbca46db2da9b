/**
 * Fills what migrations/0009 added for providers written before it: place and zone, hours rows and
 * vocabulary. Runs with every setup and does nothing once every provider has its time zone.
 */
import type { InStatement } from '@libsql/client';
import type { Db } from '../../db/client';
import { placeOf } from '../places/index.server';
import { searchWords } from '../../lib/words';
import { addTermsStatement } from '../suggestions/index.server';
import { hoursRowsStatement } from '../providers/index.server';

export async function backfillSearchData(database: Db, batchSize = 2000): Promise<number> {
  const { db, client } = database;
  let done = 0;
  for (;;) {
    const rows = await db
      .selectFrom('providers')
      .select(['id', 'name', 'description', 'services', 'city', 'state', 'zipCode', 'openingHours'])
      .where('timeZone', 'is', null)
      .limit(batchSize)
      .execute();
    if (!rows.length) return done;
    const statements: InStatement[] = [];
    for (const row of rows) {
      const place = await placeOf(row);
      statements.push(
        { sql: 'UPDATE providers SET latitude = ?, longitude = ?, timeZone = ? WHERE id = ?', args: [place.latitude, place.longitude, place.timeZone, row.id] },
        hoursRowsStatement([row]),
        addTermsStatement(row),
      );
    }
    await client.batch(statements, 'write');
    done += rows.length;
  }
}

/**
 * Vocabulary words stored before searchWords took accents off Latin letters ("quinceañera"), merged
 * into their folded form ("quinceanera"): long words of a search are matched through these
 * (src/features/search/textMatch.server.ts), so they must be the full-text index's own tokens. Counts
 * add up (a provider with both spellings counts twice: it only ranks suggestions). Reads only the
 * accented words (a partial index); words of other scripts that fold to themselves stay.
 */
export async function refoldVocabulary({ client }: Db): Promise<number> {
  const { rows } = await client.execute("SELECT term, n FROM search_terms WHERE kind = 'word' AND term GLOB '*[^ -~]*'");
  const statements: InStatement[] = [];
  for (const row of rows) {
    const term = String(row.term);
    const folded = searchWords(term).join('');
    if (folded === term) continue;
    statements.push(
      {
        sql: "INSERT INTO search_terms (kind, term, label, n) VALUES ('word', ?, ?, ?) ON CONFLICT (kind, term, label) DO UPDATE SET n = n + excluded.n",
        args: [folded, folded, Number(row.n)],
      },
      { sql: "DELETE FROM search_terms WHERE kind = 'word' AND term = ?", args: [term] },
    );
  }
  if (statements.length) await client.batch(statements, 'write');
  return statements.length / 2;
}
