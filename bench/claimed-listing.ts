/**
 * Makes one seed listing of the database at DATABASE_URL a claimed one, for `npm run lighthouse`
 * on its page (docs/BENCHMARKS.md "Lighthouse"): assigned to an owner (support's path of
 * docs/owners.md), saved once from the dashboard (so the page says "Updated by the business on …"),
 * and a public response under its first review. Run it on a copy, never on data/glow.db:
 *
 *   cp .test-data/build.db /tmp/glow-claimed.db
 *   DATABASE_URL=file:/tmp/glow-claimed.db npx tsx bench/claimed-listing.ts [slug]
 *
 * Prints the page's path.
 */
import { closeDb, databaseUrl, getDb } from '../src/db/client';
import { ownerListing, saveListingEdit } from '../src/features/owners/listingEdits.server';
import { assignListing } from '../src/features/owners/ownersModeration.server';
import { createReply } from '../src/features/owners/replies.server';
import { listingEditSchema } from '../src/features/owners/schemas/listingEdit';

const slug = process.argv[2] ?? 'lacquer-lace-nail-studio-new-york';
const url = databaseUrl();
if (/data\/glow\.db$/.test(url)) throw new Error('Point DATABASE_URL at a copy: this script changes the listing.');
const database = await getDb(url);
const email = 'owner@lacquerlace.example.com';
const { providerId } = await assignListing(database, slug, email, 'bench', 'Lighthouse on a claimed listing');
const user = await database.db.selectFrom('listing_owners').select('userId').where('providerId', '=', providerId).executeTakeFirstOrThrow();

// One dashboard save: the same hours with Sunday changed, through the dashboard's schema.
const current = await ownerListing(database, providerId);
const edit = listingEditSchema.parse({
  ...current,
  website: current.website ?? '',
  openingHours: { ...current.openingHours, sunday: '11:00 AM - 4:00 PM' },
});
await saveListingEdit(database, providerId, edit, email);

const review = await database.db
  .selectFrom('reviews')
  .select('id')
  .where('providerId', '=', providerId)
  .where('status', '=', 'published')
  .orderBy('createdAt', 'desc')
  .executeTakeFirstOrThrow();
const replied = await database.db.selectFrom('review_replies').select('id').where('reviewId', '=', review.id).executeTakeFirst();
if (!replied)
  await createReply(database, {
    reviewId: review.id,
    body: 'Thank you for visiting us and for taking the time to write. We are glad the gel manicure lasted, and we look forward to your next appointment.',
    userId: user.userId,
    actor: email,
  });
await closeDb(url);
console.log(`/provider/${slug}`);
