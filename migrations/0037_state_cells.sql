-- The states providers sit in, by the half-degree cell of zone_cells (migrations/0024_zone_cells.sql):
-- text that is many in a `near` box is listed narrowed to the states the box can hold providers in
-- (docs/search.md "Bounded cost"; src/features/search/plans/pointSource.server.ts `textInBox`), and
-- those were read from every entry of the box's coordinate index, tens of thousands in a city's box
-- (docs/benchmarks-history.md "thirteenth pass"). A cell is kept once any provider has been in it with that
-- state and never removed: a superset, which is all a narrowing needs (the row conditions decide).
CREATE TABLE state_cells (
  latCell INTEGER NOT NULL,
  lngCell INTEGER NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (latCell, lngCell, state)
) WITHOUT ROWID;

INSERT OR IGNORE INTO state_cells (latCell, lngCell, state)
  SELECT DISTINCT CAST((latitude + 90) * 2 AS INTEGER), CAST((longitude + 180) * 2 AS INTEGER), state FROM providers
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND state IS NOT NULL;

CREATE TRIGGER state_cells_insert AFTER INSERT ON providers
  WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL AND new.state IS NOT NULL BEGIN
  INSERT OR IGNORE INTO state_cells (latCell, lngCell, state)
    VALUES (CAST((new.latitude + 90) * 2 AS INTEGER), CAST((new.longitude + 180) * 2 AS INTEGER), new.state);
END;

CREATE TRIGGER state_cells_update AFTER UPDATE OF latitude, longitude, state ON providers
  WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL AND new.state IS NOT NULL BEGIN
  INSERT OR IGNORE INTO state_cells (latCell, lngCell, state)
    VALUES (CAST((new.latitude + 90) * 2 AS INTEGER), CAST((new.longitude + 180) * 2 AS INTEGER), new.state);
END;
