/**
 * The search's filters as data (docs/search.md "Filters"): for each, whether a search has it, its
 * condition on the provider row `p`, and which copied tables already apply it. The row conditions,
 * what a plan may leave out, and whether the open-now list already applied every filter are all
 * derived from this table, so a new filter is one entry here (and its name in
 * searchTypes.server.ts, its parameter in schemas/search.ts, and an index if it needs one).
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { withinCondition } from './near.server';
import { notClosedCondition, openNowBySeq, openNowCondition, type OpenListConditions } from './openNow.server';
import { hoursCategoryNeedle } from './providerHours.server';
import { INDEXES, indexedBy, indexSql, ranked, type IndexName } from './indexes.server';
import type { FilterName, Region, Resolved, SampledCategories } from './searchTypes.server';
import { RATING_STEPS } from './params';
import { ratingTenth } from './orderBuckets.server';
import { searchWords } from '../../lib/words';
import { filterMask } from '../facets';
import { STORED_PRICE_STAND_IN } from '../providers';

/** The facet bits a search asks for (0: none), from its facet parameters. */
const facetMaskOf = (r: Resolved) => filterMask(r.params);
/** The facet bits a search asks for, each a range of provider_facets (migrations/0046). */
export const facetBitsOf = (r: Resolved): number[] => {
  const mask = facetMaskOf(r);
  return Array.from({ length: 32 }, (_, bit) => bit).filter((bit) => mask & (1 << bit));
};

/**
 * Copied tables that apply a filter by themselves. `categoryRows`: provider_categories, whose rows
 * copy the provider's city, price and rating (migrations/0006, 0014; a condition on `c`). `openList`:
 * the hours rows the open-now list is read from, which copy city, categories, price and rating
 * (migrations/0014, 0032; a condition on `h`, openNow.server.ts `openNowList`). `facetRows`: a
 * facet's rows (provider_facets) as its order indexes' entries hold them: the order columns, city,
 * price, rating and facets (migrations/0087; a condition on `f`, plans/facetListed.server.ts).
 * `facetTable`: a facet's rows as stored, read in key order or looked up from an entry, which copy
 * besides the point, the zone and open hours' bits, and the categories (migrations/0092).
 */
export type Carrier = 'categoryRows' | 'openList' | 'facetRows' | 'facetTable';

export interface SearchFilter {
  /** Whether the search has this filter. */
  on(r: Resolved): boolean;
  /**
   * Its condition on the provider row `p`. `listText`: text is listed from the full-text index
   * first rather than checked row by row (only the text filter reads it). `seqOnly`: the condition
   * may read `p.seq` and nothing else of `p` (for a filter that is `seqOnly`). `index`: the index
   * whose entries the condition is checked on (`ranked`: see `ratingRange`).
   */
  row(r: Resolved, how: { listText: boolean; seqOnly?: boolean; index?: IndexName }): Expression<SqlBool>;
  /** Its condition on the category row `c`, when category rows carry the column, for the entries of `index` (`ranked`). */
  categoryRow?(r: Resolved, index?: IndexName): Expression<SqlBool>;
  /** Its condition on the facet row `f`, when facet rows carry the column (migrations/0087, 0092), for the entries of `index` (`ranked`). */
  facetRow?(r: Resolved, index?: IndexName): Expression<SqlBool>;
  /**
   * Whether its facet row condition may still seek another table (open now's hours rows for a
   * provider whose bits leave hours out): checked after the facet row's other conditions.
   */
  facetRowSeeks?: true;
  /**
   * The same condition on a sampled provider's category rows (tokenShares.server.ts), for the share
   * of the directory a service's rows with the search's filters hold (`inSampledCategoryRows`), and
   * the share the search's matches hold (`inSample`): the search's test of a row, built once for a
   * pass over the ~2,000 sampled rows.
   */
  sampledRow?(r: Resolved): (row: SampledCategories) => boolean;
  /** The copied tables that apply it (a plan reading one of them leaves its row condition out). */
  carriedBy: readonly Carrier[];
  /**
   * Its condition on an hours row `h` of the open-now list, for a filter the list carries
   * (`carriedBy` has 'openList'; open now and its closures are the list itself and have none).
   */
  hoursRow?(r: Resolved): Expression<SqlBool>;
  /**
   * The needle of a set of categories every hours row meeting it holds (hoursCategoryNeedle): with a
   * city, the open-now list reads the sets that hold it one at a time (openNow.server.ts `openArms`).
   */
  hoursSet?(r: Resolved): string;
  /**
   * Whether the open-now indexes pass over its column range by range (it is not in their key): the
   * list's ranges are then read up to a bound before it is applied (resolve.server.ts).
   */
  hoursScanned?: true;
  /**
   * A full-text expression every match of it meets, in the words of a text column (the city's, in
   * `city`): text listed with it is read as the intersection, in the index, not as every text
   * match's row. A superset, never the answer: `row` still decides.
   */
  inText?(r: Resolved): string | null;
  /**
   * Its tokens in the full-text index's `filters` column (migrations/0035, 0088), none when it has
   * none: text that is many is listed as its intersection with each that few enough providers hold
   * (resolve.server.ts `textTokens`, `listedMatch`).
   */
  textTokens?(r: Resolved): string[];
  /**
   * Whether its `textTokens` hold exactly its matches, not a superset of them: true, or the condition
   * on `seq` alone they leave to check (the stand-in price's `priceKnown`); false when they do not.
   * Text whose other filters are all held so or checked by seq is counted from the full-text index's
   * rowids alone (`textIndexCarries`, plans/context.server.ts `textSourceOf`).
   */
  tokensHold?(r: Resolved, seq: RawBuilder<unknown>): boolean | Expression<SqlBool>;
  /**
   * An index its matches can be listed from (with `row` as the index's range): when they are few,
   * the plan `filter-listed` lists them and checks each rather than walk another index for them.
   */
  listedBy?: IndexName;
  /**
   * Whether a list of many text matches is narrowed by this filter's index list before each match's
   * provider row is read (textListed in plans/context.server.ts): true when its index range is small
   * next to a text too common to list alone.
   */
  narrowsText?(r: Resolved): boolean;
  /**
   * Whether its row condition is a lookup in another table by `p.seq` alone (a category row, a
   * full-text rowid), costlier than the columns of the row: a sorted page of many matches checks it
   * only on the source's rows ahead of the page's end (SearchRun.sortedPage). Open now is one only
   * on seq alone (its provider_search row read): on the row its hour's bit is a column, in the
   * index entries too (migrations/0091).
   */
  lookup?(r: Resolved, how: { listText: boolean; seqOnly: boolean }): boolean;
  /**
   * Whether its row condition can be had from `p.seq` alone (a lookup by seq, `row` with `seqOnly`):
   * text with no other filters than these is counted from the full-text index's rowids, no provider
   * row read (plans/context.server.ts `textSourceOf`).
   */
  seqOnly?: true;
}

