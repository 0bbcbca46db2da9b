-- Walks and boxes check a row's filters in the index entries (docs/search.md "Bounded cost"). The
-- order indexes carry the columns of the filters a row is checked for (price, place, facets,
-- coordinates, the zone open now reads), so a walk along one reads a provider's row only for the
-- entries that pass them: at a million providers a deep page of a common facet at a price, by
-- reviews, walked tens of thousands of rows read at random, where sorting every match read more.
-- The coordinate index carries the facets too (as migrations/0028 made it carry a box's other
-- filters), so a box's count and sort check them in its entries.
DROP INDEX providers_order;
CREATE INDEX providers_order ON providers (isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, city, state, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_rating_order;
CREATE INDEX providers_rating_order ON providers (rating DESC, reviewCount DESC, name, seq, priceRange, city, state, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_reviews_order;
CREATE INDEX providers_reviews_order ON providers (reviewCount DESC, rating DESC, name, seq, priceRange, city, state, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_geo;
CREATE INDEX providers_geo ON providers (latitude, longitude, seq, priceRange, rating, city, state, zipCode, isPromoted, reviewCount, name, timeZone, facets);
