-- service=Nail+Salon&sort=reviews&lang=en&offset=12 (plan: category)

SELECT count(*) AS n, json_group_array(seq) AS seqs FROM (SELECT c.providerSeq AS seq FROM provider_categories c INDEXED BY provider_categories_reviews_order WHERE (c.facets & ?) = ? AND c.category = ? AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = c.providerSeq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) ORDER BY c.reviewCount DESC, c.rating DESC, c.name, c.providerSeq LIMIT ?);
-- args: [32,32,"nails",1001]

SELECT p.* FROM (VALUES (?), (?), (?), (?), (?), (?), (?), (?), (?), (?), (?), (?)) m CROSS JOIN providers p ON p.seq = m.column1;
-- args: [2,27,123,105,4,85,51,127,21,26,22,5]
