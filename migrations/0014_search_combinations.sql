-- The filter combinations that were still slow at a million providers (docs/benchmarks-history.md "Third pass").

-- "Open now" in a city, with or without a service: each hours row carries its provider's city and
-- categories (" hair nails ", so instr() finds one), kept in step by the triggers below. The open
-- providers of a city are then listed from one index, and counted with a category from the index
-- alone (src/features/search/openNow.server.ts): before, every Chicago nail salon's row and hours were
-- read to count the open ones. The city's index has one-hour length classes, not
-- four (openNow.server.ts CLASS_MINUTES). The zone-wide index carries the categories too.
ALTER TABLE provider_hours ADD COLUMN city TEXT COLLATE NOCASE;
ALTER TABLE provider_hours ADD COLUMN categories TEXT;
UPDATE provider_hours SET
  city = (SELECT p.city FROM providers p WHERE p.seq = provider_hours.providerSeq),
  categories = (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = provider_hours.providerSeq);
CREATE INDEX provider_hours_city_open ON provider_hours (city COLLATE NOCASE, timeZone, (closeMinute - openMinute + 59) / 60, openMinute, closeMinute, categories);
DROP INDEX provider_hours_open;
CREATE INDEX provider_hours_open ON provider_hours (timeZone, (closeMinute - openMinute + 239) / 240, openMinute, closeMinute, categories);

CREATE TRIGGER provider_hours_city AFTER UPDATE OF city ON providers BEGIN
  UPDATE provider_hours SET city = new.city WHERE providerSeq = new.seq;
END;
CREATE TRIGGER provider_hours_categories_insert AFTER INSERT ON provider_categories BEGIN
  UPDATE provider_hours
  SET categories = (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = new.providerSeq)
  WHERE providerSeq = new.providerSeq;
END;
CREATE TRIGGER provider_hours_categories_delete AFTER DELETE ON provider_categories BEGIN
  UPDATE provider_hours
  SET categories = (SELECT ' ' || group_concat(c.category, ' ') || ' ' FROM provider_categories c WHERE c.providerSeq = old.providerSeq)
  WHERE providerSeq = old.providerSeq;
END;

-- A service in a city at a price ("Hair Salon" + Los Angeles + $$): category rows carry their
-- provider's price, so the page and its count are read from one index; before, the city-and-price
-- index was walked with a category lookup per row.
ALTER TABLE provider_categories ADD COLUMN priceRange TEXT NOT NULL DEFAULT '';
UPDATE provider_categories SET priceRange = (SELECT p.priceRange FROM providers p WHERE p.seq = provider_categories.providerSeq);
CREATE INDEX provider_categories_city_price_order ON provider_categories (category, city COLLATE NOCASE, priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, providerSeq);
CREATE TRIGGER provider_categories_price AFTER UPDATE OF priceRange ON providers BEGIN
  UPDATE provider_categories SET priceRange = new.priceRange WHERE providerSeq = new.seq;
END;
