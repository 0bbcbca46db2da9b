-- Open now with a service in a city (docs/search.md "Bounded cost"): the city's open-now index
-- (migrations/0032) holds every category's ranges in one run of openMinute, so the open nail salons of
-- Chicago were counted by reading the open ranges of every service there, about three to one, past
-- 5,000 rows on sqld (docs/benchmarks-history.md "fourteenth pass"). This index puts the hours row's set of
-- categories (" hair nails ") before openMinute, and the open-now list reads it one set at a time,
-- each set that holds the service (src/features/search/openNow.server.ts `openArms`). The sets are
-- few (a handful of categories, one to three each), listed here as they first appear and never
-- removed: a superset, which is all the list needs (a set no row holds any more reads an empty range).
CREATE TABLE hours_category_sets (
  categories TEXT NOT NULL PRIMARY KEY
) WITHOUT ROWID;

INSERT OR IGNORE INTO hours_category_sets (categories)
  SELECT DISTINCT categories FROM provider_hours WHERE categories IS NOT NULL;

CREATE TRIGGER hours_category_sets_insert AFTER INSERT ON provider_hours WHEN new.categories IS NOT NULL BEGIN
  INSERT OR IGNORE INTO hours_category_sets (categories) VALUES (new.categories);
END;

CREATE TRIGGER hours_category_sets_update AFTER UPDATE OF categories ON provider_hours WHEN new.categories IS NOT NULL BEGIN
  INSERT OR IGNORE INTO hours_category_sets (categories) VALUES (new.categories);
END;

CREATE INDEX provider_hours_city_category_open ON provider_hours (city COLLATE NOCASE, timeZone, (closeMinute - openMinute + 59) / 60, categories, openMinute, closeMinute, priceRange, rating);
