-- The full-text index's `filters` column also carries the half-degree cell a listing sits in
-- (`g` + latCell × 1000 + lngCell, the cells zone_cells and state_cells key by: migrations/0024,
-- 0037; src/features/search/near.server.ts `cellOf`). Text read in a `near` box or a place's circles
-- was narrowed to the box's states (a state's token holds every listing of the state: tens of
-- thousands in a large one), then each listed match checked in the box; narrowed to the box's cells
-- the list holds about the box's listings only (docs/search.md "Bounded cost"). A token only narrows:
-- the row conditions (the box, the distance) still decide.
-- The insert and delete triggers read the view by name and stay; the update triggers are made again
-- to follow the coordinates.
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
    || CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
      THEN ' ' || char(57344) || 'g' || (CAST((latitude + 90) * 2 AS INTEGER) * 1000 + CAST((longitude + 180) * 2 AS INTEGER))
      ELSE '' END
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
CREATE TRIGGER providers_fts_update_old BEFORE UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount, facets, latitude, longitude ON providers BEGIN
  INSERT INTO providers_fts (providers_fts, rowid, name, description, services, city, filters)
  SELECT 'delete', seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = old.seq;
END;
CREATE TRIGGER providers_fts_update AFTER UPDATE OF name, description, services, city, state, priceRange, rating, isPromoted, reviewCount, facets, latitude, longitude ON providers BEGIN
  INSERT INTO providers_fts (rowid, name, description, services, city, filters)
  SELECT seq, name, description, services, city, filters FROM providers_fts_source WHERE seq = new.seq;
END;
