/** The monthly insights email's setting and its unsubscribe link (docs/insights.md "Monthly email"). Browser-safe. */
import { z } from '../../../lib/zod';

/** GET and PUT /api/owners/insights-mail */
export const monthlyEmailSchema = z.object({
  monthly: z
    .boolean({ error: 'monthly must be true or false' })
    .check(z.describe('Whether the account gets the monthly insights summary of its listings by email (on unless turned off).')),
});
export type MonthlyEmail = z.output<typeof monthlyEmailSchema>;

/** The query of the unsubscribe link: the account and the proof the link came from Glow. */
export const unsubscribeQuerySchema = z.object({
  u: z.string().check(z.minLength(1, 'This unsubscribe link is incomplete'), z.maxLength(200), z.describe('The account the email went to.')),
  t: z.string().check(z.minLength(1, 'This unsubscribe link is incomplete'), z.maxLength(200), z.describe('The link’s proof, as the email gave it.')),
  from: z
    .optional(z.enum(['page']))
    .check(z.describe('`page` when the form of /business/unsubscribe posts it: the answer is then a redirect back to that page.')),
});
