/** Content collections over content/ (docs/editing.md); schemas in src/features/content/schemas/content.ts. */
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { file, glob } from 'astro/loaders';
import type { z } from 'zod';
import {
  aboutSchema,
  cityPageSchema,
  contactPageSchema,
  faqItemSchema,
  forBusinessesSchema,
  guideSchema,
  helpSchema,
  homeSchema,
  howItWorksSchema,
  landingSchema,
  legalSchema,
  otherCitySchema,
  providerFaqSchema,
  siteFaqItemSchema,
  testimonialSchema,
} from './features/content/schemas';
import { taxonomySchema } from './features/catalog/schemas';
import { requireImageAlt } from './features/content';

/**
 * A JSON file's list (`{ "questions": [...] }`) as entries with their position as id (zero-padded,
 * so entries sort in file order), so editors need not number them.
 */
const numbered = (key: string) => (text: string) =>
  ((JSON.parse(text) as Record<string, Record<string, unknown>[]>)[key] ?? []).map((item, i) => ({ ...item, id: String(i + 1).padStart(3, '0') }));
/** A single JSON object file as a one-entry collection. */
const single = (text: string) => [{ ...(JSON.parse(text) as Record<string, unknown>), id: 'page' }];

/** Markdown pages whose pictures must each have a description (docs/editing.md "Pictures"). */
function markdownPages(base: string): Loader {
  const loader = glob({ base, pattern: '*.md' });
  return {
    ...loader,
    load: async (context) => {
      await loader.load(context);
      for (const entry of context.store.values()) requireImageAlt(entry.filePath ?? entry.id, entry.body);
    },
  };
}

const company = <S extends z.ZodType>(name: string, schema: S) =>
  defineCollection({ loader: file(`content/company/${name}.json`, { parser: single }), schema });

export const collections = {
  guides: defineCollection({ loader: markdownPages('./content/guides'), schema: guideSchema }),
  legal: defineCollection({ loader: markdownPages('./content/legal'), schema: legalSchema }),
  landings: defineCollection({ loader: glob({ base: './content/landings', pattern: '*.json' }), schema: landingSchema }),
  cities: defineCollection({ loader: glob({ base: './content/cities', pattern: '*.json' }), schema: cityPageSchema }),
  otherCity: defineCollection({ loader: file('content/other-cities.json', { parser: single }), schema: otherCitySchema }),
  services: defineCollection({ loader: file('content/services.json', { parser: single }), schema: taxonomySchema }),
  siteFaq: defineCollection({ loader: file('content/faq/site.json', { parser: numbered('questions') }), schema: siteFaqItemSchema }),
  homeFaq: defineCollection({ loader: file('content/faq/home.json', { parser: numbered('questions') }), schema: faqItemSchema }),
  businessFaq: defineCollection({ loader: file('content/faq/business.json', { parser: numbered('questions') }), schema: faqItemSchema }),
  providerFaq: defineCollection({ loader: file('content/faq/provider.json', { parser: single }), schema: providerFaqSchema }),
  testimonials: defineCollection({ loader: file('content/testimonials.json', { parser: numbered('testimonials') }), schema: testimonialSchema }),
  home: company('home', homeSchema),
  about: company('about', aboutSchema),
  howItWorks: company('how-it-works', howItWorksSchema),
  forBusinesses: company('for-businesses', forBusinessesSchema),
  help: company('help', helpSchema),
  contact: company('contact', contactPageSchema),
};
