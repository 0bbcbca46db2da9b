/**
 * Time requests on the wire (docs/requests.md): what the
 * shopper sends, what the owner sets and answers, what email links do. Browser-safe: the request
 * dialog and /business validate with the same schemas the functions parse with.
 */
import { z } from '../../../lib/zod';
import { storedText } from '../../../lib/schemas/storedText';
import { optionalText } from '../../../lib/schemas/optionalText';
import { businessFields } from '../../providers/schemas';
import { pageParamsSchema } from '../../search/schemas';
import { DECLINE_REASONS, LINK_ACTIONS, OWNER_ACTIONS, REQUEST_LIMITS, REQUEST_STATES, WINDOW_PARTS } from '../copy';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_START = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/;

const providerId = z
  .string({ error: 'Choose the business' })
  .check(z.trim(), z.minLength(1, 'Choose the business'), z.maxLength(100, 'Choose the business'), z.describe('The listing (provider id).'));

const shopperEmail = z
  .pipe(
    businessFields.email,
    z.transform((email: string) => email.toLowerCase()),
  )
  .check(z.describe("The shopper's email address, confirmed with a 6-digit code; stored lower-case."));

// ── Owner settings (item 1) ─────────────────────────────────────────────────────────────────────

const bookingUrl = z
  .pipe(
    z.nullish(
      z.union([
        z.literal(''),
        z
          .pipe(
            z.string({ error: 'Enter a web address starting with https://' }).check(z.trim(), z.maxLength(300, 'The link must be at most 300 characters')),
            z.url({ protocol: /^https$/, error: 'Enter a web address starting with https://' }),
          )
          .check(z.refine((url: string) => !/^https:\/\/[^/]*@/.test(url), 'The link must not contain a user name or password')),
      ]),
    ),
    z.transform((url: string | null | undefined) => url || null),
  )
  .check(z.describe('"Book online": the https address of the booking tool the business already uses, shown as an outbound link; null for none.'));

/** GET and PUT /api/owners/listings/{id}/requests-settings */
export const requestSettingsSchema = z.object({
  takesRequests: z
    .boolean({ error: 'takesRequests must be true or false' })
    .check(
      z.describe(
        '"Take time requests": whether the listing shows "Request a time". Off by default for listings claimed before requests existed, on for new claims.',
      ),
    ),
  bookingUrl,
  cancellationPolicy: z
    .pipe(
      optionalText(REQUEST_LIMITS.policyMax, 'Cancellation policy', `Cancellation policy must be at most ${REQUEST_LIMITS.policyMax} characters`),
      z.transform((text: string | null) => text),
    )
    .check(z.describe(`Optional cancellation policy, at most ${REQUEST_LIMITS.policyMax} characters, shown to the shopper before sending; null for none.`)),
});
export type RequestSettingsInput = z.input<typeof requestSettingsSchema>;

/** The settings as GET and PUT answer them. */
export const requestSettingsViewSchema = z.object({
  takesRequests: z.boolean().check(z.describe('"Take time requests".')),
  bookingUrl: z.nullable(z.string()).check(z.describe('"Book online" (https), or null.')),
  cancellationPolicy: z.nullable(z.string()).check(z.describe('The cancellation policy, or null.')),
});
export type RequestSettings = z.output<typeof requestSettingsSchema>;

// ── Reply time (item 7) ─────────────────────────────────────────────────────────────────────────

export const replyTimeSchema = z
  .nullable(
    z.object({
      medianHours: z.number().check(z.describe('Median hours to the first answer over the last 90 days, nights (20:00-08:00 local) not counted.')),
      replyRate: z.number().check(z.describe('Share of those requests answered (accepted, proposed or declined) by the business, 0..1.')),
      requests: z.number().check(z.describe('Requests the figures are made from (at least 3).')),
    }),
  )
  .check(z.describe('How quickly the business answers requests; null under 3 requests in the last 90 days.'));
export type ReplyTime = z.output<typeof replyTimeSchema>;

// ── Shopper (item 2) ────────────────────────────────────────────────────────────────────────────

/** GET /api/providers/{id}/request-options */
export const requestOptionsSchema = z.object({
  takesRequests: z.boolean().check(z.describe('Whether the listing takes requests now (claimed, verified owner, setting on).')),
  claimed: z
    .boolean()
    .check(z.describe('Whether an owner manages the listing; unclaimed listings show "Is this your business? Claim it to receive requests".')),
  businessName: z.string().check(z.describe('The business name, for "It is not booked until {business} confirms."')),
  timeZone: z.string().check(z.describe("The listing's IANA time zone; every date and time of a request is in it.")),
  phone: z.string().check(z.describe("The listing's phone number.")),
  services: z.array(z.string()).check(z.describe('Service names from the menu (or the listed services); the dialog adds "Something else".')),
  openDates: z
    .array(z.string())
    .check(
      z.describe("Dates (YYYY-MM-DD) in the next 60 days, in the listing's time zone, the listing is not closed on; all of them when its hours are unknown."),
    ),
  cancellationPolicy: z.nullable(z.string()).check(z.describe("The business's cancellation policy, shown before sending; null for none.")),
  replyTime: replyTimeSchema,
});
export type RequestOptions = z.output<typeof requestOptionsSchema>;

