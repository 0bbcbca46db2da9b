/** A provider's service menu (Provider `menu`): what each service costs in USD and how long it takes. */
import { z } from '../../../lib/zod';

export const menuItemSchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80), z.describe('Service as the provider names it, e.g. "Gel Manicure".')),
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
