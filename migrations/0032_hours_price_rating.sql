-- "Open now" with a price or a minimum rating: each hours row carries its provider's price and
-- rating, as it carries the city and categories (migrations/0014), and the open-now indexes cover
-- them. The open-now list then applies both in the index, and with them every filter of the
-- commonest open-now searches, so their total is counted from the list alone; before, a price's or
-- a rating's index was walked with an hours lookup per row until the count's cap was found, which
-- grew with the root of the directory (docs/search.md "Bounded cost").
ALTER TABLE provider_hours ADD COLUMN priceRange TEXT;
ALTER TABLE provider_hours ADD COLUMN rating REAL;
UPDATE provider_hours SET
  priceRange = (SELECT p.priceRange FROM providers p WHERE p.seq = provider_hours.providerSeq),
  rating = (SELECT p.rating FROM providers p WHERE p.seq = provider_hours.providerSeq);

DROP INDEX provider_hours_open;
CREATE INDEX provider_hours_open ON provider_hours (timeZone, (closeMinute - openMinute + 59) / 60, openMinute, closeMinute, categories, priceRange, rating);
DROP INDEX provider_hours_city_open;
CREATE INDEX provider_hours_city_open ON provider_hours (city COLLATE NOCASE, timeZone, (closeMinute - openMinute + 59) / 60, openMinute, closeMinute, categories, priceRange, rating);

CREATE TRIGGER provider_hours_price AFTER UPDATE OF priceRange ON providers BEGIN
  UPDATE provider_hours SET priceRange = new.priceRange WHERE providerSeq = new.seq;
END;
CREATE TRIGGER provider_hours_rating AFTER UPDATE OF rating ON providers BEGIN
  UPDATE provider_hours SET rating = new.rating WHERE providerSeq = new.seq;
END;
