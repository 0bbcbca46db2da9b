-- The full-text index keeps, per word and listing, the columns the word is in and no longer its
-- positions (FTS5 `detail = column`). No search reads a position: a search's words are single tokens
-- (src/lib/words.ts `searchWords` splits where the index's tokenizer does), matched anywhere or in a
-- column (`services : ...`), never as a phrase or NEAR. The positions were most of the index, and every
-- word's list read by a search (a prefix, an intersection with the filters' tokens, a row's check)
-- decoded them: the lists now read are the same lists, shorter (docs/search.md "Bounded cost";
-- docs/benchmarks-history.md "The full-text index without positions").
-- Columns, the view of migrations/0088 and the triggers stay as they were; only the index is made again.
DROP TRIGGER providers_fts_insert;
DROP TRIGGER providers_fts_delete;
DROP TRIGGER providers_fts_update_old;
DROP TRIGGER providers_fts_update;
DROP TABLE providers_fts;

CREATE VIRTUAL TABLE providers_fts USING fts5 (
  name, description, services, city, filters,
  content = 'providers_fts_source', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4',
  detail = column
);
INSERT INTO providers_fts (providers_fts) VALUES ('rebuild');
-- One segment, as migrations/0027 left it (src/features/search/textIndex.server.ts).
INSERT INTO providers_fts (providers_fts) VALUES ('optimize');

CREATE TRIGGER providers_fts_insert AFTER INSERT ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city, filters)
  SELECT seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = new.seq;
END;
CREATE TRIGGER providers_fts_delete BEFORE DELETE ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city, filters)
  SELECT 'delete', seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = old.seq;
END;
-- A change of a column the index reads: the old row's tokens out before it changes, the new ones in
-- after (the two always pair, so the index never holds a row twice).
CREATE TRIGGER providers_fts_update_old BEFORE UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount, facets ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city, filters)
  SELECT 'delete', seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = old.seq;
END;
CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount, facets ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city, filters)
  SELECT seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = new.seq;
END;
