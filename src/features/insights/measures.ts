/**
 * What owner insights count (docs/insights.md), as data: every other module (the beacon's rules,
 * the view, the CSV, the email, the OpenAPI document) reads this list. Browser-safe.
 *
 * `window` is how often one visitor counts for one listing: a view or a search appearance once a
 * day, a click once per kind an hour (as Yelp counts one person's repeated actions). Measures
 * without a window are not counted by the beacon: they are read from the requests feature.
 */
export const MEASURES = [
  { key: 'view', label: 'Profile views', one: 'view', many: 'views', window: 'day' },
  { key: 'search', label: 'Search appearances', one: 'search appearance', many: 'search appearances', window: 'day' },
  { key: 'call', label: 'Calls', one: 'call', many: 'calls', window: 'hour' },
  { key: 'directions', label: 'Direction requests', one: 'direction request', many: 'direction requests', window: 'hour' },
  { key: 'website', label: 'Website clicks', one: 'website click', many: 'website clicks', window: 'hour' },
  { key: 'booking', label: 'Booking-link clicks', one: 'booking-link click', many: 'booking-link clicks', window: 'hour' },
  { key: 'request', label: 'Time requests', one: 'request', many: 'requests', window: null },
  { key: 'reply', label: 'Replies', one: 'reply', many: 'replies', window: null },
] as const;

export type Measure = (typeof MEASURES)[number];
export type MeasureKey = Measure['key'];

/** Measures the beacon counts (they have a window), in the order of MEASURES. */
export type BeaconEvent = Extract<Measure, { window: 'day' | 'hour' }>['key'];
export const BEACON_EVENTS = MEASURES.flatMap((m) => (m.window ? [m.key] : [])) as [BeaconEvent, ...BeaconEvent[]];

/** The days the view compares: the last PERIOD_DAYS against the PERIOD_DAYS before. */
export const PERIOD_DAYS = 30;

/** How long counts are kept (the peers keep 18 months), then deleted by the retention function. */
export const RETENTION_MONTHS = 18;

/** Most listings one search-appearance beacon may name (a page of search results). */
export const MAX_LISTINGS_PER_BEACON = 100;

/**
 * Most beacon events one client address may have counted per window: a person does not open
 * hundreds of listings in ten minutes, a script rotating its user agent does.
 */
export const ADDRESS_LIMIT = { max: 600, windowSeconds: 10 * 60 } as const;

export const measureOf = (key: string): Measure | undefined => MEASURES.find((m) => m.key === key);

/** "1 call", "41 calls". */
export const countPhrase = (measure: Measure, n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? measure.one : measure.many}`;

/**
 * The measures a report shows: all of them, the beacon's counts and the requests feature's
 * (docs/insights.md "Requests and replies").
 */
export const REPORTED_MEASURES: readonly Measure[] = MEASURES;

/** The monthly email goes out on the first days of a month (UTC), for the month before. */
export const MONTHLY_MAIL_DAYS = 2;
