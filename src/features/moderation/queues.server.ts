/**
 * The moderation queues read for the console and `npm run moderate -- list` alike
 * (docs/moderation.md "Queues"): each a count and a page, newest or oldest first, read in one
 * round trip (a read batch). Every item carries what an operator needs to decide (./queues.ts).
 * No HTTP here.
 */
import type { InArgs, Row } from '@libsql/client';
import type { Db } from '../../db/client';
import { photoFileUrl } from '../providers';
import type { DecisionAction } from './decisions';
import { QUEUES, type QueueName } from './queues';
import type { QueueItem, QueueOrder, QueuePage, QueueParams } from './schemas/queue';

interface QueueSql {
  /** SELECT count(*) AS n … */
  count: string;
  /** The page, with `{order}` where ASC or DESC goes (twice when a tie-breaker follows), then LIMIT ? OFFSET ?. */
  items: string;
  item: (row: Row) => QueueItem;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const nullable = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const listing = (row: Row) => ({ slug: text(row.slug), name: text(row.providerName) });
const reportsOf = (row: Row): QueueItem['reports'] =>
  (JSON.parse(text(row.reports) || '[]') as QueueItem['reports']).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
const details = (pairs: [string, unknown][]): QueueItem['details'] =>
  pairs.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([label, value]) => ({ label, value: String(value) }));
const base = { text: null, listing: null, details: [], reports: [], photo: null, beside: null } satisfies Partial<QueueItem>;

/** The decisions that apply to a thing in this state: hide what is up, restore what is hidden. */
const upOrHidden = (hidden: boolean, kind: 'review' | 'reply' | 'photo', keep: boolean): DecisionAction[] => [
  hidden ? `restore-${kind}` : `hide-${kind}`,
  ...(keep ? [`keep-${kind}` as const] : []),
];

const REPORTS_JSON = (alias: string) =>
  `json_group_array(json_object('reason', ${alias}.reason, 'details', ${alias}.details, 'createdAt', ${alias}.createdAt)) AS reports`;

