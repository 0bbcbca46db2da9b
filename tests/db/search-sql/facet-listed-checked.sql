-- owned=women&location=NY&sort=reviews (plan: facet-listed)

SELECT count(*) AS n FROM (SELECT 1 FROM providers p INDEXED BY providers_state_order WHERE p.state = ? LIMIT ?);
-- args: ["NY",1]

SELECT count(*) AS n, json_group_array(seq) AS seqs FROM (SELECT p.seq FROM provider_facets f CROSS JOIN provider_search p ON p.seq = f.providerSeq WHERE f.bit = ? AND (f.facets & ?) = ? AND f.providerSeq > 0 AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND p.state = ? LIMIT ?);
-- args: [27,134217728,134217728,"NY",1001]
