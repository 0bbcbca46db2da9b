/**
 * Every copied column compared with what its source rows say (docs/search.md "Copied columns and
 * their owners"): an empty list when no copy drifted. Worked out here from the source tables
 * (services and hours read in TypeScript, as the app reads them), not through the code that writes
 * the copies.
 */
import type { Db } from '../../src/db/client';
import { categoriesOfServices } from '../../src/features/catalog/services';
import { weekRanges } from '../../src/features/providers/openingHours';
import { parseOpeningHours } from '../../src/features/providers/providerFields';

type Rows = Record<string, unknown>[];

export async function copyDrift({ client }: Db): Promise<string[]> {
  const all = async (sql: string) => (await client.execute(sql)).rows as unknown as Rows;
  const drift: string[] = [];
  const report = (what: string, rows: Rows) => {
    for (const row of rows.slice(0, 5)) drift.push(`${what}: ${JSON.stringify(row)}`);
  };

  // Category rows: one per category of the services, each column the provider row's.
  report(
    'provider_categories copy',
    await all(`SELECT c.category, c.providerSeq FROM provider_categories c LEFT JOIN providers p ON p.seq = c.providerSeq
      WHERE p.seq IS NULL OR c.isPromoted IS NOT p.isPromoted OR c.rating IS NOT p.rating OR c.reviewCount IS NOT p.reviewCount
        OR c.name IS NOT p.name OR c.city IS NOT p.city OR c.priceRange IS NOT p.priceRange
        OR c.latitude IS NOT p.latitude OR c.longitude IS NOT p.longitude OR c.facets IS NOT p.facets`),
  );
  const providers = await all(`SELECT p.seq, p.services, p.openingHours,
      (SELECT json_group_array(category) FROM (SELECT category FROM provider_categories WHERE providerSeq = p.seq ORDER BY category)) AS categories,
      (SELECT json_group_array(json_array(openMinute, closeMinute)) FROM (SELECT openMinute, closeMinute FROM provider_hours WHERE providerSeq = p.seq ORDER BY openMinute, closeMinute)) AS ranges
    FROM providers p`);
  for (const p of providers) {
    const categories = [...categoriesOfServices(JSON.parse(String(p.services)) as string[])].sort();
    if (JSON.stringify(categories) !== p.categories) report('provider_categories set', [{ seq: p.seq, expected: categories, found: p.categories }]);
    const unique = [...new Map(weekRanges(parseOpeningHours(String(p.openingHours))).map((r) => [r.join(), r])).values()];
    const ranges = unique.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (JSON.stringify(ranges) !== p.ranges) report('provider_hours ranges', [{ seq: p.seq, expected: ranges, found: p.ranges }]);
  }
  // Open hours' bits (migrations/0091): the hours of the week one range holds throughout, 42 a column;
  // none, and openPartly, when two ranges overlap; openPartly when a range starts or ends inside an hour.
  const weeks = await all(`SELECT p.seq, p.openWeek0, p.openWeek1, p.openWeek2, p.openWeek3, p.openPartly,
      (SELECT json_group_array(json_array(openMinute, closeMinute)) FROM provider_hours WHERE providerSeq = p.seq) AS ranges FROM providers p`);
  for (const p of weeks) {
    const ranges = JSON.parse(String(p.ranges)) as [number, number][];
    const overlaps = ranges.some(([o, c], i) => ranges.some(([o2, c2], j) => i !== j && o2 <= o && c2 > o && !(o2 === o && c2 === c)));
    const partly = overlaps || ranges.some(([o, c]) => o % 60 !== 0 || c % 60 !== 0);
    const words = [0, 1, 2, 3].map((w) =>
      overlaps
        ? 0
        : Array.from({ length: 42 }, (_, b) => 42 * w + b).reduce(
            (sum, hour, b) => sum + (ranges.some(([o, c]) => o <= hour * 60 && c >= hour * 60 + 60) ? 2 ** b : 0),
            0,
          ),
    );
    const found = [p.openWeek0, p.openWeek1, p.openWeek2, p.openWeek3].map(Number);
    if (found.join() !== words.join() || Number(p.openPartly) !== (partly ? 1 : 0))
      report('providers openWeek', [{ seq: p.seq, expected: [...words, partly ? 1 : 0], found: [...found, p.openPartly] }]);
  }
  // Hours rows: zone, city, price and rating the provider's, categories its category rows' (the triggers' spelling).
  report(
    'provider_hours copy',
    await all(`SELECT h.providerSeq, h.openMinute FROM provider_hours h LEFT JOIN providers p ON p.seq = h.providerSeq
      WHERE p.seq IS NULL OR h.timeZone IS NOT p.timeZone OR h.city IS NOT p.city OR h.priceRange IS NOT p.priceRange OR h.rating IS NOT p.rating OR h.facets IS NOT p.facets
        OR h.categories IS NOT (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = p.seq)`),
  );
  // Search columns: one row per provider, each column the provider row's (migrations/0034). The
  // columns are the table's own, so a column a later migration adds is checked without naming it here.
  const searchColumns = (await all("SELECT name FROM pragma_table_info('provider_search') WHERE name <> 'seq'")).map((c) => String(c.name));
  if (searchColumns.length < 12) throw new Error(`provider_search has only ${searchColumns.join(', ')}`);
  report(
    'provider_search',
    await all(`SELECT p.seq, s.seq AS copy FROM providers p FULL JOIN provider_search s ON s.seq = p.seq
      WHERE p.seq IS NULL OR s.seq IS NULL OR ${searchColumns.map((c) => `s.${c} IS NOT p.${c}`).join(' OR ')}`),
  );
  // Facet rows: one per bit set in the provider's facets, and none other (migrations/0046).
  const facetRows = new Set((await all('SELECT bit, providerSeq FROM provider_facets')).map((r) => `${String(r.bit)} ${String(r.providerSeq)}`));
  const wanted = new Set<string>();
  for (const p of await all('SELECT seq, facets FROM providers WHERE facets <> 0')) {
    for (let bit = 0; bit < 32; bit++) if (Number(p.facets) & (1 << bit)) wanted.add(`${bit} ${String(p.seq)}`);
  }
  report(
    'provider_facets missing',
    [...wanted].filter((k) => !facetRows.has(k)).map((k) => ({ bitSeq: k })),
  );
  report(
    'provider_facets extra',
    [...facetRows].filter((k) => !wanted.has(k)).map((k) => ({ bitSeq: k })),
  );
  // Facet rows' copies: the provider row's order columns, city, price and facets (migrations/0087),
  // point, zone and open hours' bits, and its category rows' categories (0092, the triggers' spelling).
  report(
    'provider_facets copy',
    await all(`SELECT f.bit, f.providerSeq FROM provider_facets f LEFT JOIN providers p ON p.seq = f.providerSeq
      WHERE p.seq IS NULL OR f.isPromoted IS NOT p.isPromoted OR f.rating IS NOT p.rating OR f.reviewCount IS NOT p.reviewCount
        OR f.name IS NOT p.name OR f.city IS NOT p.city OR f.priceRange IS NOT p.priceRange OR f.facets IS NOT p.facets
        OR f.latitude IS NOT p.latitude OR f.longitude IS NOT p.longitude OR f.timeZone IS NOT p.timeZone
        OR f.openWeek0 IS NOT p.openWeek0 OR f.openWeek1 IS NOT p.openWeek1 OR f.openWeek2 IS NOT p.openWeek2 OR f.openWeek3 IS NOT p.openWeek3
        OR f.openPartly IS NOT p.openPartly
        OR f.categories IS NOT (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = p.seq)`),
  );
  // Zone and state cells: every provider's half-degree cell of latitude and longitude (from -90 and
  // -180) with its zone (a provider with hours rows: migrations/0086), and with its state; cells of
  // providers since moved stay (migrations/0024_zone_cells.sql, 0037_state_cells.sql).
  for (const [table, column, which] of [
    ['zone_cells', 'timeZone', 'AND EXISTS (SELECT 1 FROM provider_hours h WHERE h.providerSeq = providers.seq)'],
    ['state_cells', 'state', ''],
  ] as const) {
    const cells = new Set(
      (await all(`SELECT latCell, lngCell, ${column} AS v FROM ${table}`)).map((c) => `${String(c.latCell)} ${String(c.lngCell)} ${String(c.v)}`),
    );
    const placed = await all(
      `SELECT seq, latitude, longitude, ${column} AS v FROM providers WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND ${column} IS NOT NULL ${which}`,
    );
    const cellOf = (p: Rows[number]) => `${Math.floor((Number(p.latitude) + 90) * 2)} ${Math.floor((Number(p.longitude) + 180) * 2)} ${String(p.v)}`;
    report(
      table,
      placed.filter((p) => !cells.has(cellOf(p))),
    );
  }
  // Hours classes: every hours range's zone ('' for none) and length class in hours, rounded up, a
  // bit of its zone's row; classes no range has any more stay (migrations/0031_zone_hour_classes.sql).
  report(
    'zone_hour_classes',
    await all(`SELECT DISTINCT coalesce(h.timeZone, '') AS timeZone, (h.closeMinute - h.openMinute + 59) / 60 AS class FROM provider_hours h
      WHERE NOT EXISTS (SELECT 1 FROM zone_hour_classes k WHERE k.timeZone = coalesce(h.timeZone, '') AND (k.classes & (1 << ((h.closeMinute - h.openMinute + 59) / 60))) != 0)`),
  );
  // Sets of categories: every hours row's, listed; sets no row has any more stay (migrations/0038_hours_category_sets.sql).
  report(
    'hours_category_sets',
    await all(`SELECT DISTINCT h.categories FROM provider_hours h
      WHERE h.categories IS NOT NULL AND NOT EXISTS (SELECT 1 FROM hours_category_sets k WHERE k.categories = h.categories)`),
  );
  // Rating and review count: the published reviews'.
  report(
    'providers rating',
    await all(`SELECT p.id, p.rating, p.reviewCount FROM providers p WHERE p.reviewCount IS NOT (SELECT count(*) FROM reviews r WHERE r.providerId = p.id AND r.status = 'published')
      OR p.rating IS NOT coalesce((SELECT round(avg(rating), 1) FROM reviews r WHERE r.providerId = p.id AND r.status = 'published'), 0)`),
  );
  // City counts: listed, vetted providers by city and state (a city down to 0 may keep its row).
  report(
    'city_counts',
    await all(`SELECT coalesce(a.city, b.city) AS city, coalesce(a.state, b.state) AS state, a.n AS counted, b.n AS kept
      FROM (SELECT city, state, count(*) AS n FROM providers WHERE isHidden = 0 AND vetted_at IS NOT NULL GROUP BY city COLLATE NOCASE, state) a
      FULL JOIN (SELECT city, state, n FROM city_counts WHERE n <> 0) b ON a.city = b.city COLLATE NOCASE AND a.state = b.state
      WHERE a.n IS NOT b.n`),
  );
  // Review figures: published reviews of listed providers.
  report(
    'review_stats',
    await all(`SELECT s.n, s.ratingSum, x.n AS counted, x.ratingSum AS summed FROM review_stats s,
      (SELECT count(*) AS n, coalesce(sum(r.rating), 0) AS ratingSum FROM reviews r JOIN providers p ON p.id = r.providerId
        WHERE r.status = 'published' AND p.isHidden = 0) x
      WHERE s.n IS NOT x.n OR s.ratingSum IS NOT x.ratingSum`),
  );
  // The full-text index: FTS5 compares it with its content table (providers) itself.
  try {
    await client.execute("INSERT INTO providers_fts (providers_fts, rank) VALUES ('integrity-check', 1)");
  } catch (error) {
    drift.push(`providers_fts: ${(error as Error).message}`);
  }
  return drift;
}
