/**
 * The search's types, below every module that reads them (docs/architecture.md "Floors"): the
 * request's filters, a resolved search (resolve.server.ts fills it, filters.server.ts and the plans
 * read it), the names of the filters (filters.server.ts `FILTERS` holds one entry for each) and the
 * facts a sample or a box read carries.
 */
import type { Expression, RawBuilder, SqlBool } from 'kysely';
import type { Point } from '../places';
import type { SearchPlace } from '../places/index.server';
import type { SearchParams } from './schemas/search';

/** The filters of `FILTERS` (filters.server.ts), which is checked to have exactly these. */
export type FilterName =
  | 'city'
  | 'state'
  | 'zipPrefix'
  | 'priceRange'
  | 'rating'
  | 'facets'
  | 'near'
  | 'category'
  | 'notClosed'
  | 'openNow'
  | 'verified'
  | 'text';

export type Filters = Partial<Omit<SearchParams, 'limit' | 'offset'>>;
export type Count = { total: number; capped: boolean };

/** A circle of `miles` around `point` (a `near` search's, or the widest of a place's rings). */
export interface Circle {
  point: Point;
  miles: number;
}

/** The region text is listed narrowed to: a box's or a ZIP prefix's states, and a box's cells where they cost less (filters.server.ts `regionTokens`). */
export type Region = Pick<Resolved, 'regionStates' | 'regionCells'>;

export interface Resolved {
  params: Filters;
  /** The request's moment: open now and closures are read on each provider's clock at it. */
  now: Date;
  /** FTS5 expression, or null (no text), or false (text that cannot match anything). */
  match: string | null | false;
  /** Whether one row is cheaply checked against `match` (textMatch.server.ts). */
  checkable: boolean;
  /** Seeks one row's check against `match` costs (textMatch.server.ts). */
  checkSeeks: number;
  /**
   * The words of `match` each as an expression of its own, rarest guessed first (textMatch.server.ts
   * `textOf`), for the check of one row (filters.server.ts `matchesText`): a lookup a word, which
   * stops at the first word the row lacks, where the whole expression seeks every word's list. Only
   * for the expression they were made of (`of`): a search that adds to `match` checks it whole.
   */
  matchWords?: { of: string; words: string[] };
  /**
   * The filters' tokens of the full-text index text is listed with (filters.server.ts `listedMatch`):
   * only when its words are many, and only tokens a small part of the directory holds
   * (tokenShares.server.ts), since intersecting with a token reads its whole list.
   */
  textTokens?: string[];
  /**
   * The states a `near` box or a ZIP prefix holds providers in, when text that is many is listed
   * with it (plans/pointSource.server.ts `textInBox`; a ZIP prefix's in `resolve` below): the list is
   * read narrowed to one of their tokens (filters.server.ts `listedMatch`).
   */
  regionStates?: readonly string[];
  /**
   * The tokens of the half-degree cells a `near` box touches (filters.server.ts `cellToken`), when
   * text listed with its states is read narrowed to them instead: a state holds every listing of the
   * state, the cells about the box's (tokenShares.server.ts `boxRegion` weighs the two).
   */
  regionCells?: readonly string[];
  /**
   * Whether a ZIP prefix's index list narrows the text's matches (filters.server.ts `narrowsText`):
   * decided in `resolve` from the prefix's share of the token sample against the matches listed.
   */
  prefixNarrows?: boolean;
  /**
   * The widest circle around the point that the request's searches read (a place's rings,
   * nearPlace.server.ts): text that is many in any of its boxes is listed for that circle's states,
   * the same list for each ring (plans/pointSource.server.ts `textInBox`).
   */
  textCircle?: Circle;
  /** The text's matches as a JSON array of rowids, when listed once for the request (`textCircle`): read instead of the full-text index. */
  textRowids?: string;
  /** The category of `service`, when it names one. */
  category?: string;
  place?: SearchPlace;
  /**
   * openNow=true: the condition, for the request's moment: `openList` when few are open, else
   * `openNowCondition(now)`, which filters.server.ts rebuilds as `openNowBySeq` for a seq-only source.
   */
  openNow?: Expression<SqlBool>;
  /**
   * openNow=true, read from the open-now list: `p.seq IN (the list)`, the list applying the filters
   * it carries. `openNow` is this when few are open; when many, a plan that found them too sparse to
   * walk for its page lists them with this rather than check every provider (SearchRun.openSorted).
   */
  openList?: Expression<SqlBool>;
  /**
   * The open-now list itself (`openList` is membership in it), read in its index's order: with many
   * open and no narrower source, the open are counted along it (plans/otherOrder.server.ts `openSource`).
   */
  openSeqs?: RawBuilder<{ seq: number }>;
  /** openNow=true and fewer providers open than the counted cap: they lead the plan. */
  fewOpen?: boolean;
  /** openNow=true: how many are open (in the place's zones), up to the counted cap. */
  openCount?: number;
  /**
   * openNow=true and the open-now list already applied every filter the search has (the hours rows
   * carry them, filters.server.ts): its count is the search's total.
   */
  openTotal?: Count;
  /**
   * openNow=true checked row by row in a circle (`within`, not `fewOpen`): the cells of its box
   * where someone may be open (openNow.server.ts `cellsWithOpen`), to pass over the points elsewhere.
   */
  openCells?: RawBuilder<{ latCell: number; lngCell: number }>;
  /** near: only providers within this many miles of the point. */
  within?: Circle;
  /** Where distances are measured from (near, or the location for sort=distance). */
  point?: Point;
}

