/**
 * The price table behind `npm run seed:menus` (./seed-menus.ts). Prices are typical US prices of
 * 2024-2025 for a mid-priced ($$) studio in an average-cost city, scaled by the provider's price
 * range and its city's costs, with a small per-provider variation, rounded as salons price (to $5,
 * or $1 under $20). Deterministic: the same provider always gets the same menu.
 */
import { createHash } from 'node:crypto';
import type { MenuItem } from '../src/features/providers/schemas';

type Kind = 'fixed' | 'from' | 'range';
/** [menu name, base price in USD, minutes, kind]; a range runs to 1.5 times its lowest price. */
type Entry = [name: string, base: number, minutes: number, kind: Kind];

export const MENU_BY_SERVICE: Record<string, Entry[]> = {
  Manicure: [['Classic Manicure', 25, 30, 'fixed']],
  'Gel Manicure': [
    ['Gel Manicure', 40, 45, 'fixed'],
    ['Gel Removal', 10, 15, 'fixed'],
  ],
  Pedicure: [
    ['Classic Pedicure', 40, 45, 'fixed'],
    ['Spa Pedicure', 60, 60, 'fixed'],
  ],
  'Nail Care': [
    ['Polish Change', 15, 15, 'fixed'],
    ['Nail Repair (per nail)', 5, 10, 'fixed'],
  ],
  'Nail Art': [['Nail Art', 10, 15, 'from']],
  'Dip Powder Nails': [['Dip Powder Manicure', 50, 60, 'fixed']],
  'Acrylic Nails': [
    ['Acrylic Full Set', 55, 75, 'range'],
    ['Acrylic Fill', 40, 60, 'fixed'],
  ],
  'Hair Cut': [
    ["Women's Haircut", 60, 60, 'fixed'],
    ["Men's Haircut", 35, 30, 'fixed'],
  ],
  'Hair Styling': [['Special Occasion Style', 85, 60, 'from']],
  Blowout: [['Blowout', 45, 45, 'fixed']],
  'Hair Color': [['Single-Process Color', 95, 90, 'from']],
  Highlights: [
    ['Partial Highlights', 130, 120, 'from'],
    ['Full Highlights', 180, 150, 'from'],
  ],
  Balayage: [['Balayage', 220, 180, 'from']],
  'Keratin Treatment': [['Keratin Smoothing Treatment', 250, 150, 'from']],
  Braiding: [['Box Braids', 180, 300, 'range']],
  'Eyebrow Threading': [
    ['Eyebrow Threading', 15, 15, 'fixed'],
    ['Full Face Threading', 45, 30, 'fixed'],
  ],
  'Eyebrow Waxing': [['Eyebrow Wax', 20, 15, 'fixed']],
  'Brow Tinting': [['Brow Tint', 25, 20, 'fixed']],
  'Brow Lamination': [['Brow Lamination', 75, 45, 'fixed']],
  'Lash Lift': [['Lash Lift & Tint', 85, 60, 'fixed']],
  'Lash Extensions': [
    ['Classic Lash Extensions, Full Set', 150, 120, 'fixed'],
    ['Lash Fill (2-3 weeks)', 70, 60, 'fixed'],
  ],
  'Makeup Application': [['Makeup Application', 85, 60, 'fixed']],
  'Special Event Makeup': [['Special Event Makeup', 110, 75, 'fixed']],
  'Airbrush Makeup': [['Airbrush Makeup', 125, 75, 'fixed']],
  'Bridal Makeup': [
    ['Bridal Makeup', 200, 90, 'from'],
    ['Bridal Trial', 125, 75, 'fixed'],
  ],
  'Makeup Lessons': [['Personal Makeup Lesson', 120, 90, 'fixed']],
  Facial: [['Signature Facial', 95, 60, 'fixed']],
  Hydrafacial: [['Hydrafacial', 199, 60, 'fixed']],
  'Chemical Peel': [['Chemical Peel', 125, 45, 'from']],
  Dermaplaning: [['Dermaplaning', 85, 45, 'fixed']],
  Microdermabrasion: [['Microdermabrasion', 110, 45, 'fixed']],
  'Acne Treatment': [['Acne Clearing Facial', 110, 60, 'fixed']],
  'Swedish Massage': [
    ['Swedish Massage, 60 minutes', 90, 60, 'fixed'],
    ['Swedish Massage, 90 minutes', 130, 90, 'fixed'],
  ],
  'Deep Tissue Massage': [['Deep Tissue Massage, 60 minutes', 110, 60, 'fixed']],
  'Hot Stone Massage': [['Hot Stone Massage, 75 minutes', 130, 75, 'fixed']],
  'Full Body Waxing': [
    ['Full Leg Wax', 70, 45, 'fixed'],
    ['Full Body Wax', 180, 120, 'from'],
  ],
  'Beauty Consultation': [['Beauty Consultation', 50, 30, 'fixed']],
  'Henna Art': [['Henna Design', 25, 20, 'from']],
  'Bridal Beauty Package': [['Bridal Beauty Package (hair and makeup)', 350, 180, 'from']],
};

/** Price range multipliers against a $$ studio. */
const PRICE_RANGE_FACTOR: Record<string, number> = { $: 0.7, $$: 1, $$$: 1.4, $$$$: 2 };

/** Cities whose salon prices run above or below the national average (others: 1). */
const CITY_FACTOR: Record<string, number> = {
  'New York': 1.3,
  'San Francisco': 1.3,
  'San Jose': 1.2,
  Oakland: 1.15,
  'Los Angeles': 1.2,
  Boston: 1.2,
  Washington: 1.15,
  Seattle: 1.15,
  Honolulu: 1.15,
  Miami: 1.1,
  Chicago: 1.1,
  'San Diego': 1.1,
  Denver: 1.05,
  Scottsdale: 1.05,
  Memphis: 0.9,
  'Oklahoma City': 0.9,
  Louisville: 0.9,
  Albuquerque: 0.9,
  Cleveland: 0.9,
  Buffalo: 0.9,
};

/** A number in [-1, 1) that is always the same for the same text. */
function jitter(text: string): number {
  return createHash('sha1').update(text).digest().readUInt16BE(0) / 32768 - 1;
}

const roundPrice = (usd: number) => (usd < 20 ? Math.max(1, Math.round(usd)) : Math.round(usd / 5) * 5);

export function menuFor(provider: { slug: string; city: string; priceRange: string; services: string[] }): MenuItem[] {
  const factor = (PRICE_RANGE_FACTOR[provider.priceRange] ?? 1) * (CITY_FACTOR[provider.city] ?? 1);
  return provider.services.flatMap((service) =>
    (MENU_BY_SERVICE[service] ?? []).map(([name, base, minutes, kind]) => {
      const priceFrom = roundPrice(base * factor * (1 + 0.08 * jitter(`${provider.slug}:${name}`)));
      // Upscale studios take a little longer over the same service.
      const durationMinutes = provider.priceRange === '$$$$' && minutes >= 45 ? minutes + 15 : minutes;
      const priceTo = kind === 'fixed' ? priceFrom : kind === 'range' ? roundPrice(priceFrom * 1.5) : undefined;
      return { name, priceFrom, ...(priceTo === undefined ? {} : { priceTo }), durationMinutes };
    }),
  );
}
