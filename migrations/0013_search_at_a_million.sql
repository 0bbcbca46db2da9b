-- Search at a million providers (docs/BENCHMARKS.md "A million providers").
-- "Austin, TX": the city and its state lead one ordered index, so a page and its count are read
-- from the index alone instead of checking each Austin row's state.
CREATE INDEX providers_city_state_order ON providers (city COLLATE NOCASE, state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq);

-- Words of the vocabulary are now stored as the full-text index reads them, without accents on
-- Latin letters (src/features/search/searchText.ts searchWords). Words written before keep theirs until the
-- setup refolds them (src/features/search/backfill.server.ts); this index finds them without a scan.
CREATE INDEX search_terms_accented ON search_terms (term) WHERE kind = 'word' AND term GLOB '*[^ -~]*';
