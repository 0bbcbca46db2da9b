-- The zone-wide open-now index in one-hour length classes, as the city index has been since
-- migrations/0014 (docs/search.md "Bounded cost"): with four-hour classes, a zone's list in the
-- evening read every range of eight to twelve hours that had opened since the morning, nearly all
-- of them closed, to find the few still open (Central time at 9:22 PM: 145,072 index entries at a
-- million providers, to find none). One-hour classes leave only the ranges that opened in each
-- class's first hour to be read and found closed.
DROP INDEX provider_hours_open;
CREATE INDEX provider_hours_open ON provider_hours (timeZone, (closeMinute - openMinute + 59) / 60, openMinute, closeMinute, categories);
