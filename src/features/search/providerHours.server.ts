/** A provider's opening hours as rows of provider_hours (migrations/0009), written with the provider. */
import type { InStatement } from '@libsql/client';
import { weekRanges } from '../providers/openingHours';
import { parseOpeningHours } from '../providers/providerFields';

/**
 * A provider's categories as its hours rows carry them for the open-now indexes (migrations/0014,
 * whose triggers write the same from provider_categories): space-separated with a space at each
 * end, so `instr(categories, ' nails ')` finds exactly one category; none is NULL, as in SQL.
 */
export const hoursCategories = (categories: readonly string[]): string | null => (categories.length ? ` ${categories.join(' ')} ` : null);
/** The `instr` needle of `category` in hoursCategories. */
export const hoursCategoryNeedle = (category: string) => hoursCategories([category])!;

export function insertHoursStatement(providerId: string, openingHours: string): InStatement {
  return {
    // Zone, city and categories are copied for the open-now indexes (migrations/0010, 0014); a
    // provider's category rows written after these update them through their trigger.
    sql: `INSERT OR IGNORE INTO provider_hours (providerSeq, openMinute, closeMinute, timeZone, city, categories)
          SELECT p.seq, json_extract(value, '$[0]'), json_extract(value, '$[1]'), p.timeZone, p.city,
            (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = p.seq)
          FROM providers p, json_each(?) WHERE p.id = ?`,
    args: [JSON.stringify(weekRanges(parseOpeningHours(openingHours))), providerId],
  };
}