// Listed, the matches are a check on each row, never where SQLite starts (`+` keeps it off the
// rowid): the plan's own index or list leads.
const textListedRow = (r: Resolved, { listText }: { listText: boolean }) => listText || !r.checkable;
/** Whether the text's row condition (`rowConditions` with `how`) is a list of its matches, built whole by each statement that reads it. */
export const listsText = (r: Resolved, how: { listText: boolean }) => !!r.match && textListedRow(r, how);
const textRow = (r: Resolved, how: { listText: boolean }) =>
  !textListedRow(r, how)
    ? matchesText(r, sql`p.seq`)
    : r.textRowids
      ? sql<SqlBool>`+p.seq IN (SELECT value FROM json_each(${r.textRowids}))`
      : sql<SqlBool>`+p.seq IN (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ${listedMatch(r)})`;
/**
 * The text checked on one provider `seq`: a full-text lookup by rowid a word, rarest first (Resolved
 * `matchWords`). The whole expression's lookup seeks every word's list for each row; a word at a
 * time stops at the first the row lacks, and every word met is the whole met.
 */
export const matchesText = (r: Resolved, seq: RawBuilder<unknown>) => {
  const words = r.matchWords && r.matchWords.of === r.match ? r.matchWords.words : [r.match as string];
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql`EXISTS (SELECT 1 FROM providers_fts WHERE providers_fts MATCH ${word} AND rowid = ${seq})`),
    sql` AND `,
  )})`;
};

/**
 * A token of the full-text index's `filters` column (migrations/0035): a private-use character first,
 * which no word of a search holds (searchText.ts `searchWords`), so only this reaches it. Names
 * joined by `|` are any one of them (`ratingToken`).
 */
export const filterToken = (token: string) => {
  // A trailing `*`: every token that starts so (a prefix term).
  const terms = token.split('|').map((term) => (term.endsWith('*') ? `"\u{E000}${term.slice(0, -1)}"*` : `"\u{E000}${term}"`));
  return terms.length === 1 ? `filters : ${terms[0]}` : `filters : (${terms.join(' OR ')})`;
};

/** The token of a state ("NY": providers in New York state), as migrations/0035 spells it. */
export const stateToken = (state: string) => `s${state.toLowerCase()}`;
/** The token of a half-degree cell (near.server.ts `boxCells`: providers whose coordinates lie in it), as migrations/0094 spells it. */
export const cellToken = (latCell: number, lngCell: number) => `g${latCell * 1000 + lngCell}`;
/**
 * The tokens of the region `r`'s text is listed narrowed to: a box's cells, else a box's or a ZIP
 * prefix's states (a provider has its cell's and its state's token, migrations/0094 and 0035).
 */
export const regionTokens = (r: Region): readonly string[] => (r.regionCells?.length ? r.regionCells : (r.regionStates ?? []).map(stateToken));
/** The token of a facet bit (24: providers that identify as Black-owned), as migrations/0088 spells it. */
export const facetToken = (bit: number) => `f${bit}`;
/** The token of a price range ("$$": providers at that price), as migrations/0035 spells it. */
export const priceToken = (priceRange: string) => `p${priceRange.length}`;

/**
 * The token of a minimum rating: on one of the page's steps (RATING_STEPS), that step's token of the
 * providers rated at least it (migrations/0035: `r45`); between steps, any of the rating tenths
 * (migrations/0036: `v48`) from the minimum's own up to the next step's, and that step's token
 * (`v48|v49|v50` for 4.8, `v42|v43|v44|v45|r45` for 4.2): the step below held every provider
 * between it and the minimum too, each a row read to be left out. The next step's own tenth stays:
 * a rating a hair below the step has its tenth and not its token. None below the lowest step.
 */
export function ratingToken(minimum: number): string | null {
  const tenth = ratingTenth(minimum);
  const steps = RATING_STEPS.map((step) => ratingTenth(Number(step)));
  if (tenth < Math.min(...steps)) return null;
  if (steps.includes(tenth)) return `r${tenth}`;
  const next = Math.min(...steps.filter((step) => step > tenth));
  const last = Number.isFinite(next) ? next : ratingTenth(5);
  const tenths = Array.from({ length: last - tenth + 1 }, (_, i) => `v${tenth + i}`);
  return [...tenths, ...(Number.isFinite(next) ? [`r${next}`] : [])].join('|');
}

/**
 * Whether `ratingToken(minimum)` holds exactly the providers rated at least `minimum`: a step's token
 * is the same comparison (migrations/0035); the tenths (migrations/0036) are when the minimum is a
 * whole tenth, as every rating is (the mean of its reviews to one decimal, reviews.server.ts).
 */
export function ratingTokenHolds(minimum: number): boolean {
  const tenth = ratingTenth(minimum);
  return ratingToken(minimum) !== null && minimum <= 5 && Math.abs(minimum * 10 - tenth) < 1e-9;
}

/**
 * Whether the provider of `seq` has a price someone gave (docs/owners.md "Unknown hours and price"):
 * one lookup in the partial index of those whose price is unknown (migrations/0060), which finds
 * nothing and reads no row for a listing whose price is known.
 */
const priceKnown = (seq: RawBuilder<unknown>) =>
  sql<SqlBool>`NOT EXISTS (SELECT 1 FROM providers u INDEXED BY ${indexSql(INDEXES.priceUnknown)} WHERE u.seq = ${seq} AND u.priceRangeKnown = 0)`;
/** The price filter on a row or a copy's row: its column, and for the stand-in (the only value an unknown price holds) `priceKnown`. */
const priceCondition = (r: Resolved, column: RawBuilder<unknown>, seq: RawBuilder<unknown>) =>
  r.params.priceRange === STORED_PRICE_STAND_IN
    ? sql<SqlBool>`(${column} = ${r.params.priceRange} AND ${priceKnown(seq)})`
    : sql<SqlBool>`${column} = ${r.params.priceRange}`;

/**
 * A minimum rating on the rows of `alias`, as a range under each value of the promoted flag
 * (FILTERS.rating); read along an index in the rating or reviews order (`ranked`), which holds no
 * flag, the rating alone: naming the flag there read each entry's row.
 */
const ratingRange = (alias: RawBuilder<unknown>, r: Resolved, index?: IndexName) =>
  index && ranked(index)
    ? sql<SqlBool>`${alias}.rating >= ${r.params.rating}`
    : sql<SqlBool>`${alias}.isPromoted IN (1, 0) AND ${alias}.rating >= ${r.params.rating}`;

/**
 * The table. Its order is the order of the row conditions, which SQLite checks in turn, stopping at
 * the first that fails: a column's comparison first (open now's hour bit among them, migrations/0091:
 * at night it rules out most rows), then the lookups (the closed, a category row, a claim, a
 * full-text lookup by rowid), cheapest first, so a row a price or the hour rules out costs no lookup
 * in a walk or a count.
 */
export const FILTERS = {
  city: {
    on: (r) => !!r.place?.city,
    row: (r) => sql<SqlBool>`p.city = ${r.place!.city}`,
    categoryRow: (r) => sql<SqlBool>`c.city = ${r.place!.city}`,
    facetRow: (r) => sql<SqlBool>`f.city = ${r.place!.city}`,
    // The column's NOCASE collation (migrations/0006).
    sampledRow: (r) => {
      const city = r.place?.city?.toLowerCase();
      return (row) => row.city.toLowerCase() === city;
    },
    // The first column of the open-now list's city index (openNow.server.ts `openNowList`).
    hoursRow: (r) => sql<SqlBool>`h.city = ${r.place!.city}`,
    // The city's words: "New York" also finds "West New York", whose rows `row` then leaves out.
    inText: (r) => {
      const words = searchWords(r.place!.city!);
      return words.length ? `city : (${words.map((w) => `"${w}"`).join(' ')})` : null;
    },
    carriedBy: ['categoryRows', 'openList', 'facetRows', 'facetTable'],
  },
  state: {
    on: (r) => !!r.place?.state,
    row: (r) => sql<SqlBool>`p.state = ${r.place!.state}`,
    sampledRow: (r) => (row) => row.state === r.place!.state,
    textTokens: (r) => [stateToken(r.place!.state!)],
    // States are stored as their two-letter code in capitals (the business form's `stateCode`), the token its lower case.
    tokensHold: (r) => /^[A-Z]{2}$/.test(r.place!.state!),
    carriedBy: [],
  },
  /** A range on the indexed column: "787" matches 78700-78799. */
  zipPrefix: {
    on: (r) => !!r.place?.zipPrefix,
    row: (r) => sql<SqlBool>`p.zipCode >= ${r.place!.zipPrefix} AND p.zipCode < ${`${r.place!.zipPrefix}\u{10FFFF}`}`,
    carriedBy: [],
    listedBy: INDEXES.zip,
    // Three digits or more: at most a few hundredths of a percent of ZIP codes, read from the index
    // alone (no provider row), where each text match listed costs a provider row read at random;
    // not when the prefix holds more providers than the matches listed (resolve.server.ts `prefixNarrows`).
    narrowsText: (r) => r.place!.zipPrefix!.length >= 3 && r.prefixNarrows !== false,
  },
  /**
   * The column, and for the stand-in "$$" a price someone gave: a listing whose price is unknown
   * holds "$$" in the row and in every copy of it (priceKnown).
   */
  priceRange: {
    on: (r) => !!r.params.priceRange,
    row: (r) => priceCondition(r, sql`p.priceRange`, sql`p.seq`),
    categoryRow: (r) => priceCondition(r, sql`c.priceRange`, sql`c.providerSeq`),
    facetRow: (r) => priceCondition(r, sql`f.priceRange`, sql`f.providerSeq`),
    sampledRow: (r) => (row) => row.priceRange === r.params.priceRange,
    hoursRow: (r) => priceCondition(r, sql`h.priceRange`, sql`h.providerSeq`),
    hoursScanned: true,
    textTokens: (r) => [priceToken(r.params.priceRange!)],
    // The token is the range's length; the stand-in's also holds the unknown prices, left out by seq.
    tokensHold: (r, seq) => (r.params.priceRange === STORED_PRICE_STAND_IN ? priceKnown(seq) : true),
    carriedBy: ['categoryRows', 'openList', 'facetRows', 'facetTable'],
  },
  /**
   * With the promoted flag named (0 or 1, never null): in an index where the rating follows a
   * place's, a price's, a service's or a facet's key and the flag (their recommended order), SQLite
   * then seeks the minimum's range under each flag, not every entry of the key checked.
   */
  rating: {
    on: (r) => r.params.rating !== undefined,
    row: (r, { index }) => ratingRange(sql`p`, r, index),
    categoryRow: (r, index) => ratingRange(sql`c`, r, index),
    facetRow: (r, index) => ratingRange(sql`f`, r, index),
    sampledRow: (r) => (row) => row.rating >= r.params.rating!,
    hoursRow: (r) => sql<SqlBool>`h.rating >= ${r.params.rating}`,
    hoursScanned: true,
    textTokens: (r) => [ratingToken(r.params.rating!)].filter((token) => token !== null),
    tokensHold: (r) => ratingTokenHolds(r.params.rating!),
    carriedBy: ['categoryRows', 'openList', 'facetRows', 'facetTable'],
  },
  /**
   * The facets asked for (docs/facets.md): every bit of the mask held, one comparison on the row's
   * own column, so it costs no lookup; category rows carry the column in their indexes' entries
   * (migrations/0082), and hours rows in the open-now indexes' (0085).
   */
  facets: {
    on: (r) => facetMaskOf(r) !== 0,
    row: (r) => sql<SqlBool>`(p.facets & ${facetMaskOf(r)}) = ${facetMaskOf(r)}`,
    categoryRow: (r) => sql<SqlBool>`(c.facets & ${facetMaskOf(r)}) = ${facetMaskOf(r)}`,
    facetRow: (r) => sql<SqlBool>`(f.facets & ${facetMaskOf(r)}) = ${facetMaskOf(r)}`,
    sampledRow: (r) => {
      const mask = facetMaskOf(r);
      return (row) => (row.facets & mask) === mask;
    },
    // Hours rows carry the facets too, at the end of the open-now indexes (migrations/0085).
    hoursRow: (r) => sql<SqlBool>`(h.facets & ${facetMaskOf(r)}) = ${facetMaskOf(r)}`,
    hoursScanned: true,
    // A token per bit (migrations/0088): text with a facet few hold is listed as the intersection.
    textTokens: (r) => facetBitsOf(r).map(facetToken),
    // Every bit asked for is a token of its own: the tokens together are the mask.
    tokensHold: () => true,
    carriedBy: ['categoryRows', 'openList', 'facetRows', 'facetTable'],
  },
  near: {
    on: (r) => !!r.within,
    row: (r) => withinCondition(r.within!.point, r.within!.miles),
    facetRow: (r) => withinCondition(r.within!.point, r.within!.miles, 'f'),
    carriedBy: ['facetTable'],
  },
  /**
   * The list of those open (few) or a check per row (many): see resolve.server.ts. The check reads the
   * hour's bit from the provider's row (migrations/0091), or with `seqOnly` from its provider_search row (openNowBySeq).
   */
  openNow: {
    on: (r) => !!r.openNow,
    row: (r, { seqOnly }) => (seqOnly && r.openNow !== r.openList ? openNowBySeq(r.now) : r.openNow!),
    // The facet row's copy of the zone and bits (migrations/0092).
    facetRow: (r) => openNowCondition(r.now, 'f', 'providerSeq'),
    facetRowSeeks: true,
    lookup: (r, { seqOnly }) => seqOnly && r.openNow !== r.openList,
    seqOnly: true,
    carriedBy: ['openList', 'facetTable'],
  },
  /**
   * Open now leaves out listings temporarily closed today on their own clock (docs/owners.md
   * "Statuses"): one lookup in the partial index of the few closed, no flag to clear on the day they
   * reopen. The open-now list's count applies it too (resolve.server.ts).
   */
  notClosed: { on: (r) => !!r.openNow, row: (r) => notClosedCondition(sql`p.seq`, r.now), seqOnly: true, carriedBy: ['openList'] },
  /** A `service` that is a category of the search form. */
  category: {
    on: (r) => !!r.category,
    row: (r) => inCategory(r, sql`p.seq`),
    categoryRow: (r) => sql<SqlBool>`c.category = ${r.category}`,
    // The facet row's categories are spelled as the hours row's (migrations/0092).
    facetRow: (r) => sql<SqlBool>`instr(f.categories, ${hoursCategoryNeedle(r.category!)}) > 0`,
    sampledRow: (r) => (row) => row.categories.includes(r.category!),
    // The hours row's categories are " hair nails " (providerHours.server.ts).
    hoursRow: (r) => sql<SqlBool>`instr(h.categories, ${hoursCategoryNeedle(r.category!)}) > 0`,
    hoursSet: (r) => hoursCategoryNeedle(r.category!),
    lookup: () => true,
    seqOnly: true,
    carriedBy: ['categoryRows', 'openList', 'facetTable'],
  },
  /** `verified=true`: vetted listings their business has claimed (docs/owners.md), two primary-key lookups per row. */
  verified: {
    on: (r) => !!r.params.verified,
    row: () =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM listing_owners o JOIN providers v ON v.id = o.providerId WHERE o.providerId = p.id AND v.vetted_at IS NOT NULL)`,
    carriedBy: [],
  },
  /** `query`, and a `service` that is no category (text of the services column). */
  text: { on: (r) => !!r.match, row: textRow, lookup: (r, how) => !textListedRow(r, how), carriedBy: [] },
} satisfies Record<FilterName, SearchFilter>;

