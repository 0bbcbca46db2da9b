/**
 * Where a provider stands in each order of the results, coarsely, as tokens of the full-text index's
 * `filters` column (migrations/0036): promoted, its rating in tenths, its review count's magnitude.
 * Text that is many is read for a page of another order as its intersection with the top of that
 * order (docs/search.md "Bounded cost"): every row of the buckets above a cut-off, in the index, so
 * only the rows a page can come from are read and sorted, not every match's.
 */
import { PLAN_TUNING } from './tuning.server';

/** The columns the orders sort on, of one provider (the token shares' sample holds them). */
export interface Standing {
  isPromoted: number;
  rating: number;
  reviewCount: number;
}

/** The rating's tenth, as migrations/0036 spells its token (`v47` for 4.7 to 4.79): 0 to 50. */
export const ratingTenth = (rating: number) => Math.trunc(Math.min(Math.max(rating, 0), 5) * 10 + 0.0001);

/**
 * The review count's magnitude, as migrations/0036 spells its token: its number of digits, then its
 * first digit (18 for 8, 23 for 30 to 39, 10 for none), so a larger count never has a smaller one.
 */
export function reviewsMagnitude(count: number): number {
  // Counted in numbers, not a string's characters: a top sizes itself over the sample's thousands.
  let lead = Math.min(Math.max(Math.trunc(count), 0), 9_999_999);
  let digits = 1;
  for (; lead >= 10; digits++) lead = Math.trunc(lead / 10);
  return digits * 10 + lead;
}

/** The token of the promoted (migrations/0036 `x`): the recommended order's first. */
export const PROMOTED_TOKEN = 'x';
/** The token of both a rating tenth and a review magnitude (migrations/0036 `b`): a bucket of both orders. */
const pairToken = (tenth: number, magnitude: number) => `b${tenth * 100 + magnitude}`;

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
/** Every tenth and every magnitude, from the top of their order down. */
const TENTHS = range(50, 0);
const DIGITS = range(7, 2);
const MAGNITUDES = [...DIGITS.flatMap((digits) => range(digits * 10 + 9, digits * 10 + 1)), ...range(19, 10)];

/**
 * The review magnitudes above `cut` as tokens: each number of digits whose nine magnitudes are all
 * above it as one prefix term (`c2*`: the mark, `c` and the digit count, three characters, a list the
 * index keeps whole: migrations/0093 `prefix`), every other one alone. A deep page's top named some
 * sixty tokens, each a list the index merged in; only magnitudes start so (they have two digits).
 */
function magnitudesAbove(cut: number): string[] {
  const whole = DIGITS.filter((digits) => digits * 10 + 1 > cut);
  const rest = MAGNITUDES.filter((m) => m > cut && !whole.includes(Math.trunc(m / 10)));
  return [...whole.map((digits) => `c${digits}*`), ...rest.map((m) => `c${m}`)];
}

/**
 * The pair tokens of the rating tenth `tenth` with the review magnitudes from `cut` up: each number
 * of digits whose nine magnitudes are all in it as one prefix term (`b507*`), as `magnitudesAbove`
 * names them, every other one alone. A cut-off in a tenth's last magnitudes named some sixty pairs,
 * each a list the index looked up in every segment and merged in. Only for a
 * tenth of two digits: its pairs have four, so no other tenth's pair starts so (`b49*` of the tenth
 * 4 would take the tenth 49's).
 */
function pairsFrom(tenth: number, cut: number): string[] {
  const whole = tenth >= 10 ? DIGITS.filter((digits) => digits * 10 + 1 >= cut) : [];
  const rest = MAGNITUDES.filter((m) => m >= cut && !whole.includes(Math.trunc(m / 10)));
  return [...whole.map((digits) => `b${tenth}${digits}*`), ...rest.map((m) => pairToken(tenth, m))];
}

/**
 * The two columns the rating and reviews orders lead with, as buckets: the first's single tokens
 * above the cut-off, and the pair tokens of the cut-off's own bucket of the first with the second's
 * down to its, so every list read is of providers inside the top (a whole tenth is 15 % of a million).
 */
const LEADING = {
  rating: {
    first: TENTHS,
    second: MAGNITUDES,
    single: (t: number) => `v${t}`,
    // Not as prefixes: `v4*` would take the tenth 4 with the forties.
    above: (cut: number) => TENTHS.filter((t) => t > cut).map((t) => `v${t}`),
    pairsFrom,
  },
  reviews: {
    first: MAGNITUDES,
    second: TENTHS,
    single: (m: number) => `c${m}`,
    above: magnitudesAbove,
    // A magnitude's pairs differ in their leading digits (the tenth's): no prefix holds several.
    pairsFrom: (m: number, cut: number) => TENTHS.filter((t) => t >= cut).map((t) => pairToken(t, m)),
  },
} as const;
export type BucketedSort = 'recommended' | keyof typeof LEADING;

/**
 * A standing's buckets in `sort` (the recommended order: promoted first, then as by rating) as one
 * number, larger first in the order: promoted, then the order's first bucket, then its second, two
 * digits each (tenths run to 50, magnitudes to 79).
 */
function bucketsKey(sort: BucketedSort, s: Standing): number {
  const tenth = ratingTenth(s.rating);
  const magnitude = reviewsMagnitude(s.reviewCount);
  const promoted = sort === 'recommended' && s.isPromoted ? 1 : 0;
  return (promoted * 100 + (sort === 'reviews' ? magnitude : tenth)) * 100 + (sort === 'reviews' ? tenth : magnitude);
}

