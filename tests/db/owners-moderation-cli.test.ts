/**
 * `npm run moderate` for owners (docs/owners.md "Support") as an operator runs it: a real process
 * against a temporary database file: claims listed, a listing assigned to an email and its claim
 * revoked, a response hidden and restored; each audited with who and why.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { moderateRuns, runModerate } from '../helpers/moderateCli';
import { withTempDatabase } from '../helpers/database';

let database: Db;
const { url } = withTempDatabase((opened) => {
  database = opened;
});
const SLUG = 'gramercy-gloss-nails-new-york';

const moderate = (...args: string[]) => runModerate(url, ...args);

const ownerOf = async () =>
  database.db
    .selectFrom('listing_owners')
    .innerJoin('providers', 'providers.id', 'listing_owners.providerId')
    .select(['listing_owners.email', 'listing_owners.via', 'providers.id'])
    .where('providers.slug', '=', SLUG)
    .executeTakeFirst();

describe('npm run moderate for owners', () => {
  it(
    'assigns a listing to an email, lists the claim, and revokes it, each audited',
    async () => {
      expect(moderate('assign', SLUG, 'Owner@Gramercy.example.org').status).toBe(2);
      const assigned = moderate('assign', SLUG, 'Owner@Gramercy.example.org', '--reason', 'Checked the business licence by phone');
      expect(assigned.out).toContain('is now managed by owner@gramercy.example.org');
      expect(assigned.status).toBe(0);
      expect(await ownerOf()).toMatchObject({ email: 'owner@gramercy.example.org', via: 'support' });

      const listed = moderate('claims');
      expect(listed.out).toContain(`claim ${SLUG} (claimed) on ${SLUG}`);
      expect(listed.out).toContain('    Claimed by: owner@gramercy.example.org\n    Proved by: support, by hand');

      const revoked = moderate('revoke-claim', SLUG, '--reason', 'The owner sold the salon');
      expect(revoked.status).toBe(0);
      expect(await ownerOf()).toBeUndefined();
      expect(moderate('revoke-claim', SLUG, '--reason', 'again').status).toBe(1);

      const audit = await database.db.selectFrom('owner_audit').select(['action', 'actor', 'reason']).orderBy('createdAt').execute();
      expect(audit).toEqual([
        { action: 'assign', actor: 'ops-jordan', reason: 'Checked the business licence by phone' },
        { action: 'revoke-claim', actor: 'ops-jordan', reason: 'The owner sold the salon' },
      ]);
    },
    moderateRuns(5),
  );

  it(
    'hides and restores a business response',
    async () => {
      const review = await database.db
        .selectFrom('reviews')
        .innerJoin('providers', 'providers.id', 'reviews.providerId')
        .select(['reviews.id', 'reviews.providerId'])
        .where('providers.slug', '=', SLUG)
        .executeTakeFirstOrThrow();
      const id = randomUUID();
      const at = new Date().toISOString();
      await database.db
        .insertInto('review_replies')
        .values({ id, reviewId: review.id, providerId: review.providerId, userId: 'u', body: 'We disagree.', createdAt: at, updatedAt: at })
        .execute();
      expect(moderate('hide-reply', id, '--reason', 'Shares the reviewer’s phone number').status).toBe(0);
      expect((await database.db.selectFrom('review_replies').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('hidden');
      expect(moderate('restore-reply', id, '--reason', 'Number removed').status).toBe(0);
      expect((await database.db.selectFrom('review_replies').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('published');
      expect(moderate('hide-reply', 'no-such-reply', '--reason', 'x').status).toBe(1);
    },
    moderateRuns(3),
  );
});
