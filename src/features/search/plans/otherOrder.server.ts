/**
 * sort=rating or sort=reviews, or a `near` box in the recommended order with a filter that leads:
 * with a filter, the sort's index is walked when the matches are many and dense in it (a city's
 * box holds a few per cent of all); else many open are listed from the open-now list, text that is
 * many is read with a top of the order (SearchRun.topPage), and anything else is sorted whole.
 */
import { manyText, wordsCounted, wordsEstimate } from '../textFacts.server';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { LIMITS } from '../../../config';
import { PLAN_TUNING } from '../tuning.server';
import {
  and,
  CATEGORY_SORT_ORDERS,
  inTurn,
  leadingIndex,
  ORDER,
  SAMPLE_ROWS,
  sampledRows,
  SORT_ORDERS,
  textSourceOf,
  textTops,
  withTop,
  type ListedSource,
  type Plan,
  type PlanResult,
  type Reach,
  type Row,
  type Sampled,
  type SearchRun,
} from './context.server';
import type { Resolved } from '../searchTypes.server';
import { boxTextTops, pointSource, regionOf, textInBox } from './pointSource.server';
import { textLeadsBox } from './order.server';
import { openFacetWalk } from './facetListed.server';
import { textCheckedInOrder, wordsFewer } from './category.server';
import { CATEGORY_INDEXES, INDEXES, indexedBy, PLACE_INDEXES, type IndexName } from '../indexes.server';
import { carriedByTokens, categoryConditions, facetBitsOf, FILTERS, filtersOf, isLookup, rowConditions, type SearchFilter } from '../filters.server';
import { cappedTotal } from '../../providers/index.server';
import { circleRowsOf, tokenShares } from '../tokenShares.server';

/**
 * A `near` box in the recommended order with no filter that has an ordered index of its own: the
 * order plan walks the order index when the box holds many, as with text.
 */
export const nearInOrder = ({ r, sort }: Pick<SearchRun, 'r' | 'sort'>) =>
  !!r.within && sort === 'recommended' && !r.fewOpen && !leadingIndex(r, PLACE_INDEXES) && !leadingIndex(r, CATEGORY_INDEXES);

/**
 * Many open (not few: each row is checked) with no filter that narrows the source: the first
 * providers by seq (`PLAN_TUNING.openScanFirst`) are checked row by row (where dense matches reach the counted
 * cap, as a scan did), then the open-now list past them (its ranges in the hours index's order, each
 * provider once) with the other filters checked on each, up to the cap. A scan of every provider
 * with a check per row read until the cap: with a filter the list does not carry at 11:30 PM in New
 * York (the West's open, late in seq order), the whole million (docs/search.md "Bounded cost").
 */
function openSource(r: Resolved, conds: Expression<SqlBool>[]): ListedSource | undefined {
  // A minimum rating's range of the rating index is the source then: its few are read, not every provider.
  if (!r.openSeqs || r.fewOpen || FILTERS.rating.on(r)) return undefined;
  const first = PLAN_TUNING.openScanFirst * LIMITS.countedTotal;
  const listed = rowConditions({ ...r, openNow: sql<SqlBool>`1` }, { skip: 'openList' });
  return {
    tables: sql`FROM (SELECT p.seq FROM providers p WHERE p.seq <= ${first} AND ${sql.join(conds, sql` AND `)}
      UNION ALL SELECT p.seq FROM (SELECT DISTINCT seq FROM (${r.openSeqs})) o CROSS JOIN provider_search p ON p.seq = o.seq
      WHERE o.seq > ${first} AND ${sql.join(listed, sql` AND `)}) p`,
    conds: [],
  };
}

/**
 * What a city's own search in a sort's order reads beside its count (one round trip, where the
 * count, a sample and the walk were three): nothing but the city filters it and the vocabulary
 * counts more providers in it than the count reads (it will be capped, then walked or sorted). Its
 * walk when the order holds them densely enough that the walk's cap holds the page `walkAheadMargin`
 * times over; else the sample that decides (the walk after it is then the search's third).
 */
