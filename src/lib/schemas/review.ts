/** A review (SPEC.md §3) and the review form and POST /api/reviews payload (SPEC.md §5). */
import { z } from '../zod';

/** A form field people never see; bots fill it in. */
export const honeypotSchema = z.string().max(500).optional().catch('filled');

/** Fields of the review form, with the messages of SPEC.md §5 word for word. */
export const reviewFields = {
  /** The reviewer's name as typed, 1-50 characters. */
  customerName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(50, 'Name must be less than 50 characters'),
  /** Whole stars, 1-5. */
  rating: z
    .number({ error: 'Please select a rating' })
    .int('Rating must be between 1 and 5')
    .min(1, 'Please select a rating')
    .max(5, 'Rating must be between 1 and 5'),
  /** Optional text, at most 500 characters; empty means none. */
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(500, 'Comment must be less than 500 characters')
    .nullish()
    .transform((c) => c || null),
};

export const reviewFormSchema = z.object(reviewFields);

/** POST /api/reviews. */
export const reviewCreateSchema = z.object({
  /** Id of the reviewed provider. */
  providerId: z.string({ error: 'Provider is required' }).trim().min(1, 'Provider is required').max(100, 'Provider not found'),
  ...reviewFields,
  /** Honeypot: hidden from people, so anything in it means a bot. */
  fax: honeypotSchema,
});
export type ReviewCreate = z.output<typeof reviewCreateSchema>;

/** A review as the API returns it. */
export const reviewSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  customerName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
