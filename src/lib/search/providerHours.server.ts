/** A provider's opening hours as rows of provider_hours (migrations/0009), written with the provider. */
import type { InStatement } from '@libsql/client';
import { weekRanges } from '../openingHours';
import { parseOpeningHours } from '../providerFields';

export function insertHoursStatement(providerId: string, openingHours: string): InStatement {
  return {
    // The zone is copied for the open-now index (migrations/0010).
    sql: `INSERT OR IGNORE INTO provider_hours (providerSeq, openMinute, closeMinute, timeZone)
          SELECT p.seq, json_extract(value, '$[0]'), json_extract(value, '$[1]'), p.timeZone FROM providers p, json_each(?) WHERE p.id = ?`,
    args: [JSON.stringify(weekRanges(parseOpeningHours(openingHours))), providerId],
  };
}
