/**
 * Reading and wording a provider's service menu (Provider `menu`, src/features/providers/schemas/menu.ts) without
 * zod: the page renders it on the server, tolerant of bad data like parseServices.
 */
import type { MenuItem } from './schemas/menu';

const isPrice = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** The menu's well-formed items; [] when there is no menu or it does not parse. */
export function parseMenu(menu: string | null | undefined): MenuItem[] {
  if (!menu) return [];
  try {
    const list = JSON.parse(menu) as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (i): i is MenuItem =>
        typeof i?.name === 'string' &&
        i.name !== '' &&
        isPrice(i.priceFrom) &&
        (i.priceTo === undefined || isPrice(i.priceTo)) &&
        Number.isInteger(i.durationMinutes) &&
        i.durationMinutes > 0,
    );
  } catch {
    return [];
  }
}

const usd = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

/** "$45" (fixed), "$55–$85" (range) or "From $95" (from-price: no upper price). */
export function menuPrice({ priceFrom, priceTo }: Pick<MenuItem, 'priceFrom' | 'priceTo'>): string {
  if (priceTo === undefined) return `From ${usd(priceFrom)}`;
  return priceTo > priceFrom ? `${usd(priceFrom)}–${usd(priceTo)}` : usd(priceFrom);
}

/** "45 min", "1 hr", "1 hr 30 min". */
export function menuDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} hr` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ');
}
