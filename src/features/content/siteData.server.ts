/**
 * What the pre-built pages show from the database, read once per build: counts and averages (from
 * tables that triggers keep, so no aggregate reads every row), every city's provider count, the
 * featured providers and the few named providers the home page links. Never every provider or
 * review: the build's time and file count stay the same as the directory grows (README "Provider
 * pages"; provider pages are rendered on request).
 */
import { CITY_PAGES, FEATURED } from '../../config';
import { getDb, type Db } from '../../db/client';
import { listedProviders, orderedProviders, toProvider } from '../providers/index.server';
import type { Provider } from '../providers/schemas';
import { slugify } from '../providers';

export interface City {
  name: string;
  state: string;
  slug: string;
  count: number;
}

export interface SiteData {
  /** Listed providers. */
  providerCount: number;
  /** Every city with providers, most providers first. */
  cities: City[];
  /** Mean of every review, one decimal. */
  averageRating: number;
  reviewTotal: number;
  featured: Provider[];
}

let cached: Promise<SiteData> | undefined;

/**
 * Featured on home: promoted or rated 4.8 and up, at most six, in result order; vetted listings only
 * (docs/moderation.md), none permanently closed (docs/owners.md "Statuses").
 */
export async function featuredProviders(database: Db): Promise<Provider[]> {
  const rows = await orderedProviders(database)
    .where('vetted_at', 'is not', null)
    .where('status', '<>', 'permanently_closed')
    .where((eb) => eb.or([eb('isPromoted', '=', 1), eb('rating', '>=', FEATURED.minRating)]))
    .limit(FEATURED.max)
    .execute();
  return rows.map(toProvider);
}

/** Provider counts per city name (one page per name), kept by triggers; bounded by the number of US cities. */
async function cityCounts(): Promise<City[]> {
  const { db } = await getDb();
  const rows = await db.selectFrom('city_counts').select(['city', 'state', 'n']).where('n', '>', 0).execute();
  const bySlug = new Map<string, City & { top: number }>();
  for (const row of rows) {
    const slug = slugify(row.city);
    const n = Number(row.n);
    const city = bySlug.get(slug) ?? { name: row.city, state: row.state, slug, count: 0, top: 0 };
    city.count += n;
    // A name in several states is shown with the state holding most of its providers.
    if (n > city.top) Object.assign(city, { state: row.state, top: n });
    bySlug.set(slug, city);
  }
  return [...bySlug.values()].map(({ top: _, ...c }) => c).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Count and mean of every review, from the one row triggers keep (a count would read every review). */
async function reviewStats(): Promise<{ reviewTotal: number; averageRating: number }> {
  const { db } = await getDb();
  // Published reviews of listed providers: what the pages show (docs/moderation.md; kept by the triggers of migrations/0011).
  const row = await db.selectFrom('review_stats').select(['n', 'ratingSum']).executeTakeFirst();
  const n = Number(row?.n ?? 0);
  return { reviewTotal: n, averageRating: n === 0 ? 0 : Math.round((Number(row!.ratingSum) / n) * 10) / 10 };
}

async function load(): Promise<SiteData> {
  const [cities, featured, reviews] = await Promise.all([cityCounts(), getDb().then(featuredProviders), reviewStats()]);
  return { providerCount: cities.reduce((sum, c) => sum + c.count, 0), cities, featured, ...reviews };
}

export function getSiteData(): Promise<SiteData> {
  cached ??= load();
  return cached;
}

/** The cities that get a pre-built page: a fixed number of the largest (CITY_PAGES.prebuilt). */
export function prebuiltCities(cities: City[]): City[] {
  return cities.slice(0, CITY_PAGES.prebuilt);
}

/** Providers by slug, for the few links a page names (the home page's popular searches). */
export async function providersBySlug(slugs: readonly string[]): Promise<Map<string, Provider>> {
  const rows = slugs.length
    ? await listedProviders(await getDb())
        .selectAll()
        .where('slug', 'in', slugs)
        .execute()
    : [];
  return new Map(rows.map((row) => [row.slug, toProvider(row)]));
}
