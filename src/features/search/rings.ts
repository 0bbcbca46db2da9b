/**
 * The rings around a place, as decisions (docs/search.md "Places"): when a place's own providers do
 * not fill the page, the nearest around its point follow, circle after widening circle. What to read
 * next is decided here from counts alone, with no database, so each rule is unit-tested
 * (tests/unit/rings.test.ts); rings.server.ts reads what these functions ask for.
 */
import type { GazetteerPlace } from '../places';
import { categoryForSearch } from '../catalog';
import { MAX_NEARBY_MILES, NEARBY_MILES } from './params';
import type { SearchParams } from './schemas/search';

/**
 * `probedFromRows`: rows of a circle's page past which its count is read before its rows (a provider's
 * row costs about what a count of a few dozen matches does). Not frozen: the tests lower it to reach the seed's rings.
 */
export const RING_TUNING = {
  probedFromRows: 100,
  /** Rings with words read as one statement (plans/textRings.server.ts); the tests turn it off to compare with the rings read circle after circle. */
  textAtOnce: true,
  /**
   * Words' rings are read beside the own page when the own's likely matches (the most its list holds
   * at the token sample's share of the filters the list does not carry) times this fall short of the
   * page: a read that is rarely wasted, where waiting for the own page cost a round trip.
   */
  likelyShortMargin: 1.5,
  /**
   * The widest circle's count is not asked when the narrowest's, spread over the widest's area, passes
   * the counted cap this many times over (`widestPastCap`): past the cap it would only send the rings
   * back to the narrowest. Room for a place denser at its centre than around it.
   */
  widestPastCapMargin: 3,
};

/** The radii to try around `place`, in miles, whole, never past MAX_NEARBY_MILES. */
export function radiiFor(place: Pick<GazetteerPlace, 'extentMiles'>): number[] {
  const first = Math.min(MAX_NEARBY_MILES, Math.ceil(place.extentMiles + NEARBY_MILES[0]));
  return [first, ...NEARBY_MILES.filter((r) => r > first)];
}

/** Whether a search has words: a query, or a service typed that is no catalog category (its words are searched). */
export const hasText = ({ query, service }: Partial<Pick<SearchParams, 'query' | 'service'>>) => !!query || (!!service && !categoryForSearch(service));

/** A count as a search answers it: up to the cap, and whether it stopped there. */
export interface Counted {
  total: number;
  capped?: boolean;
}

/** The page the rings are to fill, and how they go about it. */
export interface RingStart {
  radii: number[];
  /** The place's own matches (its city or ZIP code), all of them counted. */
  own: number;
  /** Whether some of the place's own are among the rings' matches (then left out of their pages). */
  ownIn: boolean;
  /** offset + limit: the matches the page needs. */
  wanted: number;
  /** Matches of the rings before the page (past the place's own). */
  skip: number;
  /** Rows of the page the rings give. */
  take: number;
  /** A deep page: each circle is asked its count before its rows are read. */
  deep: boolean;
  /** The widest circle is asked first (a deep page with more than one circle). */
  widestFirst: boolean;
  /**
   * …after the narrowest's count, which may fill the page (then the widest is not asked). With text
   * too: each circle's count lists the words narrowed to the widest's states, so the narrowest's costs
   * what the widest's does, and the widest's only spares it when the widest is not past the cap.
   */
  narrowestFirst: boolean;
  /** A short page with none of the place's own in the circles asks the widest for its page itself, not a count. */
  widestAsPage: boolean;
}

/**
 * How the rings fill a page at `offset` of `limit` rows when the place's own search found `own`
 * matches and shows `shown` of them on it. `ownSearched`: the place is one providers are listed in
 * (a city or ZIP code), so its own may lie in the circles.
 */
export function ringStart(
  radii: number[],
  { own, shown, ownSearched, offset, limit }: { own: number; shown: number; ownSearched: boolean; offset: number; limit: number },
): RingStart {
  const ownIn = ownSearched && own > 0;
  const skip = Math.max(0, offset - own);
  const take = limit - shown;
  const deep = (ownIn ? skip + take + own : take) > RING_TUNING.probedFromRows;
  const widestFirst = deep && radii.length > 1;
  return {
    radii,
    own,
    ownIn,
    wanted: offset + limit,
    skip,
    take,
    deep,
    widestFirst,
    narrowestFirst: widestFirst,
    widestAsPage: !deep && !ownIn,
  };
}

/**
 * Whether the rings are read as one statement (plans/spots.server.ts `ringsBySpot`): a page within
 * the matches a ring's pass lists (`listed`, `ringsListed`) once the place's own in it are left out.
 */
export const readAtOnce = (start: RingStart, { listed }: { listed: number }) => start.skip + start.take + (start.ownIn ? start.own : 0) <= listed;

/**
 * The matches each ring's pass lists (plans/spots.server.ts `ringsBySpot`): up to one past the counted
 * cap, and as deep as the page reaches too (past the place's own in the ring), so that a deep page is
 * read at once: read circle after circle, each circle's count and page were read in turn (a deep page
 * of open now at 100,000 providers: 14 round trips and 36,913 rows; a service at a price and a
 * rating in Chicago, offset 990: 8 and 12,368).
 */
export const ringsListed = (start: RingStart, { cap }: { cap: number }) => Math.max(cap + 1, start.skip + start.take + (start.ownIn ? start.own : 0));

