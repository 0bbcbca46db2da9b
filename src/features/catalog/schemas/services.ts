/**
 * The schema of the service taxonomy (content/services.json), which the build validates and the
 * editor edits. Classic zod, as src/features/content/schemas/content.ts: Astro's content collections
 * take classic schemas.
 */
import { z } from 'zod';

/** The service taxonomy (content/services.json). */
export const serviceCategorySchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z]+$/)
    .meta({ description: 'Stable id used in the database and URLs, e.g. "nails".' }),
  label: z.string().min(1).meta({ description: 'Label of the home category tile, e.g. "Nail Salons".' }),
  searchValue: z.string().min(1).meta({ description: 'The value the tile sends as /search?service=..., one of the dropdown options.' }),
  aliases: z.array(z.string().min(1)).min(1).meta({ description: 'Search values (case-insensitive) that select this category.' }),
  keywords: z
    .array(z.string().regex(/^[a-z -]+$/))
    .min(1)
    .meta({ description: 'A provider service belongs to the category when its name contains one of these (lowercase).' }),
  description: z.string().min(1).meta({ description: 'One line shown under the tile.' }),
  image: z.string().startsWith('/images/').optional().meta({ description: 'Tile image, local; none for categories without a tile.' }),
  tile: z.boolean().default(true).meta({ description: 'Whether the category is one of the six home tiles.' }),
});

export const taxonomySchema = z.object({
  categories: z.array(serviceCategorySchema).min(1),
  searchOptions: z.array(z.string().min(1)).length(9).meta({ description: 'The nine options of the search form’s service dropdown, in order.' }),
});
