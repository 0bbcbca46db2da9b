/**
 * Where the plan choice tips (docs/search.md "Plans", "Bounded cost"): one line per setting and why.
 * How each figure was reached is in git history and docs/BENCHMARKS.md, not here. Not frozen: the
 * plan tests lower settings so that a database of a few thousand providers takes every plan.
 */
import { LIMITS } from '../../config';

export const PLAN_TUNING = {
  /** Longest walk of an order index worth making for one page: sparser matches are listed and sorted. */
  maxWalk: 1500,
  /** …and with text, each row's check a full-text lookup (tens of µs, where a listed match's row is one): past this many rows its matches are listed, with a top of the order when many… */
  textWalk: 80,
  /** …plus one row per this many of the words' matches: a top reads the words' whole list (with its tokens'), which grows with the directory where a walk's rows do not. */
  textWalkPerWords: 300,
  /** …and with many open, the rows looked up (the open among the entries, checked in them first) at most this times that bound, the entries within `deepWalk`. */
  openTextWalkScale: 1,
  /** Index rows a walk may visit past the page: the density is a sample's, and a walk short by then stops. */
  walkCap: 3000,
  /** A city's walk is read beside its count when its providers (the vocabulary's count) fill the walk's cap this many times the page: a short walk wasted costs less than two round trips. */
  walkAheadMargin: 2,
  /** The most index entries a walk past `walkCap` visits (their columns checked in the entry): sorting the matches grows with the directory, the walk not. */
  deepWalk: 60000,
  /** …as this many times the rows the sample's density says the page needs (a sample of 400 rows is rough). */
  deepWalkMargin: 2,
  /** Listed rows from which text is checked against one list of its matches, not a full-text lookup per row. */
  listTextFrom: 50,
  /** …while the text's matches are at most this many per listed row: a list grows with the directory, a lookup does not. */
  listTextPerRow: 100,
  /** What an entry of the words' list that a box's states leave out costs, as a part of a listed match (decoded, never kept). */
  narrowedEntryCost: 0.3,
  /** Text matches past the counted cap up to which text still leads: every match is read and sorted, so this bounds it. */
  textLeads: 5000,
  /** The words' matches a count along them reads, each probed for its category row (a key seek, a tenth of a full-text lookup's cost), before the service's rows lead instead. */
  checkedWords: 20000,
  /** …tried when the sample's share of the service's rows puts the cap within them this many times over: many words lean away from a service (a third of its share among them). */
  checkedWordsMargin: 2,
  /** Open now is listed while the open are at most this times √(counted cap × providers), where listing and counting meet. */
  openListedScale: 0.5,
  /** …and around a point, while they are at most this times the providers its circle holds (a sample's share): each of a small circle's rows is checked instead. */
  openOverCircle: 1,
  /** …and with a state or a city the list does not carry, while each open listed (a lookup by seq) costs less than this many entries of the place's index read to the cap at their density. */
  openListedRowCost: 2,
  /** …and beside text that is many, the one filter the list does not carry, while n open listed at this many of the words' reads each cost less than the count along them (n² ≤ (cap + 1) × providers / cost, n ≤ words / cost). */
  openListedTextCost: 1.4,
  /** Open listed with text looked up are counted only to the cap (and the page's end), sorted first, when that stops within this part of them: near it, sorting every open row first costs more than the lookups it saves. */
  openCheckedMargin: 2,
  /** A facet's rows are listed while they are at most this times √(counted cap × providers), as open now's are. */
  facetListedScale: 0.5,
  /** …and, with many open whose count is unknown (past the open ranges' scan), this many times it: every other source is counted with an hours lookup per row. */
  facetOpenMargin: 4,
  /** A source the token sample puts past this many times the most a narrower one may hold is not counted to learn it holds more (plans/facetListed.server.ts `narrowerReads`). */
  sampledPast: 2,
  /** A facet's listed row (a lookup by seq, then sorted) costs this many rows of a walk or a count along an index. */
  facetRowCost: 2,
  /** …and an index entry that carries the facets, checked in the entry with no lookup (no text, no open now), this many. */
  facetEntryCost: 1 / 8,
  /** Many open with a facet, too sparse to walk the order index: the rarest facet's rows walked in the order, checking at most this many by seq (open now's hours), before the open-now list is sorted whole. */
  openFacetWalk: 20000,
  /** A box in another order sparse where its sample read: the order walked on while the entries the sample says the page needs are fewer than this times the providers in the box, which a sort reads whole; a price alone sorted from its index from there on. */
  boxWalkRows: 1,
  /** Many open with no narrower source, too sparse for a sampled walk: the sort's index walked in its entries up to this many per open provider (at least the list's bound), before the open-now list is sorted whole: an entry is checked in the index, a listed open provider read, looked up and sorted. */
  openWalk: 20,
  /** Open ranges read (times that number) to count the open at a price or rating, before each row is checked instead. */
  openScanScale: 2,
  /** …not read in full, with a service and no city, while its rows (or a facet's) cost less than this times the entries that scan reads among every service's, nor with a facet few hold and no service or place past its rows' cost over twice this (0: always read)… */
  scanOverService: 1,
  /** …but as far as this share of the directory in every service's open ranges: at night fewer are open in all, and they say who is; by day a count stopped there costs little. */
  openScanBeside: 1 / 250,
  /** Open now at a price past the counted cap is counted on (every range read within the bound, at night) and listed from pages ending past this many rows: by day the ranges are read to the bound for nothing, where a walk to a nearer page costs little. */
  openCountedOnFrom: 100,
  /** Many open with no narrower source: the first providers by seq checked row by row (times the counted cap) before the open-now list past them is read. */
  openScanFirst: 4,
  /** Text in a box is checked row by row up to this many rows per seek of a check, else listed once. */
  boxCheckSeeks: 3000,
  /** The most of the directory a filter's token may hold for text to be listed with it: a token's list is read whole. */
  textTokenShare: 1 / 3,
  /** A ZIP prefix's index list narrows text's matches while its providers are at most this times the matches listed outside it: an index entry each, where each of those is a provider row read at random. */
  prefixNarrowsText: 4,
  /** What finding one cell's token in the full-text index costs, as entries of a list read: text in a box is narrowed to its cells' tokens, one term each, rather than its states' (tokenShares.server.ts `boxRegion`). */
  cellTermEntries: 400,
  /** What each list of an OR of terms adds to reading one entry of it, as a part of an entry's read: the lists are merged entry by entry (tokenShares.server.ts `boxRegion`). */
  orTermEntryCost: 1 / 20,
  /** What reading one entry of a token's list costs, as a part of a match's row read. */
  tokenEntryCost: 1 / 75,
  /** A top of the order is sized to hold this many times the page's matches: a top listed twice reads the words twice. */
  topMargin: 2,
  /** …and a top that held too few is followed by one this many times larger. */
  topGrowth: 4,
  /** A top within the promoted is narrowed to their first rating tenths when the words' list with the filters' tokens holds at least this many promoted rows (each checked and sorted): fewer cost less than the tenths' lists. */
  promotedTopRows: 1000,
  /** …sized at no fewer than this many of the sample's promoted standings: a few measure little, and a top holding too few is read again… */
  promotedTopLeast: 4,
  /** …and only while it holds at most this share of them: each rating tenth it adds is a long list for the index to merge. */
  promotedTopMost: 1 / 4,
  /** A top's cut-off bucket is named whole (its one token) when at most this share of the sample's standings in it lie below the cut: its pairs are lists merged one by one, each entry costing several times a single list's. */
  wholeBucketBelow: 1 / 4,
  /** …when it has more pairs than this: a pair or two merge cheaply. */
  wholeBucketPairs: 2,
  /** A sorted page sorts the promoted apart first (when they fill it the rest is never sorted) only for a page ending within this many: a deeper one seldom lies among them, and each part read the source. */
  promotedApartMost: 36,
  /** A sorted page of lookups checks first this many times the page's end of the source's rows (about half are open by day). */
  checkedFirst: 3,
  /** …and no fewer rows than this: a lookup costs microseconds, another chunk reads the source again. */
  checkedLeast: 256,
  /** …then this many times what the density found says the page still needs… */
  checkedMargin: 1.5,
  /** …in chunks of at most this many rows (each chunk is sorted in one heap). */
  checkedMost: 8192,
  /** A top of the order is used only up to this share of the directory: past it the token lists cost more than they save. */
  topMostShare: 1 / 4,
  /** …and up to this share when each match is checked for open now or a service's category (its hours or category rows read): the matches it leaves unread cost more than its lists. */
  topMostShareChecked: 1 / 2,
  /** Text listed against a place's or a service's rows is counted along its words when their estimated matches are this many times the counted cap. */
  wordsCountMargin: 4,
  /** Text in a ZIP prefix of many is counted as its intersection when the estimate is at most this part of `textLeads`. */
  intersectionMargin: 1,
  /** A place's rings list words past their cap narrowed to their states and the filters' tokens when the estimate is at most this part of what they list: a list past it is read for nothing. */
  ringsNarrowedMargin: 1,
  /** …and list them up to this many (each a row read in the statement): each circle's own plan merged the words' whole lists again. */
  ringsNarrowedMost: 20000,
  /** The rings' list is read from the widest circle's box, its coordinate index's entries each checked against the list, while the box's providers times this are fewer than the list's matches (each a row read). */
  ringsBoxEntryCost: 1,
  /** …and list them up to this many when the box is read so (the list decoded and kept, no row read a match): circle after circle, each circle's own plan listed them again. */
  ringsBoxedMost: 60000,
  /** Text listed in a box is read from the full-text index, each match checked in the box, while its words in the box's states (the rest of the list decoded at `narrowedEntryCost`) are fewer than this times the box's providers: else the box is read, each row checked against the words' list. */
  wordsLeadBox: 2.5,
  /** With open now, the widest circle's open ranges read up to this many before the words' matches, each then looked up only when a range meeting the filters holds it (at night, a few of thousands): past it, every match is looked up. */
  ringsOpenListed: 1000,
  /** Text leads a service while its words are fewer than this times the service's rows: each word is a probe, each row a provider row read. */
  wordsLeadService: 1,
  /** …and another order's source while they are fewer than this times a place's index rows: the index was read up to the cap with the words' list built. */
  wordsLeadPlace: 1,
  /** Text with a service and a price: the service's rows lead, not the price's index, while the words are at most this many (their list is built for the count and again for the sort, and grows with the directory). */
  wordsOverService: 50000,
  /** Index entries a walk for a page of text listed past the cap may visit per listed match: sorting them reads each match's row, keeps it and reads it again (and a place's walk for a deep page of text beside it, per match of the words: plans/place.server.ts `placeWalks`). */
  listedWalkRows: 3,
  /** Text listed around a point is read at the point and in small circles first for pages reaching this many rows; deeper ones sort the whole source (each read lists the words again). */
  pointListedUpTo: 100,
  /** Text that is many with a state or a price leads for pages up to this many rows; deeper ones walk that filter's index. */
  textOverPlaceUpTo: 120,
  /** nearest:spots' points a statement reads (two bound values each): within SQLite's 32,766 variables with room for the conditions. */
  spotsPerStatement: 8000,
  /** …and its arms (a run of points at distinct distances, or the points of one distance): SQLite allows a compound 500. */
  spotArmsPerStatement: 128,
};

