/** A review and the review form and POST /api/reviews payload. */
import { z } from '../../../lib/zod';
import { replySchema } from '../../owners/schemas';
import { COMMENT_MAX } from '../reviewRules';
import { optionalText } from '../../../lib/schemas/optionalText';
import { storedText } from '../../../lib/schemas/storedText';
import { honeypotSchema } from '../../../lib/schemas/honeypot';

/** Fields of the review form, with its message word for word as the form shows it. */
export const reviewFields = {
  customerName: storedText({
    label: 'Name',
    required: 'Name is required',
    max: 50,
    tooLong: 'Name must be less than 50 characters',
    description: "The reviewer's name as typed, 1-50 characters.",
  }),
  rating: z
    .number({ error: 'Please select a rating' })
    .check(
      z.int('Rating must be between 1 and 5'),
      z.minimum(1, 'Please select a rating'),
      z.maximum(5, 'Rating must be between 1 and 5'),
      z.describe('Whole stars, 1-5.'),
    ),
  comment: optionalText(COMMENT_MAX, 'Comment', `Comment must be less than ${COMMENT_MAX} characters`).check(
    z.describe(`Optional text, at most ${COMMENT_MAX} characters; empty or missing means none.`),
  ),
};

export const reviewFormSchema = z.object(reviewFields);

/** POST /api/reviews. */
export const reviewCreateSchema = z.object({
  providerId: z
    .string({ error: 'Provider is required' })
    .check(z.trim(), z.minLength(1, 'Provider is required'), z.maxLength(100, 'Provider not found'), z.describe('Id of the reviewed provider.')),
  ...reviewFields,
  fax: honeypotSchema,
});
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

/** A review as the API returns it. */
export const reviewSchema = z.object({
  id: z.string().check(z.describe('Review id.')),
  providerId: z.string().check(z.describe('Id of the reviewed provider.')),
  customerName: z.string().check(z.describe("The reviewer's name.")),
  rating: z.int().check(z.minimum(1), z.maximum(5), z.describe('Whole stars, 1-5.')),
  comment: z.nullable(z.string()).check(z.describe('The review text, or null.')),
  createdAt: z.string().check(z.describe('When the review was posted, ISO 8601 in UTC.')),
  reply: z.nullable(replySchema).check(z.describe('The business\'s public response, shown under the review (docs/owners.md "Replies"), or null.')),
});
export type Review = z.infer<typeof reviewSchema>;
