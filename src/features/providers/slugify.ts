/** Latin letters that Unicode does not decompose into a base letter and an accent. */
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The slug rule: dashes normalised, lowercased, every run of non-alphanumerics turned
 * into one hyphen, leading and trailing hyphens removed. Accents are folded so "Café" gives "cafe",
 * and letters without one are spelled out ("Æsthetics" gives "aesthetics", not "sthetics").
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPELLED[c]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A slug that looks like a UUID (8-4-4-4-12 hex) sends the visitor to /. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuidLike = (slug: string) => UUID_PATTERN.test(slug);
