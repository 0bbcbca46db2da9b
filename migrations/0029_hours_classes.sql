-- The length classes of opening-hours ranges present in each time zone (docs/search.md "Bounded
-- cost"): the open-now list (src/features/search/openNow.server.ts) reads one range of its index per
-- zone and class, and with every zone times 24 classes most of those 312 reads found nothing (the
-- data has about ten classes). A class is kept once any range of it has been in the zone and never
-- removed: a superset, which is all the list needs (an extra class only reads an empty range). The
-- class is the indexes' own expression (migrations/0026); a range without a zone is kept under ''.
CREATE TABLE hours_classes (
  timeZone TEXT NOT NULL,
  class INTEGER NOT NULL,
  PRIMARY KEY (timeZone, class)
) WITHOUT ROWID;

INSERT OR IGNORE INTO hours_classes (timeZone, class)
  SELECT DISTINCT coalesce(timeZone, ''), (closeMinute - openMinute + 59) / 60 FROM provider_hours INDEXED BY provider_hours_open;

CREATE TRIGGER hours_classes_insert AFTER INSERT ON provider_hours BEGIN
  INSERT OR IGNORE INTO hours_classes (timeZone, class) VALUES (coalesce(new.timeZone, ''), (new.closeMinute - new.openMinute + 59) / 60);
END;

CREATE TRIGGER hours_classes_update AFTER UPDATE OF timeZone, openMinute, closeMinute ON provider_hours BEGIN
  INSERT OR IGNORE INTO hours_classes (timeZone, class) VALUES (coalesce(new.timeZone, ''), (new.closeMinute - new.openMinute + 59) / 60);
END;
