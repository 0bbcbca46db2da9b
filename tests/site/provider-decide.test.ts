/**
 * What a provider page gives people to decide on (issue "Provider pages people decide on"): the
 * priced menu and its JSON-LD, the rating breakdown, the first reviews with Sort, Show more and
 * Report, Get directions, and the 410 page of a listing moderators removed. Runs `npm start`'s
 * server on a fresh seeded database; needs a build (`npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/config';
import { menuPrice } from '../../src/features/providers/menu';
import { openStateAt, openStatusText } from '../../src/features/providers/openNow';
import { parseOpeningHours } from '../../src/features/providers/providerFields';
import { moderateListing, moderateReview } from '../../src/features/moderation/moderation.server';
import type { MenuItem } from '../../src/features/providers/schemas/menu';
import type { ReviewSummary } from '../../src/features/reviews/schemas/reviewList';
import { startApi, validListing, type TestApi } from '../helpers/api';

let api: TestApi;
const SLUG = 'lacquer-lace-nail-studio-new-york';
const operator = { actor: 'site-test', reason: 'Test of the rendered page' };

beforeAll(async () => {
  api = await startApi({ site: true });
});
afterAll(() => api.close());

const page = async (slug: string) => (await api.get(`/provider/${slug}`)).text();
const providerOf = async (slug: string) =>
  (await (await api.get(`/api/providers/by-slug/${slug}`)).json()) as { id: string; menu: string | null; rating: string; reviewCount: number; address: string };
function business(html: string): Record<string, any> {
  const docs = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  return docs.find((d) => d.address)!;
}
/** Text of the page with tags removed and entities of the text decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('Services & prices', () => {
  it('shows every menu item of a seed provider with its price and duration, and the JSON-LD carries them as an offer catalog in USD', async () => {
    const provider = await providerOf(SLUG);
    const menu = JSON.parse(provider.menu!) as MenuItem[];
    expect(menu.length).toBeGreaterThan(2);
    const html = await page(SLUG);
    const body = text(html);
    expect(body).toContain('Services & prices');
    for (const item of menu) expect(body).toContain(`${item.name} `);
    for (const item of menu) expect(body).toContain(menuPrice(item));

    const catalog = business(html).hasOfferCatalog;
    expect(catalog['@type']).toBe('OfferCatalog');
    expect(catalog.itemListElement).toHaveLength(menu.length);
    for (const [i, offer] of (catalog.itemListElement as Record<string, any>[]).entries()) {
      const item = menu[i]!;
      expect(offer).toMatchObject({ '@type': 'Offer', itemOffered: { '@type': 'Service', name: item.name } });
      if (item.priceTo === item.priceFrom) expect(offer).toMatchObject({ price: item.priceFrom, priceCurrency: 'USD' });
      else
        expect(offer.priceSpecification).toEqual({
          '@type': 'PriceSpecification',
          priceCurrency: 'USD',
          minPrice: item.priceFrom,
          ...(item.priceTo ? { maxPrice: item.priceTo } : {}),
        });
    }
    // A from-price ("From $12") is on this menu: Nail Art.
    expect(menu.some((i) => i.priceTo === undefined)).toBe(true);
  });

  it('a new listing without a menu shows its services as before and offers them without prices', async () => {
    const created = (await (
      await api.post('/api/providers', validListing({ name: 'Menu-less Nail Loft', slug: 'menu-less-nail-loft', address: '77 Plain Street' }))
    ).json()) as { slug: string; menu: unknown };
    expect(created.menu).toBeNull();
    const html = await page(created.slug);
    expect(html).not.toContain('Services &amp; prices');
    expect(html).toMatch(/<ul[^>]*aria-label="Services"[^>]*><li[^>]*>Manicure<\/li><li[^>]*>Facial<\/li><\/ul>/);
    const ld = business(html);
    expect(ld.hasOfferCatalog).toBeUndefined();
    expect(ld.makesOffer.map((o: { itemOffered: { name: string } }) => o.itemOffered.name)).toEqual(['Manicure', 'Facial']);
  });
});

describe('reviews on the page', () => {
  it('shows five bars labelled with the count of each star rating, as the summary API says', async () => {
    const provider = await providerOf(SLUG);
    const summary = (await (await api.get(`/api/providers/${provider.id}/reviews/summary`)).json()) as ReviewSummary;
    const body = text(await page(SLUG));
    for (const star of ['5', '4', '3', '2', '1'] as const) expect(body).toContain(`${star} ${star === '1' ? 'star' : 'stars'}: ${summary.counts[star]}`);
    expect(summary.count).toBe(provider.reviewCount);
  });

  it('a listing without reviews has an empty, hidden place for the bars, which its first review fills in the browser', async () => {
    const listing = (await (
      await api.post('/api/providers', validListing({ name: 'Quiet Corner Lashes', slug: 'quiet-corner-lashes', address: '3 Still Road' }))
    ).json()) as { slug: string };
    const html = await page(listing.slug);
    expect(html).toMatch(/<div class="[^"]*" data-rating-breakdown hidden><\/div>/);
    expect(html).not.toContain('aria-label="Rating breakdown"');
    expect(text(html)).toContain('0 (0 reviews)');
  });

  it('renders the first 10 reviews with a Report button each, Sort and Show more reviews when there are more', async () => {
    const listing = (await (
      await api.post('/api/providers', validListing({ name: 'Busy Bee Brow Bar', slug: 'busy-bee-brow-bar', address: '12 Hive Lane' }))
    ).json()) as { id: string; slug: string };
    for (let i = 1; i <= LIMITS.reviewsOnPage + 2; i++) {
      await api.post('/api/reviews', { providerId: listing.id, customerName: `Client ${String(i).padStart(2, '0')}`, rating: (i % 5) + 1, comment: null });
    }
    const html = await page(listing.slug);
    const names = [...html.matchAll(/>Client (\d\d)</g)].map((m) => Number(m[1]));
    expect(names).toHaveLength(LIMITS.reviewsOnPage);
    expect(names[0]).toBe(LIMITS.reviewsOnPage + 2);
    expect(html.match(/aria-label="Report review by Client \d\d"/g)).toHaveLength(LIMITS.reviewsOnPage);
    expect(html).toContain('Show more reviews');
    expect(html).toMatch(/<select[^>]*>.*Newest first.*Highest rated.*Lowest rated.*<\/select>/s);
  });

  it('a review hidden by moderators leaves the page, its rating and its JSON-LD', async () => {
    const provider = await providerOf(SLUG);
    const [review] = (await (await api.get(`/api/providers/${provider.id}/reviews?sort=lowest&limit=1`)).json()) as {
      id: string;
      customerName: string;
      comment: string;
    }[];
    expect(text(await page(SLUG))).toContain(review!.comment);
    await moderateReview(api.database, 'hide-review', { target: review!.id, ...operator });
    const html = await page(SLUG);
    expect(text(html)).not.toContain(review!.comment);
    const after = await providerOf(SLUG);
    expect(after.reviewCount).toBe(provider.reviewCount - 1);
    expect(business(html).aggregateRating).toMatchObject({ reviewCount: after.reviewCount, ratingValue: Number(after.rating) });
    await moderateReview(api.database, 'restore-review', { target: review!.id, ...operator });
    expect(text(await page(SLUG))).toContain(review!.comment);
  });
});

describe('the open status', () => {
  it("is worked out as the page renders, on the provider's clock, so the page script's refresh finds the same text", async () => {
    const provider = (await (await api.get(`/api/providers/by-slug/${SLUG}`)).json()) as { openingHours: string; timeZone: string };
    const expected = (at: Date) => openStatusText(openStateAt(parseOpeningHours(provider.openingHours), provider.timeZone, at), at, provider.timeZone);
    const before = expected(new Date());
    const html = await page(SLUG);
    const after = expected(new Date());
    const span = /<span([^>]*class="open-status[^"]*"[^>]*)>([^<]*)<\/span>/.exec(html);
    const badge = span?.[2]?.replace(/&middot;|&#183;/g, '·');
    expect([before, after]).toContain(badge);
    expect(badge).toMatch(/^(Open now|Closed)( · (Closes|Opens) .+)?$/);
    // With the span it holds for: from the render to the next change or midnight, at most a day.
    const checkedAt = Number(/data-checked-at="(\d+)"/.exec(span![1]!)?.[1]);
    const validUntil = Number(/data-valid-until="(\d+)"/.exec(span![1]!)?.[1]);
    expect(checkedAt).toBeLessThanOrEqual(Date.now());
    expect(checkedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(validUntil).toBeGreaterThanOrEqual(checkedAt);
    expect(validUntil - checkedAt).toBeLessThanOrEqual(24 * 60 * 60_000);
    if (validUntil > checkedAt + 60_000) expect(expected(new Date(validUntil - 60_000))).toBe(badge);
  });
});

describe('Get directions', () => {
  it('links to a maps search for the address, in a new tab, without loading anything from the maps host', async () => {
    const provider = await providerOf(SLUG);
    const html = await page(SLUG);
    const link = /<a href="([^"]+)" target="_blank" rel="noopener"[^>]*>Get directions<\/a>/.exec(html);
    expect(link).not.toBeNull();
    const url = new URL(link![1]!.replace(/&amp;/g, '&'));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe(`${provider.address}, New York, NY 10024`);
    expect(html).not.toMatch(/<(script|img|iframe|link)[^>]+google/);
  });
});

describe('a listing moderators removed', () => {
  it('answers 410 with a page that says so and is not indexed, and is back when restored', async () => {
    const slug = 'zafran-beauty-parlour-chicago';
    const { id } = await providerOf(slug);
    await moderateListing(api.database, 'hide-listing', { target: slug, ...operator });
    try {
      const res = await api.get(`/provider/${slug}`);
      expect(res.status).toBe(410);
      expect(res.headers.get('netlify-cache-tag')).toContain(`provider-${id}`);
      const html = await res.text();
      expect(html).toContain('This listing was removed');
      expect(html).toContain('<meta name="robots" content="noindex, follow"');
      expect((await api.get(`/api/providers/by-slug/${slug}`)).status).toBe(404);
      expect(await (await api.get('/sitemap-providers-0.xml')).text()).not.toContain(`/provider/${slug}<`);
      const search = (await (await api.get('/api/search?location=Chicago&limit=100')).json()) as { slug: string }[];
      expect(search.map((p) => p.slug)).not.toContain(slug);
    } finally {
      await moderateListing(api.database, 'restore-listing', { target: slug, ...operator });
    }
    expect((await api.get(`/provider/${slug}`)).status).toBe(200);
  });
});

describe('/review-guidelines', () => {
  it('is published, names the FTC rule, and the footer of every page links it', async () => {
    const res = await api.get('/review-guidelines');
    expect(res.status).toBe(200);
    const body = text(await res.text());
    expect(body).toContain('Review Guidelines');
    expect(body).toContain('16 CFR Part 465');
    expect(body).toContain('Businesses cannot remove reviews.');
    expect(await page(SLUG)).toContain('href="/review-guidelines"');
  });
});
