/**
 * The moderation queues (docs/moderation.md "Queues"): what each holds, and the decisions an
 * operator takes on its items, each with the key that takes it in the console. The console's pages,
 * its API and `npm run moderate -- list` read this one table. Browser-safe.
 */
import type { DecisionAction } from './decisions';

export interface QueueDecision {
  action: DecisionAction;
  /** The button's label. */
  label: string;
  /** The console's key for it (j, k and the arrows move between items; `?` is help). */
  key: string;
}

export interface QueueRule {
  title: string;
  /** One sentence on what waits here, for the queue's page. */
  holds: string;
  /** What "oldest first" and "newest first" order by. */
  orderedBy: string;
  /** What the queue says when nothing waits. */
  empty: string;
}

export const QUEUES = {
  reviews: {
    title: 'Reported reviews',
    holds: 'Reviews with open reports from visitors. A report never hides anything by itself: hide the review, keep it up, or restore one hidden before.',
    orderedBy: 'latest report',
    empty: 'No review has an open report.',
  },
  replies: {
    title: 'Reported responses',
    holds: 'Businesses’ public responses to reviews with open reports.',
    orderedBy: 'latest report',
    empty: 'No response has an open report.',
  },
  'photo-reports': {
    title: 'Reported photos',
    holds: 'Photos visitors reported, shown at full size.',
    orderedBy: 'latest report',
    empty: 'No photo has an open report.',
  },
  listings: {
    title: 'New listings',
    holds: 'Listings sent through List Your Business and not yet vetted: live, but kept out of suggestions, featured lists and search engines until approved.',
    orderedBy: 'date added',
    empty: 'Every listing is vetted.',
  },
  held: {
    title: 'Held copies',
    holds: 'New listings that looked like one already on Glow, beside the listing they look like. Nothing is published until you decide.',
    orderedBy: 'date sent',
    empty: 'No listing is held.',
  },
  services: {
    title: 'New service names',
    holds:
      'Service names owners added that are neither in the catalogue nor approved: on their listings and in search already, but not in the suggestions and spelling correction everyone sees until approved.',
    orderedBy: 'latest request',
    empty: 'No service name is waiting.',
  },
  claims: {
    title: 'Claims',
    holds: 'Listings managed by their businesses, with the email that claimed each and the listing’s own contacts.',
    orderedBy: 'date claimed',
    empty: 'No listing is claimed yet.',
  },
  photos: {
    title: 'Recent photos',
    holds: 'Every photo businesses uploaded, reported or not.',
    orderedBy: 'date uploaded',
    empty: 'No photo has been uploaded yet.',
  },
  'spam-requests': {
    title: 'Requests reported as spam',
    holds:
      'Time requests a business reported as spam, with what the sender wrote. Blocking refuses the sender’s address on every listing (only a hash of it is kept); dismissing keeps it able to send requests.',
    orderedBy: 'date reported',
    empty: 'No time request is reported as spam.',
  },
  'import-batches': {
    title: 'Import batches',
    holds:
      'Listings imported from open data (npm run import, docs/imports.md), one batch per file: live and unclaimed, but kept out of suggestions, featured lists and search engines until the batch is approved. A batch can be rolled back.',
    orderedBy: 'date imported',
    empty: 'No import batch has been applied.',
  },
  'import-holds': {
    title: 'Unclear import matches',
    holds: 'Imported places that may be a listing already on Glow, beside that listing. Nothing is changed or listed until you decide.',
    orderedBy: 'date held',
    empty: 'No imported place is waiting.',
  },
  hidden: {
    title: 'Hidden',
    holds: 'Everything hidden by a moderator: reviews, responses, photos and listings. Each can be restored.',
    orderedBy: 'date written',
    empty: 'Nothing is hidden.',
  },
} as const satisfies Record<string, QueueRule>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as [QueueName, ...QueueName[]];
export const isQueueName = (value: string): value is QueueName => Object.hasOwn(QUEUES, value);

/** The key and label of every decision the console offers. */
export const DECISION_KEYS: Record<DecisionAction, Omit<QueueDecision, 'action'>> = {
  'hide-review': { label: 'Hide', key: 'h' },
  'restore-review': { label: 'Restore', key: 'r' },
  'keep-review': { label: 'Keep', key: 'e' },
  'hide-reply': { label: 'Hide', key: 'h' },
  'restore-reply': { label: 'Restore', key: 'r' },
  'keep-reply': { label: 'Keep', key: 'e' },
  'hide-photo': { label: 'Hide', key: 'h' },
  'restore-photo': { label: 'Restore', key: 'r' },
  'keep-photo': { label: 'Keep', key: 'e' },
  'hide-listing': { label: 'Hide', key: 'h' },
  'restore-listing': { label: 'Restore', key: 'r' },
  'approve-listing': { label: 'Approve', key: 'a' },
  'hold-listing': { label: 'Back to not vetted', key: 'u' },
  'approve-service': { label: 'Approve', key: 'a' },
  'approve-held': { label: 'Approve as new', key: 'a' },
  'reject-held': { label: 'Reject', key: 'x' },
  'revoke-claim': { label: 'Revoke claim', key: 'v' },
  assign: { label: 'Assign to an email', key: 's' },
  'block-sender': { label: 'Block the sender', key: 'b' },
  'dismiss-spam': { label: 'Dismiss', key: 'd' },
  'approve-batch': { label: 'Approve batch', key: 'a' },
  'rollback-batch': { label: 'Roll back', key: 'x' },
  'same-import': { label: 'Same place', key: 's' },
  'new-import': { label: 'A different place', key: 'n' },
};

/** Items per page of a queue, and the most a page may ask for. */
export const QUEUE_PAGE = { size: 20, max: 100 } as const;
