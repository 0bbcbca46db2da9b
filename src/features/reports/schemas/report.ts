/** POST /api/reviews/{id}/reports, /api/replies/{id}/reports and /api/photos/{id}/reports: a visitor's report (the Report dialog sends it). */
import { z } from '../../../lib/zod';
import { REPORT_DETAILS_MAX, REPORT_REASON_VALUES } from '../reportRules';
import { optionalText } from '../../../lib/schemas/optionalText';

export const reportCreateSchema = z.object({
  reason: z
    .enum(REPORT_REASON_VALUES as [string, ...string[]], { error: 'Please choose a reason' })
    .check(z.describe(`Why the review should be looked at: ${REPORT_REASON_VALUES.join(', ')}.`)),
  details: optionalText(REPORT_DETAILS_MAX, 'Details', `Details must be at most ${REPORT_DETAILS_MAX} characters`).check(
    z.describe(`Optional details, at most ${REPORT_DETAILS_MAX} characters.`),
  ),
});
export type ReportCreate = z.output<typeof reportCreateSchema>;
