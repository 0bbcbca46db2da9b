/** Typed tables for kysely; mirrors migrations/*.sql. */
import type { Generated } from 'kysely';

export interface ProvidersTable {
  seq: Generated<number>;
  id: string;
  name: string;
  slug: string;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  services: string;
  isPromoted: number;
  isOpen: number;
  priceRange: string;
  /** 0: nobody gave the price, and `priceRange` holds only the column's stand-in (migrations/0043). */
  priceRangeKnown: Generated<number>;
  openingHours: string;
  imageUrl: string | null;
  rating: number;
  reviewCount: number;
  createdAt: string;
  /** 1 once an operator hid the listing (migrations/0007_moderation.sql). */
  isHidden: Generated<number>;
  /** JSON-encoded service menu, or null (migrations/0020_provider_menu.sql). */
  menu: string | null;
  /** Centre of the provider's ZIP area (migrations/0009); null when it is unknown. */
  latitude: number | null;
  longitude: number | null;
  /** IANA time zone its opening hours are read in. */
  timeZone: string | null;
  /** Set by the owner (migrations/0016_owners.sql). */
  status: Generated<'open' | 'temporarily_closed' | 'permanently_closed'>;
  closedUntil: string | null;
  ownerUpdatedAt: string | null;
  /** The key of its visible cover photo, kept by triggers on photos (migrations/0017_photos.sql); null without one. */
  coverKey: Generated<string | null>;
  /** When an operator or an import vetted it; null: a new listing not yet vetted (migrations/0015, docs/owners.md "Which listings are vetted"). */
  vetted_at: string | null;
  /** Who vetted it: the operator's login name, 'seed', or 'owner' for a claim before migrations/0041. */
  vetted_by: string | null;
  /** The name's comparison form (src/features/listings/lookalike.ts), for finding duplicate and lookalike listings. */
  nameKey: string | null;
  /** Its facets as bits of src/features/facets/facets.ts (migrations/0046); 0 when nothing is said. */
  facets: Generated<number>;
  /** The services it counts in the vocabulary when not all of them (JSON; null: all), migrations/0041. */
  vocabServices: Generated<string | null>;
  /** The import that made it ('overture'), or null for a listing made on Glow (migrations/0072). */
  source: Generated<string | null>;
  /** The hours of its local week 0-41 it is open throughout, as bits, kept by the hours rows' triggers (migrations/0091). */
  openWeek0: Generated<number>;
  /** Hours 42-83, as openWeek0. */
  openWeek1: Generated<number>;
  /** Hours 84-125, as openWeek0. */
  openWeek2: Generated<number>;
  /** Hours 126-167, as openWeek0. */
  openWeek3: Generated<number>;
  /** 1 when a bit clear does not say closed (a range opens or closes inside an hour, or two overlap): open now then reads the hours rows. */
  openPartly: Generated<number>;
}

/** The open hours' bits of ProvidersTable (migrations/0091): search's copy of the hours, kept by the hours rows' triggers, never written or shown by the app. */
export type OpenWeekColumn = 'openWeek0' | 'openWeek1' | 'openWeek2' | 'openWeek3' | 'openPartly';

/**
 * Each provider's set facet bits, one row each, kept by triggers (migrations/0046), with copies of
 * its order columns, city, price, rating and facets, for a facet's page in order (migrations/0087),
 * and of its point, zone, open hours' bits and categories, for a facet's count (migrations/0092).
 */
export interface ProviderFacetsTable extends Record<OpenWeekColumn, Generated<number>> {
  bit: number;
  providerSeq: number;
  isPromoted: Generated<number>;
  rating: Generated<number>;
  reviewCount: Generated<number>;
  name: Generated<string>;
  priceRange: Generated<string>;
  city: Generated<string>;
  facets: Generated<number>;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  /** The provider's categories as the hours rows spell them (" hair nails "), null with none. */
  categories: string | null;
}

/** Service names operators approved for the vocabulary (migrations/0041). */
export interface ApprovedServicesTable {
  service: string;
  approvedBy: string;
  approvedAt: string;
}

/** Owners' service names waiting for an operator's approval before they join the vocabulary (migrations/0041). */
export interface ServiceRequestsTable {
  service: string;
  providerId: string;
  label: string;
  createdAt: string;
}