/** POST /api/requests/code */
export const requestCodeSchema = z.object({ providerId, email: shopperEmail });
export type RequestCode = z.output<typeof requestCodeSchema>;

/** One preferred time: a date and a part of the day, or an exact time. */
export const requestWindowSchema = z
  .object({
    date: z
      .string({ error: 'Choose a date' })
      .check(z.regex(DATE, 'Choose a date'), z.describe("A date (YYYY-MM-DD) in the next 60 days in the listing's time zone, not a closed day.")),
    part: z
      .enum(WINDOW_PARTS, { error: 'Choose morning, afternoon, evening or an exact time' })
      .check(z.describe('Morning (8-12), afternoon (12-17), evening (17-21) or `exact` with `time`.')),
    time: z.optional(z.string().check(z.regex(TIME, 'Enter a time like 14:30'), z.describe('With `exact`: the local time, HH:MM (24-hour).'))),
  })
  .check(
    z.refine((w) => w.part !== 'exact' || typeof w.time === 'string', { message: 'Enter a time like 14:30', path: ['time'] }),
    z.describe("A preferred time in the listing's time zone."),
  );
export type RequestWindow = z.output<typeof requestWindowSchema>;

/** POST /api/requests */
export const requestCreateSchema = z.object({
  providerId,
  service: storedText({
    label: 'Service',
    required: 'Choose a service',
    max: 120,
    tooLong: 'Service must be at most 120 characters',
    description: 'A service name from the menu, or "Something else".',
  }),
  windows: z
    .array(requestWindowSchema, { error: 'Choose up to three times' })
    .check(
      z.minLength(1, 'Choose at least one time'),
      z.maxLength(REQUEST_LIMITS.maxWindows, 'Choose up to three times'),
      z.describe('One to three preferred times.'),
    ),
  name: storedText({
    label: 'Name',
    required: 'Enter your name',
    max: 80,
    tooLong: 'Name must be at most 80 characters',
    description: "The shopper's name, 1-80 characters.",
  }),
  email: shopperEmail,
  phone: z
    .pipe(
      z.nullish(z.union([z.literal(''), businessFields.phone])),
      z.transform((phone: string | null | undefined) => phone || null),
    )
    .check(z.describe('Optional US phone number, stored as "(212) 555-0142"; null for none.')),
  note: z
    .pipe(
      optionalText(REQUEST_LIMITS.noteMax, 'Note', `Note must be at most ${REQUEST_LIMITS.noteMax} characters`),
      z.transform((text: string | null) => text),
    )
    .check(z.describe('Optional note to the business, at most 500 characters.')),
  code: z
    .string({ error: 'Enter the 6-digit code from the email' })
    .check(
      z.trim(),
      z.regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
      z.describe('The 6-digit code emailed to the address (POST /api/requests/code).'),
    ),
  website: z
    ._default(z.string().check(z.maxLength(200)), '')
    .check(z.describe('Leave empty: a field people do not see (a honeypot); a request that fills it is refused.')),
});
export type RequestCreateInput = z.input<typeof requestCreateSchema>;
export type RequestCreate = z.output<typeof requestCreateSchema>;

// ── The request as shown ────────────────────────────────────────────────────────────────────────

export const requestViewSchema = z.object({
  id: z.string().check(z.describe('Request id.')),
  providerId: z.string().check(z.describe('The listing.')),
  businessName: z.string().check(z.describe('The business name.')),
  service: z.string().check(z.describe('The service asked for.')),
  windows: z
    .array(
      z.object({
        date: z.string().check(z.describe('YYYY-MM-DD, listing-local.')),
        part: z.enum(WINDOW_PARTS).check(z.describe('Part of the day, or `exact`.')),
        time: z.optional(z.string().check(z.describe('HH:MM with `exact`.'))),
        label: z.string().check(z.describe('How it reads, e.g. "Fri, Dec 4, morning".')),
      }),
    )
    .check(z.describe('The preferred times, in order.')),
  state: z.enum(REQUEST_STATES).check(z.describe('requested, accepted, proposed, declined, expired or cancelled (docs/requests.md "States").')),
  acceptedStart: z.optional(z.string().check(z.describe('The confirmed start, ISO 8601 with offset.'))),
  acceptedLabel: z.optional(z.string().check(z.describe('The confirmed time as it reads, listing-local.'))),
  proposedStart: z.optional(z.string().check(z.describe("The owner's proposed start, ISO 8601 with offset."))),
  proposedLabel: z.optional(z.string().check(z.describe('The proposed time as it reads, listing-local.'))),
  declineReason: z.optional(z.string().check(z.describe('Why the owner declined, as it reads.'))),
  cancelledBy: z.optional(z.enum(['shopper', 'owner']).check(z.describe('Who cancelled.'))),
  cancelledAt: z.optional(z.string().check(z.describe('When it was cancelled, ISO 8601.'))),
  createdAt: z.string().check(z.describe('When it was sent, ISO 8601.')),
  phone: z.optional(z.string().check(z.describe("The business's phone number (shown on an expired or declined request)."))),
  shopper: z.optional(
    z
      .object({
        name: z.nullable(z.string()).check(z.describe("The shopper's name.")),
        email: z.nullable(z.string()).check(z.describe("The shopper's confirmed email address.")),
        phone: z.nullable(z.string()).check(z.describe("The shopper's phone number, if given.")),
        note: z.nullable(z.string()).check(z.describe("The shopper's note, if any.")),
      })
      .check(z.describe("The shopper's details: only to the listing's own owner, null once deleted (90 days after the request's last date).")),
  ),
});
export type RequestView = z.output<typeof requestViewSchema>;

