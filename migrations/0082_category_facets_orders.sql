-- A service with facets, and a service in another order (docs/search.md "Bounded cost"). Category
-- rows carry their provider's facets (migrations/0046), so a service's index applies them in its
-- entries: a common facet with a service was a provider row read for each of the service's rows
-- (a third of the directory for hair), sparse ones all of them. And a service has an index in each
-- order, so a deep page of it by rating or reviews is read in order, not every row of it sorted.
-- Each index ends in the columns the category rows carry (price, city, facets): a check of them
-- reads the entry, not the row.
ALTER TABLE provider_categories ADD COLUMN facets INTEGER NOT NULL DEFAULT 0;
UPDATE provider_categories SET facets = (SELECT p.facets FROM providers p WHERE p.seq = provider_categories.providerSeq)
  WHERE providerSeq IN (SELECT seq FROM providers WHERE facets <> 0);
CREATE TRIGGER provider_categories_facets AFTER UPDATE OF facets ON providers WHEN NEW.facets <> OLD.facets BEGIN
  UPDATE provider_categories SET facets = new.facets WHERE providerSeq = new.seq;
END;

DROP INDEX provider_categories_order;
CREATE INDEX provider_categories_order ON provider_categories (category, isPromoted DESC, rating DESC, reviewCount DESC, name, providerSeq, priceRange, city, facets);
CREATE INDEX provider_categories_rating_order ON provider_categories (category, rating DESC, reviewCount DESC, name, providerSeq, priceRange, city, facets);
CREATE INDEX provider_categories_reviews_order ON provider_categories (category, reviewCount DESC, rating DESC, name, providerSeq, priceRange, city, facets);
DROP INDEX provider_categories_geo;
CREATE INDEX provider_categories_geo ON provider_categories (category, latitude, longitude, providerSeq, priceRange, rating, city, isPromoted, reviewCount, name, facets);
