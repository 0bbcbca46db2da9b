-- owned=women&location=NY&sort=reviews (plan: facet-listed)

SELECT CASE WHEN (SELECT count(*) FROM (SELECT 1 FROM providers p INDEXED BY providers_state_order WHERE p.state = ? LIMIT ?)) <= ? THEN 1 ELSE 0 END AS n;
-- args: ["NY",1,0]

WITH c AS MATERIALIZED (SELECT count(*) AS n, max(seq) AS reach, json_group_array(seq) AS seqs FROM (SELECT p.seq FROM provider_facets f CROSS JOIN provider_search p ON p.seq = f.providerSeq WHERE f.bit = ? AND (f.facets & ?) = ? AND f.providerSeq > 0 AND NOT EXISTS (SELECT 1 FROM providers h INDEXED BY providers_unlisted WHERE h.seq = p.seq AND (h.isHidden = 1 OR h.status = 'permanently_closed')) AND p.state = ? LIMIT ?)) SELECT c.n AS matchCount, c.reach AS matchReach, CASE WHEN c.n <= ? THEN c.seqs END AS matchSeqs, p.* FROM c LEFT JOIN (SELECT p.seq FROM c CROSS JOIN json_each(c.seqs) m CROSS JOIN provider_search p ON p.seq = m.value WHERE c.n <= ? ORDER BY p.reviewCount DESC, p.rating DESC, p.name, p.seq LIMIT ? OFFSET ?) s ON 1 LEFT JOIN providers p ON p.seq = s.seq ORDER BY p.reviewCount DESC, p.rating DESC, p.name, p.seq;
-- args: [27,134217728,134217728,"NY",1001,1000,1000,12,0]