/** A new listing that looks like an existing one, waiting for a moderator (migrations/0015). */
export interface HeldListingsTable {
  id: string;
  payload: string;
  name: string;
  city: string;
  state: string;
  matchedProviderId: string;
  matchedOn: string;
  createdAt: string;
  resolvedAt: string | null;
  resolution: 'approved' | 'rejected' | null;
  providerId: string | null;
}

export interface ProviderHoursTable {
  providerSeq: number;
  openMinute: number;
  closeMinute: number;
  /** The provider's providers.timeZone, copied for the open-now index (migrations/0010). */
  timeZone: string | null;
  /** The provider's city, copied for the open-now-in-a-city index (migrations/0014). */
  city: string | null;
  /** The provider's categories, " hair nails " (src/features/search/providerHours.server.ts hoursCategories). */
  categories: string | null;
  /** The provider's price, copied for the open-now indexes (migrations/0032). */
  priceRange: string | null;
  /** The provider's rating, copied for the open-now indexes (migrations/0032). */
  rating: number | null;
  /** The provider's facets, copied for the open-now indexes (migrations/0085). */
  facets: Generated<number>;
}

/**
 * The columns search checks and sorts a listed match on, by seq (migrations/0034): copies of the
 * provider row's, written by its triggers only (docs/search.md "Copied columns and their owners").
 */
export interface ProviderSearchTable {
  seq: number;
  id: string;
  name: string;
  city: string;
  state: string;
  zipCode: string;
  isPromoted: number;
  priceRange: string;
  rating: number;
  reviewCount: number;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  /** The provider's facets, copied (migrations/0046). */
  facets: number;
  /** The provider's open hours of the week as bits and whether they leave hours out, copied (migrations/0091). */
  openWeek0: number;
  openWeek1: number;
  openWeek2: number;
  openWeek3: number;
  openPartly: number;
}

export interface SearchTermsTable {
  kind: 'word' | 'service' | 'serviceWord' | 'city';
  term: string;
  label: string;
  n: number;
}

export interface ProviderCategoriesTable {
  category: string;
  providerSeq: number;
  /** Copies of the provider's order columns (kept by a trigger), so the category index yields result order. */
  isPromoted: number;
  rating: number;
  reviewCount: number;
  name: string;
  /** Copy of the provider's city (kept by a trigger), for the category-in-city index. */
  city: string;
  /** Copy of the provider's price range (kept by a trigger), for the category-city-price index (migrations/0014). */
  priceRange: string;
  /** Copies of the provider's coordinates (kept by a trigger), for a service's nearest providers (migrations/0023). */
  latitude: number | null;
  longitude: number | null;
}

export interface ReviewsTable {
  id: string;
  providerId: string;
  customerName: string;
  rating: number;
  comment: string | null;
  createdAt: string;
  /** Only published reviews are shown and counted; an operator may hide one. */
  status: Generated<'published' | 'hidden'>;
  /** Hash of the address it came from (IPv6 by its /64; migrations/0015), for the per-provider daily limit. */
  clientKey?: string | null;
  /** Comparison form of name and comment (src/lib/schemas/storedText.ts), for the duplicate check. */
  dedupeKey?: string | null;
}

export interface ReviewReportsTable {
  id: string;
  reviewId: string;
  reason: string;
  details: string | null;
  createdAt: string;
  resolvedAt: string | null;
  /** Hash of the address it came from: one report of a review per address (migrations/0015). */
  clientKey?: string | null;
}

export interface ModerationActionsTable {
  id: string;
  action: string;
  targetId: string;
  reason: string;
  actor: string;
  createdAt: string;
}

/** A listing's photo (migrations/0017_photos.sql; docs/photos.md): bytes in Netlify Blobs under `key`. */
export interface PhotosTable {
  id: string;
  providerId: string;
  key: string;
  width: number;
  height: number;
  alt: string;
  category: 'interior' | 'work' | 'team' | 'price_list';
  position: number;
  isCover: number;
  status: Generated<'visible' | 'hidden'>;
  createdAt: string;
  updatedAt: string;
  /** Hash of the uploaded bytes, before cleaning: a repeat upload is known without decoding it. */
  sourceKey: Generated<string | null>;
}

export interface PhotoReportsTable {
  id: string;
  photoId: string;
  reason: string;
  details: string | null;
  createdAt: string;
  resolvedAt: string | null;
  /** Salted hash of the reporter's address: one report per photo and address (migrations/0055). */
  clientKey: Generated<string | null>;
}

