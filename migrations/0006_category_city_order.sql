-- A service in a city (the search form's two main fields) read and counted in result order from one
-- index: category rows carry their provider's city, kept in step by a trigger like the order columns.
-- Before, the city's providers were walked with a category check per row (every row of the city
-- for the count: docs/BENCHMARKS.md).
ALTER TABLE provider_categories ADD COLUMN city TEXT NOT NULL DEFAULT '' COLLATE NOCASE;
UPDATE provider_categories SET city = (SELECT city FROM providers WHERE seq = providerSeq);
CREATE INDEX provider_categories_city_order ON provider_categories (category, city COLLATE NOCASE, isPromoted DESC, rating DESC, reviewCount DESC, name, providerSeq);

CREATE TRIGGER providers_categories_city AFTER UPDATE OF city ON providers BEGIN
  UPDATE provider_categories SET city = new.city WHERE providerSeq = new.seq;
END;