export const requestCreatedSchema = z.object({
  id: z.string().check(z.describe('Request id.')),
  state: z.literal('requested').check(z.describe('Always `requested`.')),
  message: z.string().check(z.describe('"This is a request. It is not booked until {business} confirms."')),
});

// ── Links in emails (item 4) ────────────────────────────────────────────────────────────────────

const token = z
  .string({ error: 'This link is not valid' })
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid'), z.describe('The token of an email link (single-use, 72 hours).'));

/** GET /api/requests/action?token=T */
export const actionQuerySchema = z.object({ token });

/** The answer of GET /api/requests/action: what the link would do (nothing is changed). */
export const actionPreviewSchema = z.object({
  action: z.enum(LINK_ACTIONS).check(z.describe('What the link does.')),
  windowIndex: z.optional(z.number().check(z.describe('With `accept`: which preferred time (0-based).'))),
  usable: z.boolean().check(z.describe('False when the link was used, has expired or the request moved on; the page shows the current state.')),
  request: requestViewSchema.check(z.describe('The request as it is now (schema RequestView).')),
});

const proposedStart = z
  .string({ error: 'Choose a date and time' })
  .check(z.regex(LOCAL_START, 'Choose a date and time'), z.describe("The proposed start, YYYY-MM-DDTHH:MM in the listing's time zone."));

const declineReason = z
  .enum(DECLINE_REASONS.map((r) => r.value) as [string, ...string[]], { error: `Choose a reason: ${DECLINE_REASONS.map((r) => r.value).join(', ')}` })
  .check(z.describe(`With decline: ${DECLINE_REASONS.map((r) => `\`${r.value}\` (${r.label})`).join(', ')}.`));

/** POST /api/requests/action */
export const actionPostSchema = z.object({
  token,
  reason: z.optional(declineReason),
  proposedStart: z.optional(proposedStart),
});
export type ActionPost = z.output<typeof actionPostSchema>;

export const actionResultSchema = z.object({
  changed: z.boolean().check(z.describe('True when this call changed the request; false for a used or expired link (the current state is shown).')),
  request: requestViewSchema.check(z.describe('The request as it is now (schema RequestView).')),
});

// ── Owner dashboard ─────────────────────────────────────────────────────────────────────────────

/** GET /api/owners/requests */
export const ownerRequestsQuerySchema = z.object({
  listing: z.optional(z.string().check(z.trim(), z.maxLength(100), z.describe('Only this listing (one the owner manages); all of theirs when absent.'))),
  state: z.optional(z.enum(REQUEST_STATES, { error: `state must be one of ${REQUEST_STATES.join(', ')}` }).check(z.describe('Only requests in this state.'))),
  ...pageParamsSchema.shape,
});

export const ownerRequestsSchema = z.object({
  items: z.array(requestViewSchema).check(z.describe('Newest first, with the shopper details.')),
  total: z.number().check(z.describe('How many match.')),
  replyTime: z.optional(replyTimeSchema).check(z.describe("With `listing`: that listing's reply time, as its page shows it.")),
});

/** The answer of POST /api/requests/code. */
export const requestCodeSentSchema = z.object({
  sent: z.literal(true).check(z.describe('A code is on its way.')),
  email: z.string().check(z.describe('Where it went.')),
});

/** POST /api/owners/requests/{id} */
export const ownerActionSchema = z
  .object({
    action: z
      .enum(OWNER_ACTIONS, { error: `action must be one of ${OWNER_ACTIONS.join(', ')}` })
      .check(z.describe('accept (a preferred time), propose (another time), decline, cancel (an accepted request), or report (as spam: moderators see it).')),
    windowIndex: z.optional(
      z.number().check(z.int(), z.minimum(0), z.maximum(REQUEST_LIMITS.maxWindows - 1), z.describe('With accept: which preferred time (0-based).')),
    ),
    proposedStart: z.optional(proposedStart),
    reason: z.optional(declineReason),
  })
  .check(
    z.refine((a) => a.action !== 'accept' || a.windowIndex !== undefined, { message: 'Choose one of the times', path: ['windowIndex'] }),
    z.refine((a) => a.action !== 'propose' || a.proposedStart !== undefined, { message: 'Choose a date and time', path: ['proposedStart'] }),
  );
export type OwnerRequestAction = z.output<typeof ownerActionSchema>;

export const ownerActionResultSchema = z.object({ request: requestViewSchema.check(z.describe('The request as it now is, with the shopper’s details.')) });
