/**
 * `openNow=true` as SQL: the provider has an hours range (provider_hours, in minutes of its local
 * week) around the current minute of the week in its own time zone. The zones are few
 * (src/lib/geo/timeZone.ts), so "now" is worked out once per zone per request, and each provider
 * costs one lookup in the primary key of provider_hours.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { TIME_ZONES } from '../geo/timeZone';
import { minuteOfWeek } from '../openNow';

export function openNowCondition(date: Date): Expression<SqlBool> {
  const cases = TIME_ZONES.map((zone) => sql`WHEN ${zone} THEN ${minuteOfWeek(date, zone)}`);
  const now = sql`(CASE p.timeZone ${sql.join(cases, sql` `)} ELSE ${minuteOfWeek(date, 'America/New_York')} END)`;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM provider_hours h WHERE h.providerSeq = p.seq AND h.openMinute <= ${now} AND h.closeMinute > ${now})`;
}
