-- Search at scale: every filter gets an index that also yields the result order (promoted, rating,
-- review count, name), so a page of results is read in order instead of sorting every match.
DROP INDEX providers_city;
DROP INDEX providers_state;
DROP INDEX providers_price;
CREATE INDEX providers_city_order ON providers (city COLLATE NOCASE, isPromoted DESC, rating DESC, reviewCount DESC, name, seq);
CREATE INDEX providers_state_order ON providers (state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq);
CREATE INDEX providers_price_order ON providers (priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, seq);

-- Categories carry their provider's order columns (kept in step by a trigger), so a category's
-- providers are read in result order, and counted, from this one index.
ALTER TABLE provider_categories ADD COLUMN isPromoted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_categories ADD COLUMN rating REAL NOT NULL DEFAULT 0;
ALTER TABLE provider_categories ADD COLUMN reviewCount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE provider_categories ADD COLUMN name TEXT NOT NULL DEFAULT '';
UPDATE provider_categories SET
  isPromoted = (SELECT isPromoted FROM providers WHERE seq = providerSeq),
  rating = (SELECT rating FROM providers WHERE seq = providerSeq),
  reviewCount = (SELECT reviewCount FROM providers WHERE seq = providerSeq),
  name = (SELECT name FROM providers WHERE seq = providerSeq);
CREATE INDEX provider_categories_order ON provider_categories (category, isPromoted DESC, rating DESC, reviewCount DESC, name, providerSeq);

CREATE TRIGGER providers_categories_order AFTER UPDATE OF isPromoted, rating, reviewCount, name ON providers BEGIN
  UPDATE provider_categories
  SET isPromoted = new.isPromoted, rating = new.rating, reviewCount = new.reviewCount, name = new.name
  WHERE providerSeq = new.seq;
END;

-- Prefix indexes make short prefix searches ("na", "nai") cheap.
DROP TRIGGER providers_fts_insert;
DROP TRIGGER providers_fts_delete;
DROP TRIGGER providers_fts_update;
DROP TABLE providers_fts;
CREATE VIRTUAL TABLE providers_fts USING fts5 (
  name, description, services, city,
  content = 'providers', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);
INSERT INTO providers_fts (providers_fts) VALUES ('rebuild');
CREATE TRIGGER providers_fts_insert AFTER INSERT ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city)
  VALUES (new.seq, new.name, new.description, new.services, new.city);
END;
CREATE TRIGGER providers_fts_delete AFTER DELETE ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city)
  VALUES ('delete', old.seq, old.name, old.description, old.services, old.city);
END;
CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city)
  VALUES ('delete', old.seq, old.name, old.description, old.services, old.city);
  INSERT INTO providers_fts (rowid, name, description, services, city)
  VALUES (new.seq, new.name, new.description, new.services, new.city);
END;