async function cityAhead(s: SearchRun): Promise<'walk' | 'sample' | null> {
  const { r, wanted } = s;
  const providers = r.place?.providers;
  if (!providers || providers <= LIMITS.countedTotal || r.match) return null;
  const filters = filtersOf(r);
  if (filters.length !== 1 || filters[0] !== 'city') return null;
  const { size } = await tokenShares(s.q.database);
  return (wanted + PLAN_TUNING.walkCap) * providers >= PLAN_TUNING.walkAheadMargin * wanted * size ? 'walk' : 'sample';
}

/**
 * Whether text in a sort's order, alone or with filters the token sample holds (a price, a rating,
 * a place's city or state, facets), is sampled beside its count (one round trip, where
 * the count and then the sample were two): its words' matches, counted already (`wordsCounted`), at
 * the sample's share of the other filters, are many past doubt (`textLeads`: the count will be
 * capped) and dense where they were counted (a walk fills the page, as the count's own density then says).
 */
async function sampleAhead(s: SearchRun): Promise<boolean> {
  const { r, q } = s;
  const others = filtersOf(r).filter((name) => name !== 'text');
  // A service is left out: words say what a provider offers, so their share among its rows is not the directory's.
  if (!r.match || others.some((name) => name === 'category' || !(FILTERS[name] as SearchFilter).sampledRow)) return false;
  const words = await wordsCounted(q.database, r, q.reads);
  const shares = others.length ? await tokenShares(q.database) : null;
  const share = shares ? sampledRows(shares, r, others) / Math.max(1, shares.size) : 1;
  const estimate = shares ? await wordsEstimate(q.database, r, q.reads, shares.size) : words.n;
  return estimate * share > PLAN_TUNING.textLeads && s.walkFills(words.n * share, words.reach);
}

/**
 * Common words with a service alone (no city, place or point) in another order: the service's rows
 * walked in that order along its own index (migrations/0082), each checked by seq (a full-text
 * lookup, open now's hour), counting the matches up to the cap and listing the page's as they are
 * found, in one read of at most `maxWalk` rows past them. Listing the words read their whole list
 * (a two-letter word holds most of the directory) for the count and again for a sort of every service row
 * that held one. Tried when the words' share of the directory puts the cap and the page within
 * that walk; null when the walk ends short of both (sparser than the words' share said): the
 * caller lists them as before.
 */
async function serviceWalk(s: SearchRun): Promise<PlanResult | null> {
  const { r, sort, wanted, q } = s;
  if (!r.match || !r.checkable || r.within || r.point || (sort !== 'rating' && sort !== 'reviews')) return null;
  // The service's rows are pointSource's source: no place leads them (a price's or a state's index gives way to text, as there).
  const place = leadingIndex(
    r,
    PLACE_INDEXES.filter((i) => !carriedByTokens(r, i.filters)),
  );
  if (place || leadingIndex(r, CATEGORY_INDEXES)?.index !== INDEXES.categoryOrder) return null;
  const listed = Math.max(LIMITS.countedTotal + 1, wanted);
  const most = listed + PLAN_TUNING.maxWalk;
  const { size } = await tokenShares(q.database);
  if (most * (await wordsEstimate(q.database, r, q.reads, size)) < listed * size) return null;
  // Words fewer than the service's rows lead instead (pointSource, category.server.ts wordsFewer).
  if (await wordsFewer(s)) return null;
  const { index, order } = CATEGORY_SORT_ORDERS[sort];
  const entries = and(categoryConditions(r, index));
  const checks = inTurn(rowConditions(r, { skip: 'categoryRows' }));
  // The service's entries the walk may read, counted in the index alone: fewer than `most`, the walk read them all (every match counted).
  const { rows: found } = await sql<{ n: number; seqs: string; entries: number }>`SELECT count(*) AS n, json_group_array(seq) AS seqs,
    (SELECT count(*) FROM (SELECT 1 FROM provider_categories c ${indexedBy(index)} ${entries} LIMIT ${most})) AS entries
    FROM (SELECT w.seq FROM (SELECT c.providerSeq AS seq, ${checks} AS hit FROM provider_categories c ${indexedBy(index)}
      CROSS JOIN provider_search p ON p.seq = c.providerSeq ${entries} ORDER BY ${order} LIMIT ${most}) w
    WHERE w.hit LIMIT ${listed})`.execute(q.database.db);
  const { n, seqs, entries: read } = found[0]!;
  if (Number(n) < listed && Number(read) >= most) return null;
  const matches = JSON.parse(seqs) as number[];
  return { count: cappedTotal(Number(n)), rows: await s.rowsBySeq(matches.slice(q.params.offset, wanted)), step: 'service' };
}

