-- A `near` box read from its coordinate index alone (docs/search.md "Bounded cost"): the indexes
-- carry the columns a box's count and sort read (price, rating, the place's city, state and ZIP code,
-- the order columns, the zone for open now), so counting a box with a price or a rating reads index entries in
-- order, not each provider's row at random. A box around New York at a million providers holds about
-- 91,000: its `$` providers rated 5 took 1.5-6.5 s to count from the rows, 15 ms from the index
-- (docs/benchmarks-history.md "seventh pass"). The seq comes right after the coordinates, so the providers at
-- one point are still in seq order (the nearest first reads a point's first few and stops).
DROP INDEX providers_geo;
CREATE INDEX providers_geo ON providers (latitude, longitude, seq, priceRange, rating, city, state, zipCode, isPromoted, reviewCount, name, timeZone);
DROP INDEX provider_categories_geo;
CREATE INDEX provider_categories_geo ON provider_categories (category, latitude, longitude, providerSeq, priceRange, rating, city, isPromoted, reviewCount, name);
