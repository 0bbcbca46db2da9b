/** What an owner sends to respond to a review (docs/owners.md "Replies"): one per review, at most 1,000 characters. */
import { z } from '../../../lib/zod';
import { storedText } from '../../../lib/schemas/storedText';

export const REPLY_MAX = 1000;

const replyBody = storedText({
  label: 'Response',
  multiline: true,
  required: 'Write your response',
  max: REPLY_MAX,
  tooLong: 'Response must be at most 1,000 characters',
  description: 'The public response, 1-1,000 characters; shown under the review as "Response from {business name}".',
});

/** POST /api/owners/replies */
export const replyCreateSchema = z.object({
  reviewId: z.string().check(z.trim(), z.minLength(1, 'Choose the review to respond to'), z.describe('The review responded to.')),
  body: replyBody,
});
export type ReplyCreate = z.output<typeof replyCreateSchema>;

/** PUT /api/owners/replies/{id} */
export const replyEditSchema = z.object({ body: replyBody });
