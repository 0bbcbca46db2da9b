-- `openNow=true` answered from an index instead of one hours lookup per provider (docs/search.md,
-- src/features/search/openNow.server.ts). Each hours row carries its provider's zone (copied on insert by
-- src/features/search/providerHours.server.ts, kept in step by the trigger below), so one range of the index
-- per zone and length class holds exactly that zone's candidates. A range [open, close) holds the
-- minute `now` when it opened at most its own length before it: led by the length in 4-hour
-- classes (ranges last at most a day: classes 1-6), each class is one short range of openMinute
-- ending at `now`. Without the class every range opened in the last day (a seventh) is read.
ALTER TABLE provider_hours ADD COLUMN timeZone TEXT;
UPDATE provider_hours SET timeZone = (SELECT p.timeZone FROM providers p WHERE p.seq = provider_hours.providerSeq);
CREATE TRIGGER provider_hours_zone AFTER UPDATE OF timeZone ON providers
BEGIN
  UPDATE provider_hours SET timeZone = NEW.timeZone WHERE providerSeq = NEW.seq;
END;
CREATE INDEX provider_hours_open ON provider_hours (timeZone, (closeMinute - openMinute + 239) / 240, openMinute, closeMinute);
