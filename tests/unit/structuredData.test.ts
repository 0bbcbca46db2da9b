/** schema.org JSON-LD of the SEO head (src/features/seo/structuredData.server.ts). */
import { facetSelection } from '../../src/features/facets';
import { describe, expect, it } from 'vitest';
import { SITE } from '../../src/config';
import { SITE_URL } from '../../src/server/siteUrl';
import type { Provider } from '../../src/features/providers/schemas/provider';
import {
  absoluteUrl,
  breadcrumbLd,
  businessType,
  faqLd,
  ldJson,
  localBusinessInput,
  localBusinessLd,
  openingHoursSpec,
  organizationLd,
  pagePath,
  websiteLd,
} from '../../src/features/seo/structuredData.server';

const provider: Provider = {
  id: 'p1',
  name: 'Lacquer & Lace',
  slug: 'lacquer-lace',
  description: null,
  address: '1 Main St',
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
  phone: '(212) 555-0100',
  email: null,
  website: null,
  services: JSON.stringify(['Gel Manicure', 'Pedicure']),
  isPromoted: false,
  isOpen: true,
  priceRange: '$$$',
  openingHours: JSON.stringify({ monday: '9:00 AM - 6:00 PM', tuesday: '8:00 PM - 2:00 AM', wednesday: 'Closed', thursday: 'noon' }),
  imageUrl: '/images/p1.webp',
  menu: null,
  rating: '4.5',
  reviewCount: 12,
  latitude: 40.7484,
  longitude: -73.9967,
  timeZone: 'America/New_York',
  status: 'open',
  closedUntil: null,
  facets: facetSelection(0),
  source: null,
};

