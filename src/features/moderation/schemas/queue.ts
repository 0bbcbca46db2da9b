/**
 * The moderation queues and decisions on the wire (GET /api/operator/queues…, POST
 * /api/operator/decisions, GET /api/operator/audit; docs/moderation.md). Browser-safe: the console's
 * decision form validates with the same schema as the function.
 */
import { z } from '../../../lib/zod';
import { storedTextChecks } from '../../../lib/schemas/storedText';
import { intParam } from '../../search/schemas';
import { DECISION_ACTIONS, MAX_REASON_LENGTH } from '../decisions';
import { QUEUE_NAMES, QUEUE_PAGE } from '../queues';

export const QUEUE_ORDERS = ['newest', 'oldest'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];
const MAX_OFFSET = 1_000_000;

/** Paging of a queue and of the audit: query text, as a client sends it. */
const pageFields = {
  limit: z
    .prefault(intParam('limit', 1, QUEUE_PAGE.max), String(QUEUE_PAGE.size))
    .check(z.describe(`Items per page, a whole number from 1 to ${QUEUE_PAGE.max}; ${QUEUE_PAGE.size} by default.`)),
  offset: z.prefault(intParam('offset', 0, MAX_OFFSET), '0').check(z.describe(`Items to skip, a whole number from 0 to ${MAX_OFFSET}.`)),
};

/** GET /api/operator/queues/{queue} */
export const queueParamsSchema = z.object({
  order: z
    ._default(z.enum(QUEUE_ORDERS, { error: `order must be one of ${QUEUE_ORDERS.join(', ')}` }), 'newest')
    .check(z.describe('`newest` (default) or `oldest` first, by what the queue is ordered by (its `orderedBy`).')),
  ...pageFields,
});
export type QueueParams = z.output<typeof queueParamsSchema>;

export const queueNameSchema = z.enum(QUEUE_NAMES, { error: `queue must be one of ${QUEUE_NAMES.join(', ')}` }).check(z.describe('The queue.'));

const labelled = z
  .array(
    z.object({
      label: z.string().check(z.describe('What the value is, e.g. "Phone".')),
      value: z.string().check(z.describe('The value as stored.')),
    }),
  )
  .check(z.describe('Everything needed to decide, as label and value.'));

/** One thing waiting for a decision, in any queue. */
export const queueItemSchema = z.object({
  id: z.string().check(z.describe('What the decisions act on: the review, response, photo or held listing id, the listing slug, or the service name.')),
  kind: z
    .enum(['review', 'reply', 'photo', 'listing', 'held', 'claim', 'service', 'import-batch', 'import-hold', 'request'])
    .check(z.describe('What the item is.')),
  title: z.string().check(z.describe('A one-line title for the item.')),
  text: z.nullable(z.string()).check(z.describe('Its text as written (review comment, response, listing description), or null.')),
  status: z.string().check(z.describe('Its state: published, hidden, visible, new, held, claimed or waiting.')),
  at: z.string().check(z.describe('When it entered the queue (what the queue is ordered by), ISO 8601.')),
  listing: z
    .nullable(z.object({ slug: z.string().check(z.describe('Slug of its page.')), name: z.string().check(z.describe('Business name.')) }))
    .check(z.describe('The listing it belongs to (null for a held listing, which has none yet).')),
  details: labelled,
  reports: z
    .array(
      z.object({
        reason: z.string().check(z.describe('The reason given.')),
        details: z.nullable(z.string()).check(z.describe('The details given, or null.')),
        createdAt: z.string().check(z.describe('When it was reported.')),
      }),
    )
    .check(z.describe('Its open reports, oldest first (empty outside the report queues).')),
  photo: z
    .nullable(z.object({ url: z.string().check(z.describe('The full-size file.')), alt: z.string().check(z.describe('Its text alternative.')) }))
    .check(z.describe('The photo, for photo items.')),
  beside: z
    .nullable(
      z.object({ title: z.string().check(z.describe('The listing it looks like.')), slug: z.string().check(z.describe('Its slug.')), details: labelled }),
    )
    .check(z.describe('For a held copy: the listing already on Glow that it looks like.')),
  decisions: z.array(z.enum(DECISION_ACTIONS)).check(z.describe('The decisions that apply to it now.')),
});
export type QueueItem = z.output<typeof queueItemSchema>;

