-- The full-text index carries a provider's state, price and minimum-rating steps as tokens of a
-- fifth column, `filters` (docs/search.md "Bounded cost"; src/features/search/filters.server.ts
-- `textToken`), so text with a price, a state or a rating is intersected with them inside the index
-- rather than every text match's row read and checked. Each token starts with U+E000, a private-use
-- character: FTS5's unicode61 keeps it inside a token, and the search's words (searchText.ts
-- `searchWords`, letters and digits) never hold one, so no word or prefix typed reaches a token.
-- A token only narrows: the row conditions still decide, so the rating steps (the search page's,
-- src/features/search/params.ts RATING_STEPS) are floors of the minimum asked for.
--
-- The index reads its columns from a view, one definition of the tokens for the bulk 'rebuild' and
-- the triggers alike; a row's old tokens are read from it before the row changes.
DROP TRIGGER providers_fts_insert;
DROP TRIGGER providers_fts_delete;
DROP TRIGGER providers_fts_update;
DROP TABLE providers_fts;

CREATE VIEW providers_fts_source AS
SELECT seq, name, description, services, city,
  trim(
    CASE WHEN state IS NOT NULL AND state <> '' THEN char(57344) || 's' || lower(state) ELSE '' END
    || CASE WHEN priceRange IS NOT NULL AND priceRange <> '' THEN ' ' || char(57344) || 'p' || length(priceRange) ELSE '' END
    || CASE WHEN rating >= 3 THEN ' ' || char(57344) || 'r30' ELSE '' END
    || CASE WHEN rating >= 4 THEN ' ' || char(57344) || 'r40' ELSE '' END
    || CASE WHEN rating >= 4.5 THEN ' ' || char(57344) || 'r45' ELSE '' END
  ) AS filters
FROM providers;

CREATE VIRTUAL TABLE providers_fts USING fts5 (
  name, description, services, city, filters,
  content = 'providers_fts_source', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
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
CREATE TRIGGER providers_fts_update_old BEFORE UPDATE OF name, description, services, city, state, priceRange, rating ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city, filters)
  SELECT 'delete', seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = old.seq;
END;
CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city, state, priceRange, rating ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city, filters)
  SELECT seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = new.seq;
END;