export interface PhotoModerationActionsTable {
  id: string;
  action: 'hide-photo' | 'restore-photo' | 'keep-photo';
  photoId: string;
  reason: string;
  actor: string;
  createdAt: string;
}

/** The operator role on an owners' account (migrations/0047_operators.sql), written only by `npm run moderate -- operators`. */
export interface OperatorsTable {
  userId: string;
  email: string;
  grantedBy: string;
  reason: string;
  grantedAt: string;
}

export interface OperatorGrantsTable {
  id: string;
  action: 'grant-operator' | 'revoke-operator';
  email: string;
  reason: string;
  actor: string;
  createdAt: string;
}

export interface MigrationsTable {
  name: string;
  appliedAt: string;
}

export interface Database {
  providers: ProvidersTable;
  provider_categories: ProviderCategoriesTable;
  reviews: ReviewsTable;
  _migrations: MigrationsTable;
  rate_limits: RateLimitsTable;
  review_reports: ReviewReportsTable;
  held_listings: HeldListingsTable;
  approved_services: ApprovedServicesTable;
  service_requests: ServiceRequestsTable;
  moderation_actions: ModerationActionsTable;
  provider_hours: ProviderHoursTable;
  provider_facets: ProviderFacetsTable;
  provider_search: ProviderSearchTable;
  search_terms: SearchTermsTable;
  city_counts: CityCountsTable;
  zone_cells: ZoneCellsTable;
  state_cells: StateCellsTable;
  zone_hour_classes: ZoneHourClassesTable;
  hours_category_sets: HoursCategorySetsTable;
  review_stats: ReviewStatsTable;
  auth_users: AuthUsersTable;
  operators: OperatorsTable;
  operator_grants: OperatorGrantsTable;
  auth_sessions: AuthSessionsTable;
  auth_verifications: AuthVerificationsTable;
  auth_accounts: AuthAccountsTable;
  listing_owners: ListingOwnersTable;
  owner_audit: OwnerAuditTable;
  review_replies: ReviewRepliesTable;
  reply_reports: ReplyReportsTable;
  photos: PhotosTable;
  photo_reports: PhotoReportsTable;
  hidden_photo_keys: HiddenPhotoKeysTable;
  pending_rebuilds: PendingRebuildsTable;
  photo_moderation_actions: PhotoModerationActionsTable;
  insight_counts: InsightCountsTable;
  insight_visits: InsightVisitsTable;
  insight_mail_settings: InsightMailSettingsTable;
  insight_mail_sent: InsightMailSentTable;
  mail_outbox: MailOutboxTable;
  request_settings: RequestSettingsTable;
  requests: RequestsTable;
  request_windows: RequestWindowsTable;
  request_tokens: RequestTokensTable;
  request_audit: RequestAuditTable;
  blocked_request_senders: BlockedRequestSendersTable;
}

/** better-auth's tables (migrations/0016_owners.sql); better-auth writes them, we read a few columns. */
export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface AuthSessionsTable {
  id: string;
  expiresAt: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}
export interface AuthVerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}
export interface AuthAccountsTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Who manages a listing (migrations/0016_owners.sql). */
export interface ListingOwnersTable {
  providerId: string;
  userId: string;
  email: string;
  via: 'listed-email' | 'website-domain' | 'new-listing' | 'support';
  claimedAt: string;
}

export interface OwnerAuditTable {
  id: string;
  providerId: string;
  action: 'claim' | 'revoke-claim' | 'assign' | 'edit' | 'reply' | 'edit-reply' | 'delete-reply' | 'hide-reply' | 'restore-reply' | 'keep-reply';
  targetId: string | null;
  actor: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  createdAt: string;
}

export interface ReviewRepliesTable {
  id: string;
  reviewId: string;
  providerId: string;
  userId: string;
  body: string;
  status: Generated<'published' | 'hidden'>;
  createdAt: string;
  updatedAt: string;
}

export interface ReplyReportsTable {
  id: string;
  /** The response reported; the report stays when the response is deleted (migrations/0055). */
  replyId: string;
  providerId: string;
  reviewId: string;
  /** The response's text when it was reported. */
  body: string;
  reason: string;
  details: string | null;
  createdAt: string;
  resolvedAt: string | null;
  /** Salted hash of the reporter's address: one report per response and address. */
  clientKey: string | null;
}

/** Owners' status changes waiting for the next owners' rebuild, one row per listing (migrations/0056). */
export interface PendingRebuildsTable {
  providerId: string;
  userId: string;
  requestedAt: string;
}

