/**
 * The List Your Business form (SPEC.md §5) and the payload it sends (SPEC.md §7). The same field
 * rules validate the form in the browser and POST /api/providers on the server.
 */
import { z } from '../zod';
import { NEW_LISTING } from '../../config';
import { slugify } from '../slugify';

const requiredText = (required: string, max: number, tooLong = required) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** One rule per field, with the messages of SPEC.md §5 word for word. */
export const businessFields = {
  /** Business name, 1-100 characters. */
  businessName: requiredText('Business name is required', 100, 'Business name must be less than 100 characters'),
  /** Owner name, 1-50 characters; collected but never sent. */
  ownerName: requiredText('Owner name is required', 50, 'Owner name must be less than 50 characters'),
  /** Contact email of the business. */
  email: z.string({ error: 'Please enter a valid email address' }).trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  /** Phone number, at least 10 characters. */
  phone: z.string({ error: 'Please enter a valid phone number' }).trim().min(10, 'Please enter a valid phone number').max(30, 'Please enter a valid phone number'),
  /** Street address. */
  address: requiredText('Business address is required', 200, 'Business address must be less than 200 characters'),
  /** City name. */
  city: requiredText('City is required', 100, 'City must be less than 100 characters'),
  /** Two-letter state code, stored uppercase. */
  state: z
    .string({ error: 'State is required' })
    .trim()
    .min(1, 'State is required')
    .regex(/^[A-Za-z]{2}$/, 'State must be 2 letters')
    .transform((s) => s.toUpperCase()),
  /** ZIP code, at least 5 characters. */
  zipCode: z.string({ error: 'ZIP code is required' }).trim().min(5, 'ZIP code is required').max(10, 'ZIP code must be at most 10 characters'),
  /** Free text, comma-separated service names. */
  services: requiredText('Please describe your services', 500, 'Services must be less than 500 characters'),
  /** Optional website; an empty string means none. */
  website: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(300, 'Please enter a valid website URL')
        .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid website URL' })),
    ])
    .optional()
    .default(''),
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

/** The generated description of SPEC.md §7. */
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
    priceRange: NEW_LISTING.priceRange,
    openingHours: JSON.stringify(NEW_LISTING.openingHours),
  };
}
