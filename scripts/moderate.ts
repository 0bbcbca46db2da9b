/**
 * `npm run moderate -- <command>`: moderation from the command line against DATABASE_URL (a file or
 * a remote libSQL database; docs/moderation.md). Every action is recorded with who ($USER), when
 * and why, and purges the provider's CDN page; on Netlify's CDN that needs NETLIFY_PURGE_API_TOKEN
 * and SITE_ID in the environment, without them nothing is purged and the page's CDN lifetime applies.
 */
import { parseArgs } from 'node:util';
import { getDb } from '../src/db/client';
import { runCommand } from './lib/cli';
import { env } from '../src/env.server';
import {
  approveListing,
  approveService,
  decideHeldListing,
  moderateListing,
  moderateReview,
  newestListings,
  openReports,
  unvetListing,
  type ActionResult,
} from '../src/features/moderation/moderation.server';
import { openServiceRequests } from '../src/features/moderation/vocabulary.server';
import { openHeldListings, unvettedListings } from '../src/features/listings/listings.server';
import { requestRebuild } from '../src/server/buildHook';
import { printable as p } from '../src/features/moderation/printable';
import { moderatePhoto, openPhotoReports, type PhotoModerationAction } from '../src/features/photos/photoModeration.server';
import { assignListing, listClaims, revokeClaim } from '../src/features/owners/ownersModeration.server';
import { moderateReply } from '../src/features/owners/replies.server';
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
  approve-listing SLUG --reason "..."     vet a new listing: it joins suggestions, featured lists and the sitemap
  hold-listing SLUG --reason "..."        back to not vetted: no badge, noindex, out of suggestions and the sitemap
  approve-service NAME --reason "..."     let an owner's new service name into suggestions and spelling correction
  approve-held ID --reason "..."          list a held listing (one that looked like an existing listing)
  reject-held ID --reason "..."           refuse a held listing; nothing is published
  claims                                  listings claimed by their businesses, newest first
  revoke-claim SLUG --reason "..."        end a claim: the listing is nobody's again and loses its badge
  assign SLUG EMAIL --reason "..."        give a listing to the owner of EMAIL (support's path when its own email is unusable)
  hide-reply ID --reason "..."            hide a business's response to a review
  restore-reply ID --reason "..."         publish a hidden response again

DATABASE_URL (and DATABASE_AUTH_TOKEN) choose the database; USER is recorded as who acted.`;

const REVIEW_COMMANDS = ['hide-review', 'restore-review', 'keep-review'] as const;
const LISTING_COMMANDS = ['hide-listing', 'restore-listing', 'approve-listing', 'hold-listing'] as const;
const HELD_COMMANDS = ['approve-held', 'reject-held'] as const;
const PHOTO_COMMANDS = ['hide-photo', 'restore-photo'] as const;
type ReviewCommand = (typeof REVIEW_COMMANDS)[number];
type ListingCommand = (typeof LISTING_COMMANDS)[number];
type HeldCommand = (typeof HELD_COMMANDS)[number];
type Command = ReviewCommand | ListingCommand | HeldCommand | 'approve-service';
const COMMANDS: readonly string[] = [...REVIEW_COMMANDS, ...LISTING_COMMANDS, ...HELD_COMMANDS, 'approve-service'];

/** Rebuilds the pre-built pages (home, city and landing pages) ask at most this often (docs/moderation.md "How long each surface lags"). */

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Everything printed from the database goes through p() (printable.ts): stored text cannot drive the terminal. */
async function list(): Promise<void> {
  const database = await getDb();
  const [reports, listings, held, unvetted, services] = await Promise.all([
    openReports(database),
    newestListings(database),
    openHeldListings(database),
    unvettedListings(database),
    openServiceRequests(database),
  ]);
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
  console.log(held.length ? `\nHeld listings (${held.length}), each like an existing one; approve-held or reject-held ID:` : '\nNo held listings.');
  for (const h of held)
    console.log(`  ${p(h.id)}  ${p(h.name)}, ${p(h.city)}, ${p(h.state)}  same ${p(h.matchedOn)} as ${p(h.matchedSlug)}  sent ${p(h.createdAt)}`);
  console.log(unvetted.length ? `\nNew listings not yet verified (${unvetted.length}); approve-listing SLUG:` : '\nNo listings waiting to be verified.');
  for (const u of unvetted) console.log(`  ${p(u.slug)}  ${p(u.name)}, ${p(u.city)}, ${p(u.state)}  added ${p(u.createdAt)}`);
  console.log(services.length ? `\nNew service names waiting (${services.length}); approve-service NAME:` : '\nNo service names waiting.');
  for (const r of services) console.log(`  "${p(r.label)}"  on ${r.listings} listing(s)  latest ${p(r.latest)}`);
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

async function run(command: Command, input: { target: string; reason: string; actor: string }): Promise<ActionResult> {
  const database = await getDb();
  if ((REVIEW_COMMANDS as readonly string[]).includes(command)) return moderateReview(database, command as ReviewCommand, input);
  if (command === 'approve-listing') return approveListing(database, input);
  if (command === 'hold-listing') return unvetListing(database, input);
  if (command === 'approve-service') return approveService(database, input);
  if ((HELD_COMMANDS as readonly string[]).includes(command)) return decideHeldListing(database, command as HeldCommand, input);
  return moderateListing(database, command as 'hide-listing' | 'restore-listing', input);
}

async function act(command: Command, target: string, reason: string): Promise<void> {
  const input = { target, reason, actor: env().USER || env().LOGNAME || 'unknown' };
  const result = await run(command, input);
  // Searches (cached for minutes) show ratings and listings: the search tag goes with the
  // provider's own. A listing also leaves (or joins) the provider sitemap.
  const listing = command.endsWith('-listing') || command.endsWith('-held');
  const tags = [...(result.providerId ? [CACHE_TAGS.provider(result.providerId)] : []), CACHE_TAGS.search, ...(listing ? [CACHE_TAGS.providerSitemap] : [])];
  await purgeTags(tags);
  console.log(`${result.summary} Recorded as ${command} by ${p(input.actor)}: "${p(reason)}".`);
  console.log(
    env().NETLIFY_PURGE_API_TOKEN
      ? `Purged CDN tags: ${tags.join(', ')}.`
      : `No NETLIFY_PURGE_API_TOKEN: no CDN purge of ${tags.join(', ')} (fine for a local database).`,
  );
  // Pre-built pages (home's featured providers and cities, city and service pages) show listings:
  // hiding, restoring or approving one rebuilds them (at most REBUILD_LIMIT.max times an hour, src/server/buildHook.ts).
  if (listing && result.changed && command !== 'reject-held') console.log(await requestRebuild(await getDb()));
}

async function claims(): Promise<void> {
  const rows = await listClaims(await getDb());
  console.log(rows.length ? `Claimed listings (${rows.length}):` : 'No claimed listings.');
  for (const c of rows) {
    console.log(
      `  ${p(c.slug)}  ${p(c.name)}  by ${p(c.email)} (${p(c.via)}) since ${p(c.claimedAt)}${c.ownerUpdatedAt ? `, updated ${p(c.ownerUpdatedAt)}` : ''}`,
    );
  }
}

/** Owners' commands (docs/owners.md "Support"): each audited in owner_audit and purging the listing's page. */
async function ownersAct(command: string, args: string[], reason: string): Promise<void> {
  const database = await getDb();
  const actor = env().USER || env().LOGNAME || 'unknown';
  const result =
    command === 'revoke-claim'
      ? await revokeClaim(database, args[0]!, actor, reason)
      : command === 'assign'
        ? await assignListing(database, args[0]!, args[1]!, actor, reason)
        : {
            providerId: await moderateReply(database, args[0]!, command as 'hide-reply' | 'restore-reply', actor, reason),
            summary: `Response ${p(args[0]!)} is ${command === 'hide-reply' ? 'hidden' : 'published again'}.`,
          };
  await purgeTags([CACHE_TAGS.provider(result.providerId), CACHE_TAGS.search]);
  console.log(`${result.summary} Recorded as ${command} by ${p(actor)}: "${p(reason)}".`);
}

const OWNER_COMMANDS: Record<string, string[]> = {
  'revoke-claim': ['listing slug'],
  assign: ['listing slug', 'email'],
  'hide-reply': ['response id'],
  'restore-reply': ['response id'],
};

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  const [command, target, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (command === 'list') return list();
  if (command === 'claims') return claims();
  const wanted = OWNER_COMMANDS[command];
  if (wanted) {
    const args = [target, ...rest].filter((a): a is string => a !== undefined);
    if (args.length !== wanted.length) fail(`${command} takes ${wanted.join(' and ')}.`);
    if (!values.reason?.trim()) fail(`${command} needs --reason "why": it is kept with the action.`);
    return ownersAct(command, args, values.reason.trim());
  }
  if (![...COMMANDS, ...PHOTO_COMMANDS].includes(command)) fail(`Unknown command: ${command}`);
  const what = command.endsWith('-review')
    ? 'review id'
    : command.endsWith('-photo')
      ? 'photo id'
      : command.endsWith('-held')
        ? 'held listing id'
        : command === 'approve-service'
          ? 'service name (quoted)'
          : 'listing slug';
  if (!target || rest.length) fail(`${command} takes one ${what}.`);
  if (!values.reason?.trim()) fail(`${command} needs --reason "why": it is kept with the action.`);
  if ((PHOTO_COMMANDS as readonly string[]).includes(command)) return actOnPhoto(command as PhotoModerationAction, target, values.reason.trim());
  await act(command as Command, target, values.reason.trim());
}

await runCommand(main, fail);
