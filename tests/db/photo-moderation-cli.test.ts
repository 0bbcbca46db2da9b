/**
 * `npm run moderate` on photos (docs/photos.md "Moderation"): a real process against a temporary
 * database file; photos stored through a real local Blobs server. A hidden photo leaves the gallery
 * and the cover at once and comes back as it was on restore.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderateRuns, runModerate } from '../helpers/moderateCli';
import { closeDb, type Db } from '../../src/db/client';
import { startLocalBlobs, type LocalBlobs } from '../../src/local-server/blobs';
import { cleanPhoto } from '../../src/features/photos/imageCheck.server';
import { addPhoto, reportPhoto, visiblePhotos } from '../../src/features/photos/photos.server';
import { getProviderBySlug } from '../../src/features/providers/providers.server';
import { setupDatabase } from '../../src/setup/setup';
import { tempDatabaseUrl } from '../helpers/api';

let database: Db;
let url: string;
let dir: string;
let blobs: LocalBlobs | null;
let providerId: string;
const photoIds: string[] = [];
const SLUG = 'lacquer-lace-nail-studio-new-york';

beforeAll(async () => {
  ({ url, dir } = tempDatabaseUrl());
  blobs = await startLocalBlobs(join(dir, 'blobs'));
  database = await setupDatabase(url);
  providerId = (await getProviderBySlug(database, SLUG))!.id;
  for (const colour of ['#aa2266', '#2266aa']) {
    const clean = await cleanPhoto(
      await sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
    photoIds.push((await addPhoto(database, providerId, clean, { alt: `Front desk painted ${colour}`, category: 'interior' })).photo.id);
  }
});
afterAll(async () => {
  await closeDb(url);
  await blobs?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const moderate = (...args: string[]) => runModerate(url, ...args);

const provider = async () => (await getProviderBySlug(database, SLUG))!;

describe('npm run moderate on photos', () => {
  it(
    'lists reported photos',
    async () => {
      await reportPhoto(database, photoIds[0]!, { reason: 'offensive', details: 'Not this salon' });
      const { status, out } = moderate('list');
      expect(status).toBe(0);
      expect(out).toContain(`photo ${photoIds[0]} (visible) on ${SLUG}: 1 report(s), offensive`);
    },
    moderateRuns(1),
  );

  it(
    'hide-photo takes the cover off the page and the cards, closes its reports and records why; restore-photo brings it back',
    async () => {
      const cover = (await visiblePhotos(database, providerId))[0]!;
      expect(cover.id).toBe(photoIds[0]);
      expect((await provider()).imageUrl).toBe(cover.url);

      const hide = moderate('hide-photo', photoIds[0]!, '--reason', 'Stock photo of another salon');
      expect(hide.status, hide.out).toBe(0);
      expect(hide.out).toContain('is now hidden from every page');
      expect((await visiblePhotos(database, providerId)).map((p) => p.id)).toEqual([photoIds[1]]);
      expect((await provider()).imageUrl).toBe((await visiblePhotos(database, providerId))[0]!.url);
      const open = await database.client.execute({
        sql: 'SELECT count(*) AS n FROM photo_reports WHERE photoId = ? AND resolvedAt IS NULL',
        args: [photoIds[0]!],
      });
      expect(Number(open.rows[0]!.n)).toBe(0);
      const audit = await database.client.execute({
        sql: 'SELECT action, reason, actor FROM photo_moderation_actions WHERE photoId = ?',
        args: [photoIds[0]!],
      });
      expect(audit.rows[0]).toMatchObject({ action: 'hide-photo', reason: 'Stock photo of another salon', actor: 'ops-jordan' });

      expect(moderate('restore-photo', photoIds[0]!, '--reason', 'The owner sent proof').status).toBe(0);
      expect((await visiblePhotos(database, providerId)).map((p) => p.id)).toEqual(photoIds);
      expect((await provider()).imageUrl).toBe(cover.url);
    },
    moderateRuns(2),
  );

  it(
    'refuses an unknown photo or a missing reason, changing nothing',
    async () => {
      expect(moderate('hide-photo', 'nope', '--reason', 'x').status).toBe(1);
      expect(moderate('hide-photo', photoIds[1]!).status).toBe(2);
      expect((await visiblePhotos(database, providerId)).length).toBe(2);
    },
    moderateRuns(2),
  );
});