describe('absoluteUrl', () => {
  it('prefixes the site URL to paths and leaves absolute URLs alone', () => {
    expect(absoluteUrl('/faq')).toBe(`${SITE_URL}/faq`);
    expect(absoluteUrl('faq')).toBe(`${SITE_URL}/faq`);
    expect(absoluteUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(absoluteUrl('http://cdn.example.com/a.png')).toBe('http://cdn.example.com/a.png');
  });
});

describe('businessType', () => {
  it.each([
    [['Gel Manicure', 'Pedicure'], 'NailSalon'],
    [['Haircut', 'Balayage'], 'HairSalon'],
    [['Swedish Massage'], 'DaySpa'],
    [['Swedish Massage', 'Facial'], 'DaySpa'],
    [['Gel Manicure', 'Eyebrow Waxing'], 'NailSalon'],
    [['Haircut', 'Lash Lift'], 'HairSalon'],
    [['Haircut', 'Manicure'], 'BeautySalon'],
    [['Swedish Massage', 'Manicure'], 'BeautySalon'],
    [['Facial'], 'BeautySalon'],
    [[], 'BeautySalon'],
  ])('%j → %s', (services, type) => {
    expect(businessType(services)).toBe(type);
  });
});

describe('openingHoursSpec', () => {
  it('turns 12-hour ranges into schema.org day and 24-hour times, skipping closed and unreadable days', () => {
    expect(
      openingHoursSpec({
        sunday: '12:00 PM - 5:30 PM',
        monday: '9:00 AM - 6:00 PM',
        tuesday: '8:00 PM - 2:00 AM',
        wednesday: 'Closed',
        thursday: 'noon till late',
        friday: '12:00 AM - 11:59 PM',
      }),
    ).toEqual(['Mo 09:00-18:00', 'Tu 20:00-02:00', 'Fr 00:00-23:59', 'Su 12:00-17:30']);
  });
});

describe('localBusinessInput and localBusinessLd', () => {
  it('describes a provider with its address, offers, hours and rating', () => {
    const ld = localBusinessLd(localBusinessInput(provider));
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NailSalon',
      name: 'Lacquer & Lace',
      url: `${SITE_URL}/provider/lacquer-lace`,
      image: `${SITE_URL}/images/p1.webp`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Main St',
        addressLocality: 'New York',
        addressRegion: 'NY',
        postalCode: '10001',
        addressCountry: 'US',
      },
      telephone: '(212) 555-0100',
      priceRange: '$$$',
      openingHours: ['Mo 09:00-18:00', 'Tu 20:00-02:00'],
      makesOffer: [
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Gel Manicure' } },
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Pedicure' } },
      ],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12, bestRating: 5, worstRating: 1 },
    });
  });

  it('leaves out what a provider lacks: image, phone, offers, and a rating without reviews', () => {
    const ld = localBusinessLd(localBusinessInput({ ...provider, imageUrl: null, phone: null, services: 'not json', rating: '0', reviewCount: 0 }));
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('telephone');
    expect(ld).not.toHaveProperty('makesOffer');
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld['@type']).toBe('BeautySalon');
  });

  it("lists a listing's photos as its images through the Image CDN, at most 1600 px wide, in place of the stock picture", () => {
    const photos = [
      { url: '/photos/abc.webp', width: 2400 },
      { url: '/photos/def.webp', width: 900 },
    ];
    const ld = localBusinessLd(localBusinessInput(provider, photos));
    expect((ld as { image?: unknown }).image).toEqual([
      `${SITE_URL}/.netlify/images?url=%2Fphotos%2Fabc.webp&w=1600&fm=jpg`,
      `${SITE_URL}/.netlify/images?url=%2Fphotos%2Fdef.webp&w=900&fm=jpg`,
    ]);
  });

  it('leaves an unknown price range out rather than guessing, and includes an email when there is one', () => {
    const input = localBusinessInput({ ...provider, priceRange: '', email: 'a@b.example.com' });
    const ld = localBusinessLd(input);
    expect(ld).not.toHaveProperty('priceRange');
    expect(ld).toHaveProperty('email', 'a@b.example.com');
  });

  it('a menu becomes an offer catalog in USD: a price, a range or a from-price, in place of the unpriced offers', () => {
    const menu = [
      { name: 'Gel Manicure', priceFrom: 45, priceTo: 45, durationMinutes: 45 },
      { name: 'Acrylic Full Set', priceFrom: 60, priceTo: 90, durationMinutes: 75 },
      { name: 'Nail Art', priceFrom: 10, durationMinutes: 15 },
    ];
    const ld = localBusinessLd(localBusinessInput({ ...provider, menu: JSON.stringify(menu) }));
    expect(ld).not.toHaveProperty('makesOffer');
    expect((ld as Record<string, unknown>).hasOfferCatalog).toEqual({
      '@type': 'OfferCatalog',
      name: 'Services & prices',
      itemListElement: [
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Gel Manicure' }, price: 45, priceCurrency: 'USD' },
        {
          '@type': 'Offer',
          itemOffered: { '@type': 'Service', name: 'Acrylic Full Set' },
          priceSpecification: { '@type': 'PriceSpecification', priceCurrency: 'USD', minPrice: 60, maxPrice: 90 },
        },
        {
          '@type': 'Offer',
          itemOffered: { '@type': 'Service', name: 'Nail Art' },
          priceSpecification: { '@type': 'PriceSpecification', priceCurrency: 'USD', minPrice: 10 },
        },
      ],
    });
  });
});

describe('faqLd, breadcrumbLd, websiteLd, organizationLd', () => {
  it('lists questions with their answers', () => {
    expect(faqLd([{ question: 'Is Glow free?', answer: 'Yes.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Is Glow free?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } }],
    });
  });

  it('numbers crumbs from 1 and links the last one to the current page', () => {
    expect(breadcrumbLd([{ name: 'Home', href: '/' }, { name: 'FAQ' }], '/faq').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'FAQ', item: `${SITE_URL}/faq` },
    ]);
  });

  it('gives the site search action and the organisation contact', () => {
    expect(websiteLd().potentialAction.target.urlTemplate).toBe(`${SITE_URL}/search?q={search_term}`);
    expect(organizationLd()).toMatchObject({ '@type': 'Organization', name: SITE.name, email: SITE.email, contactPoint: { email: SITE.supportEmail } });
  });
});

describe('ldJson', () => {
  it('cannot close its script element or open markup, and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & <!--' };
    const text = ldJson(data);
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('pagePath', () => {
  it('names a page as its canonical URL does: no .html, no /index, no trailing slash but the root', () => {
    expect(pagePath(new URL('https://glow.example.com/'))).toBe('/');
    expect(pagePath(new URL('https://glow.example.com/index.html'))).toBe('/');
    expect(pagePath(new URL('https://glow.example.com/guides/nail-care.html'))).toBe('/guides/nail-care');
    expect(pagePath(new URL('https://glow.example.com/city/chicago/'))).toBe('/city/chicago');
  });
});
