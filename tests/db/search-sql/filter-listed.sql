-- location=100 (plan: filter-listed:zipPrefix)

SELECT count(*) AS n FROM (SELECT 1 FROM providers p INDEXED BY providers_zip WHERE NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND p.zipCode >= ? AND p.zipCode < ? LIMIT ?);
-- args: ["100","100􏿿",1001]

WITH m AS MATERIALIZED (SELECT p.seq, p.isPromoted, p.rating, p.reviewCount, p.name FROM providers p INDEXED BY providers_zip WHERE p.zipCode >= ? AND p.zipCode < ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed'))) SELECT p.*, c.matchCount FROM (SELECT count(*) AS matchCount FROM m) c LEFT JOIN (SELECT seq FROM m p ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ? OFFSET ?) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq;
-- args: ["100","100􏿿",12,0]
