-- The length classes of each zone's hours ranges (migrations/0029) as one row per zone, the classes
-- as bits (class k is 1 << k): sqld counts every row a statement reads (Turso bills them), and a row
-- per zone and class made each open-now search read about ninety more rows than the index seeks it
-- saved; now it reads one row per zone it searches. Kept by the same triggers, never cleared.
DROP TRIGGER hours_classes_insert;
DROP TRIGGER hours_classes_update;
CREATE TABLE zone_hour_classes (
  timeZone TEXT NOT NULL PRIMARY KEY,
  classes INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO zone_hour_classes (timeZone, classes) SELECT timeZone, sum(1 << class) FROM hours_classes GROUP BY timeZone;
DROP TABLE hours_classes;

CREATE TRIGGER zone_hour_classes_insert AFTER INSERT ON provider_hours BEGIN
  INSERT INTO zone_hour_classes (timeZone, classes) VALUES (coalesce(new.timeZone, ''), 1 << ((new.closeMinute - new.openMinute + 59) / 60))
    ON CONFLICT (timeZone) DO UPDATE SET classes = classes | excluded.classes WHERE (classes & excluded.classes) = 0;
END;

CREATE TRIGGER zone_hour_classes_update AFTER UPDATE OF timeZone, openMinute, closeMinute ON provider_hours BEGIN
  INSERT INTO zone_hour_classes (timeZone, classes) VALUES (coalesce(new.timeZone, ''), 1 << ((new.closeMinute - new.openMinute + 59) / 60))
    ON CONFLICT (timeZone) DO UPDATE SET classes = classes | excluded.classes WHERE (classes & excluded.classes) = 0;
END;
