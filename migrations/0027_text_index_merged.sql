-- The full-text index merged into one segment (src/features/search/textIndex.server.ts, docs/search.md
-- "Bounded cost"). FTS5 writes each transaction as a new segment and merges them only in part, and
-- the bulk 'rebuild' leaves several: a check of one row against a search's words seeks each word in
-- every segment. The scheduled merge (functions/text-index-merge.mts) keeps it so from here on.
INSERT INTO providers_fts (providers_fts) VALUES ('optimize');