/** What a sampled provider's category rows carry (migrations/0006, 0014): its categories and their copies. */
export interface SampledCategories {
  categories: readonly string[];
  city: string;
  /** The words of its city (lib/words.ts `searchWords`), cut once per sample: whether a city's words hold the sampled (plans/textListed.server.ts `beyondCityWords`). */
  cityWords: readonly string[];
  priceRange: string;
  rating: number;
  /** The provider's state and facet bits, for the share of the directory a search's column filters hold (plans/facetListed.server.ts). */
  state: string;
  facets: number;
  /** Its ZIP code, for the providers a ZIP prefix holds (resolve.server.ts `prefixNarrows`). */
  zipCode: string;
  /** Where the provider sits (null when not placed), for the share of the directory a circle holds (resolve.server.ts). */
  latitude: number | null;
  longitude: number | null;
  /** Its zone (null: none, read on New York's clock) and hour bits (migrations/0091), for the providers open now (resolve.server.ts `surelyManyOpen`). */
  timeZone: string | null;
  openWeek: readonly number[];
}

/** A point providers sit at, with its distance from the search's point as SQL computes it (distanceSql). */
export interface SpotNear extends Point {
  miles: number;
}

/** The length classes of hours ranges present, by zone ('' for ranges without one): zone_hour_classes (migrations/0029, 0031). */
export type HoursClasses = ReadonlyMap<string, readonly number[]>;

/** What the hours rows hold that the open-now list reads one range of: openNow.server.ts `hoursPresent`. */
export interface HoursPresent {
  classes: HoursClasses;
  /** With a service's needle: the sets of categories that hold it, read one range each (`openArms`). */
  sets?: string[];
}

/** A circle's time zones and what their hours rows hold: openNow.server.ts `hoursNear`. */
export type HoursNear = HoursPresent & {
  zones: string[];
  /** The share of the box's half-degree cells holding a provider that hold each zone (zone_cells); none for a box over a pole. */
  shares?: ReadonlyMap<string, number>;
};

/** What an open-now list's ask read (openNow.server.ts `hoursOnce`): a circle's zones, or a place's (every zone when undefined). */
export type HoursAsked = HoursPresent & { zones?: readonly string[]; shares?: ReadonlyMap<string, number> };
