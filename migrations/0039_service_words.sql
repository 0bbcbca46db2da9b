-- The words of services alone, as vocabulary kind `serviceWord` (docs/search.md "Filters"): a
-- `service` that is no category is matched in the services column, and its long words were read as
-- every word of the data they start, words of names and descriptions too. "consultation" stood for
-- "consultations" as well, a word of 234,754 descriptions and of no service, whose list the
-- full-text index then read for nothing (docs/benchmarks-history.md "fourteenth pass"). The kinds are a
-- CHECK of the table, so it is made again with the new kind; its rows and indexes are as they were.
-- The words themselves are written with each provider (src/features/suggestions/vocabulary.server.ts)
-- and, for a file that has services but no service words yet, by the setup (`addServiceWords`).
CREATE TABLE search_terms_kinds (
  kind TEXT NOT NULL CHECK (kind IN ('word', 'service', 'serviceWord', 'city')),
  term TEXT NOT NULL,
  label TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, term, label)
) WITHOUT ROWID;
INSERT INTO search_terms_kinds (kind, term, label, n) SELECT kind, term, label, n FROM search_terms;
DROP TABLE search_terms;
ALTER TABLE search_terms_kinds RENAME TO search_terms;
CREATE INDEX search_terms_band ON search_terms (kind, length(term), term);
CREATE INDEX search_terms_accented ON search_terms (term) WHERE kind = 'word' AND term GLOB '*[^ -~]*';
