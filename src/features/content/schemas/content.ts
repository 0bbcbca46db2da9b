/**
 * Schemas of the editorial content in content/ (Markdown front matter and JSON). The build
 * validates every file against them; a broken file fails the build and names itself. Classic zod,
 * not the mini build of src/lib/zod.ts: Astro's content collections take classic schemas.
 *
 * The editor at /keystatic is generated from these schemas (docs/editing.md): a field's `title` is
 * its label there, its description the help under it, `multiline` a paragraph box. Its only other
 * use in the browser is that editor, never a public page.
 */
import { z } from 'zod';

const text = z.string().trim().min(1);
/** A paragraph: the same rule as `text`, edited in a box of several lines. */
const paragraph = text.meta({ multiline: true });
/** An internal link: a path on this site, never a third-party host ("//host" is another host). */
const internalHref = z
  .string()
  .regex(/^\/(?!\/)/, 'Links must be internal paths like /faq')
  .meta({ title: 'Link', description: 'A page of this site, starting with a slash, like /faq or /nail-salon-near-me.' });
/** A page's meta description: what search engines show under its title. */
const metaDescription = text
  .max(170)
  .meta({ title: 'Search description', description: 'One or two sentences search engines show under the title (at most 170 characters).', multiline: true });
const keywords = z
  .array(text)
  .default([])
  .meta({ title: 'Search keywords', description: 'Words and phrases people search for; they go into the page’s keywords tag.' });

/**
 * A part of a page that may be left out. The editor writes an empty group as `{}` or `[]`, which
 * means "none", as a missing key does.
 */
function absentWhenEmpty<S extends z.ZodType>(schema: S) {
  const empty = (v: unknown) => (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && v !== null && Object.keys(v).length === 0);
  return z.preprocess((v) => (empty(v) ? undefined : v), schema.optional());
}

/** A heading with a paragraph. */
export const titledTextSchema = z.object({ title: text.meta({ title: 'Heading' }), text: paragraph.meta({ title: 'Text' }) });
/** A page hero: headline and subtitle. */
export const heroSchema = z
  .object({ title: text.meta({ title: 'Headline' }), subtitle: paragraph.meta({ title: 'Subtitle' }) })
  .meta({ title: 'Top of the page', description: 'The big headline and the sentence under it.' });
/** A link to another page of the site. */
export const linkSchema = z.object({ label: text.meta({ title: 'Button text' }), href: internalHref });

