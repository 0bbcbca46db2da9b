/**
 * A facet few providers hold (docs/search.md "Bounded cost"): its rows of provider_facets
 * (migrations/0046) lead, each looked up in provider_search, checked and sorted. Searched for along
 * another index, a rare facet was a check on every row of it: a whole price's or the whole directory
 * for a page of a language few speak, and for a deep page every row of the sort's index. How few is
 * data, never a rule per facet: the token sample's share of the search's rarest facet
 * (tokenShares.server.ts), at most `facetListedMost`, where listing meets the other reads (twice
 * that when every other source holds twice as many, which would be sorted whole). It leads only
 * when it is the cheapest read: fewer rows (each a lookup, `facetRowCost` rows of a walk) than
 * another plan counts and walks for the page at the sample's share of the matches (with no text
 * or open now those are index entries that carry the facets, `facetEntryCost` of a row), and fewer than
 * the place, box, service or text that would lead (each counted in its own index only that far).
 */
import { sql, type RawBuilder } from 'kysely';
import { boxTables } from '../near.server';
import { FILTERS, facetBitsOf, inSample, rowConditions, type SearchFilter } from '../filters.server';
import { CATEGORY_INDEXES, indexedBy, PLACE_INDEXES } from '../indexes.server';
import { facetListedMost, PLAN_TUNING } from '../tuning.server';
import { LIMITS } from '../../../config';
import { tokenShares } from '../tokenShares.server';
import { countOnce } from '../requestReads.server';
import { and, leadingIndex, type Plan, type SearchRun } from './context.server';
import { wordsEstimate } from '../textFacts.server';

/** The search's rarest facet bit and its estimated rows, when listing them is the cheapest read; else null. */
export async function rarestFacet(s: SearchRun): Promise<{ bit: number; rows: number } | null> {
  const { r } = s;
  const bits = facetBitsOf(r);
  // Nearest first reads the points around a place in order and stops at the page (a place's rings:
  // nearPlace.server.ts), where the facet's rows would all be read and sorted by distance.
  if (!bits.length || s.sort === 'distance') return null;
  const { size, facetShares, categoryRows } = await tokenShares(s.database);
  const [rarest] = bits.map((bit) => ({ bit, rows: Math.ceil((facetShares.get(bit) ?? 0) * size) })).sort((a, b) => a.rows - b.rows);
  const { rows } = rarest!;
  const most = facetListedMost(size);
  if (rows > 2 * most) return null;
  // Another plan counts the matches up to the cap and walks for the page: it reads that many over
  // the matches' share of the directory (the sample's, half a sampled row when none held).
  const held = categoryRows.filter((row) => inSample(r, row)).length;
  // Every index another plan walks or counts along ends in the facets (migrations/0082-0084), so
  // with no lookup ahead of a match (text, open now) it reads entries, not rows: the count's, and a
  // deep page's again after it (the order plan walks for the page past its count).
  const entries = !r.match && !r.openNow;
  const read = entries ? LIMITS.countedTotal + 1 + s.wanted : Math.max(s.wanted, LIMITS.countedTotal + 1);
  const walked = r.openTotal?.capped
    ? openWalked(s, size, rows)
    : ((read * Math.max(1, categoryRows.length)) / Math.max(0.5, held)) * (entries ? PLAN_TUNING.facetEntryCost : 1);
  if (walked <= rows * PLAN_TUNING.facetRowCost) return null;
  // Past `most`, only when every other source holds twice as many: those are then sorted whole.
  return (await narrowerSource(s, rows <= most ? rows : 2 * rows)) ? null : rarest!;
}

/**
 * Open now past the cap, counted by the open-now list with the facets (migrations/0085): no count
 * is read, and the matches, at least the cap, are at least that share of the facet's rows and of
 * the directory, so a walk for the page reads at most its share of both: the directory's entries
 * (`facetEntryCost` each) and the facet's rows, each with an hours lookup.
 */
const openWalked = (s: SearchRun, size: number, rows: number) => (s.wanted / (LIMITS.countedTotal + 1)) * (size * PLAN_TUNING.facetEntryCost + rows);

/** Whether the box, place, service or text another plan would lead with holds at most `most` rows. */
async function narrowerSource(s: SearchRun, most: number): Promise<boolean> {
  const { r } = s;
  const place = leadingIndex(r, PLACE_INDEXES);
  const category = leadingIndex(r, CATEGORY_INDEXES);
  const reads: RawBuilder<unknown>[] = [];
  if (r.within) reads.push(sql`SELECT 1 ${boxTables(r.within.point, r.within.miles, r.category)}`);
  // Each index's own filters: a read of its entries alone.
  if (place) reads.push(sql`SELECT 1 FROM providers p ${indexedBy(place.index)} ${and(place.filters.map((f) => FILTERS[f].row(r, { listText: false })))}`);
  if (category)
    reads.push(
      sql`SELECT 1 FROM provider_categories c ${indexedBy(category.index)} ${and(category.filters.map((f) => (FILTERS[f] as SearchFilter).categoryRow!(r)))}`,
    );
  for (const read of reads)
    if ((await countOnce(s.database, s.reads.counts, sql<{ n: number }>`SELECT count(*) AS n FROM (${read} LIMIT ${most + 1})`)) <= most) return true;
  return !!r.match && (await wordsEstimate(s.database, r, s.reads, (await tokenShares(s.database)).size)) <= most;
}

export const facetListed: Plan = {
  name: 'facet-listed',
  async run(s) {
    const { bit, rows } = (await rarestFacet(s))!;
    const listText = await s.listTextFor(rows);
    // The facet's rows first (CROSS JOIN keeps them the outer loop), each provider's columns by its key.
    const [found, count] = await s.fewSorted(
      sql`FROM provider_facets f CROSS JOIN provider_search p ON p.seq = f.providerSeq ${and([sql`f.bit = ${bit}`, ...rowConditions(s.r, { listText })])}`,
    );
    return { rows: found, count };
  },
};
