/**
 * The editor at /keystatic (docs/editing.md): one collection or singleton per kind of file in
 * content/, its fields generated from the content schemas (fromZod.ts). keystatic.config.ts at the
 * root picks the storage: the files on disk under `npm run dev`, the GitHub repository on the
 * deployed site when it is configured.
 */
import { type Collection, type ComponentSchema, config, fields, type Singleton } from '@keystatic/core';
import type { z } from 'zod';
import {
  aboutSchema,
  cityPageSchema,
  contactPageSchema,
  faqListSchema,
  forBusinessesSchema,
  guideSchema,
  helpSchema,
  homeSchema,
  howItWorksSchema,
  landingSchema,
  legalSchema,
  otherCitySchema,
  providerFaqSchema,
  siteFaqSchema,
  testimonialsSchema,
} from '../schemas/content';
import { taxonomySchema } from '../../catalog/schemas';
import { fieldsFor } from './fromZod';

/** Where pictures added to a guide's text are written, and the path pages load them from. */
export const GUIDE_IMAGES = { directory: 'public/images/guides', publicPath: '/images/guides/' } as const;

/**
 * A collection's entries are named by their file name, which is also the page's address; the
 * editor stores it as the file name, not inside the file (the only field not in the schemas).
 */
export const ADDRESS_FIELD = 'address';
const address = (example: string) =>
  fields.text({
    label: 'Page address',
    description: `The file name and the end of the page’s web address, like ${example}. Changing it moves the page to a new address.`,
    validation: { isRequired: true, pattern: { regex: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, message: 'Lowercase letters, digits and dashes, like nail-shapes' } },
  });

/** The rich-text body of guides and legal pages, written back as plain Markdown. */
const markdownBody = (label: string, description: string, images: boolean) =>
  fields.mdx({
    label,
    description,
    extension: 'md',
    options: {
      heading: [2, 3],
      codeBlock: false,
      image: images
        ? {
            ...GUIDE_IMAGES,
            // File names become part of the image's address: lowercase words and dashes.
            transformFilename: (name) =>
              name
                .toLowerCase()
                .replace(/[^a-z0-9.]+/g, '-')
                .replace(/^-+|-+$/g, ''),
            schema: {
              alt: fields.text({
                label: 'Description of the picture',
                description: 'What the picture shows, for people who cannot see it and for search engines. Required.',
                validation: { isRequired: true },
              }),
              title: fields.text({ label: 'Caption on hover' }),
            },
          }
        : false,
    },
  });

/** The files in content/ the editor knows, each with the schema the build validates it with. */
export const EDITOR_FILES = {
  guides: { kind: 'collection', path: 'content/guides/*', schema: guideSchema, body: 'markdown' },
  legal: { kind: 'collection', path: 'content/legal/*', schema: legalSchema, body: 'markdown' },
  landings: { kind: 'collection', path: 'content/landings/*', schema: landingSchema },
  cities: { kind: 'collection', path: 'content/cities/*', schema: cityPageSchema },
  otherCities: { kind: 'singleton', path: 'content/other-cities', schema: otherCitySchema },
  home: { kind: 'singleton', path: 'content/company/home', schema: homeSchema },
  about: { kind: 'singleton', path: 'content/company/about', schema: aboutSchema },
  howItWorks: { kind: 'singleton', path: 'content/company/how-it-works', schema: howItWorksSchema },
  forBusinesses: { kind: 'singleton', path: 'content/company/for-businesses', schema: forBusinessesSchema },
  help: { kind: 'singleton', path: 'content/company/help', schema: helpSchema },
  contact: { kind: 'singleton', path: 'content/company/contact', schema: contactPageSchema },
  siteFaq: { kind: 'singleton', path: 'content/faq/site', schema: siteFaqSchema },
  homeFaq: { kind: 'singleton', path: 'content/faq/home', schema: faqListSchema },
  businessFaq: { kind: 'singleton', path: 'content/faq/business', schema: faqListSchema },
  providerFaq: { kind: 'singleton', path: 'content/faq/provider', schema: providerFaqSchema },
  testimonials: { kind: 'singleton', path: 'content/testimonials', schema: testimonialsSchema },
  services: { kind: 'singleton', path: 'content/services', schema: taxonomySchema },
} as const satisfies Record<string, { kind: 'collection' | 'singleton'; path: string; schema: z.ZodObject; body?: 'markdown' }>;

/** Labels and help of each entry in the editor's sidebar. */
const LABELS: Record<keyof typeof EDITOR_FILES, string> = {
  guides: 'Guides',
  legal: 'Legal pages',
  landings: 'Landing pages',
  cities: 'City pages',
  otherCities: 'Every other city page',
  home: 'Home page',
  about: 'About',
  howItWorks: 'How it works',
  forBusinesses: 'For businesses',
  help: 'Help',
  contact: 'Contact',
  siteFaq: 'FAQ page',
  homeFaq: 'Home page FAQ',
  businessFaq: 'For businesses FAQ',
  providerFaq: 'Provider page FAQ',
  testimonials: 'Testimonials',
  services: 'Service categories',
};

export type EditorStorage = { kind: 'local' } | { kind: 'github'; repo: `${string}/${string}`; branchPrefix?: string };

export function editorConfig(storage: EditorStorage) {
  const collections: Record<string, Collection<Record<string, ComponentSchema>, string>> = {};
  const singletons: Record<string, Singleton<Record<string, ComponentSchema>>> = {};
  for (const [name, file] of Object.entries(EDITOR_FILES)) {
    const label = LABELS[name as keyof typeof EDITOR_FILES];
    const schema = fieldsFor(file.schema);
    if (file.kind === 'singleton') {
      singletons[name] = { label, path: file.path, format: { data: 'json' }, schema };
      continue;
    }
    const markdown = 'body' in file;
    const example = file.path.replace('content/', '').replace('/*', '');
    collections[name] = {
      label,
      path: file.path as `${string}/*`,
      slugField: ADDRESS_FIELD,
      ...(markdown
        ? {
            format: { contentField: 'body' },
            entryLayout: 'content',
            schema: {
              [ADDRESS_FIELD]: address(`${example}/my-page`),
              ...schema,
              body: markdownBody(
                'Text',
                'Use headings for sections (Heading 2 for each section, Heading 3 inside one). Pictures go into public/images/guides/.',
                name === 'guides',
              ),
            },
          }
        : { format: { data: 'json' }, schema: { [ADDRESS_FIELD]: address(`${example}/my-page`), ...schema } }),
      columns: ['title' in schema ? 'title' : ADDRESS_FIELD],
    };
  }
  return config({
    storage,
    ui: {
      brand: { name: 'Glow content' },
      navigation: {
        Pages: ['home', 'about', 'howItWorks', 'forBusinesses', 'help', 'contact'],
        Guides: ['guides', 'landings', 'legal'],
        Cities: ['cities', 'otherCities'],
        Questions: ['siteFaq', 'homeFaq', 'businessFaq', 'providerFaq'],
        Lists: ['testimonials', 'services'],
      },
    },
    collections,
    singletons,
  });
}