const ENTRIES = Object.entries(FILTERS) as [FilterName, SearchFilter][];

/** The filters a search has, by name. */
export const filtersOf = (r: Resolved): FilterName[] => ENTRIES.filter(([, f]) => f.on(r)).map(([name]) => name);
/**
 * The full-text expression to list text matches by: the words, with `tokens` of the filters column
 * (by default those resolve chose, resolve.server.ts `textTokens`) and, with `inText`, what the text
 * columns hold of the other filters (the city's words), so the list is the intersection, read in the
 * index. The city's words narrow the text-listed plan's few (plans/textListed.server.ts); in a
 * long list they cost more than they leave out. A row checked by a lookup (`EXISTS … rowid = p.seq`)
 * keeps the words alone: each extra term is a seek.
 */
export function listedMatch(
  r: Resolved,
  { tokens = r.textTokens ?? [], inText = false, regions = true }: { tokens?: readonly string[]; inText?: boolean; regions?: boolean } = {},
): string {
  const region = regions ? regionTokens(r) : [];
  const inRegion = region.length ? [`(${region.map(filterToken).join(' OR ')})`] : [];
  const parts = [...(inText ? ENTRIES.filter(([, f]) => f.on(r)).map(([, f]) => f.inText?.(r) ?? null) : []), ...tokens.map(filterToken), ...inRegion].filter(
    (part) => part !== null,
  );
  return parts.length ? `(${r.match}) AND ${parts.join(' AND ')}` : (r.match as string);
}

