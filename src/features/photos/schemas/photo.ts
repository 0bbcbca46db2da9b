/**
 * Photos of a listing: what the dashboard sends and what the API answers (docs/photos.md). The
 * uploader, the functions and the OpenAPI document share these schemas.
 */
import { z } from '../../../lib/zod';
import { storedText } from '../../../lib/schemas/storedText';
import { PHOTO_CATEGORIES, PHOTO_LIMITS } from '../photoRules';

/** What the alt field tells an owner to write. */
export const ALT_HINT =
  'Describe what the photo shows for people who cannot see it, e.g. "Pink gel manicure with gold flakes" or "Our front desk and waiting area".';

export const photoAltSchema = storedText({
  label: 'Alt text',
  required: 'Please describe the photo (alt text)',
  min: PHOTO_LIMITS.altMin,
  tooShort: `Alt text must be at least ${PHOTO_LIMITS.altMin} characters: say what the photo shows`,
  max: PHOTO_LIMITS.altMax,
  tooLong: `Alt text must be at most ${PHOTO_LIMITS.altMax} characters`,
  description: `What the photo shows, read by screen readers and search engines (${PHOTO_LIMITS.altMin} to ${PHOTO_LIMITS.altMax} characters).`,
});

export const photoCategorySchema = z
  .enum(PHOTO_CATEGORIES, { error: `Please choose what the photo shows: ${PHOTO_CATEGORIES.join(', ')}` })
  .check(z.describe(`What the photo shows: ${PHOTO_CATEGORIES.join(', ')}.`));

/** The form fields sent with a photo's bytes (multipart/form-data, beside the `file` part). */
export const photoUploadSchema = z.object({
  alt: photoAltSchema,
  category: z._default(photoCategorySchema, 'work'),
});
export type PhotoUpload = z.output<typeof photoUploadSchema>;

/** PATCH of one photo: any of alt text, category, or becoming the cover. */
export const photoUpdateSchema = z
  .object({
    alt: z.optional(photoAltSchema),
    category: z.optional(photoCategorySchema),
    isCover: z
      .optional(z.literal(true, { error: 'isCover can only be set to true: choose another photo as the cover instead' }))
      .check(z.describe('true makes this photo the listing’s cover (the previous cover stops being one).')),
  })
  .check(z.refine((u) => u.alt !== undefined || u.category !== undefined || u.isCover !== undefined, 'Send alt, category or isCover'));
export type PhotoUpdate = z.output<typeof photoUpdateSchema>;

/** PUT of the order: every photo id of the listing, first shown first. */
export const photoOrderSchema = z.object({
  ids: z.array(z.string({ error: 'Photo ids must be text' }), { error: 'ids must be a list of photo ids' }).check(
    z.minLength(1, 'ids must list the listing’s photos'),
    z.maxLength(PHOTO_LIMITS.perListing, `ids can list at most ${PHOTO_LIMITS.perListing} photos`),
    z.refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat a photo'),
    z.describe('Every photo id of the listing, in the order the gallery shows them.'),
  ),
});
export type PhotoOrder = z.output<typeof photoOrderSchema>;

/** A photo as the API answers it. */
export const photoSchema = z.object({
  id: z.string().check(z.describe('Photo id.')),
  providerId: z.string().check(z.describe('The listing the photo belongs to.')),
  url: z.string().check(z.describe('Site-relative URL of the cleaned picture; serve it resized through /.netlify/images?url=…&w=….')),
  width: z.number().check(z.describe('Width in pixels of the stored picture (orientation applied).')),
  height: z.number().check(z.describe('Height in pixels of the stored picture.')),
  alt: z.string().check(z.describe('Alt text.')),
  category: photoCategorySchema,
  position: z.number().check(z.describe('Place in the gallery, 0 first.')),
  isCover: z.boolean().check(z.describe('True for the listing’s cover photo.')),
  createdAt: z.string().check(z.describe('When it was uploaded, ISO 8601 in UTC.')),
});
export type Photo = z.infer<typeof photoSchema>;

/** The answer to an upload: the photo, and whether the same picture was already there. */
export const photoUploadResultSchema = z.object({
  photo: photoSchema.check(z.describe('The photo, new or the one already there.')),
  duplicate: z.boolean().check(z.describe('True when this listing already had the same picture: nothing new was stored.')),
});

/** A stored report of a photo as the API returns it (the body sent is the review report's: reason, details). */
export const photoReportSchema = z.object({
  id: z.string().check(z.describe('Report id.')),
  photoId: z.string().check(z.describe('Id of the reported photo.')),
  reason: z.string().check(z.describe('The reason given.')),
  details: z.nullable(z.string()).check(z.describe('The details given, or null.')),
  createdAt: z.string().check(z.describe('When the report was received, ISO 8601 in UTC.')),
});
export type PhotoReport = z.infer<typeof photoReportSchema>;

/** A photo as its owner sees it in the dashboard: also whether a moderator hid it. */
export const ownerPhotoSchema = z.extend(photoSchema, {
  hidden: z.boolean().check(z.describe('True when a moderator hid the photo: it shows on no page until restored.')),
});