export const queuePageSchema = z.object({
  queue: queueNameSchema,
  total: z.number().check(z.describe('How many items wait in the queue.')),
  order: z.enum(QUEUE_ORDERS).check(z.describe('The order of `items`.')),
  offset: z.number().check(z.describe('Items skipped.')),
  items: z.array(queueItemSchema).check(z.describe('This page of the queue.')),
});
export type QueuePage = z.output<typeof queuePageSchema>;

/** GET /api/operator/queues: every queue with its count. */
export const queueCountsSchema = z.object({
  queues: z
    .array(z.object({ queue: queueNameSchema, title: z.string().check(z.describe('Its title.')), total: z.number().check(z.describe('Items waiting.')) }))
    .check(z.describe('Every queue, in the console’s order.')),
});
export type QueueCounts = z.output<typeof queueCountsSchema>;

const reasonMessage = `Give a reason of at most ${MAX_REASON_LENGTH} characters: it is kept with the decision`;

/** POST /api/operator/decisions */
export const decisionInputSchema = z
  .object({
    action: z.enum(DECISION_ACTIONS, { error: `action must be one of ${DECISION_ACTIONS.join(', ')}` }).check(z.describe('The decision.')),
    target: z
      .string({ error: 'target is required' })
      .check(
        z.trim(),
        z.minLength(1, 'target is required'),
        z.maxLength(200, 'target must be at most 200 characters'),
        z.describe('What it acts on: the queue item’s `id`.'),
      ),
    reason: z
      .string({ error: reasonMessage })
      .check(
        z.trim(),
        z.minLength(1, reasonMessage),
        z.maxLength(MAX_REASON_LENGTH, reasonMessage),
        ...storedTextChecks({ label: 'Reason', multiline: false }),
        z.describe(`Why, in the operator’s words (required, at most ${MAX_REASON_LENGTH} characters): kept in the audit.`),
      ),
    email: z
      .optional(
        z.pipe(
          z.string().check(z.trim(), z.email('Enter a valid email address'), z.maxLength(254)),
          z.transform((e: string) => e.toLowerCase()),
        ),
      )
      .check(z.describe('For `assign` only: the email the listing goes to.')),
  })
  .check(
    z.refine((d) => (d.action === 'assign') === (d.email !== undefined), {
      message: 'email is needed with assign, and only with assign',
      path: ['email'],
    }),
  );
export type DecisionInput = z.output<typeof decisionInputSchema>;

export const decisionResultSchema = z.object({
  action: z.enum(DECISION_ACTIONS).check(z.describe('The decision taken.')),
  summary: z.string().check(z.describe('What it did, in a sentence.')),
  changed: z.boolean().check(z.describe('False when the target was already in the wanted state (still recorded).')),
  purged: z.array(z.string()).check(z.describe('CDN cache tags purged.')),
  rebuild: z.nullable(z.string()).check(z.describe('What became of the rebuild of pre-built pages, for listing decisions; else null.')),
});

/** GET /api/operator/audit */
export const auditParamsSchema = z.object({
  listing: z
    .optional(z.string().check(z.trim(), z.maxLength(200, 'listing must be at most 200 characters')))
    .check(z.describe('Only actions on this listing (its slug).')),
  ...pageFields,
});
export type AuditParams = z.output<typeof auditParamsSchema>;

export const auditEntrySchema = z.object({
  id: z.string().check(z.describe('Audit row id.')),
  action: z.string().check(z.describe('What was done (a decision, or grant-operator / revoke-operator).')),
  target: z.string().check(z.describe('What it was done to: an id, or an operator’s email.')),
  listing: z
    .nullable(z.object({ slug: z.string().check(z.describe('Slug.')), name: z.string().check(z.describe('Business name.')) }))
    .check(z.describe('The listing it concerns, when one does.')),
  actor: z.string().check(z.describe('Who: an operator’s email (console) or login name (command line).')),
  reason: z.string().check(z.describe('Why, as given.')),
  createdAt: z.string().check(z.describe('When, ISO 8601.')),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  total: z.number().check(z.describe('Matching actions.')),
  offset: z.number().check(z.describe('Actions skipped.')),
  items: z.array(auditEntrySchema).check(z.describe('Newest first.')),
});
export type AuditPage = z.output<typeof auditPageSchema>;
