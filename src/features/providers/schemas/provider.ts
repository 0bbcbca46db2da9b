/**
 * A provider: the wire format of the API (docs/api.md, docs/openapi.json) (services and openingHours as JSON-encoded strings,
 * rating as decimal text) and the payload of POST /api/providers.
 */
import { z } from '../../../lib/zod';
import { DAYS } from '../../../config';
import { HOURS_UNKNOWN_LABELS, UNKNOWN_PRICE } from '../unknownFields';
import { HOURS_PATTERN, PRICE_RANGES } from '../providerFields';
import { dayRange, MINUTES_PER_DAY } from '../openingHours';
import { LISTING_STATUSES } from '../listingStatus';
import { businessFields } from './businessApplication';
import { honeypotSchema } from '../../../lib/schemas/honeypot';
import { storedTextChecks } from '../../../lib/schemas/storedText';
import { facetsSchema } from '../../facets/schemas';

const PRICE_RANGE_LIST = PRICE_RANGES.join(', ');
export const priceRangeSchema = z
  .enum(PRICE_RANGES, { error: `Price range must be one of ${PRICE_RANGE_LIST}` })
  .check(z.describe(`Price range, one of ${PRICE_RANGE_LIST}.`));

/**
 * One day's hours. A range that ends where it starts (zero length) or runs past midnight is refused
 * (docs/security.md "Input edges"): a day's hours open and close on that day; closing at "12:00 AM"
 * means at the day's end.
 */
export const dayHoursSchema = z.string().check(
  z.regex(HOURS_PATTERN, 'Hours must read like "9:00 AM - 6:00 PM" or "Closed"'),
  z.refine((text) => {
    const range = dayRange(text);
    return !range || range.close <= MINUTES_PER_DAY;
  }, 'Hours must close after they open, on the same day (use "12:00 AM" for midnight)'),
  z.describe('A 12-hour range like "9:00 AM - 6:00 PM" that closes after it opens on the same day, or "Closed".'),
);

