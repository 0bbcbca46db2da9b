-- owned=women&sort=rating (plan: facet-listed)

WITH m AS MATERIALIZED (SELECT p.seq, p.isPromoted, p.rating, p.reviewCount, p.name FROM provider_facets f CROSS JOIN provider_search p ON p.seq = f.providerSeq WHERE f.bit = ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND (p.facets & ?) = ?) SELECT p.*, c.matchCount FROM (SELECT count(*) AS matchCount FROM m) c LEFT JOIN (SELECT seq FROM m p ORDER BY p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ? OFFSET ?) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY p.rating DESC, p.reviewCount DESC, p.name, p.seq;
-- args: [27,134217728,134217728,12,0]
