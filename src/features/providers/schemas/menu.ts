/** A provider's service menu (Provider `menu`): what each service costs in USD and how long it takes. */
import { z } from '../../../lib/zod';
import { storedText } from '../../../lib/schemas/storedText';

export const menuItemSchema = z
  .object({
    // The stored-text rules (docs/security.md "Stored text"): the name is shown to every visitor.
    name: storedText({
      label: 'Menu item name',
      required: 'Menu item name is required',
      max: 80,
      tooLong: 'Menu item name must be at most 80 characters',
      description: 'Service as the provider names it, e.g. "Gel Manicure"; 1-80 characters of visible text on one line.',
    }),
    priceFrom: z
      .number()
      .check(z.minimum(0), z.maximum(10_000), z.describe('Price in US dollars; the lowest price when the service has a range or a from-price.')),
    priceTo: z
      .optional(z.number().check(z.minimum(0), z.maximum(10_000)))
      .check(z.describe('Highest price in US dollars. Equal to priceFrom for a fixed price; absent for a from-price ("from $85").')),
    durationMinutes: z.int().check(z.minimum(5), z.maximum(600), z.describe('Typical appointment length in minutes.')),
  })
  .check(
    z.refine((item) => item.priceTo === undefined || item.priceTo >= item.priceFrom, { message: 'priceTo must not be below priceFrom', path: ['priceTo'] }),
  );
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.array(menuItemSchema).check(z.maxLength(60));