/**
 * Many open with no narrower source (every provider, or a rating's range), too sparse where the
 * order was sampled for a walk: the sort's index walked on, every filter checked in its entries (open
 * now's hour bit, facets, a rating: migrations/0083, 0091; a claim is two lookups, not walked), to
 * `deepWalkMargin` times the entries the page needs at the matches' least density (those open the
 * list holds at least, `openCount`, at the facets' and a rating's shares of the token sample), while that is at
 * most `PLAN_TUNING.openWalk` entries per open provider: the list sorted whole reads each open
 * provider's range, looks it up and sorts it, many times an entry's check, and the facet walk
 * (openFacetWalk) looks up each row it checks. Null past the bound, or when the walk ends short:
 * the caller lists them as before.
 */
async function openWalk(s: SearchRun, index: IndexName, order: RawBuilder<unknown>, after?: Sampled): Promise<Row[] | null> {
  const { r, wanted } = s;
  if (FILTERS.verified.on(r) || !r.openCount || !PLAN_TUNING.openWalk) return null;
  const shares = await tokenShares(s.q.database);
  const { size, facetShares } = shares;
  // A minimum rating thins the matches out along the reviews order; along the rating order they come first.
  const rated = s.sort !== 'rating' && FILTERS.rating.on(r) ? sampledRows(shares, r, ['rating']) / Math.max(1, size) : 1;
  const matches = facetBitsOf(r).reduce((least, bit) => least * (facetShares.get(bit) ?? 0), r.openCount * rated);
  const reach = Math.ceil((PLAN_TUNING.deepWalkMargin * wanted * size) / Math.max(matches, Number.MIN_VALUE));
  return reach <= PLAN_TUNING.openWalk * r.openCount ? s.walk(index, order, rowConditions(r, { index }), after, reach) : null;
}

/**
 * A source in another order whose sample of the order found matches, too few for a walk within
 * `deepWalk` (a fixed bound): the order walked on to `deepWalkMargin` times the entries the sample's
 * density says the page needs, while those are fewer than `PLAN_TUNING.boxWalkRows` times the rows
 * the sort would read at the token sample's shares: a box's providers (or the place leading in it),
 * or with no place a minimum rating's range, read along the rating index and sorted (with no
 * filter that leads at all, the sort's own index is the one SQLite reads for the page). Each entry is
 * checked in the index (the coordinates, a price, a rating, facets, open now's hour bit:
 * migrations/0083, 0091), so not with a lookup per row (a service, text, a claim). The source grows
 * with the directory, the walk with the page and the source's share of it. Null past that reach:
 * the caller sorts the source as before.
 */
async function walkOn(s: SearchRun, index: IndexName, order: RawBuilder<unknown>, after: Sampled): Promise<Row[] | null> {
  const { r } = s;
  const found = after.found.length;
  const place = leadingIndex(r, PLACE_INDEXES);
  if (!found || FILTERS.verified.on(r) || (!r.within && (place || !FILTERS.rating.on(r)))) return null;
  const conds = rowConditions(r, { index });
  if (conds.some(isLookup)) return null;
  const reach = walkReach(s, after);
  const shares = await tokenShares(s.q.database);
  const rows = r.within
    ? Math.min(circleRowsOf(shares, r.within), place ? sampledRows(shares, r, place.filters) : Number.POSITIVE_INFINITY)
    : sampledRows(shares, r, ['rating']);
  return reach < PLAN_TUNING.boxWalkRows * rows ? s.walk(index, order, conds, after, reach) : null;
}

