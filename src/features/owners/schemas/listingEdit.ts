/**
 * What an owner may change on their listing from the dashboard (docs/owners.md "Dashboard"), with
 * the same field rules and messages as the List Your Business form and POST /api/providers. Name
 * and address go through support. Browser-safe: the dashboard validates with it before sending.
 */
import { z } from '../../../lib/zod';
import { businessFields } from '../../providers/schemas';
import { menuSchema } from '../../providers/schemas';
import { maybeOpeningHoursSchema, providerCreateSchema, serviceNameSchema } from '../../providers/schemas';
import { HOURS_UNKNOWN_LABELS, isCalendarDay, LISTING_STATUSES } from '../../providers';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const listingEditSchema = z
  .object({
    description: providerCreateSchema.shape.description,
    phone: businessFields.phone,
    email: businessFields.email,
    website: z
      .pipe(
        businessFields.website,
        z.transform((w: string) => w || null),
      )
      .check(z.describe('Optional http(s) website; an empty string removes it.')),
    services: z
      .array(serviceNameSchema, { error: 'Please describe your services' })
      .check(z.minLength(1, 'Please describe your services'), z.maxLength(30, 'List at most 30 services'), z.describe('1-30 service names.')),
    openingHours: maybeOpeningHoursSchema.check(
      z.describe(
        `Hours per day, monday..sunday: "9:00 AM - 6:00 PM" or "Closed"; or {} for hours not given (the page says "${HOURS_UNKNOWN_LABELS.glow}", or "${HOURS_UNKNOWN_LABELS.overture}" for an imported listing).`,
      ),
    ),
    menu: menuSchema.check(z.describe('The service menu: name, price or range in US dollars, duration in minutes; empty for none.')),
    status: z
      .enum(LISTING_STATUSES, { error: 'Choose open, temporarily closed or permanently closed' })
      .check(z.describe('`open`, `temporarily_closed` (until `closedUntil`) or `permanently_closed`.')),
    closedUntil: z
      .nullish(
        z.string().check(
          z.regex(DAY, 'Enter the reopening date as YYYY-MM-DD'),
          z.refine((day) => !DAY.test(day) || isCalendarDay(day), 'Enter a reopening date that is on the calendar'),
        ),
      )
      .check(
        z.describe(
          'The day a temporary closure ends (a real YYYY-MM-DD day after today and within a year, the listing’s own time zone); required with `temporarily_closed`.',
        ),
      ),
  })
  .check(
    z.refine((edit) => edit.status !== 'temporarily_closed' || !!edit.closedUntil, {
      message: 'Choose the date you reopen',
      path: ['closedUntil'],
    }),
  );
export type ListingEditInput = z.input<typeof listingEditSchema>;
export type ListingEdit = z.output<typeof listingEditSchema>;

/** GET /api/owners/listings/{id}: the listing as the dashboard edits it. */
export const ownerListingSchema = z.object({
  id: z.string().check(z.describe('Provider id.')),
  name: z.string().check(z.describe('Business name (changed through support).')),
  slug: z.string().check(z.describe('Provider page slug.')),
  address: z.string().check(z.describe('Street address, city, state and ZIP (changed through support).')),
  description: z.nullable(z.string()).check(z.describe('Description, or null.')),
  phone: z.nullable(z.string()).check(z.describe('Phone number, or null.')),
  email: z.nullable(z.string()).check(z.describe('Contact email, or null.')),
  website: z.nullable(z.string()).check(z.describe('Website, or null.')),
  services: z.array(z.string()).check(z.describe('Service names.')),
  openingHours: z.record(z.string(), z.string()).check(z.describe('Hours per day, monday..sunday.')),
  menu: z.array(z.looseObject({})).check(z.describe('The service menu (schema MenuItem).')),
  status: z.enum(LISTING_STATUSES).check(z.describe('Stored status (a temporary closure past its date reads as open on the page).')),
  closedUntil: z.nullable(z.string()).check(z.describe('Reopening day of a temporary closure, or null.')),
  ownerUpdatedAt: z.nullable(z.string()).check(z.describe('When the business last saved a change (ISO 8601), or null.')),
  source: z
    .nullable(z.string())
    .check(z.describe('Where the listing came from (schema Provider `source`): null for one made on Glow, "overture" for one imported from open data.')),
});
export type OwnerListing = z.infer<typeof ownerListingSchema>;
