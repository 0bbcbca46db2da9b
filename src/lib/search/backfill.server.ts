/**
 * Fills what migrations/0009 added for providers written before it: place and zone, hours rows and
 * vocabulary. Runs with every setup and does nothing once every provider has its time zone.
 */
import type { InStatement } from '@libsql/client';
import type { Db } from '../db/client';
import { placeOf } from '../geo/place.server';
import { addTermsStatement } from '../spelling/vocabulary.server';
import { insertHoursStatement } from './providerHours.server';

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
        insertHoursStatement(row.id, row.openingHours),
        addTermsStatement(row),
      );
    }
    await client.batch(statements, 'write');
    done += rows.length;
  }
}
