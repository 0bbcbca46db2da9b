-- service=Nail+Salon (plan: category)

SELECT count(*) AS n, json_group_array(seq) AS seqs FROM (SELECT c.providerSeq AS seq FROM provider_categories c INDEXED BY provider_categories_order WHERE c.category = ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = c.providerSeq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) ORDER BY c.isPromoted DESC, c.rating DESC, c.reviewCount DESC, c.name, c.providerSeq LIMIT ?);
-- args: ["nails",1001]

SELECT p.* FROM (VALUES (?), (?), (?), (?), (?), (?), (?), (?), (?), (?), (?), (?)) m CROSS JOIN providers p ON p.seq = m.column1;
-- args: [78,1,21,62,96,94,52,72,2,27,71,133]