/** The full-text expression of `r`'s words alone with the city's words (no filter's token, no region): the words' list a request reads once (textFacts.server.ts `textListOf`). */
export const wordsMatch = (r: Resolved): string => listedMatch(r, { tokens: [], inText: true, regions: false });

/** The tokens of the full-text index's filters column of the filters the search has (`textTokens`). */
export const textTokensOf = (r: Resolved): string[] => ENTRIES.flatMap(([, f]) => (f.on(r) ? (f.textTokens?.(r) ?? []) : []));

/** Whether text is listed with the token of each of `names` (resolve.server.ts `textTokens`). */
export const carriedByTokens = (r: Resolved, names: readonly FilterName[]) =>
  names.every((n) => {
    const filter: SearchFilter = FILTERS[n];
    const tokens = filter.on(r) ? (filter.textTokens?.(r) ?? []) : [];
    return tokens.length > 0 && tokens.every((token) => !!r.textTokens?.includes(token));
  });

/** Whether the search has every one of `names`. */
export const hasAll = (r: Resolved, names: readonly FilterName[]) => names.every((n) => FILTERS[n].on(r));

/** The test of whether a sampled provider meets each filter of `names` (true for one whose column the sample does not hold: `sampledRow`). */
export const sampledMeets = (r: Resolved, names: readonly FilterName[]) =>
  allOf(names.flatMap((name) => (FILTERS[name] as SearchFilter).sampledRow?.(r) ?? []));