/** The most open now listed rather than checked row by row, in a directory of `providers` (PLAN_TUNING.openListedScale). */
export const openListedMost = (providers: number) =>
  Math.max(LIMITS.countedTotal, Math.floor(PLAN_TUNING.openListedScale * Math.sqrt(LIMITS.countedTotal * providers)));

/** The most providers of a facet listed from provider_facets rather than another source read (PLAN_TUNING.facetListedScale). */
export const facetListedMost = (providers: number) => Math.floor(PLAN_TUNING.facetListedScale * Math.sqrt(LIMITS.countedTotal * providers));

/** The most open ranges read to count the open at a price or a rating (PLAN_TUNING.openScanScale). */
export const openScanMost = (providers: number) => Math.max(1, Math.floor(PLAN_TUNING.openScanScale * openListedMost(providers)));

/** The most rows a walk checking text on each row visits for a page, for words of `words` matches (PLAN_TUNING.textWalk, textWalkPerWords). */
export const textWalkMost = (words: number) => PLAN_TUNING.textWalk + words / PLAN_TUNING.textWalkPerWords;

/** The most providers of a box whose rows are each checked for text of `seeks` seeks a row (plans/context.server.ts `listTextIn`). */
export const boxCheckedMost = (seeks: number) => Math.floor(PLAN_TUNING.boxCheckSeeks / Math.max(1, seeks));

/** Text matches counted at most (one past, then many): `textLeads`, at least the counted cap (read at each call: tests tune it). */
export const countedWords = () => Math.max(LIMITS.countedTotal, PLAN_TUNING.textLeads);
