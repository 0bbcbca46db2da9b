/**
 * Schemas of the editorial content in content/ (Markdown front matter and JSON). The build
 * validates every file against them; a broken file fails the build and names itself. Classic zod,
 * not the mini build of src/lib/zod.ts: Astro's content collections take classic schemas, and these
 * run only at build time, never in the browser.
 */
import { z } from 'zod';

const text = z.string().trim().min(1);
/** An internal link: a path on this site, never a third-party host. */
const internalHref = z
  .string()
  .regex(/^\/[^/]/, 'Links must be internal paths like /faq')
  .or(z.literal('/'));

/** A heading with a paragraph. */
export const titledTextSchema = z.object({ title: text, text });
/** A page hero: headline and subtitle. */
export const heroSchema = z.object({ title: text, subtitle: text });
/** A link to another page of the site. */
export const linkSchema = z.object({ label: text, href: internalHref });

/** A question and its answer; the site FAQ adds a category. */
export const faqItemSchema = z.object({ question: text, answer: text });
export const FAQ_CATEGORIES = ['General', 'Booking', 'Services', 'Trust & Safety', 'Search', 'Payment', 'Business'] as const;
export const siteFaqItemSchema = faqItemSchema.extend({ category: z.enum(FAQ_CATEGORIES) });
export type FaqItem = z.infer<typeof faqItemSchema>;

/** Provider-page FAQ templates; {name} and {city} are replaced by the provider's. */
export const providerFaqSchema = z.object({
  /** Shown on every provider page. */
  always: z.array(faqItemSchema).min(1),
  /** Shown only when the provider offers Nail Care or Manicure. */
  nails: faqItemSchema,
  /** Shown only when the provider offers Hair Cut, Hair Styling or Hair Color. */
  hair: faqItemSchema,
});

/** A static testimonial on home. */
export const testimonialSchema = z.object({
  name: text,
  city: text,
  rating: z.number().int().min(1).max(5),
  comment: text,
  /** Local avatar image. */
  image: z.string().startsWith('/images/'),
  verified: z.boolean().default(true),
});

/** Where a page is linked from the footer's Guides column: its link text and place in the column. */
const footerLinkSchema = z.object({ label: text, order: z.number().int().nonnegative() });

/** Guides, the pricing guide and beauty tips (Markdown). */
export const guideSchema = z.object({
  /** The page's link in the footer's Guides column. */
  footer: footerLinkSchema,
  /** The tag of the guide's card on /beauty-tips; guides without one are not listed there. */
  topic: text.optional(),
  /** Page H1 and title. */
  title: text,
  /** Meta description. */
  description: text.max(170),
  keywords: z.array(z.string()).default([]),
  publishedDate: z.coerce.date().optional(),
  updatedDate: z.coerce.date().optional(),
  readingMinutes: z.number().int().positive().optional(),
  /** The link that ends the guide. */
  cta: linkSchema.optional(),
  /** A second button (the pricing guide's Find Hair Salons). */
  secondaryCta: linkSchema.optional(),
});

/** Privacy policy and terms (Markdown, one "##" heading per section). */
export const legalSchema = z.object({
  title: text,
  description: text.max(170),
  effectiveDate: z.coerce.date(),
});

/** The three "near me" landing pages. */
export const landingSchema = z.object({
  slug: z.string().regex(/^[a-z-]+$/),
  /** The search form's prefilled service, one of the dropdown options. */
  service: text,
  /** A provider is shown on the page when one of its service names contains one of these words (lowercase). */
  serviceWords: z.array(z.string().regex(/^[a-z]+$/)).min(1),
  /** The page's link in the footer's Guides column. */
  footer: footerLinkSchema,
  title: text,
  seoTitle: text,
  description: text.max(170),
  keywords: z.array(z.string()).default([]),
  intro: text,
  priceGuide: z.object({
    title: text,
    intro: text,
    items: z.array(z.object({ service: text, range: text, duration: text, note: text })).min(1),
  }),
  comparison: z
    .object({ title: text, columns: z.array(text).min(2), rows: z.array(z.array(text)).min(1) })
    .refine((c) => c.rows.every((r) => r.length === c.columns.length), 'Every comparison row needs one cell per column'),
  whatToExpect: z.object({ title: text, steps: z.array(titledTextSchema).min(1) }),
  seoText: z.object({ title: text, paragraphs: z.array(text).min(1) }),
  /** Nail and hair pages only. */
  faq: z.array(faqItemSchema).optional(),
});

/** The five city pages with editorial text. */
export const cityPageSchema = z.object({
  slug: z.string().regex(/^[a-z-]+$/),
  /** Place in the footer's Cities column. */
  footerOrder: z.number().int().nonnegative(),
  city: text,
  state: z.string().regex(/^[A-Z]{2}$/),
  title: text,
  description: text.max(170),
  intro: text,
  neighborhoods: z.object({
    title: text,
    paragraphs: z.array(text).min(1),
    areas: z.array(z.object({ name: text, text })).min(1),
  }),
});

/** Copy for every other city page; {city} and {state} are replaced. */
export const otherCitySchema = z.object({ intro: text, paragraphs: z.array(text).min(1) });

export const homeSchema = z.object({
  hero: heroSchema,
  /** The hero's popular-search links: each names a provider by slug (the build fails if one is missing). */
  popularSearches: z.array(z.object({ label: text, slug: z.string().regex(/^[a-z0-9-]+$/) })).length(5),
  /** The cities of the "Find Beauty Services by City" grid, in order; counts come from the data. */
  cityGrid: z.array(text).min(1),
  categoriesIntro: text,
  popularServices: z.array(z.object({ name: text, fromPrice: z.number().int().positive(), description: text })).length(4),
  whyChoose: z.object({ title: text, intro: text, benefits: z.array(titledTextSchema).length(4) }),
  growBusiness: z.object({ title: text, text, points: z.array(text).min(1) }),
});

export const aboutSchema = z.object({
  hero: heroSchema,
  mission: titledTextSchema,
  stats: z.array(z.object({ value: text, label: text })).length(4),
  values: z.array(titledTextSchema).length(6),
  story: z.object({ title: text, paragraphs: z.array(text).min(1) }),
  offerings: z.object({ title: text, items: z.array(titledTextSchema).min(1) }),
  coverage: z.object({ title: text, intro: text, lists: z.array(z.object({ title: text, items: z.array(text).min(1) })).min(1) }),
});

export const howItWorksSchema = z.object({
  hero: heroSchema,
  steps: z.array(titledTextSchema).length(3),
  benefits: z.object({ title: text, items: z.array(titledTextSchema).min(1) }),
  features: z.object({ title: text, items: z.array(titledTextSchema).min(1) }),
  cta: z.object({ title: text, text, label: text }),
});

export const forBusinessesSchema = z.object({
  hero: heroSchema.extend({ cta: text }),
  benefits: z.array(titledTextSchema).length(5),
  stories: z.array(z.object({ business: text, owner: text, city: text, quote: text, result: text })).length(2),
  pricing: titledTextSchema,
  cta: z.object({ title: text, text, label: text }),
});

export const helpSchema = z.object({
  hero: heroSchema,
  topics: z.array(z.object({ title: text, text, links: z.array(linkSchema).min(1) })).length(3),
  contact: titledTextSchema,
});

export const contactPageSchema = z.object({
  hero: heroSchema,
  details: z.array(z.object({ label: text, value: text })).min(1),
  helpText: text,
});

/** The service taxonomy (content/services.json). */
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
  /** The nine options of the search form's service dropdown, in order. */
  searchOptions: z.array(z.string().min(1)).length(9),
});