/**
 * What a place's own search told before reading its page (rings.server.ts `readsAhead`): its matches
 * with open now as its open-now list counted them (`open`: the page's need when not known), the
 * most it can have (`most`: text-listed's list, filter-listed's rows), or its matches counted
 * exactly (`counted`: a count that listed them, or a ZIP code's alone).
 */
export type OwnTold = { open: number } | { most: number } | { counted: number };

/**
 * Which of the rings' one statements is read beside the place's own page, from what its own search
 * told (`told`): with words the text statement, by the most its own can have; else with open now the
 * statement with the widest circle's open-now count, by its open-now total; else the points'
 * statement, by its exact count. `own`: its matches (at most). With words, `share`: the share of
 * those the other filters are likely to leave (`likelyShortMargin`). Null when its own fill the
 * page (`wanted`: offset + limit), or the fact told is not the one its kind reads by.
 */
export function aheadOfOwn(
  { openNow, text, wanted, share = 1 }: { openNow: boolean; text: boolean; wanted: number; share?: number },
  told: OwnTold,
): { rings: 'text' | 'open' | 'spots'; own: number } | null {
  const rings = text ? 'text' : openNow ? 'open' : 'spots';
  const own =
    rings === 'text' ? (told as { most?: number }).most : rings === 'open' ? (told as { open?: number }).open : (told as { counted?: number }).counted;
  if (own === undefined) return null;
  // Words: the rings' statement reads their page for any own count up to the most, so a likely short own is enough.
  const short = own < wanted || (rings === 'text' && own * share * RING_TUNING.likelyShortMargin < wanted);
  return short ? { rings, own } : null;
}

/**
 * Whether the widest circle is surely past the counted cap (`cap`), from the narrowest's count
 * (`narrowest`: past the cap, or its matches at the narrowest's density over the widest's area,
 * `RING_TUNING.widestPastCapMargin` times the cap): then its count is not asked (afterWidest would
 * read the rings from the narrowest anyway). The answer is the same either way: the rings are read in turn.
 */
export const widestPastCap = ({ radii }: Pick<RingStart, 'radii'>, narrowest: Counted, cap: number) =>
  !!narrowest.capped || narrowest.total * (radii.at(-1)! / radii[0]!) ** 2 >= RING_TUNING.widestPastCapMargin * cap;

/** Whether a circle of `count` matches (with the place's own) fills the page. */
export const fills = (start: RingStart, count: Counted) => !!count.capped || start.own + count.total >= start.wanted;

/**
 * How a ring's page is read. `inPlace`: the place's own within the circle when counted before (a deep
 * page), else null (a short page reads the circle beside that count). With some of the place's own
 * in it, the circle is read from its start as far as they could push the page, and they are left out
 * after; with none, only the page's own rows are read.
 */
export function ringRead(start: RingStart, inPlace: number | null): { offset: number; limit: number; fromStart: boolean } {
  const fromStart = start.ownIn && (inPlace === null || inPlace > 0);
  return fromStart ? { offset: 0, limit: start.skip + start.take + (inPlace ?? start.own), fromStart } : { offset: start.skip, limit: start.take, fromStart };
}

/** What the widest circle's count (or page) says: read the rings from `from`, take its page as the answer, or read it whole. */
export function afterWidest(start: RingStart, widest: Counted): { next: 'rings'; from: number } | { next: 'answer' } | { next: 'read' } {
  if (widest.capped) return { next: 'rings', from: 0 };
  if (start.own + widest.total >= start.wanted) return { next: 'read' };
  if (!start.widestAsPage) return { next: 'rings', from: start.radii.length - 1 };
  return widest.total === 0 ? { next: 'rings', from: start.radii.length } : { next: 'answer' };
}

/** A circle's matches as the rings' one text statement counts them (plans/textRings.server.ts): `o` of them the place's own; null when not counted. */
export type CircleCount = { n: number; o: number } | null;

/**
 * The ring the rings' one text statement answers with, as the rings read circle after circle
 * choose it: the first whose matches (net of the place's own in it) fill the page with the place's
 * own or pass `cap` (the counted cap: a circle's own plan counts up to it and takes the circle), else
 * the widest; null when neither the place nor the widest has any. `total`: its matches up to the cap,
 * net of the place's own, as a circle's own count gives it (`capped`: past the cap). Undefined when
 * a count it needs was not made.
 */
export function textRingChoice(
  start: Pick<RingStart, 'radii' | 'own' | 'wanted'>,
  counts: readonly CircleCount[],
  cap: number,
): { ring: number; total: number; capped?: true } | null | undefined {
  const last = start.radii.length - 1;
  for (const [ring, count] of counts.entries()) {
    if (!count) return undefined;
    const capped = count.n > cap;
    const total = Math.min(count.n, cap) - count.o;
    if (capped) return { ring, total, capped };
    if (start.own + total >= start.wanted || ring === last) return start.own + total === 0 ? null : { ring, total };
  }
  return undefined;
}

/**
 * The rows of the page a ring gives, from the rows read of the list of matches not the place's own,
 * nearest first, starting at position `from` (each with its exact distance): its positions
 * [skip, skip + take), those within the ring (a narrower ring's list is the wider's nearer than its radius).
 */
export function textRingPage<T extends { miles: number }>(start: Pick<RingStart, 'skip' | 'take'>, rows: readonly T[], from: number, miles: number): T[] {
  const at = start.skip - from;
  return rows.slice(Math.max(0, at), at + start.take).filter((row) => row.miles <= miles);
}
