-- The full-text index's `filters` column (migrations/0035, 0036) also carries a listing's facets
-- (docs/facets.md), a token per bit it holds (`f24`: Black-owned), as it carries the state, price
-- and rating steps (docs/search.md "Bounded cost"; src/features/search/filters.server.ts
-- `textTokens`). Text with a facet few hold is then listed as the intersection of its words with the
-- facet inside the index: before, a common word with a rare facet listed every match of the word
-- ("steri" 234,510 rowids at a million, for the 6,170 of them Black-owned) or read each match's row
-- to check the facet. A token only narrows: the row conditions still decide.
-- The insert and delete triggers read the view by name and stay; the update triggers are made
-- again to follow the facets.
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
    || CASE WHEN facets <> 0 THEN ' ' || (
      SELECT group_concat(char(57344) || 'f' || b.column1, ' ')
      FROM (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15), (16), (17), (18), (19), (20),
        (21), (22), (23), (24), (25), (26), (27), (28), (29), (30), (31)) b
      WHERE facets & (1 << b.column1)
    ) ELSE '' END
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
CREATE TRIGGER providers_fts_update_old BEFORE UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount, facets ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city, filters)
  SELECT 'delete', seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = old.seq;
END;
CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount, facets ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city, filters)
  SELECT seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = new.seq;
END;
