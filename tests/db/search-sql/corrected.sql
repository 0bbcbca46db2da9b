-- query=balayge (plan: order:listed)

SELECT s.terms, (SELECT json_group_array(json_array(b.term, b.label, b.n)) FROM search_terms b INDEXED BY search_terms_band WHERE s.terms = '[]' AND b.kind = ? AND length(b.term) IN (?, ?, ?, ?, ?) AND b.term >= ? AND b.term < ?) AS band, (SELECT json_group_array(json_array(name, services)) FROM (SELECT name, services FROM providers WHERE vetted_at IS NULL AND isHidden = 0 LIMIT ?)) AS beside0__, (SELECT json_group_array(service) FROM (SELECT DISTINCT service FROM service_requests LIMIT ?)) AS beside1__ FROM (SELECT json_group_array(term) AS terms FROM (SELECT DISTINCT term FROM search_terms WHERE kind = ? AND term >= ? AND term < ? ORDER BY term LIMIT ?)) s;
-- args: ["word",5,6,7,8,9,"b","b􏿿",1000,1001,"word","balayge","balayge􏿿",17]

SELECT DISTINCT term FROM search_terms WHERE kind = ? AND term >= ? AND term < ? ORDER BY term LIMIT ?;
-- args: ["word","balayage","balayage􏿿",17]

SELECT count(*) AS n, max(rowid) AS reach FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = providers_fts.rowid AND (h.isHidden = 1 OR h.status = 'permanently_closed')) LIMIT ?);
-- args: ["(\"balayage\")",1001]

SELECT p.* FROM (SELECT seq FROM (SELECT p.seq FROM providers_fts f CROSS JOIN provider_search p ON p.seq = f.rowid WHERE p.isPromoted = 1 AND f.providers_fts MATCH ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ?) UNION ALL SELECT seq FROM (SELECT p.seq FROM providers_fts f CROSS JOIN provider_search p ON p.seq = f.rowid WHERE p.isPromoted = 0 AND f.providers_fts MATCH ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ?) LIMIT ? OFFSET ?) s CROSS JOIN providers p ON p.seq = s.seq;
-- args: ["((\"balayage\")) AND filters : \"x\"",12,"(\"balayage\")",12,12,0]
