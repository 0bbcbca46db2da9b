-- A ZIP prefix's providers counted and sorted from the ZIP index alone (docs/search.md "Bounded
-- cost"), as a `near` box is from its coordinates' (migrations/0028): the index carries the columns
-- the other filters and the orders read (price, rating, city, state, the order columns), so a
-- prefix's thousands are read in index order rather than each provider's row at random.
-- `location=770&priceRange=$$$&openNow=true&offset=480` sorted Houston's 770 prefix from its rows
-- (docs/benchmarks-history.md "seventh pass").
DROP INDEX providers_zip;
CREATE INDEX providers_zip ON providers (zipCode, priceRange, rating, city, state, isPromoted, reviewCount, name);
