/** The body of every API error (docs/api.md, docs/openapi.json). */
import { z } from '../zod';

export const apiErrorSchema = z.object({
  error: z.string().check(z.describe('One human sentence naming every problem.')),
  issues: z
    .array(
      z.object({
        path: z.string().check(z.describe('The field at fault, dotted for nested fields ("" for the body as a whole).')),
        message: z.string().check(z.describe('What is wrong with it, as the form shows it.')),
      }),
    )
    .check(z.describe('One entry per invalid field; empty when the error is not about a field.')),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
