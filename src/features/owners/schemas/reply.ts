/** An owner's public response to a review as it is read (docs/owners.md "Replies"); what owners send: ./replyInput.ts. Browser-safe. */
import { z } from '../../../lib/zod';

/** A response as the reviews API and the owner calls return it. */
export const replySchema = z.object({
  id: z.string().check(z.describe('Response id.')),
  body: z.string().check(z.describe('The response text.')),
  businessName: z.string().check(z.describe('The business that responded, shown as "Response from {business name}".')),
  createdAt: z.string().check(z.describe('When it was first posted, ISO 8601 in UTC.')),
  updatedAt: z.string().check(z.describe('When it was last edited (the same as createdAt when never edited).')),
});
export type Reply = z.infer<typeof replySchema>;
