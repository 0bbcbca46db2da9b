-- A place or a price with a facet (docs/search.md "Bounded cost"). The city, state, price and ZIP
-- indexes end in the columns the row filters check (price, place, facets, coordinates, the zone
-- open now reads), as the order indexes do since migrations/0083: a count or a walk along one
-- checks them in its entries and reads a provider's row only for those that pass. At a million
-- providers a price with a facet few hold was a provider row read at random for each of the
-- price's entries up to the counted cap, tens of thousands for one page.
DROP INDEX providers_price_order;
CREATE INDEX providers_price_order ON providers (priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, city, state, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_state_order;
CREATE INDEX providers_state_order ON providers (state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, timeZone, city, zipCode, facets, latitude, longitude);
DROP INDEX providers_city_order;
CREATE INDEX providers_city_order ON providers (city COLLATE NOCASE, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, state, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_city_price_order;
CREATE INDEX providers_city_price_order ON providers (city COLLATE NOCASE, priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, state, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_city_state_order;
CREATE INDEX providers_city_state_order ON providers (city COLLATE NOCASE, state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, zipCode, facets, latitude, longitude, timeZone);
DROP INDEX providers_zip;
CREATE INDEX providers_zip ON providers (zipCode, priceRange, rating, city, state, isPromoted, reviewCount, name, timeZone, facets, latitude, longitude);