/** The entries of the order a walk on past a sample (`after`, one match found at least) reads: `deepWalkMargin` times those its density says the page needs. */
const walkReach = ({ wanted }: SearchRun, after: Sampled) => Math.ceil((PLAN_TUNING.deepWalkMargin * wanted * after.rows) / Math.max(1, after.found.length));

/**
 * Whether a price alone by rating or reviews whose sample of the sort's index found its matches too
 * sparse for a walk is sorted from the price's index (pointSource's `priceRows`, a minimum rating a
 * range of it): when the entries a walk on would read (walkReach, as walkOn's) are `boxWalkRows`
 * times its rows or more. The page read along the sort's index went on to the page's end however far
 * that lay: a deep page of few matches read most of the index
 * (`priceRange=$$$$&rating=4.5&openNow=true&sort=reviews&offset=990&kids=true`).
 */
async function sparseOverPrice(s: SearchRun, after: Sampled): Promise<boolean> {
  const { r } = s;
  const rows = sampledRows(await tokenShares(s.q.database), r, FILTERS.rating.on(r) ? ['priceRange', 'rating'] : ['priceRange']);
  return walkReach(s, after) >= PLAN_TUNING.boxWalkRows * rows;
}

/**
 * Whether the rarest facet's rows, walked in the order (openFacetWalk), can hold the page within
 * `PLAN_TUNING.openFacetWalk` at the density the sample of the order found (one match at least):
 * among that facet's rows the matches are at most that density over the facet's share of the token
 * sample. A walk that cannot reach the page reads its whole bound, a lookup each, before the
 * open-now list is sorted anyway.
 */
async function facetWalkReaches(s: SearchRun, after: Sampled): Promise<boolean> {
  const bits = facetBitsOf(s.r);
  if (!bits.length) return false;
  const { facetShares } = await tokenShares(s.q.database);
  const share = Math.min(...bits.map((bit) => facetShares.get(bit) ?? 0));
  return (s.wanted * after.rows * share) / Math.max(1, after.found.length) <= PLAN_TUNING.openFacetWalk;
}

/**
 * A box in the recommended order with a price or a service leading (with neither, nearInOrder sends
 * it to the order plan) and no text: the recommended order's index, sampled and walked as the sort's
 * index is in another order, the coordinates, a price, a rating, the facets and open now's bit
 * checked in each entry (migrations/0083, 0091), a service by a lookup. Past the cap the box's
 * matches were sorted whole for the page, a city's box tens of thousands at a million.
 */
const boxInOrder = ({ r, sort }: Pick<SearchRun, 'r' | 'sort'>) =>
  r.within && sort === 'recommended' && !r.match ? { index: INDEXES.order, order: ORDER } : null;

/**
 * How many match text listed against another source (a place's or a service's rows) past the cap, as
 * SearchRun.topPage's density: the words' estimate at the token sample's share of the other filters
 * (among a city's rows: the words are counted with its words).
 * The count says only "at least the cap", and a top sized for that many held most of the order for a
 * deep page (past topMostShare: every match sorted, `query=mon&service=Facial+Treatments&offset=480`).
 */
async function listedReach(s: SearchRun): Promise<Reach> {
  const { r, q } = s;
  const shares = await tokenShares(q.database);
  const words = await wordsEstimate(q.database, r, q.reads, shares.size);
  const others = filtersOf(r).filter((name) => name !== 'text');
  // The words are counted with what the text columns hold of the other filters (a city's words): their share is among those rows.
  const inText = others.filter((name) => !!(FILTERS[name] as SearchFilter).inText);
  const share = sampledRows(shares, r, others) / Math.max(1, inText.length ? sampledRows(shares, r, inText) : shares.size);
  return { found: Math.floor(words * share), reach: shares.size };
}