/** A sampled row's test: every one of `tests` (the sample's rows are tested many times a search: no closure made per row). */
const allOf = (tests: ((row: SampledCategories) => boolean)[]): ((row: SampledCategories) => boolean) => {
  if (tests.length === 1) return tests[0]!;
  return (row) => {
    for (const test of tests) if (!test(row)) return false;
    return true;
  };
};
/**
 * Whether every filter the search has is applied by `carrier` (then the rows it lists are the answer),
 * or with `orSeqOnly` is checked on their seq alone (`seqOnly`).
 */
export const carriedByAll = (r: Resolved, carrier: Carrier, { orSeqOnly = false }: { orSeqOnly?: boolean } = {}) =>
  ENTRIES.every(([, f]) => !f.on(r) || f.carriedBy.includes(carrier) || (orSeqOnly && f.seqOnly));

/** Whether the provider of `seq` offers the search's category: a seek of its category row's key (category, providerSeq). */
export const inCategory = (r: Resolved, seq: RawBuilder<unknown>) =>
  sql<SqlBool>`EXISTS (SELECT 1 FROM provider_categories k WHERE k.category = ${r.category} AND k.providerSeq = ${seq})`;

/**
 * Whether the provider of `seq` is listed for search: not hidden by moderation (docs/moderation.md)
 * and not permanently closed (docs/owners.md "Statuses": its page stays, it leaves search). A lookup
 * in the partial index of those few (its condition written as the index's own, migrations/0021), so
 * a count along an ordered or full-text index reads that index alone, not each provider row. A
 * lookup that finds nothing reads no row in sqld's statistics (Turso bills rows read); a `NOT IN`
 * list of the hidden ones counted each probe as one.
 */
