/**
 * Seed photos (docs/photos.md "Seed photos"): drawn by the project's image generator over a
 * temporary database file into a real local Blobs server. Every provider gets three to six photos
 * of its own, covers first, stored as uploads are (content-hash keys, WebP without metadata), and a
 * second database reuses the bytes already stored.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, type Db } from '../../src/db/client';
import { getPhotoBytes } from '../../src/features/photos/blobStore.server';
import { startLocalBlobs, type LocalBlobs } from '../../src/local-server/blobs';
import { seedPhotoPlan, seedPhotos } from '../../src/setup/seedPhotos.server';
import { setupDatabase } from '../../src/setup/setup';
import { tempDatabaseUrl } from '../helpers/api';

const FIRST = 6;
let dir: string;
let url: string;
let database: Db;
let blobs: LocalBlobs | null;
const cleanup: string[] = [];

beforeAll(async () => {
  ({ url, dir } = tempDatabaseUrl());
  blobs = await startLocalBlobs(join(dir, 'blobs'));
  database = await setupDatabase(url);
});
afterAll(async () => {
  await closeDb(url);
  for (const other of cleanup) await closeDb(other);
  await blobs?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Row {
  slug: string;
  name: string;
  services: string;
  coverKey: string | null;
  key: string;
  width: number;
  height: number;
  alt: string;
  category: string;
  position: number;
  isCover: number;
}

async function photoRows(db: Db): Promise<Map<string, Row[]>> {
  const rows = (await db.db
    .selectFrom('photos')
    .innerJoin('providers', 'providers.id', 'photos.providerId')
    .select([
      'providers.slug',
      'providers.name',
      'providers.services',
      'providers.coverKey',
      'photos.key',
      'photos.width',
      'photos.height',
      'photos.alt',
      'photos.category',
      'photos.position',
      'photos.isCover',
    ])
    .orderBy('providers.seq')
    .orderBy('photos.position')
    .execute()) as Row[];
  const bySlug = new Map<string, Row[]>();
  for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
  return bySlug;
}

describe('seed photos', () => {
  let added = 0;
  let atCovers: Map<string, Row[]>;
  let coversAdded = -1;

  beforeAll(async () => {
    added = await seedPhotos(database, {
      first: FIRST,
      onCovers: async (n) => {
        coversAdded = n;
        atCovers = await photoRows(database);
      },
    });
  }, 120_000);

  it('gives each provider its cover first, before any other photo is stored', () => {
    expect(coversAdded).toBe(FIRST);
    expect(atCovers.size).toBe(FIRST);
    for (const rows of atCovers.values()) {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ isCover: 1, position: 0, category: 'interior' });
      expect(rows[0]!.coverKey).toBe(rows[0]!.key);
    }
  });

  it('gives every provider three to six photos of its own, in the order of its plan', async () => {
    const bySlug = await photoRows(database);
    expect(bySlug.size).toBe(FIRST);
    let total = 0;
    const owners = new Map<string, string>();
    for (const [slug, rows] of bySlug) {
      const plans = seedPhotoPlan({ slug, name: rows[0]!.name, services: JSON.parse(rows[0]!.services) as string[] });
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.length).toBeLessThanOrEqual(6);
      expect(rows.map((r) => r.alt)).toEqual(plans.map((p) => p.alt));
      expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
      expect(rows.filter((r) => r.isCover).map((r) => r.position)).toEqual([0]);
      expect(rows[0]!.coverKey).toBe(rows[0]!.key);
      for (const row of rows) {
        // Varied per provider: no picture is shared with another provider.
        expect(owners.get(row.key) ?? slug).toBe(slug);
        owners.set(row.key, slug);
      }
      total += rows.length;
    }
    expect(added).toBe(total);
  });

  it('stores each photo as an upload is stored: WebP without metadata, under the hash of its bytes', async () => {
    const rows = [...(await photoRows(database)).values()].flat();
    for (const row of rows) {
      expect(row.key).toMatch(/^[a-f0-9]{40}\.webp$/);
      const stored = await getPhotoBytes(row.key);
      expect(stored?.contentType).toBe('image/webp');
      const bytes = Buffer.from(stored!.bytes);
      expect(`${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}.webp`).toBe(row.key);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: row.width, height: row.height });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      // A window of the 1,024 × 768 scene: wide enough for the 720-pixel cover, in its 4:3 frame.
      expect(row.width).toBeGreaterThanOrEqual(717);
      expect(row.width).toBeLessThanOrEqual(1024);
      expect(Math.abs(row.width / row.height - 4 / 3)).toBeLessThan(0.01);
    }
  });

  it('adds nothing to providers that already have photos', async () => {
    const before = await photoRows(database);
    expect(await seedPhotos(database, { only: [...before.keys()] })).toBe(0);
    expect(await photoRows(database)).toEqual(before);
  });

  it('gives a second database of the same seed the same photos', async () => {
    const other = tempDatabaseUrl();
    cleanup.push(other.url);
    const second = await setupDatabase(other.url);
    try {
      expect(await seedPhotos(second, { first: FIRST })).toBe(added);
      const keys = (m: Map<string, Row[]>) => [...m].map(([slug, rows]) => [slug, rows.map((r) => r.key)]);
      expect(keys(await photoRows(second))).toEqual(keys(await photoRows(database)));
    } finally {
      rmSync(other.dir, { recursive: true, force: true });
    }
  });

  it('draws as many photos as asked for a page measured with a dozen', async () => {
    const other = tempDatabaseUrl();
    cleanup.push(other.url);
    const second = await setupDatabase(other.url);
    try {
      const slug = [...(await photoRows(database)).keys()][0]!;
      expect(await seedPhotos(second, { only: [slug], count: 12 })).toBe(12);
      expect((await photoRows(second)).get(slug)).toHaveLength(12);
    } finally {
      rmSync(other.dir, { recursive: true, force: true });
    }
  });
});
