-- A price nobody gave (priceRangeKnown = 0, migrations/0043) is stored as "$$", the column's
-- stand-in, and so are its copies (category rows, hours rows, the full-text filter tokens): a search
-- for "$$" must not find it (docs/search.md "Filters"). Its price filter checks each "$$" row here:
-- one lookup in this partial index of the listings whose price is unknown, which finds nothing (and
-- reads no row) for a listing whose price is known.
CREATE INDEX providers_price_unknown ON providers (seq) WHERE priceRangeKnown = 0;