export const isListed = (seq: RawBuilder<unknown>) =>
  sql<SqlBool>`NOT EXISTS (SELECT 1 FROM providers h INDEXED BY ${indexSql(INDEXES.unlisted)}
    WHERE h.seq = ${seq} AND (h.isHidden = 1 OR h.status = 'permanently_closed'))`;
/**
 * Hidden and permanently closed listings never match: the last of every row's conditions, as it
 * fails for a few rows only (a walk's or a count's entries a price, the hour or a lookup rules out
 * cost no probe of it).
 */
export const LISTED = isListed(sql`p.seq`);

/** The condition each carrier's rows apply a filter by (its rows are what a plan reading it lists). */
const CARRIER_ROWS = { categoryRows: 'categoryRow', openList: 'hoursRow', facetRows: 'facetRow', facetTable: 'facetRow' } as const satisfies Record<
  Carrier,
  keyof SearchFilter
>;

/**
 * Conditions on the provider row `p`: listed, and every filter the search has except those the rows
 * of `skip` apply (a category row's or an hours row's condition: the open-now list's membership and
 * the closures it does not apply stay). Text is checked row by row (one full-text lookup by rowid
 * per row an index walk visits), unless `listText`: then every match is listed first, which reads
 * every match (sqld counts each as a row read) and only pays when there are few. `index`: the
 * index the rows are read along, whose entries the conditions are checked on (a walk's). `omit`:
 * filters the caller applies otherwise (textIndexCarries' tokens).
 */
