/** schema.org JSON-LD builders for the SEO head. */
import { DAYS, SITE } from '../../config';
import { SITE_URL } from '../../server/siteUrl';
import type { FaqItem } from '../content/schemas';
import { parseMenu } from '../providers';
import { parseOpeningHours, parseServices } from '../providers';
import type { MenuItem } from '../providers/schemas';
import { clock24, dayRange } from '../providers';
import type { Provider } from '../providers/schemas';
import { hasHours, hasPrice } from '../providers';
import { categoriesOfServices } from '../catalog';
import { imageCdnUrl } from '../photos';
import { facetsLd } from '../facets';

export const absoluteUrl = (path: string) => (/^https?:/.test(path) ? path : `${SITE_URL}${path.startsWith('/') ? '' : '/'}${path}`);

export interface Crumb {
  name: string;
  href?: string;
}

/** Local business metadata input. */
export interface LocalBusinessInput {
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone?: string | null;
  email?: string | null;
  priceRange?: string;
  services: string[];
  rating: number;
  reviewCount: number;
  url: string;
  image?: string | null;
  /** The listing's photos (cover first), site-relative: the JSON-LD `image` list when there are any (docs/photos.md). */
  images?: string[];
  openingHours?: Record<string, string>;
  /** The service menu with prices; when given, it is the business's offer catalog. */
  menu?: MenuItem[];
  /** Its facets' amenities ("Step-free entrance") and languages ("es"), src/features/facets `facetsLd`. */
  amenities?: string[];
  languages?: string[];
}

/** The most specific schema.org LocalBusiness subtype for a set of services. */
export function businessType(services: string[]): string {
  const categories = categoriesOfServices(services);
  if (categories.length === 1 && categories[0] === 'nails') return 'NailSalon';
  if (categories.length === 1 && categories[0] === 'hair') return 'HairSalon';
  if (categories.includes('massage') && categories.length <= 2 && !categories.includes('nails') && !categories.includes('hair')) return 'DaySpa';
  if (categories[0] === 'nails' && !categories.includes('hair')) return 'NailSalon';
  if (categories[0] === 'hair' && !categories.includes('nails')) return 'HairSalon';
  return 'BeautySalon';
}

const SHORT_DAY: Record<string, string> = { monday: 'Mo', tuesday: 'Tu', wednesday: 'We', thursday: 'Th', friday: 'Fr', saturday: 'Sa', sunday: 'Su' };

/** "9:00 AM - 6:00 PM" on monday → "Mo 09:00-18:00" (schema.org openingHours). */
export function openingHoursSpec(hours: Record<string, string>): string[] {
  return DAYS.flatMap((day) => {
    const range = dayRange(hours[day]);
    return range ? [`${SHORT_DAY[day]} ${clock24(range.open)}-${clock24(range.close)}`] : [];
  });
}

export function localBusinessInput(provider: Provider, photos: { url: string; width: number }[] = []): LocalBusinessInput {
  return {
    name: provider.name,
    address: provider.address,
    city: provider.city,
    state: provider.state,
    zipCode: provider.zipCode,
    phone: provider.phone,
    email: provider.email,
    priceRange: hasPrice(provider.priceRange) ? provider.priceRange : undefined,
    services: parseServices(provider.services),
    rating: Number(provider.rating),
    reviewCount: provider.reviewCount,
    url: `/provider/${provider.slug}`,
    image: provider.imageUrl,
    images: photos.map((p) => imageCdnUrl(p.url, { w: Math.min(p.width, 1600), fm: 'jpg' })),
    openingHours: hasHours(provider.openingHours) ? (parseOpeningHours(provider.openingHours) as Record<string, string>) : undefined,
    menu: parseMenu(provider.menu),
    ...facetsLd(provider.facets),
  };
}

/** A menu item as a schema.org Offer in USD: a price, or a price specification for a range or a from-price. */
function menuOffer({ name, priceFrom, priceTo }: MenuItem) {
  const price =
    priceTo === priceFrom
      ? { price: priceFrom, priceCurrency: 'USD' }
      : {
          priceSpecification: {
            '@type': 'PriceSpecification',
            priceCurrency: 'USD',
            minPrice: priceFrom,
            ...(priceTo === undefined ? {} : { maxPrice: priceTo }),
          },
        };
  return { '@type': 'Offer', itemOffered: { '@type': 'Service', name }, ...price };
}

export function localBusinessLd(b: LocalBusinessInput) {
  return {
    '@context': 'https://schema.org',
    '@type': businessType(b.services),
    name: b.name,
    url: absoluteUrl(b.url),
    ...(b.images?.length ? { image: b.images.map(absoluteUrl) } : b.image ? { image: absoluteUrl(b.image) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: b.address,
      addressLocality: b.city,
      addressRegion: b.state,
      postalCode: b.zipCode,
      addressCountry: 'US',
    },
    ...(b.phone ? { telephone: b.phone } : {}),
    ...(b.email ? { email: b.email } : {}),
    // Unknown is left out, not guessed (docs/owners.md "Unknown hours and price").
    ...(b.priceRange ? { priceRange: b.priceRange } : {}),
    ...(b.openingHours ? { openingHours: openingHoursSpec(b.openingHours) } : {}),
    ...(b.menu?.length
      ? { hasOfferCatalog: { '@type': 'OfferCatalog', name: 'Services & prices', itemListElement: b.menu.map(menuOffer) } }
      : b.services.length
        ? { makesOffer: b.services.map((s) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name: s } })) }
        : {}),
    ...(b.reviewCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: b.rating, reviewCount: b.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
    ...(b.amenities?.length ? { amenityFeature: b.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })) } : {}),
    ...(b.languages?.length ? { knowsLanguage: b.languages } : {}),
  };
}

export function faqLd(items: FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({ '@type': 'Question', name: i.question, acceptedAnswer: { '@type': 'Answer', text: i.answer } })),
  };
}

export function breadcrumbLd(crumbs: Crumb[], currentPath: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.href ?? currentPath),
    })),
  };
}

export function websiteLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE.name,
    url: absoluteUrl('/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/search')}?q={search_term}` },
      'query-input': 'required name=search_term',
    },
  };
}

export function organizationLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE.name,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/apple-touch-icon.png'),
    email: SITE.email,
    contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: SITE.supportEmail, areaServed: 'US', availableLanguage: 'English' },
  };
}

/** A page's path as its canonical URL names it: no `.html`, no `/index`, no trailing slash but the root's. */
export function pagePath(url: URL): string {
  return url.pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/(.)\/$/, '$1');
}

/** JSON for a <script type="application/ld+json">, safe inside HTML (no "</script>" break-out). */
export function ldJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
