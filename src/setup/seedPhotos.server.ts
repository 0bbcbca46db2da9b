/**
 * Seed photos (docs/photos.md "Seed photos"): every seed provider gets three to six pictures of its
 * own, drawn by the project's image generator (imagegen/) and varied per provider (scene, palette,
 * framing, mirror, hue), then put through the same checking and storing as an owner's upload. Made
 * at setup time into the Blobs store rather than committed: the repository stays small, and the
 * same scenes give the same bytes, so a second database reuses the stored pictures.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { CATEGORY_SCENES, PALETTES, sceneSvg } from '../../imagegen/scenes';
import { getStore } from '@netlify/blobs';
import type { Db } from '../db/client';
import { getPhotoBytes } from '../features/photos/index.server';
import { type CleanPhoto, encodeStoredPhoto } from '../features/photos/index.server';
import { addPhoto } from '../features/photos/index.server';
import type { PhotoCategory } from '../features/photos';
import { categoriesOfServices, taxonomy } from '../features/catalog';

/** What the generator draws for a category, in words for the alt text. */
const SCENE_WORDS: Record<string, string> = {
  nails: 'manicure station',
  hair: 'styling chair',
  brows: 'brow and lash corner',
  makeup: 'makeup table',
  skincare: 'facial treatment room',
  beauty: 'vanity area',
  massage: 'massage room',
};
const PALETTE_WORDS: Record<string, string> = {
  blush: 'blush pink',
  peach: 'peach',
  mauve: 'mauve',
  sand: 'warm sand',
  sage: 'sage green',
  rose: 'rose',
  dusk: 'evening plum',
};
const FRAMINGS = ['wide view', 'close view', 'view from the left', 'view from the right'] as const;

