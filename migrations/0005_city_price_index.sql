-- City and price together (the search form's location plus the price filter) read in result order.
CREATE INDEX providers_city_price_order ON providers (city COLLATE NOCASE, priceRange, isPromoted DESC, rating DESC, reviewCount DESC, name, seq);
