-- Open now with a facet (docs/search.md "Bounded cost"). Each hours row carries its provider's
-- facets, as it carries the price and rating (migrations/0032), and the open-now indexes end in
-- them: the open-now list applies the facets in its entries, so open now with facets and no filter
-- the list lacks is counted from the list alone, and few are listed. Before, the matches were
-- counted along an order index with an hours lookup for each entry holding the facets: at night, a
-- facet a twentieth of a million holds was 50,000 lookups for a count of a few hundred.
ALTER TABLE provider_hours ADD COLUMN facets INTEGER NOT NULL DEFAULT 0;
UPDATE provider_hours SET facets = (SELECT p.facets FROM providers p WHERE p.seq = provider_hours.providerSeq)
  WHERE providerSeq IN (SELECT seq FROM providers WHERE facets <> 0);
CREATE TRIGGER provider_hours_facets AFTER UPDATE OF facets ON providers WHEN NEW.facets <> OLD.facets BEGIN
  UPDATE provider_hours SET facets = new.facets WHERE providerSeq = new.seq;
END;

DROP INDEX provider_hours_open;
CREATE INDEX provider_hours_open ON provider_hours (timeZone, (closeMinute - openMinute + 59) / 60, openMinute, closeMinute, categories, priceRange, rating, facets);
DROP INDEX provider_hours_city_open;
CREATE INDEX provider_hours_city_open ON provider_hours (city COLLATE NOCASE, timeZone, (closeMinute - openMinute + 59) / 60, openMinute, closeMinute, categories, priceRange, rating, facets);
DROP INDEX provider_hours_city_category_open;
CREATE INDEX provider_hours_city_category_open ON provider_hours (city COLLATE NOCASE, timeZone, (closeMinute - openMinute + 59) / 60, categories, openMinute, closeMinute, priceRange, rating, facets);
