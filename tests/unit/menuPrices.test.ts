/** The seed's menu prices (scripts/menu-prices.ts): valid, deterministic, and priced by range and city. */
import { describe, expect, it } from 'vitest';
import { z } from '../../src/lib/zod';
import { menuSchema } from '../../src/features/providers/schemas/menu';
import { MENU_BY_SERVICE, menuFor } from '../../scripts/menu-prices';

const nails = { slug: 'test-nails', services: ['Gel Manicure', 'Acrylic Nails', 'Nail Art'] };
const price = (menu: ReturnType<typeof menuFor>, name: string) => menu.find((i) => i.name === name)!.priceFrom;

describe('menuFor', () => {
  it('gives every item of every service a valid menu entry, the same every time', () => {
    const everything = { slug: 'all', city: 'Omaha', priceRange: '$$', services: Object.keys(MENU_BY_SERVICE) };
    const menu = menuFor(everything);
    expect(z.safeParse(menuSchema, menu).success).toBe(true);
    expect(menu.length).toBe(Object.values(MENU_BY_SERVICE).flat().length);
    expect(menuFor(everything)).toEqual(menu);
  });

  it('prices by price range and city: a $$$$ studio in New York costs more than a $ one in Memphis', () => {
    const luxury = menuFor({ ...nails, city: 'New York', priceRange: '$$$$' });
    const budget = menuFor({ ...nails, city: 'Memphis', priceRange: '$' });
    expect(price(luxury, 'Gel Manicure')).toBeGreaterThan(2 * price(budget, 'Gel Manicure'));
    expect(price(budget, 'Gel Manicure')).toBeGreaterThanOrEqual(20);
  });

  it('writes fixed prices, ranges and from-prices as the table says, rounded as salons price', () => {
    const menu = menuFor({ ...nails, city: 'Omaha', priceRange: '$$' });
    const gel = menu.find((i) => i.name === 'Gel Manicure')!;
    const acrylic = menu.find((i) => i.name === 'Acrylic Full Set')!;
    const art = menu.find((i) => i.name === 'Nail Art')!;
    expect(gel.priceTo).toBe(gel.priceFrom);
    expect(acrylic.priceTo).toBeGreaterThan(acrylic.priceFrom);
    expect(art).not.toHaveProperty('priceTo');
    for (const item of menu) expect(item.priceFrom < 20 || item.priceFrom % 5 === 0, `${item.name} ${item.priceFrom}`).toBe(true);
  });
});
