/** POST /api/reviews/{id}/reports: a stored report of a review (what a report says: src/features/reports/schemas/report.ts). */
import { z } from '../../../lib/zod';

/** A stored report as the API returns it. */
export const reportSchema = z.object({
  id: z.string().check(z.describe('Report id.')),
  reviewId: z.string().check(z.describe('Id of the reported review.')),
  reason: z.string().check(z.describe('The reason given.')),
  details: z.nullable(z.string()).check(z.describe('The details given, or null.')),
  createdAt: z.string().check(z.describe('When the report was received, ISO 8601 in UTC.')),
});
export type Report = z.infer<typeof reportSchema>;
