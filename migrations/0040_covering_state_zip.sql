-- A state's providers at a price, and a state's or a ZIP prefix's providers open now, counted and
-- sorted from the place's index alone (docs/search.md "Bounded cost"), as a `near` box is from its
-- coordinates' (migrations/0028): the state's index also carries the price, and both carry the zone
-- open now is worked out in (openNow.server.ts), after their order, so the plans' `INDEXED BY` and
-- the order they read are as they were. Each row's price or zone was read from the provider's whole
-- row at random: `location=IN&priceRange=$&offset=96` counted Indiana's `$` providers that way.
-- Every other column on every place index was tried as well and left out: the wider entries slowed
-- the searches that read long runs of those indexes more than the rest gained (docs/BENCHMARKS.md
-- "fifteenth pass").
DROP INDEX providers_state_order;
CREATE INDEX providers_state_order ON providers (state, isPromoted DESC, rating DESC, reviewCount DESC, name, seq, priceRange, timeZone);
DROP INDEX providers_zip;
CREATE INDEX providers_zip ON providers (zipCode, priceRange, rating, city, state, isPromoted, reviewCount, name, timeZone);
