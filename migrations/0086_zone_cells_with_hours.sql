-- zone_cells (migrations/0024) holds only the cells of providers with hours rows: the table says in
-- which time zones a circle's providers may be open now (openNow.server.ts `hoursNear`,
-- `cellsWithOpen`), and a provider whose hours are not known ("Hours not confirmed": an imported
-- listing, migrations/0049) has no hours row and is never open now. An imported listing on New York
-- time west of Chicago put New York's zone in a cell of every circle around Chicago, whose open-now
-- count then read New York's thousands open at 8 AM (docs/BENCHMARKS.md "Overture import"). Cells are
-- still kept once any such provider has been in them and never removed: a superset.
DROP TRIGGER zone_cells_insert;
DROP TRIGGER zone_cells_update;
DELETE FROM zone_cells;

INSERT OR IGNORE INTO zone_cells (latCell, lngCell, timeZone)
  SELECT DISTINCT CAST((p.latitude + 90) * 2 AS INTEGER), CAST((p.longitude + 180) * 2 AS INTEGER), p.timeZone FROM providers p
  WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.timeZone IS NOT NULL
    AND EXISTS (SELECT 1 FROM provider_hours h WHERE h.providerSeq = p.seq);

-- Hours rows are written after their provider's row (providers/copies.server.ts), and again whole on
-- an edit of the hours: each brings its provider's cell and zone.
CREATE TRIGGER zone_cells_hours AFTER INSERT ON provider_hours BEGIN
  INSERT OR IGNORE INTO zone_cells (latCell, lngCell, timeZone)
    SELECT CAST((p.latitude + 90) * 2 AS INTEGER), CAST((p.longitude + 180) * 2 AS INTEGER), p.timeZone FROM providers p
    WHERE p.seq = new.providerSeq AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.timeZone IS NOT NULL;
END;

CREATE TRIGGER zone_cells_update AFTER UPDATE OF latitude, longitude, timeZone ON providers
  WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL AND new.timeZone IS NOT NULL
    AND EXISTS (SELECT 1 FROM provider_hours WHERE providerSeq = new.seq) BEGIN
  INSERT OR IGNORE INTO zone_cells (latCell, lngCell, timeZone)
    VALUES (CAST((new.latitude + 90) * 2 AS INTEGER), CAST((new.longitude + 180) * 2 AS INTEGER), new.timeZone);
END;