const SQL: Record<QueueName, QueueSql> = {
  reviews: {
    count: 'SELECT count(DISTINCT reviewId) AS n FROM review_reports WHERE resolvedAt IS NULL',
    items: `SELECT r.id, r.customerName, r.rating, r.comment, r.status, r.createdAt AS writtenAt, p.slug, p.name AS providerName,
                   max(rr.createdAt) AS at, ${REPORTS_JSON('rr')}
            FROM review_reports rr JOIN reviews r ON r.id = rr.reviewId JOIN providers p ON p.id = r.providerId
            WHERE rr.resolvedAt IS NULL GROUP BY r.id ORDER BY at {order}, r.id {order} LIMIT ? OFFSET ?`,
    item: (row) => ({
      ...base,
      id: text(row.id),
      kind: 'review',
      title: `Review by ${text(row.customerName)}, ${text(row.rating)} of 5 stars`,
      text: nullable(row.comment),
      status: text(row.status),
      at: text(row.at),
      listing: listing(row),
      details: details([['Written', row.writtenAt]]),
      reports: reportsOf(row),
      decisions: upOrHidden(row.status === 'hidden', 'review', true),
    }),
  },
  replies: {
    count: 'SELECT count(DISTINCT replyId) AS n FROM reply_reports WHERE resolvedAt IS NULL',
    // A report outlives its response (migrations/0055): a response its owner deleted is listed with
    // the text as it was reported, status "deleted".
    items: `SELECT rr.replyId AS id, coalesce(rp.body, max(rr.body)) AS body, coalesce(rp.status, 'deleted') AS status, rp.createdAt AS writtenAt,
                   r.customerName, r.rating, r.comment, p.slug, p.name AS providerName,
                   max(rr.createdAt) AS at, ${REPORTS_JSON('rr')}
            FROM reply_reports rr LEFT JOIN review_replies rp ON rp.id = rr.replyId JOIN reviews r ON r.id = rr.reviewId JOIN providers p ON p.id = rr.providerId
            WHERE rr.resolvedAt IS NULL GROUP BY rr.replyId ORDER BY at {order}, rr.replyId {order} LIMIT ? OFFSET ?`,
    item: (row) => ({
      ...base,
      id: text(row.id),
      kind: 'reply',
      title: `${text(row.providerName)}’s response to ${text(row.customerName)}`,
      text: nullable(row.body),
      status: text(row.status),
      at: text(row.at),
      listing: listing(row),
      details: details([
        ['Written', row.writtenAt],
        ['The review it answers', `${text(row.rating)} of 5 stars: ${text(row.comment) || '(no comment)'}`],
      ]),
      reports: reportsOf(row),
      decisions: row.status === 'deleted' ? ['keep-reply'] : upOrHidden(row.status === 'hidden', 'reply', true),
    }),
  },
  'photo-reports': {
    count: 'SELECT count(DISTINCT photoId) AS n FROM photo_reports WHERE resolvedAt IS NULL',
    items: `SELECT ph.id, ph.key, ph.alt, ph.status, ph.category, ph.createdAt AS uploadedAt, p.slug, p.name AS providerName,
                   max(rr.createdAt) AS at, ${REPORTS_JSON('rr')}
            FROM photo_reports rr JOIN photos ph ON ph.id = rr.photoId JOIN providers p ON p.id = ph.providerId
            WHERE rr.resolvedAt IS NULL GROUP BY ph.id ORDER BY at {order}, ph.id {order} LIMIT ? OFFSET ?`,
    item: (row) => ({ ...photoItem(row), reports: reportsOf(row), decisions: upOrHidden(row.status === 'hidden', 'photo', true) }),
  },
  listings: {
    count: 'SELECT count(*) AS n FROM providers WHERE vetted_at IS NULL AND isHidden = 0',
    items: `SELECT slug, name AS providerName, description, address, city, state, zipCode, phone, email, website, services, createdAt AS at
            FROM providers WHERE vetted_at IS NULL AND isHidden = 0 ORDER BY seq {order} LIMIT ? OFFSET ?`,
    item: (row) => ({
      ...base,
      id: text(row.slug),
      kind: 'listing',
      title: `${text(row.providerName)}, ${text(row.city)}, ${text(row.state)}`,
      text: nullable(row.description),
      status: 'new',
      at: text(row.at),
      listing: listing(row),
      details: listingDetails(row),
      decisions: ['approve-listing', 'hide-listing'],
    }),
  },
  held: {
    count: 'SELECT count(*) AS n FROM held_listings WHERE resolvedAt IS NULL',
    items: `SELECT h.id, h.payload, h.matchedOn, h.createdAt AS at, p.slug, p.name AS providerName, p.description, p.address, p.city, p.state,
                   p.zipCode, p.phone, p.email, p.website, p.services
            FROM held_listings h JOIN providers p ON p.id = h.matchedProviderId
            WHERE h.resolvedAt IS NULL ORDER BY h.createdAt {order}, h.id {order} LIMIT ? OFFSET ?`,
    item: (row) => {
      const sent = JSON.parse(text(row.payload)) as Record<string, unknown>;
      return {
        ...base,
        id: text(row.id),
        kind: 'held',
        title: `${text(sent.name)}, ${text(sent.city)}, ${text(sent.state)}`,
        text: nullable(sent.description),
        status: 'held',
        at: text(row.at),
        details: [...details([['Same as the listing beside it', row.matchedOn]]), ...listingDetails(sent)],
        beside: { title: `${text(row.providerName)}, ${text(row.city)}, ${text(row.state)}`, slug: text(row.slug), details: listingDetails(row) },
        decisions: ['approve-held', 'reject-held'],
      };
    },
  },
  services: {
    count: 'SELECT count(DISTINCT service) AS n FROM service_requests',
    items: `SELECT s.service, min(s.label) AS label, count(*) AS listings, max(s.createdAt) AS at, group_concat(p.slug, ', ') AS slugs
            FROM service_requests s JOIN providers p ON p.id = s.providerId
            GROUP BY s.service ORDER BY at {order}, s.service {order} LIMIT ? OFFSET ?`,
    item: (row) => ({
      ...base,
      id: text(row.label),
      kind: 'service',
      title: `“${text(row.label)}”`,
      status: 'waiting',
      at: text(row.at),
      details: details([
        ['Listings that offer it', row.listings],
        ['On', row.slugs],
      ]),
      decisions: ['approve-service'],
    }),
  },
  claims: {
    count: 'SELECT count(*) AS n FROM listing_owners',
    items: `SELECT p.slug, p.name AS providerName, p.city, p.state, p.phone, p.email AS listedEmail, p.website, o.email, o.via, o.claimedAt AS at, p.ownerUpdatedAt
            FROM listing_owners o JOIN providers p ON p.id = o.providerId ORDER BY o.claimedAt {order}, o.providerId {order} LIMIT ? OFFSET ?`,
    item: (row) => ({
      ...base,
      id: text(row.slug),
      kind: 'claim',
      title: `${text(row.providerName)}, ${text(row.city)}, ${text(row.state)}`,
      status: 'claimed',
      at: text(row.at),
      listing: listing(row),
      details: details([
        ['Claimed by', row.email],
        ['Proved by', CLAIM_VIA[text(row.via)] ?? row.via],
        ['Listed email', row.listedEmail],
        ['Listed phone', row.phone],
        ['Website', row.website],
        ['Last updated by the business', row.ownerUpdatedAt],
      ]),
      decisions: ['revoke-claim', 'assign'],
    }),
  },
  photos: {
    count: 'SELECT count(*) AS n FROM photos',
    items: `SELECT ph.id, ph.key, ph.alt, ph.status, ph.category, ph.createdAt AS uploadedAt, ph.createdAt AS at, p.slug, p.name AS providerName
            FROM photos ph JOIN providers p ON p.id = ph.providerId ORDER BY ph.createdAt {order}, ph.id {order} LIMIT ? OFFSET ?`,
    item: (row) => ({ ...photoItem(row), decisions: upOrHidden(row.status === 'hidden', 'photo', false) }),
  },
  'spam-requests': {
    count: 'SELECT count(*) AS n FROM requests WHERE spamReportedAt IS NOT NULL AND spamResolvedAt IS NULL',
    items: `SELECT r.id, r.service, r.state, r.name, r.email, r.phone, r.note, r.createdAt AS sentAt, r.spamReportedAt AS at, p.slug, p.name AS providerName
            FROM requests r JOIN providers p ON p.id = r.providerId
            WHERE r.spamReportedAt IS NOT NULL AND r.spamResolvedAt IS NULL ORDER BY r.spamReportedAt {order}, r.id {order} LIMIT ? OFFSET ?`,
    item: (row) => ({
      ...base,
      id: text(row.id),
      kind: 'request',
      title: `Time request for ${text(row.service)} to ${text(row.providerName)}`,
      text: nullable(row.note),
      status: text(row.state),
      at: text(row.at),
      listing: listing(row),
      details: details([
        ['Sent', row.sentAt],
        ['Name given', row.name ?? '(deleted after 90 days)'],
        ['Email', row.email],
        ['Phone', row.phone],
      ]),
      decisions: ['block-sender', 'dismiss-spam'],
    }),
  },
  'import-batches': {
    count: `SELECT count(*) AS n FROM import_batches WHERE status IN ('applied', 'approved')`,
    items: `SELECT id, file, release, status, counts, rowsDone, createdBy, createdAt AS at, decidedBy, decidedAt
            FROM import_batches WHERE status IN ('applied', 'approved') ORDER BY createdAt {order}, id {order} LIMIT ? OFFSET ?`,
    item: (row) => {
      const counts = (JSON.parse(text(row.counts) || '{}') as { counts?: Record<string, number> }).counts ?? {};
      return {
        ...base,
        id: text(row.id),
        kind: 'import-batch',
        title: `${text(row.file)}${row.release === null ? '' : ` (Overture ${text(row.release)})`}`,
        status: text(row.status),
        at: text(row.at),
        details: details([
          ['Records read', row.rowsDone],
          ...Object.entries(counts).map(([outcome, n]): [string, unknown] => [`Outcome: ${outcome}`, n]),
          ['Imported by', row.createdBy],
          ['Approved by', row.decidedBy],
          ['Approved', row.decidedAt],
        ]),
        decisions: row.status === 'applied' ? ['approve-batch', 'rollback-batch'] : ['rollback-batch'],
      };
    },
  },
  'import-holds': {
    count: 'SELECT count(*) AS n FROM import_holds WHERE resolvedAt IS NULL',
    items: `SELECT h.id, h.batchId, h.overtureId, h.reason, h.payload, h.createdAt AS at, p.slug, p.name AS providerName, p.description, p.address,
                   p.city, p.state, p.zipCode, p.phone, p.email, p.website, p.services
            FROM import_holds h JOIN providers p ON p.id = h.candidateProviderId
            WHERE h.resolvedAt IS NULL ORDER BY h.createdAt {order}, h.id {order} LIMIT ? OFFSET ?`,
    item: (row) => {
      const { place } = JSON.parse(text(row.payload)) as { place: { listing: Record<string, unknown> } };
      return {
        ...base,
        id: text(row.id),
        kind: 'import-hold',
        title: `${text(place.listing.name)}, ${text(place.listing.city)}, ${text(place.listing.state)}`,
        text: nullable(place.listing.description),
        status: 'held',
        at: text(row.at),
        details: [
          ...details([
            ['Why it is held', row.reason],
            ['Overture id', row.overtureId],
            ['Batch', row.batchId],
          ]),
          ...listingDetails(place.listing),
        ],
        beside: { title: `${text(row.providerName)}, ${text(row.city)}, ${text(row.state)}`, slug: text(row.slug), details: listingDetails(row) },
        decisions: ['same-import', 'new-import'],
      };
    },
  },
  hidden: {
    count: `SELECT (SELECT count(*) FROM reviews WHERE status = 'hidden') + (SELECT count(*) FROM review_replies WHERE status = 'hidden')
                 + (SELECT count(*) FROM photos WHERE status = 'hidden') + (SELECT count(*) FROM providers WHERE isHidden = 1) AS n`,
    items: `SELECT * FROM (
              SELECT 'review' AS kind, r.id, r.customerName || ', ' || r.rating || ' of 5 stars' AS title, r.comment AS body, r.createdAt AS at, p.slug, p.name AS providerName
              FROM reviews r JOIN providers p ON p.id = r.providerId WHERE r.status = 'hidden'
              UNION ALL
              SELECT 'reply', rp.id, 'Response to a review', rp.body, rp.createdAt, p.slug, p.name
              FROM review_replies rp JOIN providers p ON p.id = rp.providerId WHERE rp.status = 'hidden'
              UNION ALL
              SELECT 'photo', ph.id, ph.alt, NULL, ph.createdAt, p.slug, p.name
              FROM photos ph JOIN providers p ON p.id = ph.providerId WHERE ph.status = 'hidden'
              UNION ALL
              SELECT 'listing', p.slug, p.name || ', ' || p.city || ', ' || p.state, p.description, p.createdAt, p.slug, p.name
              FROM providers p WHERE p.isHidden = 1
            ) ORDER BY at {order}, id {order} LIMIT ? OFFSET ?`,
    item: (row) => {
      const kind = text(row.kind) as 'review' | 'reply' | 'photo' | 'listing';
      return {
        ...base,
        id: text(row.id),
        kind,
        title: `${HIDDEN_KIND[kind]}: ${text(row.title)}`,
        text: nullable(row.body),
        status: 'hidden',
        at: text(row.at),
        listing: listing(row),
        decisions: [`restore-${kind}`],
      };
    },
  },
};

