-- The full-text index's `filters` column (migrations/0035) also carries where a provider stands in
-- each order of the results, as tokens (docs/search.md "Bounded cost"; src/features/search/
-- orderBuckets.server.ts): promoted (`x`), its rating in tenths (`v47` for 4.7 to 4.79) and its
-- review count's magnitude (`c` with its number of digits and first digit: `c18` for 8, `c23` for 30
-- to 39, `c10` for none; counts past 9,999,999 share `c79`). Text that is many is then read for a
-- page in another order bucket by bucket, from the top of the order, as the intersection of its
-- words with the buckets, inside the index: a page needs only its first buckets, not every match's
-- row read and sorted. A bucket only narrows: the order is still sorted on the row's columns within it.
-- The insert and delete triggers read the view by name and stay; the update triggers are made
-- again to follow the new columns.
DROP TRIGGER providers_fts_update_old;
DROP TRIGGER providers_fts_update;
DROP VIEW providers_fts_source;

CREATE VIEW providers_fts_source AS
SELECT seq, name, description, services, city,
  trim(
    CASE WHEN state IS NOT NULL AND state <> '' THEN char(57344) || 's' || lower(state) ELSE '' END
    || CASE WHEN priceRange IS NOT NULL AND priceRange <> '' THEN ' ' || char(57344) || 'p' || length(priceRange) ELSE '' END
    || CASE WHEN rating >= 3 THEN ' ' || char(57344) || 'r30' ELSE '' END
    || CASE WHEN rating >= 4 THEN ' ' || char(57344) || 'r40' ELSE '' END
    || CASE WHEN rating >= 4.5 THEN ' ' || char(57344) || 'r45' ELSE '' END
    || CASE WHEN isPromoted = 1 THEN ' ' || char(57344) || 'x' ELSE '' END
    || ' ' || char(57344) || 'v' || tenth
    || ' ' || char(57344) || 'c' || magnitude
    || ' ' || char(57344) || 'b' || (tenth * 100 + magnitude)
  ) AS filters
FROM (
  SELECT *,
    -- The small part added keeps a tenth's float (4.7 * 10) from falling to the tenth below.
    CAST(min(max(coalesce(rating, 0), 0), 5) * 10 + 0.0001 AS INTEGER) AS tenth,
    length(min(max(coalesce(reviewCount, 0), 0), 9999999)) * 10 + substr(min(max(coalesce(reviewCount, 0), 0), 9999999), 1, 1) AS magnitude
  FROM providers
);

INSERT INTO providers_fts (providers_fts) VALUES ('rebuild');
-- One segment, as migrations/0027 left it (src/features/search/textIndex.server.ts).
INSERT INTO providers_fts (providers_fts) VALUES ('optimize');

-- A change of a column the index reads: the old row's tokens out before it changes, the new ones in
-- after (the two always pair, so the index never holds a row twice).
CREATE TRIGGER providers_fts_update_old BEFORE UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city, filters)
  SELECT 'delete', seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = old.seq;
END;
CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city, filters)
  SELECT seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = new.seq;
END;