/** A question and its answer; the site FAQ adds a category. */
export const faqItemSchema = z.object({ question: text.meta({ title: 'Question' }), answer: paragraph.meta({ title: 'Answer' }) });
export const FAQ_CATEGORIES = ['General', 'Booking', 'Services', 'Trust & Safety', 'Search', 'Payment', 'Business'] as const;
export const siteFaqItemSchema = faqItemSchema.extend({
  category: z.enum(FAQ_CATEGORIES).meta({ title: 'Category', description: 'The heading of /faq the question is listed under.' }),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

/** content/faq/site.json: the questions of /faq. */
export const siteFaqSchema = z.object({
  questions: z.array(siteFaqItemSchema).min(1).meta({ title: 'Questions', description: 'Shown on /faq, grouped by category, in this order.' }),
});
/** content/faq/home.json and business.json: the questions at the foot of home and of /for-businesses. */
export const faqListSchema = z.object({
  questions: z.array(faqItemSchema).min(1).meta({ title: 'Questions', description: 'Shown in this order.' }),
});

/** Provider-page FAQ templates; {name} and {city} are replaced by the provider's. */
export const providerFaqSchema = z.object({
  always: z
    .array(faqItemSchema)
    .min(1)
    .meta({ title: 'On every provider page', description: 'Write {name} and {city} where the provider’s name and city go.' }),
  nails: faqItemSchema.meta({ title: 'Nail providers only', description: 'Shown only when the provider offers Nail Care or Manicure.' }),
  hair: faqItemSchema.meta({ title: 'Hair providers only', description: 'Shown only when the provider offers Hair Cut, Hair Styling or Hair Color.' }),
});

/** A static testimonial on home. */
export const testimonialSchema = z.object({
  name: text.meta({ title: 'Name', description: 'First name and initial, like Jasmine R.' }),
  city: text.meta({ title: 'City', description: 'City and state, like Chicago, IL.' }),
  rating: z.number().int().min(1).max(5).meta({ title: 'Stars', description: 'From 1 to 5.' }),
  comment: paragraph.meta({ title: 'What they said' }),
  image: z
    .string()
    .startsWith('/images/')
    .meta({ title: 'Photo', description: 'The path of a square photo under /images/, like /images/testimonials/jasmine.webp.' }),
  verified: z.boolean().default(true).meta({ title: 'Verified customer', description: 'Shows the Verified badge.' }),
});
/** content/testimonials.json. */
export const testimonialsSchema = z.object({
  testimonials: z.array(testimonialSchema).min(1).meta({ title: 'Testimonials', description: 'Shown on the home page in this order.' }),
});

/** Where a page is linked from the footer's Guides column: its link text and place in the column. */
const footerLinkSchema = z
  .object({
    label: text.meta({ title: 'Link text' }),
    order: z.number().int().nonnegative().meta({ title: 'Place', description: '0 is the top of the column; links are sorted by this number.' }),
  })
  .meta({ title: 'Footer link', description: 'The page’s link in the footer’s Guides column.' });

/** Guides, the pricing guide and beauty tips (Markdown). */
export const guideSchema = z.object({
  title: text.meta({ title: 'Title', description: 'The page’s headline and the title in search results.' }),
  description: metaDescription,
  footer: footerLinkSchema,
  topic: text
    .optional()
    .meta({ title: 'Topic', description: 'The tag on the guide’s card on /beauty-tips, like Nails. Leave empty to keep the guide off that page.' }),
  keywords,
  publishedDate: z.coerce.date().optional().meta({ title: 'Published on' }),
  updatedDate: z.coerce.date().optional().meta({ title: 'Updated on', description: 'Set it when you change the guide’s advice.' }),
  readingMinutes: z.number().int().positive().optional().meta({ title: 'Minutes to read' }),
  cta: absentWhenEmpty(linkSchema).meta({ title: 'Button at the end', description: 'The link that ends the guide. Leave both boxes empty for none.' }),
  secondaryCta: absentWhenEmpty(linkSchema).meta({ title: 'Second button', description: 'A second link beside the first. Leave both boxes empty for none.' }),
});

/** Privacy policy, terms and review guidelines (Markdown, one "##" heading per section). */
export const legalSchema = z.object({
  title: text.meta({ title: 'Title' }),
  description: metaDescription,
  effectiveDate: z.coerce.date().meta({ title: 'In effect from' }),
});

/** The "near me" landing pages; a page's address is its file name (content/landings/<address>.json). */
export const landingSchema = z.object({
  title: text.meta({ title: 'Headline' }),
  seoTitle: text.meta({ title: 'Title in search results' }),
  description: metaDescription,
  keywords,
  service: text.meta({ title: 'Service searched', description: 'The search form’s prefilled service: one of its dropdown options, like Nail Salon.' }),
  serviceWords: z
    .array(z.string().regex(/^[a-z]+$/, 'One lowercase word, letters only'))
    .min(1)
    .meta({ title: 'Service words', description: 'A provider is listed on the page when one of its service names contains one of these lowercase words.' }),
  footer: footerLinkSchema,
  intro: paragraph.meta({ title: 'Introduction' }),
  priceGuide: z
    .object({
      title: text.meta({ title: 'Heading' }),
      intro: paragraph.meta({ title: 'Introduction' }),
      items: z
        .array(
          z.object({
            service: text.meta({ title: 'Service' }),
            range: text.meta({ title: 'Price range', description: 'Like $25-$45.' }),
            duration: text.meta({ title: 'How long it takes' }),
            note: paragraph.meta({ title: 'Note' }),
          }),
        )
        .min(1)
        .meta({ title: 'Prices' }),
    })
    .meta({ title: 'Price guide' }),
  comparison: z
    .object({
      title: text.meta({ title: 'Heading' }),
      columns: z.array(text).min(2).meta({ title: 'Column headings' }),
      rows: z
        .array(z.array(text).meta({ title: 'Row', description: 'One cell per column, in the columns’ order.' }))
        .min(1)
        .meta({ title: 'Rows' }),
    })
    .refine((c) => c.rows.every((r) => r.length === c.columns.length), 'Every comparison row needs one cell per column')
    .meta({ title: 'Comparison table', description: 'Checked when the site builds: every row needs one cell per column.' }),
  whatToExpect: z
    .object({ title: text.meta({ title: 'Heading' }), steps: z.array(titledTextSchema).min(1).meta({ title: 'Steps' }) })
    .meta({ title: 'What to expect' }),
  seoText: z
    .object({ title: text.meta({ title: 'Heading' }), paragraphs: z.array(paragraph).min(1).meta({ title: 'Paragraphs' }) })
    .meta({ title: 'More about the service', description: 'The text at the foot of the page.' }),
  faq: absentWhenEmpty(z.array(faqItemSchema)).meta({ title: 'Questions', description: 'Optional: a FAQ at the foot of the page.' }),
});

/** The city pages with editorial text; a page's address is its file name (content/cities/<address>.json). */
export const cityPageSchema = z.object({
  city: text.meta({ title: 'City' }),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Two capital letters, like IL')
    .meta({ title: 'State', description: 'Two letters, like IL.' }),
  footerOrder: z.number().int().nonnegative().meta({ title: 'Place in the footer', description: 'Order in the footer’s Cities column, 0 first.' }),
  title: text.meta({ title: 'Headline' }),
  description: metaDescription,
  intro: paragraph.meta({ title: 'Introduction' }),
  neighborhoods: z
    .object({
      title: text.meta({ title: 'Heading' }),
      paragraphs: z.array(paragraph).min(1).meta({ title: 'Paragraphs' }),
      areas: z
        .array(z.object({ name: text.meta({ title: 'Neighborhood' }), text: paragraph.meta({ title: 'Text' }) }))
        .min(1)
        .meta({ title: 'Areas' }),
    })
    .meta({ title: 'Neighborhoods' }),
});

/** Copy for every other city page (content/other-cities.json); {city} and {state} are replaced. */
export const otherCitySchema = z.object({
  intro: paragraph.meta({ title: 'Introduction', description: 'Write {city} and {state} where the city’s name and state go.' }),
  paragraphs: z.array(paragraph).min(1).meta({ title: 'Paragraphs', description: 'Write {city} and {state} where the city’s name and state go.' }),
});

export const homeSchema = z.object({
  hero: heroSchema,
  popularSearches: z
    .array(z.object({ label: text, slug: z.string().regex(/^[a-z0-9-]+$/) }))
    .length(5)
    .meta({ description: 'The hero’s popular-search links: each names a provider by slug (the build fails if one is missing).' }),
  cityGrid: z.array(text).min(1).meta({ description: 'The cities of the "Find Beauty Services by City" grid, in order; counts come from the data.' }),
  categoriesIntro: paragraph,
  popularServices: z.array(z.object({ name: text, fromPrice: z.number().int().positive(), description: paragraph })).length(4),
  whyChoose: z.object({ title: text, intro: paragraph, benefits: z.array(titledTextSchema).length(4) }),
  growBusiness: z.object({ title: text, text: paragraph, points: z.array(text).min(1) }),
});

export const aboutSchema = z.object({
  hero: heroSchema,
  mission: titledTextSchema,
  stats: z.array(z.object({ value: text, label: text })).length(4),
  values: z.array(titledTextSchema).length(6),
  story: z.object({ title: text, paragraphs: z.array(paragraph).min(1) }),
  offerings: z.object({ title: text, items: z.array(titledTextSchema).min(1) }),
  coverage: z.object({ title: text, intro: paragraph, lists: z.array(z.object({ title: text, items: z.array(text).min(1) })).min(1) }),
});

export const howItWorksSchema = z.object({
  hero: heroSchema,
  steps: z.array(titledTextSchema).length(3),
  benefits: z.object({ title: text, items: z.array(titledTextSchema).min(1) }),
  features: z.object({ title: text, items: z.array(titledTextSchema).min(1) }),
  cta: z.object({ title: text, text: paragraph, label: text }),
});

export const forBusinessesSchema = z.object({
  hero: heroSchema.extend({ cta: text }),
  benefits: z.array(titledTextSchema).length(5),
  stories: z.array(z.object({ business: text, owner: text, city: text, quote: paragraph, result: paragraph })).length(2),
  pricing: titledTextSchema,
  cta: z.object({ title: text, text: paragraph, label: text }),
});

export const helpSchema = z.object({
  hero: heroSchema,
  topics: z.array(z.object({ title: text, text: paragraph, links: z.array(linkSchema).min(1) })).length(3),
  contact: titledTextSchema,
});

export const contactPageSchema = z.object({
  hero: heroSchema,
  details: z.array(z.object({ label: text, value: text })).min(1),
  helpText: paragraph,
});
