-- The columns search checks and sorts on, one row per provider, keyed by seq (docs/search.md
-- "Copied columns and their owners"). A plan that lists its matches first (the text's full-text
-- matches, those open now, a count's few, a service's category rows) looks each one up to check the
-- other filters and sort them. In providers each lookup read a whole row (description, hours, menu)
-- from a page of its own; here a hundred providers' search columns share a page.
-- A table, not a covering index: sqld counts an index seek on a key that is not unique as two rows
-- read (the row, and the next that ends the range); a primary-key seek here counts one, as the
-- providers row did (docs/benchmarks-history.md "eighth pass"). Every column a row condition or an order
-- names is here (src/features/search/filters.server.ts); the triggers below are its only writers.
-- Migration 0033 was never released (a covering index, taken back for that reason).
CREATE TABLE provider_search (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  city TEXT NOT NULL COLLATE NOCASE,
  state TEXT NOT NULL,
  zipCode TEXT NOT NULL,
  isPromoted INTEGER NOT NULL,
  priceRange TEXT NOT NULL,
  rating REAL NOT NULL,
  reviewCount INTEGER NOT NULL,
  latitude REAL,
  longitude REAL,
  timeZone TEXT
) WITHOUT ROWID;
INSERT INTO provider_search (seq, id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone)
  SELECT seq, id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone FROM providers;

CREATE TRIGGER provider_search_insert AFTER INSERT ON providers BEGIN
  INSERT OR REPLACE INTO provider_search (seq, id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone)
  VALUES (new.seq, new.id, new.name, new.city, new.state, new.zipCode, new.isPromoted, new.priceRange, new.rating, new.reviewCount, new.latitude, new.longitude, new.timeZone);
END;
CREATE TRIGGER provider_search_update AFTER UPDATE OF id, name, city, state, zipCode, isPromoted, priceRange, rating, reviewCount, latitude, longitude, timeZone ON providers BEGIN
  UPDATE provider_search SET id = new.id, name = new.name, city = new.city, state = new.state, zipCode = new.zipCode,
    isPromoted = new.isPromoted, priceRange = new.priceRange, rating = new.rating, reviewCount = new.reviewCount,
    latitude = new.latitude, longitude = new.longitude, timeZone = new.timeZone
  WHERE seq = new.seq;
END;
CREATE TRIGGER provider_search_delete AFTER DELETE ON providers BEGIN
  DELETE FROM provider_search WHERE seq = old.seq;
END;
