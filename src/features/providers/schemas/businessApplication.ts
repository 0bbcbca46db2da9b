/**
 * The List Your Business form and the payload it sends. The same field
 * rules validate the form in the browser and POST /api/providers on the server.
 */
import { z } from '../../../lib/zod';
import { slugify } from '../slugify';
import { storedText } from '../../../lib/schemas/storedText';
import { US_STATES } from '../../places';
import { formatUsPhone, isPremiumRate, PREMIUM_RATE_MESSAGE, usPhoneDigits } from '../phone';
import { hasCredentials } from '../website';

/** A required single-line text field held to the stored-text rules (docs/security.md "Stored text"). */
const requiredText = (required: string, max: number, tooLong: string, description: string, label: string) =>
  storedText({ label, required, max, tooLong, description });

const invalidEmail = 'Please enter a valid email address';
const invalidPhone = 'Please enter a valid phone number';
const invalidWebsite = 'Please enter a valid website URL';
export const ZIP_MESSAGE = 'Enter a 5-digit ZIP code';

/** "tx", "TX" or "Texas" as "TX"; anything else as typed, uppercased (refused by the state rule). */
export function stateCode(text: string): string {
  const upper = text.toUpperCase();
  if (Object.hasOwn(US_STATES, upper)) return upper;
  return Object.entries(US_STATES).find(([, s]) => s.name.toUpperCase() === upper)?.[0] ?? upper;
}

/** One rule per field, with its message word for word as the form shows it. */
export const businessFields = {
  businessName: requiredText(
    'Business name is required',
    100,
    'Business name must be less than 100 characters',
    'Business name, 1-100 characters.',
    'Business name',
  ),
  ownerName: requiredText(
    'Owner name is required',
    50,
    'Owner name must be less than 50 characters',
    'Owner name, 1-50 characters; collected but never sent.',
    'Owner name',
  ),
  email: z
    .pipe(z.string({ error: invalidEmail }).check(z.trim(), z.maxLength(254, invalidEmail)), z.email(invalidEmail))
    .check(z.describe('Contact email of the business.')),
  phone: z
    .pipe(
      z.string({ error: invalidPhone }).check(z.trim(), z.maxLength(30, invalidPhone)),
      z.transform((text: string, ctx) => {
        const digits = usPhoneDigits(text);
        if (digits && !isPremiumRate(digits)) return formatUsPhone(digits);
        ctx.issues.push({ code: 'custom', message: digits ? PREMIUM_RATE_MESSAGE : invalidPhone, input: text });
        return z.NEVER;
      }),
    )
    .check(z.describe('A US phone number, stored and shown as "(212) 555-0142".')),
  address: requiredText('Business address is required', 200, 'Business address must be less than 200 characters', 'Street address.', 'Business address'),
  city: requiredText('City is required', 100, 'City must be less than 100 characters', 'City name.', 'City'),
  state: z.string({ error: 'State is required' }).check(
    z.trim(),
    z.minLength(1, 'State is required'),
    // A full name ("Nebraska") is taken as its code; nothing is ever cut short ("Ne").
    z.overwrite(stateCode),
    z.refine((code: string) => Object.hasOwn(US_STATES, code), 'State must be a US state or DC code, like TX'),
    z.describe('Two-letter code of a US state or DC (a full state name is taken as its code), stored uppercase.'),
  ),
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .check(z.trim(), z.minLength(1, 'ZIP code is required'), z.regex(/^\d{5}(-\d{4})?$/, ZIP_MESSAGE), z.describe('ZIP code: five digits, or ZIP+4.')),
  services: requiredText(
    'Please describe your services',
    500,
    'Services must be less than 500 characters',
    'Free text, comma-separated service names.',
    'Services',
  ),
  website: z
    ._default(
      z.optional(
        z.union([
          z.literal(''),
          z
            .pipe(z.string().check(z.trim(), z.maxLength(300, invalidWebsite)), z.url({ protocol: /^https?$/, error: invalidWebsite }))
            .check(z.refine((url: string) => !hasCredentials(url), 'Website must not contain a user name or password')),
        ]),
      ),
      '',
    )
    .check(z.describe('Optional http(s) website without a user name or password; an empty string means none.')),
};

export const businessApplicationSchema = z.object(businessFields);
export type BusinessApplication = z.input<typeof businessApplicationSchema>;

/** Services typed as "Manicure, Pedicure ,  Gel" become ["Manicure", "Pedicure", "Gel"]. */
export function splitServices(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The description a new listing gets from its services and city. */
export function describeBusiness(name: string, city: string, state: string, services: string[]): string {
  return `${name} offers professional beauty services in ${city}, ${state}, including ${services.join(', ')}.`;
}

/** The POST /api/providers payload built from a valid form (ownerName is not sent). */
export function toProviderPayload(form: z.output<typeof businessApplicationSchema>) {
  const services = splitServices(form.services);
  return {
    name: form.businessName,
    slug: slugify(form.businessName),
    description: describeBusiness(form.businessName, form.city, form.state, services),
    address: form.address,
    city: form.city,
    state: form.state,
    zipCode: form.zipCode,
    phone: form.phone,
    email: form.email,
    website: form.website === '' ? null : form.website,
    services: JSON.stringify(services),
    isPromoted: false,
    isOpen: true,
    // No hours and no price: the form asks for neither, so the listing says they are unknown
    // (unknownFields.ts) until its owner sets the hours.
  };
}
