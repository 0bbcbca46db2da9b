/** The operator's own calls on the wire (docs/moderation.md "Operators"). Browser-safe. */
import { z } from '../../../lib/zod';

/** POST /api/operator/code */
export const operatorCodeRequestSchema = z.object({
  email: z
    .pipe(
      z
        .string({ error: 'Enter a valid email address' })
        .check(z.trim(), z.email('Enter a valid email address'), z.maxLength(254, 'Enter a valid email address')),
      z.transform((email: string) => email.toLowerCase()),
    )
    .check(z.describe('The operator’s email address.')),
});
export type OperatorCodeRequest = z.output<typeof operatorCodeRequestSchema>;

/** GET /api/operator/session */
export const operatorSessionSchema = z.object({
  email: z.string().check(z.describe('The signed-in operator’s email.')),
  signedInAt: z.string().check(z.describe('When the code was entered, ISO 8601.')),
  endsAt: z.string().check(z.describe('When the session ends (8 hours after sign-in), ISO 8601.')),
});
export type OperatorSession = z.output<typeof operatorSessionSchema>;
