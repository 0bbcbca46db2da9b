-- query=balayage (plan: order:listed)

select distinct "term" from "search_terms" where "kind" = ? and "term" >= ? and "term" < ? order by "term" limit ?;
-- args: ["word","balayage","balayage􏿿",17]

select "name", "services" from "providers" where "vetted_at" is null and "isHidden" = ? limit ?;
-- args: [0,1000]

SELECT count(*) AS n, max(rowid) AS reach FROM (SELECT rowid FROM providers_fts WHERE providers_fts MATCH ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = providers_fts.rowid AND (h.isHidden = 1 OR h.status = 'permanently_closed')) LIMIT ?);
-- args: ["(\"balayage\")",1001]

SELECT p.* FROM (SELECT seq FROM (SELECT p.seq FROM providers_fts f CROSS JOIN provider_search p ON p.seq = f.rowid WHERE f.providers_fts MATCH ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND p.isPromoted = 1 ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ?) UNION ALL SELECT seq FROM (SELECT p.seq FROM providers_fts f CROSS JOIN provider_search p ON p.seq = f.rowid WHERE f.providers_fts MATCH ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND p.isPromoted = 0 ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ?) LIMIT ? OFFSET ?) s CROSS JOIN providers p ON p.seq = s.seq;
-- args: ["((\"balayage\")) AND filters : \"x\"",12,"(\"balayage\")",12,12,0]
