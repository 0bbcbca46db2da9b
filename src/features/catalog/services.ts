/**
 * The service taxonomy (content/services.json): which provider services belong to which category,
 * and how a search's `service` value maps onto a category.
 */
import taxonomyJson from '../../../content/services.json' with { type: 'json' };
import type { serviceCategorySchema, taxonomySchema } from './schemas/services';
import type { z } from '../../lib/zod';

export type ServiceCategory = z.input<typeof serviceCategorySchema>;
/**
 * The taxonomy as data: it also runs in the browser (search form, provider pages), so it is not
 * parsed with zod here; the build validates content/services.json against taxonomySchema instead.
 */
export const taxonomy = taxonomyJson as z.input<typeof taxonomySchema>;
export const SEARCH_OPTIONS = taxonomy.searchOptions;
export const TILE_CATEGORIES = taxonomy.categories.filter((c) => c.tile !== false);

/** Categories a single service name belongs to (a service may sit in two, e.g. eyebrow waxing). */
export function categoriesOfService(service: string): string[] {
  const name = service.toLowerCase();
  return taxonomy.categories.filter((c) => c.keywords.some((k) => name.includes(k))).map((c) => c.slug);
}

/** Distinct categories of a provider's services. */
export function categoriesOfServices(services: readonly string[]): string[] {
  return [...new Set(services.flatMap(categoriesOfService))];
}

/** The category a search `service` value selects, or null when the value is free text. */
export function categoryForSearch(value: string): ServiceCategory | null {
  const v = value.trim().toLowerCase();
  return taxonomy.categories.find((c) => c.slug === v || c.label.toLowerCase() === v || c.aliases.some((a) => a.toLowerCase() === v)) ?? null;
}

/** Main category of a provider: the first category of its first categorised service. */
export function mainCategory(services: readonly string[]): ServiceCategory | null {
  const slug = categoriesOfServices(services)[0];
  return taxonomy.categories.find((c) => c.slug === slug) ?? null;
}

/** Every service name the catalogue itself uses (category labels, search values, aliases, search options), lower case. */
const CATALOGUE_NAMES: ReadonlySet<string> = new Set(
  [...taxonomy.searchOptions, ...taxonomy.categories.flatMap((c) => [c.label, c.searchValue, ...c.aliases])].map((n) => n.trim().toLowerCase()),
);

/** True when a service name is one of the catalogue's own: it joins the vocabulary without an operator (docs/owners.md "Which listings are vetted"). */
export const isCatalogueService = (service: string): boolean => CATALOGUE_NAMES.has(service.trim().toLowerCase());
