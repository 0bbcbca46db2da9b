/**
 * Counts in editorial copy are computed, never typed (docs/editing.md "Counts in copy"): content/
 * writes `{providerCount}` (the listings the city pages count: city_counts, migrations/0015) and
 * `{cityCount}` (cities with such listings), and the page fills them in from the data it was built
 * with. No count is called "verified": "Verified businesses only" finds the listings their business
 * has claimed, a different and smaller set, and copy must not promise more than that filter finds.
 */
export interface SiteCounts {
  providerCount: number;
  cityCount: number;
}

export function fillCounts(text: string, counts: SiteCounts): string {
  return text.replace(/\{(providerCount|cityCount)\}/g, (_, key: keyof SiteCounts) => counts[key].toLocaleString('en-US'));
}
