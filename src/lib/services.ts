/**
 * The service taxonomy (content/services.json): which provider services belong to which category,
 * and how a search's `service` value maps onto a category.
 */
import { z } from './zod';
import taxonomyJson from '../../content/services.json' with { type: 'json' };

export const serviceCategorySchema = z.object({
  /** Stable id used in the database and URLs, e.g. "nails". */
  slug: z.string().regex(/^[a-z]+$/),
  /** Label of the home category tile, e.g. "Nail Salons". */
  label: z.string().min(1),
  /** The value the tile sends as /search?service=..., one of the dropdown options. */
  searchValue: z.string().min(1),
  /** Search values (case-insensitive) that select this category. */
  aliases: z.array(z.string().min(1)).min(1),
  /** A provider service belongs to the category when its name contains one of these (lowercase). */
  keywords: z.array(z.string().regex(/^[a-z -]+$/)).min(1),
  /** One line shown under the tile. */
  description: z.string().min(1),
  /** Tile image, local; null for categories without a tile. */
  image: z.string().startsWith('/').nullable(),
  /** Whether the category is one of the six home tiles. */
  tile: z.boolean().default(true),
});

export const taxonomySchema = z.object({
  categories: z.array(serviceCategorySchema).min(1),
  /** The nine options of the search form's service dropdown, in order (SPEC.md §2). */
  searchOptions: z.array(z.string().min(1)).length(9),
});

export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
export const taxonomy = taxonomySchema.parse(taxonomyJson);
export const SEARCH_OPTIONS = taxonomy.searchOptions;
export const TILE_CATEGORIES = taxonomy.categories.filter((c) => c.tile);

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
  return (
    taxonomy.categories.find(
      (c) => c.slug === v || c.label.toLowerCase() === v || c.aliases.some((a) => a.toLowerCase() === v),
    ) ?? null
  );
}

/** Main category of a provider: the first category of its first categorised service. */
export function mainCategory(services: readonly string[]): ServiceCategory | null {
  const slug = categoriesOfServices(services)[0];
  return taxonomy.categories.find((c) => c.slug === slug) ?? null;
}
