/**
 * Counts in editorial copy are computed, never typed (docs/content.md "Counts in copy"): content/
 * writes `{verifiedCount}` (listings our team verified: the vetted listings city_counts counts,
 * migrations/0015) and `{cityCount}` (cities with such listings), and the page fills them in from the
 * data it was built with.
 */
export interface SiteCounts {
  verifiedCount: number;
  cityCount: number;
}

export function fillCounts(text: string, counts: SiteCounts): string {
  return text.replace(/\{(verifiedCount|cityCount)\}/g, (_, key: keyof SiteCounts) => counts[key].toLocaleString('en-US'));
}
