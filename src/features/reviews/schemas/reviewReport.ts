/** POST /api/reviews/{id}/reports: a visitor's report of a review (the Report dialog sends it). */
import { z } from '../../../lib/zod';
import { REPORT_DETAILS_MAX, REPORT_REASON_VALUES } from '../reviewRules';
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

/** A stored report as the API returns it. */
export const reportSchema = z.object({
  id: z.string().check(z.describe('Report id.')),
  reviewId: z.string().check(z.describe('Id of the reported review.')),
  reason: z.string().check(z.describe('The reason given.')),
  details: z.nullable(z.string()).check(z.describe('The details given, or null.')),
  createdAt: z.string().check(z.describe('When the report was received, ISO 8601 in UTC.')),
});
export type Report = z.infer<typeof reportSchema>;
