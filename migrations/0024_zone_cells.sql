-- The time zones providers sit in, by half-degree cell of latitude and longitude (docs/search.md
-- "Bounded cost"): a search around a point reads the open-now list of the zones its
-- circle can be in, rather than of every zone, so the few open around Chicago at 7 AM are listed
-- while the East has thousands open. A cell is kept once any provider has been in it with that zone
-- and never removed: a superset, which is all the list needs (an extra zone only lists more).
-- Cells are counted from -90 and -180 so that truncation is the floor; the search computes the same.
CREATE TABLE zone_cells (
  latCell INTEGER NOT NULL,
  lngCell INTEGER NOT NULL,
  timeZone TEXT NOT NULL,
  PRIMARY KEY (latCell, lngCell, timeZone)
) WITHOUT ROWID;

INSERT OR IGNORE INTO zone_cells (latCell, lngCell, timeZone)
  SELECT DISTINCT CAST((latitude + 90) * 2 AS INTEGER), CAST((longitude + 180) * 2 AS INTEGER), timeZone FROM providers
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND timeZone IS NOT NULL;

CREATE TRIGGER zone_cells_insert AFTER INSERT ON providers
  WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL AND new.timeZone IS NOT NULL BEGIN
  INSERT OR IGNORE INTO zone_cells (latCell, lngCell, timeZone)
    VALUES (CAST((new.latitude + 90) * 2 AS INTEGER), CAST((new.longitude + 180) * 2 AS INTEGER), new.timeZone);
END;

CREATE TRIGGER zone_cells_update AFTER UPDATE OF latitude, longitude, timeZone ON providers
  WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL AND new.timeZone IS NOT NULL BEGIN
  INSERT OR IGNORE INTO zone_cells (latCell, lngCell, timeZone)
    VALUES (CAST((new.latitude + 90) * 2 AS INTEGER), CAST((new.longitude + 180) * 2 AS INTEGER), new.timeZone);
END;