/**
 * The buckets (promoted, first, second) of the standing at place `at` (from 0) of `sample` sorted by
 * `sort`, first first: counted per bucket (a few hundred at most) instead of sorting the sample's
 * thousands for each top.
 */
function bucketsAt(sort: BucketedSort, sample: readonly Standing[], at: number): [number, number, number] {
  const counts = new Map<number, number>();
  for (const s of sample) {
    const key = bucketsKey(sort, s);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const keys = [...counts.keys()].sort((a, b) => b - a);
  let passed = 0;
  let i = 0;
  for (; i < keys.length - 1; i++) {
    passed += counts.get(keys[i]!)!;
    if (passed > at) break;
  }
  const key = keys[i]!;
  return [Math.trunc(key / 10_000), Math.trunc(key / 100) % 100, key % 100];
}

/**
 * The share of the sample's standings in the first bucket `first` of `sort` (not promoted) whose
 * second bucket lies below `second`: those a top naming that bucket whole holds beyond its pairs
 * from `second`.
 */
function shareBelow(sort: BucketedSort, sample: readonly Standing[], first: number, second: number): number {
  let all = 0;
  let below = 0;
  for (const s of sample) {
    const key = bucketsKey(sort, s);
    if (Math.trunc(key / 100) !== first) continue;
    all++;
    if (key % 100 < second) below++;
  }
  return all ? below / all : 1;
}

/**
 * The full-text expression (of `token`, filters.server.ts `filterToken`) of the smallest top of the
 * order `sort` that holds at least `share` of `sample`, every provider of each of its buckets; null
 * when that is all of them. Everyone it leaves out comes after everyone it holds. `listed`: the rows
 * the list reads with no top, when known (a cut-off within the promoted: `promotedTop`). The
 * cut-off's bucket is named whole rather than by its pairs from the cut-off when `everyone` (the
 * whole sample, where `sample` may keep only those a minimum rating does) holds few below it
 * (`PLAN_TUNING.wholeBucketBelow`): a larger top, still every provider of each of its buckets.
 */
export function orderTop(
  sort: BucketedSort,
  sample: readonly Standing[],
  share: number,
  token: (name: string) => string,
  listed = 0,
  everyone: readonly Standing[] = sample,
): string | null {
  const at = Math.max(0, Math.ceil(share * sample.length) - 1);
  if (share >= 1 || at >= sample.length) return null;
  const [promoted, first, second] = bucketsAt(sort, sample, at);
  if (promoted) return promotedTop(sample, at, token, listed);
  const lead = LEADING[sort === 'reviews' ? 'reviews' : 'rating'];
  const last = second === lead.second[lead.second.length - 1];
  // The cut-off in the last bucket of all, whole: the top is everyone.
  if (last && first === lead.first[lead.first.length - 1]) return null;
  const above = lead.above(first);
  const pairs = lead.pairsFrom(first, second);
  // Its pairs several lists to merge, and the bucket's providers below the cut-off (of every rating: the list is read whole) few: the bucket whole.
  const whole = last || (pairs.length > PLAN_TUNING.wholeBucketPairs && shareBelow(sort, everyone, first, second) <= PLAN_TUNING.wholeBucketBelow);
  const own = whole ? [lead.single(first)] : pairs;
  return `(${[...(sort === 'recommended' ? [PROMOTED_TOKEN] : []), ...above, ...own].map(token).join(' OR ')})`;
}

/**
 * A top within the promoted (the recommended order's first few, `at` the cut-off's place among the
 * sample's standings, all promoted up to it): when the rows the list reads with no top (`listed`)
 * hold at least `promotedTopRows` promoted (at the sample's share), the promoted of the rating
 * tenths down to that of the promoted standing at `at` (the recommended order sorts the promoted as
 * the rating order does), at no fewer than `promotedTopLeast` of their standings, while it holds at
 * most `promotedTopMost` of them; else all of them. The promoted token alone held every promoted row
 * of the list, each checked and sorted, where a first page needed a few. Whole tenths, no pair
 * tokens: the promoted crowd the top tenths, where a cut-off's pairs were a long list of lists to merge.
 */
function promotedTop(sample: readonly Standing[], at: number, token: (name: string) => string, listed: number): string {
  const tenths = sample.filter((s) => s.isPromoted).map((s) => ratingTenth(s.rating));
  const held = Math.max(at + 1, PLAN_TUNING.promotedTopLeast);
  if ((listed * tenths.length) / sample.length < PLAN_TUNING.promotedTopRows || held > PLAN_TUNING.promotedTopMost * tenths.length)
    return token(PROMOTED_TOKEN);
  const cut = tenths.sort((a, b) => b - a)[held - 1]!;
  const above = TENTHS.filter((t) => t >= cut).map(LEADING.rating.single);
  return `(${token(PROMOTED_TOKEN)} AND (${above.map(token).join(' OR ')}))`;
}

/**
 * The standings a top is sized among for matches rated at least `minimum`: those it keeps. Every
 * match lies among them, and they lead the rating and recommended orders, so a top sized as a share
 * of every standing held several times the matches it was sized for (each a row read and sorted).
 * Every standing when there is no minimum or the sample holds none rated that high.
 */
export function standingsRatedAtLeast(sample: readonly Standing[], minimum: number | undefined): readonly Standing[] {
  if (minimum === undefined) return sample;
  const kept = sample.filter((s) => s.rating >= minimum);
  return kept.length ? kept : sample;
}