export function rowConditions(
  r: Resolved,
  {
    skip,
    listText = false,
    seqOnly = false,
    index,
    omit = [],
  }: { skip?: Carrier; listText?: boolean; seqOnly?: boolean; index?: IndexName; omit?: readonly FilterName[] } = {},
): Expression<SqlBool>[] {
  return [
    ...ENTRIES.filter(([name, f]) => f.on(r) && !omit.includes(name) && !(skip && f.carriedBy.includes(skip) && f[CARRIER_ROWS[skip]])).map(([name, f]) => {
      const row = f.row(r, { listText, seqOnly, index });
      return f.lookup?.(r, { listText, seqOnly }) ? lookupCondition(row, name) : row;
    }),
    LISTED,
  ];
}

/** Whether every filter the search has is carried by `carrier`'s rows or can be checked on `p.seq` alone (`seqOnly`). */
export const seqOnlyBeside = (r: Resolved, carrier: Carrier) => ENTRIES.every(([, f]) => !f.on(r) || f.seqOnly || f.carriedBy.includes(carrier));

/** The filters the full-text index's tokens hold exactly (`textIndexCarries`): their names, their tokens, and what they leave to check by `p.seq`. */
export interface TextIndexHeld {
  names: FilterName[];
  tokens: string[];
  conds: Expression<SqlBool>[];
}

/**
 * When every filter the search has but its text is checked on `p.seq` alone (`seqOnly`) or held
 * exactly by its tokens in the full-text index (`tokensHold`): the names of those held, their
 * tokens, and what they leave to check by `p.seq`; else null. Text with them is counted from the
 * full-text index's rowids alone, where each match's provider row was read to check them.
 */
export function textIndexCarries(r: Resolved): TextIndexHeld | null {
  const held: TextIndexHeld = { names: [], tokens: [], conds: [] };
  for (const [name, f] of ENTRIES) {
    if (name === 'text' || !f.on(r) || f.seqOnly) continue;
    const tokens = f.textTokens?.(r) ?? [];
    const holds = tokens.length ? (f.tokensHold?.(r, sql`p.seq`) ?? false) : false;
    if (holds === false) return null;
    held.names.push(name);
    held.tokens.push(...tokens);
    if (holds !== true) held.conds.push(holds);
  }
  return held;
}

/** What `held` (textIndexCarries' of `r`, its text left out) leaves to check on `p.seq`: the tokens' own leftovers, then every other filter's seq-only condition. */
export const heldChecks = (r: Resolved, held: TextIndexHeld): Expression<SqlBool>[] => [
  ...held.conds,
  ...rowConditions(r, { seqOnly: true, omit: held.names }),
];

/** A row condition that says itself whether it is a lookup by `p.seq` alone (a filter's `lookup`), and whose: see SearchRun.sortedPage. */
type Condition = Expression<SqlBool> & { readonly lookup?: FilterName };
/** `row` as the same SQL, marked the lookup of filter `name`. */
const lookupCondition = (row: Expression<SqlBool>, name: FilterName): Condition => Object.assign(sql<SqlBool>`${row}`, { lookup: name });
/** Whether `cond` is a lookup by `p.seq` alone (lookupCondition). */
export const isLookup = (cond: Expression<SqlBool>) => (cond as Condition).lookup !== undefined;
/** The filter whose lookup `cond` is, if it is one (lookupCondition). */
export const lookupOf = (cond: Expression<SqlBool>) => (cond as Condition).lookup;

