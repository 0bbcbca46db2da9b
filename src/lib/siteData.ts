/**
 * What the build reads from the database, once per build (not once per page): every provider,
 * every review, and the counts and averages the pages show.
 */
import { FEATURED } from '../config';
import { getDb } from './db/client';
import { allProviders } from './providers';
import type { Provider } from './schemas/provider';
import type { Review } from './schemas/review';
import { slugify } from './slugify';

export interface City {
  name: string;
  state: string;
  slug: string;
  count: number;
}

export interface SiteData {
  providers: Provider[];
  reviewsByProvider: Map<string, Review[]>;
  cities: City[];
  /** Mean of every review, one decimal. */
  averageRating: number;
  reviewTotal: number;
  featured: Provider[];
}

let cached: Promise<SiteData> | undefined;

/** Featured on home: promoted or rated 4.8 and up, at most six, in result order (SPEC.md §9). */
export function featuredProviders(providers: Provider[]): Provider[] {
  return providers.filter((p) => p.isPromoted || Number(p.rating) >= FEATURED.minRating).slice(0, FEATURED.max);
}

async function load(): Promise<SiteData> {
  const database = await getDb();
  const providers = await allProviders(database);
  const reviews = await database.db.selectFrom('reviews').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  const reviewsByProvider = new Map<string, Review[]>();
  for (const r of reviews) {
    const list = reviewsByProvider.get(r.providerId) ?? [];
    list.push({ ...r, rating: Number(r.rating) });
    reviewsByProvider.set(r.providerId, list);
  }
  const byCity = new Map<string, City>();
  for (const p of providers) {
    const key = slugify(p.city);
    const city = byCity.get(key) ?? { name: p.city, state: p.state, slug: key, count: 0 };
    city.count++;
    byCity.set(key, city);
  }
  const reviewTotal = reviews.length;
  const averageRating = reviewTotal ? Math.round((reviews.reduce((s, r) => s + Number(r.rating), 0) / reviewTotal) * 10) / 10 : 0;
  return {
    providers,
    reviewsByProvider,
    cities: [...byCity.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    averageRating,
    reviewTotal,
    featured: featuredProviders(providers),
  };
}

export function getSiteData(): Promise<SiteData> {
  cached ??= load();
  return cached;
}
