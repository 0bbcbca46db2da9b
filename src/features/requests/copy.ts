/**
 * The words and numbers of time requests (docs/requests.md), one definition each, shared by the
 * functions, the emails and the UI. Browser-safe.
 */

/** Told to the shopper before and after sending (issue 40, word for word). */
export const REQUEST_NOTICE = 'This is a request. It is not booked until {business} confirms.';
export const requestNotice = (business: string): string => REQUEST_NOTICE.replace('{business}', business);

/** On an unclaimed listing, next to "Call". */
export const CLAIM_TO_RECEIVE = 'Is this your business? Claim it to receive requests';

/** The button on a listing that takes requests. */
export const REQUEST_A_TIME = 'Request a time';

/** The last choice of the service list, after the menu's names. */
export const SOMETHING_ELSE = 'Something else';

/** The owner's settings, as /business labels them. */
export const TAKE_REQUESTS_LABEL = 'Take time requests';
export const BOOK_ONLINE_LABEL = 'Book online';

/** "Usually replies within N hours" (item 7); N is rounded up, at least 1. */
export const replyTimeLine = (medianHours: number): string => {
  const hours = Math.max(1, Math.ceil(medianHours));
  return `Usually replies within ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};
/** "Replies to 90% of requests": the reply rate as a whole percentage. */
export const replyRateLine = (replyRate: number): string => `Replies to ${Math.round(replyRate * 100)}% of requests`;

/** Limits (docs/requests.md "Limits"). */
export const REQUEST_LIMITS = {
  /** Windows per request. */
  maxWindows: 3,
  /** How far ahead a window may be, in days from today in the listing's time zone. */
  daysAhead: 60,
  /** Note, characters. */
  noteMax: 500,
  /** Cancellation policy, characters. */
  policyMax: 300,
  /** Requests a day per confirmed email and per client address. */
  perEmailPerDay: 3,
  perAddressPerDay: 3,
  /** Requests a day to one listing, from everyone. */
  perListingPerDay: 30,
  /** Hours an owner has to answer before the request expires. */
  answerHours: 48,
  /** Hours an email link works. */
  linkHours: 72,
  /** Hours ahead of the appointment the reminder goes (± 1 hour). */
  reminderHours: 24,
  /** Hours ahead of the appointment until which the shopper's cancellation is free. */
  freeCancellationHours: 24,
  /** Days after the request's last date the shopper's details are deleted. */
  retentionDays: 90,
  /** Days of first answers the reply time is measured over, and the fewest requests it needs. */
  replyWindowDays: 90,
  replyMinRequests: 3,
} as const;

/** The parts of a day a window may name, with their local hours [from, to). */
export const DAY_PARTS = {
  morning: { label: 'Morning', from: 8, to: 12 },
  afternoon: { label: 'Afternoon', from: 12, to: 17 },
  evening: { label: 'Evening', from: 17, to: 21 },
} as const;
export const WINDOW_PARTS = ['morning', 'afternoon', 'evening', 'exact'] as const;
export type WindowPart = (typeof WINDOW_PARTS)[number];

/** Why an owner declines: a short list (item 3). */
export const DECLINE_REASONS = [
  { value: 'fully-booked', label: 'Fully booked at those times' },
  { value: 'service-not-offered', label: 'We do not offer this service' },
  { value: 'closed', label: 'Closed on that day' },
  { value: 'other', label: 'Another reason' },
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number]['value'];

/** The states of a request (docs/requests.md "States"). */
export const REQUEST_STATES = ['requested', 'accepted', 'proposed', 'declined', 'expired', 'cancelled'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** How each state reads to people. */
export const STATE_LABELS: Record<RequestState, string> = {
  requested: 'Waiting for the business',
  accepted: 'Confirmed',
  proposed: 'Another time proposed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** What an email link or the dashboard can do. */
export const LINK_ACTIONS = ['accept', 'propose', 'decline', 'cancel', 'accept-proposal', 'decline-proposal', 'shopper-cancel'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];
export const OWNER_ACTIONS = ['accept', 'propose', 'decline', 'cancel', 'report'] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];

/** The page email links open (GET never changes anything: mail scanners prefetch links). */
export const RESPOND_PATH = '/requests/respond';