/** The days opening hours may name; any other key is refused. */
const hoursError = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Opening hours name an unknown day: ${(issue.keys ?? []).join(', ')}`
    : 'Opening hours must list every day from monday to sunday';

/** Opening hours, keys monday..sunday. */
export const openingHoursSchema = z.strictObject(
  Object.fromEntries(DAYS.map((d) => [d, dayHoursSchema])) as Record<(typeof DAYS)[number], typeof dayHoursSchema>,
  { error: hoursError },
);
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** A full week of hours, or `{}` for hours nobody gave (src/features/providers/unknownFields.ts). */
export const maybeOpeningHoursSchema = z
  .strictObject(
    Object.fromEntries(DAYS.map((d) => [d, z.optional(dayHoursSchema)])) as Record<(typeof DAYS)[number], z.ZodMiniOptional<typeof dayHoursSchema>>,
    {
      error: hoursError,
    },
  )
  .check(
    z.refine(
      (hours) => [0, DAYS.length].includes(DAYS.filter((d) => hours[d] !== undefined).length),
      'Opening hours must list every day from monday to sunday',
    ),
    z.describe('Hours of every day, monday..sunday, or none ({}): not given.'),
  );

/** A service name as listed on a provider. */
export const serviceNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(60, 'Each service must be at most 60 characters'), ...storedTextChecks({ label: 'Each service' }));

/** Parses a JSON-encoded string, reporting bad JSON as a validation issue rather than throwing. */
const jsonString = <T extends z.core.$ZodType>(inner: T, message: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((text: string, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message, input: text });
          return z.NEVER;
        }
      }),
    ),
    inner,
  );

/** POST /api/providers, exactly the business form's payload, checked with the form's rules. */
export const providerCreateSchema = z.object({
  name: businessFields.businessName.check(z.describe("Business name (the form's businessName), 1-100 characters.")),
  slug: z
    .optional(z.string().check(z.trim(), z.maxLength(120, 'Slug must be at most 120 characters')))
    .check(z.describe("Wanted slug; the server re-applies the slug rule and makes it unique. Defaults to the name's.")),
  description: z
    .pipe(
      z.nullish(
        z
          .string()
          .check(z.trim(), z.maxLength(2000, 'Description must be at most 2000 characters'), ...storedTextChecks({ label: 'Description', multiline: true })),
      ),
      z.transform((d: string | null | undefined) => d || null),
    )
    .check(z.describe('Description, at most 2000 characters; the form generates one.')),
  address: businessFields.address,
  city: businessFields.city,
  state: businessFields.state,
  zipCode: businessFields.zipCode,
  phone: businessFields.phone,
  email: businessFields.email,
  website: z
    .pipe(
      z.nullable(businessFields.website),
      z.transform((w: string | null) => w || null),
    )
    .check(z.describe('Optional http(s) website; null or an empty string means none.')),
  services: jsonString(
    z
      .array(serviceNameSchema, { error: 'Please describe your services' })
      .check(z.minLength(1, 'Please describe your services'), z.maxLength(30, 'List at most 30 services')),
    'Please describe your services',
  ).check(z.describe('JSON-encoded list of 1-30 service names, each at most 60 characters.')),
  isPromoted: z.optional(z.unknown()).check(z.describe('Ignored: a new listing is never promoted.')),
  isOpen: z.optional(z.unknown()).check(z.describe('Ignored: a new listing is open.')),
  priceRange: z
    ._default(z.enum([UNKNOWN_PRICE, ...PRICE_RANGES], { error: `Price range must be one of ${PRICE_RANGE_LIST}` }), UNKNOWN_PRICE)
    .check(z.describe('Price range; absent or an empty string: not given, and the listing shows no price.')),
  openingHours: z
    ._default(jsonString(maybeOpeningHoursSchema, 'Opening hours must be a JSON object with keys monday to sunday'), () => ({}))
    .check(
      z.describe(
        `JSON-encoded object with keys monday..sunday, each a range like '9:00 AM - 6:00 PM' or 'Closed'; absent or '{}': not given, and the listing says "${HOURS_UNKNOWN_LABELS.glow}" and never matches open now.`,
      ),
    ),
  fax: honeypotSchema,
});
export type ProviderCreate = z.output<typeof providerCreateSchema>;

/** A provider as the API returns it. */
export const providerSchema = z.object({
  id: z.string().check(z.describe('Provider id.')),
  name: z.string().check(z.describe('Business name.')),
  slug: z.string().check(z.describe('Unique URL name: the provider page is /provider/{slug}.')),
  description: z.nullable(z.string()).check(z.describe('Description, or null.')),
  address: z.string().check(z.describe('Street address.')),
  city: z.string().check(z.describe('City name.')),
  state: z.string().check(z.describe('Two-letter state code.')),
  zipCode: z.string().check(z.describe('ZIP code.')),
  phone: z.nullable(z.string()).check(z.describe('Phone number, or null.')),
  email: z.nullable(z.string()).check(z.describe('Contact email, or null.')),
  website: z.nullable(z.string()).check(z.describe('Website URL, or null.')),
  services: z.string().check(z.describe('JSON-encoded array of service names.')),
  isPromoted: z.boolean().check(z.describe('Promoted listings come first in lists and search.')),
  isOpen: z.boolean().check(z.describe('Whether the listing is open for business (not whether it is open right now): false while `status` is not `open`.')),
  priceRange: z.string().check(z.describe(`Price range, one of ${PRICE_RANGE_LIST}, or an empty string when the business has not given one.`)),
  openingHours: z
    .string()
    .check(z.describe('JSON-encoded object with keys monday..sunday, or "{}" when the business has not given its hours (never open now).')),
  imageUrl: z
    .nullable(z.string())
    .check(
      z.describe(
        'Site-relative image path: the owner’s cover photo (/photos/{key}, served resized through /.netlify/images) when the listing has one, else its generated picture, or null for the fallback image.',
      ),
    ),
  rating: z.string().check(z.describe('Mean review rating, one decimal, as text ("0" with no reviews).')),
  reviewCount: z.int().check(z.minimum(0), z.describe('Number of published reviews.')),
  latitude: z.nullable(z.number()).check(z.describe('Latitude of the centre of its ZIP area (decimal degrees), or null when the ZIP is unknown.')),
  longitude: z.nullable(z.number()).check(z.describe('Longitude of the centre of its ZIP area (decimal degrees), or null when the ZIP is unknown.')),
  timeZone: z.string().check(z.describe('IANA time zone its opening hours are read in, from where it is (e.g. "America/Chicago").')),
  menu: z
    .nullable(z.string())
    .check(
      z.describe(
        'JSON-encoded service menu: a list of { name, priceFrom, priceTo?, durationMinutes } in US dollars and minutes (schema MenuItem), or null when the listing has none.',
      ),
    ),
  status: z
    .enum(LISTING_STATUSES)
    .check(
      z.describe(
        'Set by the business: `open` as usual, `temporarily_closed` until `closedUntil` (open again by itself that day), or `permanently_closed`. Never "Open now" unless `open`.',
      ),
    ),
  closedUntil: z.nullable(z.string()).check(z.describe('The day (YYYY-MM-DD, its own time zone) a temporarily closed listing opens again; otherwise null.')),
  source: z
    .nullable(z.string())
    .check(
      z.describe(
        `Where the listing came from: null for one made on Glow, "overture" for one imported from Overture Maps open data (docs/imports.md). Without hours the first says "${HOURS_UNKNOWN_LABELS.glow}", the second "${HOURS_UNKNOWN_LABELS.overture}".`,
      ),
    ),
  facets: facetsSchema.check(
    z.describe(
      'What the listing says about walk-ins, access, languages, payment, kids, parking and identity (schema Facets, docs/facets.md); an empty list is unset.',
    ),
  ),
});
export type Provider = z.infer<typeof providerSchema>;

/** What a held listing's request gets back (202): it looks like an existing listing, so a moderator decides (docs/moderation.md). */
export const HELD_MESSAGE = 'Thanks! This business looks like one already listed on Glow, so a moderator will review it before it appears.';
export const heldListingSchema = z.object({
  id: z.string().check(z.describe('Id of the held request.')),
  status: z.literal('held').check(z.describe('Always "held": nothing is published until a moderator approves it.')),
  message: z.string().check(z.describe('What happens next, for the person who sent it.')),
});
