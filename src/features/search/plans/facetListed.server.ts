/**
 * A facet few providers hold (docs/search.md "Bounded cost"): its rows of provider_facets
 * (migrations/0046) lead, each looked up in provider_search, checked and sorted. Searched for along
 * another index, a rare facet was a check on every row of it: a whole price's or the whole directory
 * for a page of a language few speak, and for a deep page every row of the sort's index. How few is
 * the sample's share of the search's rarest facet (tokenShares.server.ts), never a rule per facet;
 * the rows it lists are at most `facetListedMost`, where listing meets the other reads.
 */
import { sql } from 'kysely';
import { facetBitsOf, rowConditions } from '../filters.server';
import { facetListedMost } from '../tuning.server';
import { tokenShares } from '../tokenShares.server';
import { and, type Plan, type SearchRun } from './context.server';

/** The search's rarest facet bit and its estimated rows, when they are few enough to list; else null. */
async function rarestFacet(s: SearchRun): Promise<{ bit: number; rows: number } | null> {
  const bits = facetBitsOf(s.r);
  if (!bits.length) return null;
  const { size, facetShares } = await tokenShares(s.database);
  const [rarest] = bits.map((bit) => ({ bit, rows: Math.ceil((facetShares.get(bit) ?? 0) * size) })).sort((a, b) => a.rows - b.rows);
  return rarest!.rows <= facetListedMost(size) ? rarest! : null;
}

export const facetListed: Plan = {
  name: 'facet-listed',
  applies: async (s) => !!(await rarestFacet(s)),
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
