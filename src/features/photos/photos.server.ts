/**
 * A listing's photos: rows in the database, bytes in the Blobs store (docs/photos.md). No HTTP here:
 * functions/ parse requests, check the owner and purge; pages read the visible photos.
 *
 * Order of a write: every check that can refuse runs before a byte is stored, the blob is written
 * before its row (a row never names missing bytes), and a row that cannot be written takes its blob
 * back out unless another row names the same bytes.
 */
import { createHash } from 'node:crypto';
import type { InStatement } from '@libsql/client';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { IdOf } from '../../db/batchedReads';
import type { PhotosTable } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { deletePhotoBytes, putPhotoBytes } from './blobStore.server';
import type { CleanPhoto } from './imageCheck.server';
import { PHOTO_LIMITS } from './photoRules';
import { photoFileUrl } from '../providers';
import type { ownerPhotoSchema, Photo, PhotoReport, PhotoUpdate, PhotoUpload } from './schemas/photo';
import type { z } from '../../lib/zod';
import { fileReport, type Reportable } from '../reports/index.server';
import type { ReportCreate } from '../reports/schemas';

type PhotoRow = Selectable<PhotosTable>;

export function toPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    providerId: row.providerId,
    url: photoFileUrl(row.key),
    width: Number(row.width),
    height: Number(row.height),
    alt: row.alt,
    category: row.category,
    position: Number(row.position),
    isCover: Boolean(row.isCover),
    createdAt: row.createdAt,
  };
}

export type OwnerPhoto = z.infer<typeof ownerPhotoSchema>;

/** The visible photos of a listing, cover first, then in the owner's order (the provider page). */
export async function visiblePhotos({ db }: Db, providerId: IdOf): Promise<Photo[]> {
  const rows = await db
    .selectFrom('photos')
    .selectAll()
    .where('providerId', '=', providerId)
    .where('status', '=', 'visible')
    .orderBy('isCover', 'desc')
    .orderBy('position')
    .execute();
  return rows.map(toPhoto);
}

/** Every photo of a listing in the owner's order, hidden ones marked (the dashboard). */
export async function ownerPhotos({ db }: Db, providerId: string): Promise<OwnerPhoto[]> {
  const rows = await db.selectFrom('photos').selectAll().where('providerId', '=', providerId).orderBy('position').execute();
  return rows.map((row) => ({ ...toPhoto(row), hidden: row.status === 'hidden' }));
}

/** Whether a listed provider with this id exists (photos belong only to listed providers). */
async function requireListed({ db }: Db, providerId: string): Promise<void> {
  const row = await db.selectFrom('providers').select('id').where('id', '=', providerId).where('isHidden', '=', 0).executeTakeFirst();
  if (!row) throw new NotFoundError('Provider not found');
}

async function keyInUse({ db }: Db, key: string): Promise<boolean> {
  return !!(await db.selectFrom('photos').select('id').where('key', '=', key).limit(1).executeTakeFirst());
}

/** Removes a blob no row names any more (the same bytes may belong to another listing). */
async function dropUnusedBytes(database: Db, key: string): Promise<void> {
  if (!(await keyInUse(database, key))) await deletePhotoBytes(key);
}

export const tooManyPhotosMessage = `A listing can have at most ${PHOTO_LIMITS.perListing} photos. Delete one before adding another.`;

/** The hash of an upload's own bytes, taken before anything decodes them (photos.sourceKey). */
export const photoSourceKey = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex').slice(0, 40);

/**
 * The checks an upload passes before its bytes are decoded (docs/photos.md "Limits"): the listing is
 * listed, the same file sent to it before is answered with the photo it made (`duplicate`), and a
 * full listing is refused, so neither a repeat nor a 31st picture costs a decode.
 */
export async function checkUpload(database: Db, providerId: string, sourceKey: string): Promise<Photo | null> {
  await requireListed(database, providerId);
  const { db } = database;
  const [existing, count] = await Promise.all([
    db.selectFrom('photos').selectAll().where('providerId', '=', providerId).where('sourceKey', '=', sourceKey).executeTakeFirst(),
    db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('providerId', '=', providerId)
      .executeTakeFirstOrThrow(),
  ]);
  if (existing) return toPhoto(existing);
  if (Number(count.n) >= PHOTO_LIMITS.perListing) throw new ConflictError(tooManyPhotosMessage);
  return null;
}

/**
 * Adds a cleaned photo to a listing. The same picture twice is recognised by its key and answered
 * with the photo already there (`duplicate`). The first photo of a listing becomes its cover. A
 * picture a moderator hid (hidden_photo_keys) is stored hidden, whoever uploads it.
 */
