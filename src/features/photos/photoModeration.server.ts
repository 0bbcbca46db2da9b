/**
 * Moderation of photos by an operator (`npm run moderate`; docs/photos.md "Moderation"): hiding and
 * restoring, each one transaction with its audit row and the photo's open reports closed. A hidden
 * photo leaves the page, the gallery, the cards and the served files; its bytes stay, so a restore
 * brings it back as it was. Its content key is kept in hidden_photo_keys, so the same picture
 * uploaded again, to any listing, is stored hidden (photos.server.ts addPhoto). No HTTP and no CLI here.
 */
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';

export type PhotoModerationAction = 'hide-photo' | 'restore-photo' | 'keep-photo';

export interface PhotoActionResult {
  action: PhotoModerationAction;
  /** The listing whose page changed (its CDN tag needs a purge). */
  providerId: string;
  summary: string;
  changed: boolean;
}

export async function moderatePhoto(
  database: Db,
  action: PhotoModerationAction,
  { target, reason, actor }: { target: string; reason: string; actor: string },
  now = new Date(),
): Promise<PhotoActionResult> {
  if (!reason.trim()) throw new Error('A reason is required: it is kept with the action.');
  if (!actor.trim()) throw new Error('Who acts is required (USER).');
  const photo = await database.db.selectFrom('photos').select(['id', 'providerId', 'status', 'alt']).where('id', '=', target).executeTakeFirst();
  if (!photo) throw new NotFoundError(`No photo with id ${target}.`);
  // Keeping leaves the photo as it is and closes its reports.
  const status = action === 'hide-photo' ? 'hidden' : action === 'restore-photo' ? 'visible' : photo.status;
  const at = now.toISOString();
  await database.client.batch(
    [
      { sql: 'UPDATE photos SET status = ?, updatedAt = ? WHERE id = ?', args: [status, at, photo.id] },
      { sql: 'UPDATE photo_reports SET resolvedAt = ? WHERE photoId = ? AND resolvedAt IS NULL', args: [at, photo.id] },
      // The picture stays hidden by its content key: uploaded again, by anyone, it is stored hidden.
      ...(action === 'hide-photo'
        ? [{ sql: 'INSERT OR IGNORE INTO hidden_photo_keys (key, hiddenAt) SELECT key, ? FROM photos WHERE id = ?', args: [at, photo.id] }]
        : action === 'restore-photo'
          ? [{ sql: 'DELETE FROM hidden_photo_keys WHERE key = (SELECT key FROM photos WHERE id = ?)', args: [photo.id] }]
          : []),
      {
        sql: 'INSERT INTO photo_moderation_actions (id, action, photoId, reason, actor, createdAt) VALUES (?, ?, ?, ?, ?, ?)',
        args: [crypto.randomUUID(), action, photo.id, reason, actor, at],
      },
    ],
    'write',
  );
  const changed = photo.status !== status;
  const summary =
    action === 'keep-photo'
      ? `Photo ${photo.id} stays as it is; its reports are closed.`
      : changed
        ? `Photo ${photo.id} is now ${status === 'hidden' ? 'hidden from every page' : 'shown again'}.`
        : `Photo ${photo.id} was already ${status}.`;
  return { action, providerId: photo.providerId, summary, changed };
}
