-- A facet few providers hold, read in result order (docs/search.md "Bounded cost"). Its rows
-- (migrations/0046) held the bit and the provider alone, so a search listed every one of them, each
-- looked up in provider_search and sorted: a language a hundredth of a million speak was ten
-- thousand lookups for one page. Facet rows now carry their provider's order columns and the
-- columns of the filters category rows carry (price, city, rating, facets), as category rows do
-- (migrations/0004, 0006, 0014, 0082), and have an index in each order: a page and its capped count
-- are read from the index's entries, in order, and stop at the cap.
DROP TRIGGER provider_facets_insert;
DROP TRIGGER provider_facets_update;
DROP TRIGGER provider_facets_delete;

CREATE TABLE provider_facets_in_order (
  bit INTEGER NOT NULL,
  providerSeq INTEGER NOT NULL,
  isPromoted INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL DEFAULT 0,
  reviewCount INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL DEFAULT '',
  priceRange TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  facets INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bit, providerSeq)
) WITHOUT ROWID;
-- Written whole in key order: an UPDATE of each row grew it in place, page by page.
INSERT INTO provider_facets_in_order (bit, providerSeq, isPromoted, rating, reviewCount, name, priceRange, city, facets)
  SELECT f.bit, f.providerSeq, p.isPromoted, p.rating, p.reviewCount, p.name, p.priceRange, p.city, p.facets
  FROM provider_facets f CROSS JOIN providers p ON p.seq = f.providerSeq ORDER BY f.bit, f.providerSeq;
DROP TABLE provider_facets;
ALTER TABLE provider_facets_in_order RENAME TO provider_facets;

-- As migrations/0046 and 0061 kept them (each provider's set bits, deleted by the bits the old value
-- held), with the copied columns.
CREATE TRIGGER provider_facets_insert AFTER INSERT ON providers WHEN NEW.facets <> 0 BEGIN
  INSERT INTO provider_facets (bit, providerSeq, isPromoted, rating, reviewCount, name, priceRange, city, facets)
  SELECT value, NEW.seq, NEW.isPromoted, NEW.rating, NEW.reviewCount, NEW.name, NEW.priceRange, NEW.city, NEW.facets
  FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

CREATE TRIGGER provider_facets_update AFTER UPDATE OF facets ON providers WHEN NEW.facets <> OLD.facets BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE OLD.facets & (1 << value)
  );
  INSERT INTO provider_facets (bit, providerSeq, isPromoted, rating, reviewCount, name, priceRange, city, facets)
  SELECT value, NEW.seq, NEW.isPromoted, NEW.rating, NEW.reviewCount, NEW.name, NEW.priceRange, NEW.city, NEW.facets
  FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

CREATE TRIGGER provider_facets_delete AFTER DELETE ON providers WHEN OLD.facets <> 0 BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE OLD.facets & (1 << value)
  );
END;

-- The copies follow the provider row, each of its facet rows found by its key.
CREATE TRIGGER provider_facets_copies AFTER UPDATE OF isPromoted, rating, reviewCount, name, priceRange, city ON providers WHEN NEW.facets <> 0 BEGIN
  UPDATE provider_facets SET isPromoted = NEW.isPromoted, rating = NEW.rating, reviewCount = NEW.reviewCount, name = NEW.name,
    priceRange = NEW.priceRange, city = NEW.city
  WHERE providerSeq = NEW.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE NEW.facets & (1 << value)
  );
END;

-- A facet in each order, each index ending in the filters' columns, so a check of them reads the entry.
CREATE INDEX provider_facets_order ON provider_facets (bit, isPromoted DESC, rating DESC, reviewCount DESC, name, providerSeq, priceRange, city, facets);
CREATE INDEX provider_facets_rating_order ON provider_facets (bit, rating DESC, reviewCount DESC, name, providerSeq, priceRange, city, facets);
CREATE INDEX provider_facets_reviews_order ON provider_facets (bit, reviewCount DESC, rating DESC, name, providerSeq, priceRange, city, facets);
