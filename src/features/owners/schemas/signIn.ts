/** Owner sign-in (docs/owners.md "Sign-in"): asking for a code, and entering it. Browser-safe. */
import { z } from '../../../lib/zod';
import { businessFields } from '../../providers/schemas';

const providerId = z
  .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))
  .check(z.describe('The listing to claim with this code; absent to sign in to the dashboard.'));

export const ownerEmail = z
  .pipe(
    businessFields.email,
    z.transform((email: string) => email.toLowerCase()),
  )
  .check(z.describe("The owner's email address: the listing's own, or one at its website's domain."));

/** POST /api/owners/code */
export const codeRequestSchema = z.object({ email: ownerEmail, providerId });
export type CodeRequest = z.infer<typeof codeRequestSchema>;

/** POST /api/owners/sign-in */
export const signInSchema = z.object({
  email: ownerEmail,
  code: z
    .string({ error: 'Enter the 6-digit code from the email' })
    .check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the email'), z.describe('The 6-digit code emailed to the address.')),
  providerId,
});
export type SignIn = z.infer<typeof signInSchema>;

/** What a signed-in owner manages: GET /api/owners/session and the answer of a sign-in. */
export const ownerSessionSchema = z.object({
  email: z.string().check(z.describe('The signed-in email address.')),
  listings: z
    .array(
      z.object({
        id: z.string().check(z.describe('Provider id.')),
        name: z.string().check(z.describe('Business name.')),
        slug: z.string().check(z.describe('Provider page slug.')),
      }),
    )
    .check(z.describe('The listings this account manages.')),
});
export type OwnerSession = z.infer<typeof ownerSessionSchema>;

/** The answer of POST /api/owners/code. */
export const codeSentSchema = z.object({
  sent: z.literal(true).check(z.describe('A code is on its way.')),
  email: z.string().check(z.describe('Where it went.')),
  expiresInMinutes: z.number().check(z.describe('How long it works.')),
});

/** DELETE /api/owners/session */
export const signOutParamsSchema = z.object({
  everywhere: z
    .optional(z.enum(['true', 'false'], { error: 'everywhere must be true or false' }))
    .check(z.describe('`true`: end every session of this account, on every device ("Sign out everywhere"); needs a session (401 without).')),
});