export async function addPhoto(
  database: Db,
  providerId: string,
  clean: CleanPhoto,
  input: PhotoUpload,
  now = new Date(),
  sourceKey: string | null = null,
): Promise<{ photo: Photo; duplicate: boolean }> {
  await requireListed(database, providerId);
  const { db, client } = database;
  const existing = await db.selectFrom('photos').selectAll().where('providerId', '=', providerId).where('key', '=', clean.key).executeTakeFirst();
  if (existing) return { photo: toPhoto(existing), duplicate: true };
  const { n } = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('providerId', '=', providerId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= PHOTO_LIMITS.perListing) throw new ConflictError(tooManyPhotosMessage);

  await putPhotoBytes(clean.key, clean.bytes, clean.contentType);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  // One statement: the limit, the position and the cover are decided where the row is written, so
  // two uploads at once cannot pass 30 or make two covers.
  let rowsAffected = 0;
  try {
    ({ rowsAffected } = await client.execute({
      sql: `INSERT INTO photos (id, providerId, key, width, height, alt, category, position, isCover, createdAt, updatedAt, sourceKey, status)
            SELECT :id, :providerId, :key, :width, :height, :alt, :category,
                   COALESCE((SELECT MAX(position) + 1 FROM photos WHERE providerId = :providerId), 0),
                   NOT EXISTS (SELECT 1 FROM photos WHERE providerId = :providerId AND isCover = 1),
                   :at, :at, :sourceKey,
                   CASE WHEN EXISTS (SELECT 1 FROM hidden_photo_keys WHERE key = :key) THEN 'hidden' ELSE 'visible' END
            WHERE (SELECT COUNT(*) FROM photos WHERE providerId = :providerId) < :limit`,
      args: {
        id,
        providerId,
        key: clean.key,
        width: clean.width,
        height: clean.height,
        alt: input.alt,
        category: input.category,
        at,
        sourceKey,
        limit: PHOTO_LIMITS.perListing,
      },
    }));
  } catch (error) {
    await dropUnusedBytes(database, clean.key);
    // The same picture uploaded twice at once: the unique (providerId, key) index kept one.
    const again = await db.selectFrom('photos').selectAll().where('providerId', '=', providerId).where('key', '=', clean.key).executeTakeFirst();
    if (again) return { photo: toPhoto(again), duplicate: true };
    throw error;
  }
  if (rowsAffected !== 1) {
    await dropUnusedBytes(database, clean.key);
    throw new ConflictError(tooManyPhotosMessage);
  }
  const row = await db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { photo: toPhoto(row), duplicate: false };
}

async function photoOf({ db }: Db, providerId: string, photoId: string): Promise<PhotoRow> {
  const row = await db.selectFrom('photos').selectAll().where('id', '=', photoId).where('providerId', '=', providerId).executeTakeFirst();
  if (!row) throw new NotFoundError('Photo not found');
  return row;
}

/** Changes a photo's alt text or category, or makes it the cover; one transaction. */
export async function updatePhoto(database: Db, providerId: string, photoId: string, update: PhotoUpdate, now = new Date()): Promise<OwnerPhoto> {
  await photoOf(database, providerId, photoId);
  const at = now.toISOString();
  const statements: InStatement[] = [];
  if (update.isCover) {
    statements.push({ sql: 'UPDATE photos SET isCover = 0, updatedAt = ? WHERE providerId = ? AND isCover = 1 AND id <> ?', args: [at, providerId, photoId] });
    statements.push({ sql: 'UPDATE photos SET isCover = 1, updatedAt = ? WHERE id = ?', args: [at, photoId] });
  }
  if (update.alt !== undefined) statements.push({ sql: 'UPDATE photos SET alt = ?, updatedAt = ? WHERE id = ?', args: [update.alt, at, photoId] });
  if (update.category !== undefined)
    statements.push({ sql: 'UPDATE photos SET category = ?, updatedAt = ? WHERE id = ?', args: [update.category, at, photoId] });
  await database.client.batch(statements, 'write');
  const row = await photoOf(database, providerId, photoId);
  return { ...toPhoto(row), hidden: row.status === 'hidden' };
}

/** Puts the listing's photos in the given order; `ids` must name each of them once. */
export async function reorderPhotos(database: Db, providerId: string, ids: string[], now = new Date()): Promise<OwnerPhoto[]> {
  const current = await ownerPhotos(database, providerId);
  const known = new Set(current.map((p) => p.id));
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new ConflictError('The order must list every photo of the listing once. Reload the page and try again.');
  }
  const at = now.toISOString();
  await database.client.batch(
    ids.map((id, position) => ({ sql: 'UPDATE photos SET position = ?, updatedAt = ? WHERE id = ? AND providerId = ?', args: [position, at, id, providerId] })),
    'write',
  );
  return ownerPhotos(database, providerId);
}

/**
 * Deletes a photo: its row, then its bytes unless another listing holds the same picture. A
 * deleted cover passes to the next photo in order.
 */
export async function deletePhoto(database: Db, providerId: string, photoId: string, now = new Date()): Promise<void> {
  const row = await photoOf(database, providerId, photoId);
  const statements: InStatement[] = [{ sql: 'DELETE FROM photos WHERE id = ?', args: [photoId] }];
  if (row.isCover) {
    statements.push({
      sql: `UPDATE photos SET isCover = 1, updatedAt = ? WHERE id = (SELECT id FROM photos WHERE providerId = ? ORDER BY status = 'visible' DESC, position LIMIT 1)`,
      args: [now.toISOString(), providerId],
    });
  }
  await database.client.batch(statements, 'write');
  await dropUnusedBytes(database, row.key);
}

/** Whether a visible photo of a listed provider has this key: only those are served. */
export async function isServedKey({ db }: Db, key: string): Promise<{ providerIds: string[] } | null> {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('providers', 'providers.id', 'photos.providerId')
    .select('photos.providerId')
    .where('photos.key', '=', key)
    .where('photos.status', '=', 'visible')
    .where('providers.isHidden', '=', 0)
    .execute();
  return rows.length ? { providerIds: rows.map((r) => r.providerId) } : null;
}

/**
 * A visitor's report of a visible photo; never hides anything by itself (docs/photos.md "Moderation").
 * One report per photo and address (migrations/0055).
 */
export function reportPhoto(database: Db, photoId: string, input: ReportCreate, now = new Date(), clientKey: string | null = null): Promise<PhotoReport> {
  return fileReport(database, PHOTOS, photoId, input, now, clientKey);
}

const PHOTOS: Reportable<'photoId'> = {
  table: 'photo_reports',
  key: 'photoId',
  up: "photos ph JOIN providers p ON p.id = ph.providerId WHERE ph.id = :photoId AND ph.status = 'visible' AND p.isHidden = 0",
  noun: 'photo',
  notFound: 'Photo not found',
};
