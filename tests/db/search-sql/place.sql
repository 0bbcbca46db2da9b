-- location=TX (plan: place)

SELECT count(*) AS n, json_group_array(seq) AS seqs FROM (SELECT p.seq AS seq FROM providers p INDEXED BY providers_state_order WHERE NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND p.state = ? ORDER BY p.isPromoted DESC, p.rating DESC, p.reviewCount DESC, p.name, p.seq LIMIT ?);
-- args: ["TX",1001]

SELECT p.* FROM (VALUES (?), (?), (?), (?), (?), (?), (?), (?), (?), (?), (?), (?)) m CROSS JOIN providers p ON p.seq = m.column1;
-- args: [78,73,72,82,71,92,133,74,75,77,83,80]
