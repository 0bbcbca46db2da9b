/**
 * A listing made from an Overture place, checked with the same field rules as the business form
 * (src/features/providers/schemas/businessApplication.ts) and the stored-text rules: what an import
 * writes could have been typed into the form, except that phone and email may be unknown.
 */
import { z } from '../../../lib/zod';
import { businessFields } from '../../providers/schemas';
import { serviceNameSchema } from '../../providers/schemas';

export const importedListingSchema = z.object({
  name: businessFields.businessName,
  address: businessFields.address,
  city: businessFields.city,
  state: businessFields.state,
  zipCode: businessFields.zipCode,
  phone: z.nullable(businessFields.phone).check(z.describe('A US phone number as "(212) 555-0142", or null when the place has none.')),
  email: z.nullable(businessFields.email).check(z.describe('Contact email, or null.')),
  website: z.nullable(businessFields.website).check(z.describe('https website, or null.')),
  services: z.array(serviceNameSchema).check(z.minLength(1), z.maxLength(30), z.describe('Glow services, from the category table.')),
});
export type ImportedListing = z.output<typeof importedListingSchema>;
