-- A facet few providers hold, with open now, a service or a point (docs/search.md "Bounded cost").
-- Its rows (migrations/0087) carried the order columns, city, price, rating and facets, so every
-- other filter was a lookup per row: a service a seek of provider_categories, open now one of
-- provider_search (the zone and the hours' bits, migrations/0091), a point one of provider_search
-- (its coordinates). Counting a facet a thirtieth of a million holds to the cap read its thirty
-- thousand rows with two or three seeks each. The rows now carry those columns too: the point, the
-- zone, the open hours' bits and the categories (as the hours rows spell them, " hair nails "), so
-- the count in key order checks them in the row it reads. The order indexes stay as they were
-- (a page walked along one reads the stored row of each entry it checks for them, one seek by key
-- where there were two or three): wider entries would cost every facet search that reads them.
DROP TRIGGER provider_facets_insert;
DROP TRIGGER provider_facets_update;
DROP TRIGGER provider_facets_delete;
DROP TRIGGER provider_facets_copies;

CREATE TABLE provider_facets_carrying (
  bit INTEGER NOT NULL,
  providerSeq INTEGER NOT NULL,
  isPromoted INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL DEFAULT 0,
  reviewCount INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL DEFAULT '',
  priceRange TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  facets INTEGER NOT NULL DEFAULT 0,
  latitude REAL,
  longitude REAL,
  timeZone TEXT,
  openWeek0 INTEGER NOT NULL DEFAULT 0,
  openWeek1 INTEGER NOT NULL DEFAULT 0,
  openWeek2 INTEGER NOT NULL DEFAULT 0,
  openWeek3 INTEGER NOT NULL DEFAULT 0,
  openPartly INTEGER NOT NULL DEFAULT 0,
  categories TEXT,
  PRIMARY KEY (bit, providerSeq)
) WITHOUT ROWID;
-- Written whole in key order (migrations/0087).
INSERT INTO provider_facets_carrying (bit, providerSeq, isPromoted, rating, reviewCount, name, priceRange, city, facets,
    latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly, categories)
  SELECT f.bit, f.providerSeq, p.isPromoted, p.rating, p.reviewCount, p.name, p.priceRange, p.city, p.facets,
    p.latitude, p.longitude, p.timeZone, p.openWeek0, p.openWeek1, p.openWeek2, p.openWeek3, p.openPartly,
    (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = f.providerSeq)
  FROM provider_facets f CROSS JOIN providers p ON p.seq = f.providerSeq ORDER BY f.bit, f.providerSeq;
DROP TABLE provider_facets;
ALTER TABLE provider_facets_carrying RENAME TO provider_facets;

-- As migrations/0087 kept them, with the new copies (the categories from the category rows, which
-- a new listing writes after its row: their own triggers below bring them).
CREATE TRIGGER provider_facets_insert AFTER INSERT ON providers WHEN NEW.facets <> 0 BEGIN
  INSERT INTO provider_facets (bit, providerSeq, isPromoted, rating, reviewCount, name, priceRange, city, facets,
    latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly, categories)
  SELECT value, NEW.seq, NEW.isPromoted, NEW.rating, NEW.reviewCount, NEW.name, NEW.priceRange, NEW.city, NEW.facets,
    NEW.latitude, NEW.longitude, NEW.timeZone, NEW.openWeek0, NEW.openWeek1, NEW.openWeek2, NEW.openWeek3, NEW.openPartly,
    (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = NEW.seq)
  FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

CREATE TRIGGER provider_facets_update AFTER UPDATE OF facets ON providers WHEN NEW.facets <> OLD.facets BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE OLD.facets & (1 << value)
  );
  INSERT INTO provider_facets (bit, providerSeq, isPromoted, rating, reviewCount, name, priceRange, city, facets,
    latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly, categories)
  SELECT value, NEW.seq, NEW.isPromoted, NEW.rating, NEW.reviewCount, NEW.name, NEW.priceRange, NEW.city, NEW.facets,
    NEW.latitude, NEW.longitude, NEW.timeZone, NEW.openWeek0, NEW.openWeek1, NEW.openWeek2, NEW.openWeek3, NEW.openPartly,
    (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = NEW.seq)
  FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
  WHERE NEW.facets & (1 << value);
END;

CREATE TRIGGER provider_facets_delete AFTER DELETE ON providers WHEN OLD.facets <> 0 BEGIN
  DELETE FROM provider_facets WHERE providerSeq = OLD.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE OLD.facets & (1 << value)
  );
END;

-- The copies follow the provider row (the hours' bits after each change to its hours rows,
-- migrations/0091), each of its facet rows found by its key.
CREATE TRIGGER provider_facets_copies AFTER UPDATE OF isPromoted, rating, reviewCount, name, priceRange, city,
  latitude, longitude, timeZone, openWeek0, openWeek1, openWeek2, openWeek3, openPartly ON providers WHEN NEW.facets <> 0 BEGIN
  UPDATE provider_facets SET isPromoted = NEW.isPromoted, rating = NEW.rating, reviewCount = NEW.reviewCount, name = NEW.name,
    priceRange = NEW.priceRange, city = NEW.city, latitude = NEW.latitude, longitude = NEW.longitude, timeZone = NEW.timeZone,
    openWeek0 = NEW.openWeek0, openWeek1 = NEW.openWeek1, openWeek2 = NEW.openWeek2, openWeek3 = NEW.openWeek3, openPartly = NEW.openPartly
  WHERE providerSeq = NEW.seq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE NEW.facets & (1 << value)
  );
END;

-- The categories follow the category rows (as the hours rows', migrations/0014).
CREATE TRIGGER provider_facets_categories_insert AFTER INSERT ON provider_categories BEGIN
  UPDATE provider_facets SET categories = (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = new.providerSeq)
  WHERE providerSeq = new.providerSeq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE (SELECT p.facets FROM providers p WHERE p.seq = new.providerSeq) & (1 << value)
  );
END;
CREATE TRIGGER provider_facets_categories_delete AFTER DELETE ON provider_categories BEGIN
  UPDATE provider_facets SET categories = (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = old.providerSeq)
  WHERE providerSeq = old.providerSeq AND bit IN (
    SELECT value FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31]')
    WHERE (SELECT p.facets FROM providers p WHERE p.seq = old.providerSeq) & (1 << value)
  );
END;

CREATE INDEX provider_facets_order ON provider_facets (bit, isPromoted DESC, rating DESC, reviewCount DESC, name, providerSeq, priceRange, city, facets);
CREATE INDEX provider_facets_rating_order ON provider_facets (bit, rating DESC, reviewCount DESC, name, providerSeq, priceRange, city, facets);
CREATE INDEX provider_facets_reviews_order ON provider_facets (bit, reviewCount DESC, rating DESC, name, providerSeq, priceRange, city, facets);