/** A small deterministic random source per provider (mulberry32 over a hash of its slug). */
function random(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SeedPhotoPlan {
  scene: string;
  palette: string;
  /** Fraction of the picture kept (1 = all) and where the window sits (0..1 each way). */
  zoom: number;
  x: number;
  y: number;
  flop: boolean;
  hue: number;
  alt: string;
  category: PhotoCategory;
}

/** The photos a provider gets: 3 to 6 (or `count`), from its own categories' scenes first. */
export function seedPhotoPlan(provider: { slug: string; name: string; services: readonly string[] }, count?: number): SeedPhotoPlan[] {
  const next = random(`photos:${provider.slug}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const own = categoriesOfServices(provider.services).filter((c): c is keyof typeof CATEGORY_SCENES => c in CATEGORY_SCENES);
  const categories = own.length ? own : (['beauty'] as const);
  const drawn = 3 + Math.floor(next() * 4);
  const wanted = count ?? drawn;
  const plans: SeedPhotoPlan[] = [];
  const used = new Set<string>();
  for (let i = 0; plans.length < wanted && i < 500; i++) {
    const category = categories[plans.length % categories.length]!;
    const scene = pick(CATEGORY_SCENES[category]);
    const palette = pick(PALETTES);
    if (used.has(`${scene}:${palette}`)) continue;
    used.add(`${scene}:${palette}`);
    const framing = pick(FRAMINGS);
    const label = taxonomy.categories.find((c) => c.slug === category)?.label ?? category;
    plans.push({
      scene,
      palette,
      zoom: framing === 'wide view' ? 1 : 0.7 + next() * 0.2,
      x: framing === 'view from the left' ? 0 : framing === 'view from the right' ? 1 : next(),
      y: next(),
      flop: next() < 0.5,
      hue: Math.round((next() - 0.5) * 30),
      alt: `Illustration of the ${SCENE_WORDS[category] ?? 'salon'} at ${provider.name} in ${PALETTE_WORDS[palette] ?? palette} tones, ${framing} (${label})`,
      category: plans.length === 0 ? 'interior' : 'work',
    });
  }
  return plans;
}

/**
 * Scene rasters are drawn at this size, once per scene and palette; each photo is a window of one
 * (its framing) at the window's own size, so no photo is resized: 717 to 1,024 pixels wide, enough
 * for the 720-pixel cover (docs/photos.md "Seed photos").
 */
const SIZE = { width: 1024, height: 768 } as const;
/** Bump when a change to the drawing or the cleaning makes other bytes of the same plan. */
const VERSION = 2;
/** Scene rasters (raw pixels) by scene and palette: many providers share one, so each is drawn once. */
const rasters = new Map<string, Promise<Buffer>>();

function raster(scene: string, palette: string): Promise<Buffer> {
  const id = `${scene}:${palette}`;
  let hit = rasters.get(id);
  if (!hit) {
    hit = sharp(Buffer.from(sceneSvg(scene, palette, SIZE.width, SIZE.height)))
      .removeAlpha()
      .raw()
      .toBuffer();
    rasters.set(id, hit);
  }
  return hit;
}

/**
 * A hue rotation by `degrees` as a colour matrix (the one of SVG's feColorMatrix "hueRotate"): a
 * tenth of the cost of sharp's modulate, which converts every pixel to LCh and back.
 */
function hueMatrix(degrees: number): [[number, number, number], [number, number, number], [number, number, number]] {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [
    [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
    [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283],
    [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
  ];
}

/**
 * A plan's photo, ready to store: its window of the scene, mirrored and hue-turned, encoded as every
 * stored photo is (encodeStoredPhoto). Not sent through cleanPhoto's checks: the bytes are our own,
 * and a JPEG round trip to get there doubled the cost of drawing (docs/BENCHMARKS.md).
 */
export async function renderSeedPhoto(plan: SeedPhotoPlan): Promise<CleanPhoto> {
  const base = await raster(plan.scene, plan.palette);
  const width = Math.round(SIZE.width * plan.zoom);
  const height = Math.round(SIZE.height * plan.zoom);
  let image = sharp(base, { raw: { width: SIZE.width, height: SIZE.height, channels: 3 } }).extract({
    left: Math.round((SIZE.width - width) * plan.x),
    top: Math.round((SIZE.height - height) * plan.y),
    width,
    height,
  });
  if (plan.flop) image = image.flop();
  if (plan.hue) image = image.recomb(hueMatrix(plan.hue));
  return encodeStoredPhoto(image);
}

type Manifest = Record<string, Omit<CleanPhoto, 'bytes' | 'contentType'>>;
/** Plans already drawn and stored, by plan: a new database of the same seed reuses them (seconds, not minutes). */
const manifestStore = () => getStore({ name: 'photo-seed-cache', consistency: 'strong' });
const planId = (plan: SeedPhotoPlan) => createHash('sha256').update(JSON.stringify({ VERSION, plan })).digest('hex').slice(0, 24);

/** The plan's cleaned photo: from the manifest when its bytes are still stored, else drawn now. */
async function seedPhoto(plan: SeedPhotoPlan, manifest: Manifest): Promise<CleanPhoto> {
  const id = planId(plan);
  const known = manifest[id];
  const stored = known ? await getPhotoBytes(known.key) : null;
  if (known && stored) return { ...known, bytes: Buffer.from(stored.bytes), contentType: stored.contentType };
  const clean = await renderSeedPhoto(plan);
  manifest[id] = { key: clean.key, width: clean.width, height: clean.height };
  return clean;
}

/** Runs `task` over `items`, `width` at a time (sharp works on libuv's threads; JavaScript only waits). */
async function pool<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const run = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, run));
}

export interface SeedPhotosOptions {
  /** Only these providers (by slug): the tests name the ones they look at. */
  only?: string[];
  /** Only the first N providers (in seed order). */
  first?: number;
  /** Photos per provider instead of three to six (`npm run lighthouse -- --photos 12`). */
  count?: number;
  /**
   * Called once every provider has its cover (its first photo), before the rest are drawn, with how
   * many covers were added: `npm start` builds from then on, as the build's cards show covers only.
   */
  onCovers?: (added: number) => void | Promise<void>;
}

/**
 * Gives every provider of the database that has no photo its seed photos (providers' names and
 * services from the database): every cover first, then the rest. Returns how many photos it added.
 */
export async function seedPhotos(database: Db, { only, first, count, onCovers }: SeedPhotosOptions = {}): Promise<number> {
  let query = database.db
    .selectFrom('providers')
    .select(['id', 'slug', 'name', 'services'])
    .where('isHidden', '=', 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('photos').select('photos.id').whereRef('photos.providerId', '=', 'providers.id'))))
    .orderBy('seq');
  if (only) query = query.where('slug', 'in', only.length ? only : ['']);
  if (first !== undefined) query = query.limit(first);
  const providers = (await query.execute()).map((p) => ({ id: p.id, plans: seedPhotoPlan({ ...p, services: JSON.parse(p.services) as string[] }, count) }));
  const manifest = ((await manifestStore().get('manifest', { type: 'json' })) ?? {}) as Manifest;
  let added = 0;
  const stored = new Map<string, Promise<unknown>>();
  const add = async ({ id, plan }: { id: string; plan: SeedPhotoPlan }) => {
    const drawing = seedPhoto(plan, manifest);
    drawing.catch(() => {}); // awaited below; this only keeps Node from calling it unhandled meanwhile
    // Drawn side by side but stored in plan order, so a provider's photos get the same positions on every start.
    const store = (stored.get(id) ?? Promise.resolve()).then(async () => addPhoto(database, id, await drawing, { alt: plan.alt, category: plan.category }));
    stored.set(
      id,
      store.catch(() => {}),
    );
    if (!(await store).duplicate) added++;
  };
  // One more task than cores: while one waits on the database or the Blobs server, the others draw.
  const width = availableParallelism() + 1;
  await pool(
    providers.map(({ id, plans }) => ({ id, plan: plans[0]! })),
    width,
    add,
  );
  await onCovers?.(added);
  await pool(
    providers.flatMap(({ id, plans }) => plans.slice(1).map((plan) => ({ id, plan }))),
    width,
    add,
  );
  rasters.clear();
  await manifestStore().setJSON('manifest', manifest);
  return added;
}