const HIDDEN_KIND = { review: 'Review', reply: 'Response', photo: 'Photo', listing: 'Listing' } as const;
const CLAIM_VIA: Record<string, string> = {
  'listed-email': 'a code sent to the listed email',
  'website-domain': 'a code sent to an address at the website’s domain',
  'new-listing': 'a code sent to the applicant of the new listing',
  support: 'support, by hand',
};

function photoItem(row: Row): QueueItem {
  return {
    ...base,
    id: text(row.id),
    kind: 'photo',
    title: `Photo of ${text(row.providerName)}: ${text(row.alt)}`,
    status: text(row.status),
    at: text(row.at),
    listing: listing(row),
    details: details([
      ['Uploaded', row.uploadedAt],
      ['Category', row.category],
    ]),
    photo: { url: photoFileUrl(text(row.key)), alt: text(row.alt) },
    decisions: [],
  };
}

function listingDetails(row: Record<string, unknown>): QueueItem['details'] {
  const services = typeof row.services === 'string' ? (JSON.parse(row.services) as string[]) : ((row.services as string[] | undefined) ?? []);
  return details([
    ['Address', [row.address, row.city, row.state, row.zipCode].filter(Boolean).join(', ')],
    ['Phone', row.phone],
    ['Email', row.email],
    ['Website', row.website],
    ['Services', services.join(', ')],
  ]);
}

const ORDER_SQL: Record<QueueOrder, string> = { newest: 'DESC', oldest: 'ASC' };

/** One page of a queue and its count, in one round trip. */
export async function readQueue({ client }: Db, queue: QueueName, { order, limit, offset }: QueueParams): Promise<QueuePage> {
  const sql = SQL[queue];
  const [count, page] = await client.batch(
    [sql.count, { sql: sql.items.replaceAll('{order}', ORDER_SQL[order]), args: [limit, offset] satisfies InArgs }],
    'read',
  );
  return { queue, order, offset, total: Number(count!.rows[0]!.n), items: page!.rows.map(sql.item) };
}

/** Every queue's count, in one round trip. */
export async function queueCounts({ client }: Db): Promise<{ queue: QueueName; title: string; total: number }[]> {
  const names = Object.keys(SQL) as QueueName[];
  const results = await client.batch(
    names.map((name) => SQL[name].count),
    'read',
  );
  return names.map((queue, i) => ({ queue, title: QUEUES[queue].title, total: Number(results[i]!.rows[0]!.n) }));
}