/** The filters the search has that an index can list, with that index. */
/** Where a listable filter's listed providers are counted (plans/filterListed.server.ts `fewOf`): listed ones only, as the order plan counts them, so a ZIP prefix alone is counted once. */
export const listedIn = (f: { index: IndexName; row: Expression<SqlBool> }) => sql`FROM providers p ${indexedBy(f.index)} WHERE ${LISTED} AND ${f.row}`;

export const listableFilters = (r: Resolved) =>
  ENTRIES.filter(([, f]) => f.on(r) && f.listedBy).map(([name, f]) => ({ name, index: f.listedBy!, row: f.row(r, { listText: false }) }));

/**
 * Conditions on the full-text row `f` for the filters whose index list narrows many text matches
 * (`narrowsText`): each a set of seq built once from that index, so a text match outside it is
 * dropped before its provider row is read.
 */
export const textNarrowing = (r: Resolved): Expression<SqlBool>[] =>
  ENTRIES.filter(([, f]) => f.on(r) && f.listedBy && f.narrowsText?.(r)).map(
    // The subquery's own `p` is the one its row condition names.
    ([, f]) => sql<SqlBool>`+f.rowid IN (SELECT p.seq FROM providers p ${indexedBy(f.listedBy!)} WHERE ${f.row(r, { listText: false })})`,
  );

/**
 * What the open-now list applies of the search's filters (openNow.server.ts): each one's condition on
 * the hours row, keyed or scanned by the index, and whether a city picks the city's index.
 */
export const openListConditions = (r: Resolved): OpenListConditions => {
  const carried = ENTRIES.filter(([, f]) => f.on(r) && f.hoursRow);
  return {
    byCity: FILTERS.city.on(r),
    inSet: carried.map(([, f]) => f.hoursSet?.(r)).find((needle) => needle !== undefined),
    keyed: carried.filter(([, f]) => !f.hoursScanned).map(([, f]) => f.hoursRow!(r)),
    scanned: carried.filter(([, f]) => f.hoursScanned).map(([, f]) => f.hoursRow!(r)),
  };
};

/** Conditions on the category row `c` for every filter the search has that category rows carry, read along `index` (`ranked`). */
export const categoryConditions = (r: Resolved, index?: IndexName): Expression<SqlBool>[] =>
  ENTRIES.filter(([, f]) => f.on(r) && f.carriedBy.includes('categoryRows')).map(([, f]) => f.categoryRow!(r, index));
/** The test of whether a sampled provider's category rows meet every filter the search has that category rows carry (`categoryConditions`). */
export const inSampledCategoryRows = (r: Resolved) =>
  allOf(ENTRIES.flatMap(([, f]) => (f.on(r) && f.carriedBy.includes('categoryRows') ? [f.sampledRow!(r)] : [])));

/**
 * The test of whether a sampled provider meets the open-now list's keyed conditions (`openListConditions`: a city, a service);
 * null when one of them has no test on the sample (`sampledRow`).
 */
export const inSampledOpenList = (r: Resolved) => {
  const keyed = ENTRIES.filter(([, f]) => f.on(r) && f.hoursRow && !f.hoursScanned);
  return keyed.every(([, f]) => f.sampledRow) ? allOf(keyed.map(([, f]) => f.sampledRow!(r))) : null;
};

/** Conditions on the facet row `f` for every filter the search has that facet rows carry (migrations/0087), read along `index` (`ranked`). */
export const facetConditions = (r: Resolved, index?: IndexName): Expression<SqlBool>[] =>
  ENTRIES.filter(([, f]) => f.on(r) && f.carriedBy.includes('facetRows')).map(([, f]) => f.facetRow!(r, index));

/**
 * Conditions on the facet row `f` as stored for every filter the search has that only the stored
 * row carries, not its order indexes' entries (migrations/0092: a point, open now, a service), those
 * that may seek another table last (`facetRowSeeks`).
 */
export const facetTableConditions = (r: Resolved): Expression<SqlBool>[] => {
  const carried = ENTRIES.filter(([, f]) => f.on(r) && f.carriedBy.includes('facetTable') && !f.carriedBy.includes('facetRows'));
  return [...carried.filter(([, f]) => !f.facetRowSeeks), ...carried.filter(([, f]) => f.facetRowSeeks)].map(([, f]) => f.facetRow!(r));
};

/**
 * The test of whether a sampled provider meets every filter the search has that the sample holds the columns of
 * (`sampledRow`: a city, a state, a price, a rating, a service, the facets); the others (text, a
 * place's point, open now) are left out, so the share is an upper bound of the matches'.
 */
export const inSample = (r: Resolved) => allOf(ENTRIES.flatMap(([, f]) => (f.on(r) && f.sampledRow ? [f.sampledRow(r)] : [])));