/** Content keys of pictures a moderator hid (migrations/0055): uploaded again, they are stored hidden. */
export interface HiddenPhotoKeysTable {
  key: string;
  hiddenAt: string;
}

/** Providers per city, kept by triggers (migrations/0008_site_aggregates.sql). */
export interface CityCountsTable {
  city: string;
  state: string;
  n: number;
}

/**
 * The time zones providers with hours rows have been in, by half-degree cell counted from -90 and
 * -180; kept by triggers, never removed (migrations/0024_zone_cells.sql, 0086: a provider whose hours
 * are not known is never open now and brings no cell).
 */
export interface ZoneCellsTable {
  latCell: number;
  lngCell: number;
  timeZone: string;
}

/**
 * The states providers have been in, by the cells of zone_cells; kept by triggers, never removed
 * (migrations/0037_state_cells.sql).
 */
export interface StateCellsTable {
  latCell: number;
  lngCell: number;
  state: string;
}

/**
 * The length classes of hours ranges present in each zone ('' for none), in hours rounded up, as bits
 * (class k is 1 << k); kept by triggers, never cleared (migrations/0031_zone_hour_classes.sql).
 */
export interface ZoneHourClassesTable {
  timeZone: string;
  classes: number;
}

/**
 * Every set of categories an hours row has carried (" hair nails "); kept by triggers, never removed
 * (migrations/0038_hours_category_sets.sql).
 */
export interface HoursCategorySetsTable {
  categories: string;
}

/** Count and rating sum of every review, one row, kept by triggers (migrations/0008_site_aggregates.sql). */
export interface ReviewStatsTable {
  id: number;
  n: number;
  ratingSum: number;
}

export interface RateLimitsTable {
  bucket: string;
  windowStart: number;
  hits: number;
}

/** Owner insights, one row per listing, UTC day and measure (migrations/0048_insights.sql). */
export interface InsightCountsTable {
  providerId: string;
  day: string;
  measure: string;
  count: number;
}
/** What was counted in its window, by a hash that leads back to no address (migrations/0048). */
export interface InsightVisitsTable {
  key: string;
}
export interface InsightMailSettingsTable {
  userId: string;
  monthly: number;
  updatedAt: string;
}
export interface InsightMailSentTable {
  userId: string;
  month: string;
  sentAt: string;
}

/** Mail waiting to go, or sent (migrations/0044_mail_outbox.sql, docs/mail.md). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attachments: string | null;
  /** Further headers as a JSON object (migrations/0048_insights.sql). */
  headers: string | null;
  dedupeKey: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** Time requests (migrations/0050_requests.sql, docs/requests.md). */
export interface RequestSettingsTable {
  providerId: string;
  takesRequests: Generated<number>;
  bookingUrl: string | null;
  cancellationPolicy: string | null;
  replyMedianHours: number | null;
  replyRate: number | null;
  replyRequests: Generated<number>;
  updatedAt: string;
}
export interface RequestsTable {
  id: string;
  providerId: string;
  service: string;
  state: 'requested' | 'accepted' | 'proposed' | 'declined' | 'expired' | 'cancelled';
  name: string | null;
  email: string | null;
  phone: string | null;
  note: string | null;
  acceptedStart: string | null;
  proposedStart: string | null;
  declineReason: string | null;
  cancelledBy: 'shopper' | 'owner' | null;
  cancelledAt: string | null;
  firstAnsweredAt: string | null;
  expiresAt: string;
  lastDate: string;
  sequence: Generated<number>;
  reminderSentAt: string | null;
  spamReportedAt: string | null;
  spamResolvedAt: string | null;
  personalDeletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface RequestWindowsTable {
  requestId: string;
  idx: number;
  date: string;
  part: 'morning' | 'afternoon' | 'evening' | 'exact';
  time: string | null;
  startsAt: string;
}
export interface RequestTokensTable {
  hash: string;
  requestId: string;
  action: string;
  windowIndex: number | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}
/** Senders blocked from time requests (migrations/0066_blocked_request_senders.sql). */
export interface BlockedRequestSendersTable {
  emailHash: string;
  requestId: string;
  reason: string;
  actor: string;
  createdAt: string;
}
export interface RequestAuditTable {
  id: string;
  requestId: string;
  providerId: string;
  action: string;
  fromState: string | null;
  toState: string | null;
  actor: string;
  detail: string | null;
  createdAt: string;
}
