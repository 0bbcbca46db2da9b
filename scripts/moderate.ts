/**
 * `npm run moderate -- <command>`: moderation from the command line against DATABASE_URL (a file or
 * a remote libSQL database; docs/moderation.md). Every action is recorded with who ($USER), when
 * and why, and purges the provider's CDN page; on Netlify's CDN that needs NETLIFY_PURGE_API_TOKEN
 * and SITE_ID in the environment, without them nothing is purged and the page's CDN lifetime applies.
 */
import { parseArgs } from 'node:util';
import { closeDb, getDb } from '../src/db/client';
import { env } from '../src/env.server';
import { NotFoundError } from '../src/lib/errors';
import { moderateListing, moderateReview, newestListings, openReports, type ActionResult } from '../src/features/moderation/moderation.server';
import { printable as p } from '../src/features/moderation/printable';
import { moderatePhoto, openPhotoReports, type PhotoModerationAction } from '../src/features/photos/photoModeration.server';
import { purgeTags } from '../src/server/cachePurge';
import { CACHE_TAGS } from '../src/server/cdnCache';

const USAGE = `Usage: npm run moderate -- <command>

  list                                    open reports (most recently reported first) and the newest listings
  hide-review ID --reason "..."           hide a review: off the page, out of the rating and count
  restore-review ID --reason "..."        publish a hidden review again
  keep-review ID --reason "..."           keep a reported review published and close its reports
  hide-listing SLUG --reason "..."        remove a listing: its page answers 410, it leaves search, lists and sitemaps
  restore-listing SLUG --reason "..."     list a hidden listing again
  hide-photo ID --reason "..."            hide a photo: off the page, the gallery, the cards and its file at once
  restore-photo ID --reason "..."         show a hidden photo again

DATABASE_URL (and DATABASE_AUTH_TOKEN) choose the database; USER is recorded as who acted.`;

const REVIEW_COMMANDS = ['hide-review', 'restore-review', 'keep-review'] as const;
const LISTING_COMMANDS = ['hide-listing', 'restore-listing'] as const;
const PHOTO_COMMANDS = ['hide-photo', 'restore-photo'] as const;
type ReviewCommand = (typeof REVIEW_COMMANDS)[number];
type ListingCommand = (typeof LISTING_COMMANDS)[number];

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Everything printed from the database goes through p() (printable.ts): stored text cannot drive the terminal. */
async function list(): Promise<void> {
  const database = await getDb();
  const [reports, listings] = await Promise.all([openReports(database), newestListings(database)]);
  console.log(reports.length ? `Open reports (${reports.length}):` : 'No open reports.');
  for (const r of reports) {
    console.log(`\n  review ${p(r.reviewId)} (${p(r.status)}) on ${p(r.providerSlug)}: ${r.reports} report(s), ${p(r.reasons)}; latest ${p(r.latest)}`);
    console.log(`    ${r.rating}/5 by ${p(r.customerName)}: ${r.comment === null ? '(no comment)' : p(r.comment)}`);
  }
  const photos = await openPhotoReports(database);
  console.log(photos.length ? `\nReported photos (${photos.length}):` : '\nNo reported photos.');
  for (const r of photos) {
    console.log(`\n  photo ${p(r.photoId)} (${p(r.status)}) on ${p(r.providerSlug)}: ${r.reports} report(s), ${p(r.reasons)}; latest ${p(r.latest)}`);
    console.log(`    ${p(r.url)}  "${p(r.alt)}"`);
  }
  console.log('\nNewest listings:');
  for (const l of listings) console.log(`  ${p(l.slug)}  ${p(l.name)}, ${p(l.city)}, ${p(l.state)}  added ${p(l.createdAt)}${l.isHidden ? '  [hidden]' : ''}`);
}

/** A photo leaves or rejoins its page, its gallery and the cards that show it as the cover (docs/photos.md "Moderation"). */
async function actOnPhoto(command: PhotoModerationAction, target: string, reason: string): Promise<void> {
  const input = { target, reason, actor: env().USER || env().LOGNAME || 'unknown' };
  const result = await moderatePhoto(await getDb(), command, input);
  const tags = [CACHE_TAGS.provider(result.providerId), CACHE_TAGS.search];
  await purgeTags(tags);
  console.log(`${result.summary} Recorded as ${command} by ${p(input.actor)}: "${p(reason)}".`);
  console.log(env().NETLIFY_PURGE_API_TOKEN ? `Purged CDN tags: ${tags.join(', ')}.` : 'No NETLIFY_PURGE_API_TOKEN: no CDN purge (fine for a local database).');
}

async function act(command: ReviewCommand | ListingCommand, target: string, reason: string): Promise<void> {
  const database = await getDb();
  const input = { target, reason, actor: env().USER || env().LOGNAME || 'unknown' };
  const result: ActionResult = (REVIEW_COMMANDS as readonly string[]).includes(command)
    ? await moderateReview(database, command as ReviewCommand, input)
    : await moderateListing(database, command as ListingCommand, input);
  // A listing also leaves (or rejoins) the provider sitemap.
  const tags = [CACHE_TAGS.provider(result.providerId), ...(command.endsWith('-listing') ? [CACHE_TAGS.providerSitemap] : [])];
  await purgeTags(tags);
  console.log(`${result.summary} Recorded as ${command} by ${p(input.actor)}: "${p(reason)}".`);
  console.log(env().NETLIFY_PURGE_API_TOKEN ? `Purged CDN tags: ${tags.join(', ')}.` : 'No NETLIFY_PURGE_API_TOKEN: no CDN purge (fine for a local database).');
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  const [command, target, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'list') return list();
  if (![...REVIEW_COMMANDS, ...LISTING_COMMANDS, ...PHOTO_COMMANDS].includes(command as ReviewCommand)) fail(`Unknown command: ${command}`);
  const what = command.endsWith('-review') ? 'review id' : command.endsWith('-photo') ? 'photo id' : 'listing slug';
  if (!target || rest.length) fail(`${command} takes one ${what}.`);
  if (!values.reason?.trim()) fail(`${command} needs --reason "why": it is kept with the action.`);
  if ((PHOTO_COMMANDS as readonly string[]).includes(command)) return actOnPhoto(command as PhotoModerationAction, target, values.reason.trim());
  await act(command as ReviewCommand | ListingCommand, target, values.reason.trim());
}

try {
  await main();
} catch (error) {
  if (error instanceof NotFoundError) {
    console.error(error.message);
    process.exitCode = 1;
  } else if (error instanceof TypeError && /Unknown option|Unexpected argument/.test(error.message)) {
    fail(error.message);
  } else throw error;
} finally {
  await closeDb();
}