/**
 * Where text listed against a place's or a service's rows is counted when its matches (listedReach)
 * are many times the cap: along the words, each match checked (a service's row a lookup), which stops
 * at the cap a few thousand matches in; the source read against the words' list built the whole list
 * first (`query=mon&service=Facial+Treatments`: 244,000 rowids for 1,001 matches).
 */
async function wordsCounting(s: SearchRun): Promise<ListedSource | undefined> {
  if ((await listedReach(s)).found < PLAN_TUNING.wordsCountMargin * LIMITS.countedTotal) return undefined;
  // Listed as they were counted, with the city's words (textSourceOf `inText`): the words alone read the directory's matches for the city's.
  const text = textSourceOf(s.r, { inText: true });
  return text.seqSource ?? { tables: text.tables, conds: text.conds };
}

/**
 * Text that is many in a `near` box with no service's category rows, read as the order plan reads it
 * (order.server.ts `textLeadsBox`): listed from the full-text index narrowed to the box's states or cells, each
 * match checked in the box, while those cost fewer than the box's providers. pointSource's source, the
 * box, read every provider in it against the words' whole list, built for it
 * (`query=cr&priceRange=$$&near=…&radius=50`). Counted in seq order, the text's density also sizes a
 * top of the order.
 */
export async function wordsInBox(s: SearchRun) {
  const { r } = s;
  // A place in the box (a state, a ZIP prefix) is pointSource's to weigh against the box (its rows may be fewer).
  if (!r.within || !r.match || r.category || leadingIndex(r, PLACE_INDEXES)?.filters.some((f) => f !== 'priceRange')) return null;
  const boxed = await textInBox(s);
  if (!boxed.listText || !(await textLeadsBox(s, boxed.r))) return null;
  const byOrder = s.sort === 'rating' || s.sort === 'reviews' ? SORT_ORDERS[s.sort] : null;
  return {
    ...textSourceOf(boxed.r),
    byOrder,
    unfiltered: false,
    scan: undefined,
    listedText: undefined,
    boxStates: regionOf(boxed.r),
    priceRows: undefined,
    boxed: boxed.r,
  };
}

