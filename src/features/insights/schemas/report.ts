/** GET /api/owners/listings/{id}/insights (docs/insights.md "The view"): its query and its answer. Browser-safe. */
import { z } from '../../../lib/zod';
import { MEASURES } from '../measures';

export const insightsQuerySchema = z.object({
  format: z
    ._default(z.enum(['json', 'csv'], { error: 'format must be json or csv' }), 'json')
    .check(z.describe('`json` (the default) or `csv`: a download with a header row, one row per day of both periods, one column per measure.')),
});

const days = z.array(z.string()).check(z.describe('UTC days, YYYY-MM-DD, oldest first.'));
const counts = z.array(z.number()).check(z.describe('One count per day of the period, oldest first.'));

export const insightsReportSchema = z.object({
  days: days.check(z.describe('The last 30 UTC days, oldest first; the last is today.')),
  previousDays: days.check(z.describe('The 30 UTC days before those, oldest first.')),
  measures: z
    .array(
      z.object({
        key: z.enum(MEASURES.map((m) => m.key) as [string, ...string[]]).check(z.describe('What is counted.')),
        label: z.string().check(z.describe('Its name as the view shows it, e.g. "Profile views".')),
        daily: counts,
        previousDaily: counts,
        total: z.number().check(z.describe('Sum of the last 30 days.')),
        previousTotal: z.number().check(z.describe('Sum of the 30 days before.')),
      }),
    )
    .check(z.describe('One entry per measure shown, in a fixed order.')),
});
