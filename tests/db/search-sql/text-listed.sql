-- query=nail&priceRange=%24%24&sort=reviews (plan: text-listed)

SELECT count(*) AS n, max(rowid) AS reach, json_group_array(rowid) AS rowids FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ? LIMIT ?);
-- args: ["(\"nail\"*)",5001]

WITH m AS MATERIALIZED (SELECT p.seq, p.isPromoted, p.rating, p.reviewCount, p.name FROM json_each(?) m CROSS JOIN provider_search p ON p.seq = m.value WHERE (p.priceRange = ? AND NOT EXISTS (SELECT 1 FROM providers u INDEXED BY providers_price_unknown WHERE u.seq = p.seq AND u.priceRangeKnown = 0)) AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed'))) SELECT p.*, c.matchCount FROM (SELECT count(*) AS matchCount FROM m) c LEFT JOIN (SELECT seq FROM m p ORDER BY p.reviewCount DESC, p.rating DESC, p.name, p.seq LIMIT ? OFFSET ?) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY p.reviewCount DESC, p.rating DESC, p.name, p.seq;
-- args: ["[1,2,3,4,5,21,22,23,24,25,26,27,51,52,61,62,71,72,78,85,90,94,96,101,105,112,117,123,127,133,137]","$$",12,0]