export const otherOrder: Plan = {
  name: 'other-order',
  async run(s) {
    // Text that is many with a service alone: counted along the words, walked along the service's rows in the order.
    const checked = (await textCheckedInOrder(s)) ?? (await serviceWalk(s));
    if (checked) return checked;
    const source = (await wordsInBox(s)) ?? (await pointSource(s));
    const { conds, byOrder: sortOrder, unfiltered, tables, text, seqSource, scan, listedText, boxStates } = source;
    const byOrder = sortOrder ?? boxInOrder(s);
    const city = byOrder && !unfiltered ? await cityAhead(s) : null;
    const ahead = byOrder && city === 'walk' ? s.walk(byOrder.index, byOrder.order, rowConditions(s.r, { index: byOrder.index })) : null;
    ahead?.catch(() => {});
    const sample =
      byOrder && !unfiltered && !ahead && (city === 'sample' || (await sampleAhead(s))) ? s.denseIn(byOrder.index, byOrder.order, SAMPLE_ROWS.row) : null;
    sample?.catch(() => {});
    // Few matches are the page already, sorted from the read that counted them. Many open with no
    // narrower source than every provider are counted along the open-now list (openSource).
    // Past the cap, the order's start is sampled next (unless read ahead, or with text: its count may say it is too sparse, and the count checks it as a list where the sample checks each row): in the count's statement.
    const sampleAsk =
      byOrder && !unfiltered && !ahead && !sample && !s.r.match ? { index: byOrder.index, order: byOrder.order, rows: SAMPLE_ROWS.row } : undefined;
    // Text listed against a place's or a service's rows (a price's index too), many past the cap: counted along the words (wordsCounting).
    const alongWords = listedText && !s.r.within ? await wordsCounting(s) : undefined;
    const counted = alongWords ?? seqSource ?? (scan ? openSource(s.r, conds) : undefined);
    const { count, sorted, reach, dense } = await s.countOrList(tables, conds, counted, sampleAsk);
    if (count.total === 0) return { count, rows: [] };
    if (sorted) return { count, rows: await sorted(), step: 'sorted' };
    // Text's matches as sparse where they were counted as a walk could not fill the page in: no sample.
    const sparseText = !!text && !!reach && !s.walkFills(reach.found, reach.reach);
    // Where a sample of the order found too few matches for a walk (the walk then goes on past it).
    let sparse: Sampled | undefined;
    if (byOrder && !unfiltered && count.capped && !sparseText) {
      const walked = ahead && (await ahead);
      if (walked) return { count, rows: walked, step: 'walk' };
      // Dense: a lookup per row of the short walk costs less than listing every match.
      const sampled = dense ?? (await (sample ?? s.denseIn(byOrder.index, byOrder.order, SAMPLE_ROWS.row)));
      // Short, the walk leaves the page to the sort (below) when nothing else lists it: that page read with it.
      const orElse = (scan && s.r.openList) || (s.r.match && s.sort !== 'distance') ? null : s.sortedPageRead(tables, conds, text);
      const rows =
        sampled.page ??
        (sampled.dense
          ? await s.walk(byOrder.index, byOrder.order, rowConditions(s.r, { index: byOrder.index }), sampled.sampled, 0, orElse ?? undefined)
          : null);
      if (rows) return { count, rows, step: 'walk' };
      if (!sampled.dense) sparse = sampled.sampled;
    }
    // Many open, too sparse to walk for the page, with no narrower source than every provider (or a
    // rating's range): the sort's index walked further, each entry checked in the index (openWalk);
    // then with a facet, its rows walked in the order, up to a bound; else listed from the open-now list.
    if (scan && s.r.openList) {
      const walked = byOrder && count.capped ? await openWalk(s, byOrder.index, byOrder.order, sparse) : null;
      if (walked) return { count, rows: walked, step: 'open-walk' };
      const rows = !sparse || (await facetWalkReaches(s, sparse)) ? await openFacetWalk(s) : null;
      return rows ? { count, rows, step: 'open-facet' } : { count, rows: await s.openSorted(), step: 'open' };
    }
    // Text that is many: listed with the top of the order the page lies in, not every match sorted.
    // As the source, at the density its count found; as one list checked against another source (a
    // box, a place's or a service's rows), only when its words are many (a long list to build), with
    // the matches sized at no more than those counted.
    const match = s.r.match;
    if (match && s.sort !== 'distance') {
      const rows =
        text && reach
          ? await s.topPage(textTops(text), { reach, least: count.total })
          : listedText && (await manyText(s.q.database, s.r, s.q.reads))
            ? await s.topPage(
                s.r.within
                  ? boxTextTops({ ...s.r, ...(boxStates ?? { regionStates: [] }) })
                  : (top) => pointSource({ ...s, r: { ...s.r, match: withTop(match, top), ...(boxStates ?? { regionStates: [] }) } }),
                { least: count.total, reach: !s.r.within && count.capped ? await listedReach(s) : undefined },
              )
            : null;
      if (rows) return { count, rows, step: 'top' };
    }
    // A source whose sample found its matches too sparse for a walk within `deepWalk`: walked on while that is less than the source.
    const walkedOn = sparse && byOrder ? await walkOn(s, byOrder.index, byOrder.order, sparse) : null;
    if (walkedOn) return { count, rows: walkedOn, step: 'walk-on' };
    const from = source.priceRows && sparse && (await sparseOverPrice(s, sparse)) ? source.priceRows : { tables, conds };
    return { count, rows: await s.sortedPage(from.tables, from.conds, text), step: 'sorted' };
  },
};
